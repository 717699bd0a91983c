// Property (fast-check): whatever the sequence of billing moves on a moving clock (subscriptions with
// and without a 50% coupon, version changes up and down with proration, cycle closes, Pix payments,
// partial refunds, chargebacks, credit notes of either outcome, prepaid purchases and draws by
// usage), after EVERY step the account reconciles (every invariant of GET /billing/reconciliation:
// balanced transactions, amountDue = receivable, refundedAmount = refunds, prepaid, customer and
// commitment balances = their ledger accounts), every currency's balances sum to zero, and no
// request answers 5xx. Moves the service may refuse (a refund past the payment, a credit note past
// the invoice) are refused with a 4xx and change nothing. The arithmetic of each rule is checked by
// the scenario stories (test/scenarios/); this checks they compose.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.ts';
import { sumAmounts } from '../../src/core/money.ts';
import { runDueSubscriptions } from '../../src/flows/subscriptions/index.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';

const clock = new ManualClock('2027-01-01T00:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let plan: { productId: string; basic: string; pro: string };
let prepaid: { productId: string; meter: string };
let n = 0;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
  const created = await ok('POST', '/products', { key: 'plan', name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
  await ok('POST', `/products/${created.product.id}/versions/${created.version.id}/publish`);
  const pro = await ok('POST', `/products/${created.product.id}/versions`, { basePrice: '58.00' });
  await ok('POST', `/products/${created.product.id}/versions/${pro.id}/publish`, { default: false });
  plan = { productId: created.product.id, basic: created.version.id, pro: pro.id };
  await ok('POST', '/billing/coupons', { code: 'HALF', percentOff: '50', duration: 'forever' });
  await ok('POST', '/meters', { key: 'credits-calls', name: 'Calls', aggregation: 'sum' });
  const credits = await ok('POST', '/products', { key: 'credits', name: 'Credits', pricingModel: 'prepaid', billingCycle: 'monthly', basePrice: '100.00' });
  await ok('PATCH', `/products/${credits.product.id}/versions/${credits.version.id}`, { prices: [{ meter: 'credits-calls', unitPrice: '0.50' }], consumptionFloor: '0' });
  await ok('POST', `/products/${credits.product.id}/versions/${credits.version.id}/publish`);
  prepaid = { productId: credits.product.id, meter: 'credits-calls' };
});
afterAll(() => t.close());

/** A request; a 5xx fails the property at once. */
async function send(method: string, path: string, body?: unknown) {
  const res = await t.client.request(method, path, { key: acme.key, body });
  expect(res.status, `${method} ${path}: ${res.raw}`).toBeLessThan(500);
  return res;
}
async function ok(method: string, path: string, body?: unknown) {
  const res = await send(method, path, body);
  expect(res.status, `${method} ${path}: ${res.raw}`).toBeLessThan(300);
  return res.body;
}

interface World {
  subscriptions: Array<{ id: string; version: 'basic' | 'pro' }>;
  prepaid: Array<{ id: string; customerId: string }>;
}

type Step =
  | { op: 'subscribe'; coupon: boolean }
  | { op: 'change'; target: number }
  | { op: 'days'; days: number }
  | { op: 'pay' | 'refund' | 'chargeback'; target: number; share: number }
  | { op: 'credit_note'; target: number; share: number; refund: boolean }
  | { op: 'buy_credit' }
  | { op: 'draw'; target: number; calls: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('subscribe' as const), coupon: fc.boolean() }),
  fc.record({ op: fc.constant('change' as const), target: fc.nat() }),
  fc.record({ op: fc.constant('days' as const), days: fc.integer({ min: 1, max: 45 }) }),
  fc.record({ op: fc.constantFrom('pay' as const, 'refund' as const, 'chargeback' as const), target: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ op: fc.constant('credit_note' as const), target: fc.nat(), share: fc.integer({ min: 1, max: 120 }), refund: fc.boolean() }),
  fc.record({ op: fc.constant('buy_credit' as const) }),
  fc.record({ op: fc.constant('draw' as const), target: fc.nat(), calls: fc.integer({ min: 1, max: 120 }) }),
);

const pick = <T>(items: readonly T[], target: number): T | undefined => (items.length === 0 ? undefined : items[target % items.length]);
const share = (amount: string, percent: number) => (Math.max(1, Math.floor((Math.round(Number(amount) * 100) * percent) / 100)) / 100).toFixed(2);

