// The seller's billing commands: subscriptions, coupons and refunds, over the HTTP API through the
// SDK, in the style of seller-commands.ts (tables for people, --json for scripts, docs/cli.md).
import { Command, Option } from 'commander';
import { apiCommand, clientOf, limitOption, positiveInteger, printOne, printRows, productIdOf, take, UsageError, type ApiOptions, type Rows } from './output.ts';

const SUBSCRIPTION_FIELDS = ['id', 'customerId', 'productVersionId', 'status', 'billingCycle', 'billingMode', 'collectionMethod', 'nextBillingDate', 'cancelAtPeriodEnd'];
const COUPON_FIELDS = ['id', 'code', 'percentOff', 'duration', 'durationInCycles', 'maxRedemptions', 'timesRedeemed', 'redeemBy', 'status'];
const REFUND_FIELDS = ['id', 'paymentId', 'amount', 'currency', 'status', 'reason', 'createdAt'];

export function registerBillingCommands(program: Command): void {
  registerSubscriptionCommands(program.command('subscriptions').description('subscriptions (docs/subscriptions.md)'));
  registerCouponCommands(program.command('coupons').description('coupons: a percentage off'));
  registerRefundCommands(program.command('refunds').description("refunds of a confirmed payment"));
}

function registerSubscriptionCommands(subscriptions: Command): void {
  apiCommand(subscriptions, 'list', 'list subscriptions')
    .addOption(limitOption())
    .addOption(new Option('--status <status>', 'only this status').choices(['trialing', 'active', 'past_due', 'paused', 'canceled']))
    .option('--customer <id>', 'only this customer')
    .action(async (o: ApiOptions & { limit: string; status?: string; customer?: string }) => {
      const query = { ...(o.status && { status: o.status as 'active' }), ...(o.customer && { customerId: o.customer }) };
      const rows = await take(clientOf(o).subscriptions.list(query), Number(o.limit));
      printRows(o, rows as Rows, ['id', 'customerId', 'status', 'billingCycle', 'nextBillingDate', 'createdAt']);
    });
  apiCommand(subscriptions, 'create', "subscribe a customer to a product's default version, or to --product-version")
    .requiredOption('--customer <id>', 'customer id')
    .option('--product <id-or-key>', 'product id or key (its default version)')
    .option('--product-version <id>', 'a published version instead of the default')
    .option('--trial-days <n>', 'days of trial before the first invoice', positiveInteger)
    .addOption(new Option('--billing-cycle <cycle>', 'a product priced usage only: how often its usage is invoiced').choices(['weekly', 'monthly', 'annual']))
    .addOption(new Option('--billing-mode <mode>', 'fee at the period start (advance, default) or its end (arrears)').choices(['advance', 'arrears']))
    .addOption(new Option('--collection-method <method>', 'email each invoice (send_invoice, default) or charge --payment-method').choices(['send_invoice', 'charge_automatically']))
    .option('--payment-method <method>', 'with charge_automatically: a Pix mandate (pix:...), a saved card, or a sandbox test card')
    .option('--coupon <code>', 'a coupon code')
    .option('--anchor <iso>', 'what periods are counted from (default: the start)')
    .action(async (o: ApiOptions & { customer: string; product?: string; productVersion?: string; trialDays?: string; billingCycle?: string; billingMode?: string; collectionMethod?: string; paymentMethod?: string; coupon?: string; anchor?: string }) => {
      if (!o.product === !o.productVersion) throw new UsageError('Give --product or --product-version (one of them).');
      const client = clientOf(o);
      const created = await client.subscriptions.create({
        customerId: o.customer,
        ...(o.product !== undefined && { productId: await productIdOf(client, o.product) }),
        ...(o.productVersion !== undefined && { productVersionId: o.productVersion }),
        ...(o.trialDays !== undefined && { trialDays: Number(o.trialDays) }),
        ...(o.billingCycle !== undefined && { billingCycle: o.billingCycle as 'monthly' }),
        ...(o.billingMode !== undefined && { billingMode: o.billingMode as 'advance' }),
        ...(o.collectionMethod !== undefined && { collectionMethod: o.collectionMethod as 'send_invoice' }),
        ...(o.paymentMethod !== undefined && { paymentMethod: o.paymentMethod }),
        ...(o.coupon !== undefined && { couponCode: o.coupon }),
        ...(o.anchor !== undefined && { anchor: o.anchor }),
      });
      printOne(o, created as Record<string, unknown>, SUBSCRIPTION_FIELDS);
    });
  apiCommand(subscriptions, 'get', 'one subscription')
    .argument('<subscriptionId>')
    .action(async (id: string, o: ApiOptions) => printOne(o, (await clientOf(o).subscriptions.get(id)) as Record<string, unknown>, SUBSCRIPTION_FIELDS));
  apiCommand(subscriptions, 'cancel', 'cancel now, or with --at-period-end at the end of the current period')
    .argument('<subscriptionId>')
    .option('--at-period-end', 'bill up to the end of the current period, then cancel')
    .action(async (id: string, o: ApiOptions & { atPeriodEnd?: boolean }) => {
      const canceled = await clientOf(o).subscriptions.cancel(id, { ...(o.atPeriodEnd && { atPeriodEnd: true }) });
      printOne(o, canceled as Record<string, unknown>, [...SUBSCRIPTION_FIELDS, 'canceledAt']);
    });
  apiCommand(subscriptions, 'pause', 'pause: no invoices until resumed')
    .argument('<subscriptionId>')
    .action(async (id: string, o: ApiOptions) => {
      const client = clientOf(o);
      const paused = await client.unwrap(client.raw.POST('/billing/subscriptions/{subscriptionID}/pause', { params: { path: { subscriptionID: id } } }));
      printOne(o, paused as Record<string, unknown>, [...SUBSCRIPTION_FIELDS, 'pausedAt']);
    });
  apiCommand(subscriptions, 'resume', 'resume a paused subscription: billing continues from now')
    .argument('<subscriptionId>')
    .action(async (id: string, o: ApiOptions) => {
      const client = clientOf(o);
      const resumed = await client.unwrap(client.raw.POST('/billing/subscriptions/{subscriptionID}/resume', { params: { path: { subscriptionID: id } } }));
      printOne(o, resumed as Record<string, unknown>, SUBSCRIPTION_FIELDS);
    });
}