async function invoicesWith(status: string): Promise<Array<{ id: string; total: string; amountDue: string; creditedAmount: string }>> {
  return (await ok('GET', `/billing/invoices?status=${status}&limit=100`)).invoices;
}
async function paymentsWith(status: string): Promise<Array<{ id: string; amount: string; refundedAmount?: string }>> {
  return (await ok('GET', `/billing/payments?status=${status}&limit=100`)).payments;
}

async function apply(s: Step, world: World): Promise<void> {
  switch (s.op) {
    case 'subscribe': {
      const customer = await ok('POST', '/customers', { name: `Customer ${n++}` });
      const sub = await ok('POST', '/billing/subscriptions', { customerId: customer.id, productVersionId: plan.basic, ...(s.coupon && { couponCode: 'HALF' }) });
      world.subscriptions.push({ id: sub.id, version: 'basic' });
      return;
    }
    case 'change': {
      const sub = pick(world.subscriptions, s.target);
      if (!sub) return;
      const to = sub.version === 'basic' ? 'pro' : 'basic';
      const res = await send('POST', `/billing/subscriptions/${sub.id}/change-version`, { productVersionId: plan[to] });
      if (res.status === 200) sub.version = to; // a canceled subscription refuses (409)
      return;
    }
    case 'days':
      clock.advance(s.days * 86_400_000);
      await runDueSubscriptions(t.database.db, clock, t.config.baseUrl);
      return;
    case 'pay': {
      const invoice = pick(await invoicesWith('open'), s.target);
      if (!invoice) return;
      const payment = await ok('POST', `/billing/invoices/${invoice.id}/payments`, { method: 'pix' });
      await ok('POST', `/test/payments/${payment.id}/confirm`);
      return;
    }
    case 'refund': {
      const payment = pick(await paymentsWith('confirmed'), s.target);
      if (!payment) return;
      const left = (Number(payment.amount) - Number(payment.refundedAmount ?? '0')).toFixed(2);
      if (Number(left) <= 0) return;
      await send('POST', `/billing/payments/${payment.id}/refunds`, { amount: share(left, s.share) }); // 422 when past the payment
      return;
    }
    case 'chargeback': {
      const payment = pick(await paymentsWith('confirmed'), s.target);
      if (payment) await ok('POST', `/test/payments/${payment.id}/chargeback`);
      return;
    }
    case 'credit_note': {
      const invoice = pick([...(await invoicesWith('paid')), ...(await invoicesWith('open'))], s.target);
      if (!invoice || Number(invoice.total) <= 0) return;
      // Up to 120% of the total: past what is left to credit, it is refused (422) and changes nothing.
      await send('POST', `/billing/invoices/${invoice.id}/credit-notes`, { amount: share(invoice.total, s.share), reason: 'property', outcome: s.refund ? 'refund' : 'credit' });
      return;
    }
    case 'buy_credit': {
      const customer = await ok('POST', '/customers', { name: `Buyer ${n++}` });
      const sub = await ok('POST', '/billing/subscriptions', { customerId: customer.id, productId: prepaid.productId, collectionMethod: 'charge_automatically', paymentMethod: '4242 4242 4242 4242' });
      world.prepaid.push({ id: sub.id, customerId: customer.id });
      return;
    }
    case 'draw': {
      const sub = pick(world.prepaid, s.target);
      if (!sub) return;
      const event = { meter: prepaid.meter, productId: prepaid.productId, customerId: sub.customerId, value: String(s.calls), timestamp: clock.now().toISOString() };
      await send('POST', '/metering/events', event); // 422 insufficient_balance below the floor
      return;
    }
  }
}

async function expectInvariants(after: Step): Promise<void> {
  const answer = (await ok('GET', '/billing/reconciliation')) as { reconciled: boolean; mismatches: unknown[] };
  expect(answer.mismatches, `after ${JSON.stringify(after)}`).toEqual([]);
  expect(answer.reconciled).toBe(true);
  const balances = (await ok('GET', '/billing/ledger/balances')).balances as Array<{ currency: string; balance: string }>;
  for (const currency of new Set(balances.map((b) => b.currency))) {
    expect(sumAmounts(balances.filter((b) => b.currency === currency).map((b) => b.balance)).toFixed(2), `${currency} after ${JSON.stringify(after)}`).toBe('0.00');
  }
}

describe('ledger property over billing', () => {
  it('any sequence of billing moves keeps every invariant after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
        const world: World = { subscriptions: [], prepaid: [] };
        for (const s of steps) {
          await apply(s, world);
          await expectInvariants(s);
        }
      }),
      { numRuns: Number(process.env.LEDGER_RUNS ?? 6), seed: Number(process.env.LEDGER_SEED ?? 20261126) },
    );
  }, 600_000);
});