function registerCouponCommands(coupons: Command): void {
  apiCommand(coupons, 'list', 'list coupons')
    .addOption(limitOption())
    .action(async (o: ApiOptions & { limit: string }) => {
      const rows = await take(clientOf(o).paginate('/billing/coupons'), Number(o.limit));
      printRows(o, rows as Rows, ['id', 'code', 'percentOff', 'duration', 'timesRedeemed', 'status']);
    });
  apiCommand(coupons, 'create', 'create a coupon: a percentage off, redeemed by its code')
    .requiredOption('--code <code>', 'what customers type (letters, digits, _ and -)')
    .requiredOption('--percent-off <decimal>', 'more than 0 and at most 100, e.g. 10 or 12.5')
    .addOption(new Option('--duration <duration>', 'the first invoice only, some periods, or every invoice').choices(['once', 'repeating', 'forever']).default('once'))
    .option('--duration-in-cycles <n>', 'with --duration repeating: how many billing periods', positiveInteger)
    .option('--max-redemptions <n>', 'total redemptions allowed (default: unlimited)', positiveInteger)
    .option('--redeem-by <iso>', 'last instant it can be redeemed')
    .action(async (o: ApiOptions & { code: string; percentOff: string; duration: string; durationInCycles?: string; maxRedemptions?: string; redeemBy?: string }) => {
      const client = clientOf(o);
      const body = {
        code: o.code,
        percentOff: o.percentOff,
        duration: o.duration as 'once',
        ...(o.durationInCycles !== undefined && { durationInCycles: Number(o.durationInCycles) }),
        ...(o.maxRedemptions !== undefined && { maxRedemptions: Number(o.maxRedemptions) }),
        ...(o.redeemBy !== undefined && { redeemBy: o.redeemBy }),
      };
      printOne(o, (await client.unwrap(client.raw.POST('/billing/coupons', { body }))) as Record<string, unknown>, COUPON_FIELDS);
    });
  apiCommand(coupons, 'archive', 'archive a coupon: it can no longer be redeemed')
    .argument('<couponId>')
    .action(async (id: string, o: ApiOptions) => {
      const client = clientOf(o);
      const archived = await client.unwrap(client.raw.POST('/billing/coupons/{couponID}/archive', { params: { path: { couponID: id } } }));
      printOne(o, archived as Record<string, unknown>, COUPON_FIELDS);
    });
}

function registerRefundCommands(refunds: Command): void {
  apiCommand(refunds, 'create', 'refund a confirmed payment, in part (--amount) or what is left of it')
    .argument('<paymentId>')
    .option('--amount <decimal>', 'how much, e.g. 10.00 (default: what is left)')
    .option('--reason <text>', 'why, kept with the refund')
    .action(async (paymentId: string, o: ApiOptions & { amount?: string; reason?: string }) => {
      const refund = await clientOf(o).payments.refund(paymentId, { ...(o.amount !== undefined && { amount: o.amount }), ...(o.reason !== undefined && { reason: o.reason }) });
      printOne(o, refund as Record<string, unknown>, REFUND_FIELDS);
    });
  apiCommand(refunds, 'list', "a payment's refunds, newest first")
    .argument('<paymentId>')
    .addOption(limitOption())
    .action(async (paymentId: string, o: ApiOptions & { limit: string }) => {
      const client = clientOf(o);
      const page = await client.unwrap(
        client.raw.GET('/billing/payments/{paymentID}/refunds', { params: { path: { paymentID: paymentId }, query: { limit: Math.min(100, Number(o.limit)) } } }),
      );
      printRows(o, page.refunds as Rows, REFUND_FIELDS, page.refunds);
    });
}
