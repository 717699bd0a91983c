// The seller's commands: the HTTP API through the SDK (API_KEY and BASE_URL, or --api-key and
// --base-url), tables for people and --json for scripts, an exit code per outcome (docs/cli.md).
import { Command, Option } from 'commander';
import { SingleBar } from 'cli-progress';
import { tailEvents } from './events-tail.ts';
import { apiCommand, clientOf, limitOption, plural, positiveInteger, printOne, printRows, productIdOf, take, type ApiOptions, type Rows } from './output.ts';
import { importUsage } from './usage-import.ts';

export function registerSellerCommands(program: Command): void {
  const products = program.command('products').description('the catalog');
  apiCommand(products, 'list', 'list products')
    .addOption(limitOption())
    .action(async (o: ApiOptions & { limit: string }) => {
      const rows = await take(clientOf(o).products.list(), Number(o.limit));
      printRows(o, rows as Rows, ['id', 'key', 'name', 'pricingModel', 'currency', 'status']);
    });
  apiCommand(products, 'create', 'create a product (its version 1 is a draft until published)')
    .requiredOption('--key <key>', 'stable product key')
    .requiredOption('--name <name>', 'product name')
    .addOption(new Option('--pricing-model <model>', 'how it is priced').choices(['one_time', 'subscription', 'usage', 'prepaid']).makeOptionMandatory())
    .option('--base-price <amount>', 'price as a decimal string, e.g. 49.90')
    .option('--currency <code>', 'ISO 4217 code (default BRL)')
    .option('--billing-cycle <cycle>', 'weekly, monthly or annual (subscriptions)')
    .action(async (o: ApiOptions & { key: string; name: string; pricingModel: string; basePrice?: string; currency?: string; billingCycle?: string }) => {
      const created = await clientOf(o).products.create({
        key: o.key,
        name: o.name,
        pricingModel: o.pricingModel as 'one_time',
        ...(o.basePrice !== undefined && { basePrice: o.basePrice }),
        ...(o.currency !== undefined && { currency: o.currency }),
        ...(o.billingCycle !== undefined && { billingCycle: o.billingCycle as 'monthly' }),
      });
      if (o.json) return printOne(o, created as Record<string, unknown>, []);
      printOne(o, { productId: created.product.id, versionId: created.version.id, key: created.product.key, status: created.version.status }, ['productId', 'versionId', 'key', 'status']);
    });
  apiCommand(products, 'publish', 'publish a draft version (as the default unless --no-default)')
    .argument('<productId>')
    .argument('<versionId>')
    .option('--no-default', 'publish as an offer sold only through its payment link')
    .action(async (productId: string, versionId: string, o: ApiOptions & { default: boolean }) => {
      const version = await clientOf(o).products.publish(productId, versionId, { default: o.default });
      printOne(o, version as Record<string, unknown>, ['id', 'version', 'status', 'isDefault']);
    });

  const customers = program.command('customers').description('customers');
  apiCommand(customers, 'list', 'list customers')
    .addOption(limitOption())
    .option('--email <email>', 'only this email')
    .action(async (o: ApiOptions & { limit: string; email?: string }) => {
      const rows = await take(clientOf(o).customers.list(o.email ? { email: o.email } : {}), Number(o.limit));
      printRows(o, rows as Rows, ['id', 'name', 'email', 'externalId', 'document', 'createdAt']);
    });
  apiCommand(customers, 'create', 'create a customer')
    .requiredOption('--name <name>', 'name')
    .option('--email <email>', 'email')
    .option('--external-id <id>', 'your own id for the customer')
    .option('--document <cpf-or-cnpj>', 'CPF or CNPJ')
    .action(async (o: ApiOptions & { name: string; email?: string; externalId?: string; document?: string }) => {
      const created = await clientOf(o).customers.create({
        name: o.name,
        ...(o.email !== undefined && { email: o.email }),
        ...(o.externalId !== undefined && { externalId: o.externalId }),
        ...(o.document !== undefined && { document: o.document }),
      });
      printOne(o, created as Record<string, unknown>, ['id', 'name', 'email', 'externalId', 'document']);
    });

  const usage = program.command('usage').description('usage events');
  apiCommand(usage, 'send', 'record one usage event')
    .requiredOption('--meter <key>', 'meter key')
    .requiredOption('--product <id-or-key>', 'product id, or the product key')
    .requiredOption('--customer <id>', "customer id or externalId")
    .requiredOption('--value <decimal>', 'amount of usage')
    .option('--event-id <id>', 'dedupe key (pin it so a resend is recognised)')
    .option('--timestamp <iso>', 'when it happened (default: now)')
    .action(async (o: ApiOptions & { meter: string; product: string; customer: string; value: string; eventId?: string; timestamp?: string }) => {
      const client = clientOf(o);
      const recorded = await client.usage.send({
        meter: o.meter,
        productId: await productIdOf(client, o.product),
        customerId: o.customer,
        value: o.value,
        ...(o.eventId !== undefined && { eventId: o.eventId }),
        ...(o.timestamp !== undefined && { timestamp: o.timestamp }),
      });
      printOne(o, recorded as Record<string, unknown>, ['eventId', 'status', 'timestamp']);
    });
  apiCommand(usage, 'import', 'import usage events from NDJSON or CSV in batches of up to 1,000, resumable')
    .argument('<file>', '.ndjson (an event object per line) or .csv (a header of event field names)')
    .addOption(new Option('--format <format>', 'file format (default: by extension)').choices(['csv', 'ndjson']))
    .option('--batch-size <n>', 'events per batch (at most 1000)', positiveInteger, '1000')
    .option('--concurrency <n>', 'batches in flight', positiveInteger, '8')
    .action(async (file: string, o: ApiOptions & { format?: 'csv' | 'ndjson'; batchSize: string; concurrency: string }) => {
      const bar = o.json || !process.stderr.isTTY ? null : new SingleBar({ format: 'usage import [{bar}] {percentage}% | {events} events | {rate} events/s | ETA {eta_formatted}', hideCursor: true });
      bar?.start(100, 0, { events: 0, rate: 0 });
      let lastLog = 0;
      const summary = await importUsage({
        file,
        client: clientOf(o),
        ...(o.format && { format: o.format }),
        batchSize: Number(o.batchSize),
        concurrency: Number(o.concurrency),
        onProgress: (p) => {
          bar?.update(Math.floor(p.fraction * 100), { events: p.events, rate: Math.round(p.eventsPerSecond) });
          // Without a terminal (CI logs, pipes) a line every 5 s says the same.
          if (!bar && !o.json && performance.now() - lastLog > 5000) {
            lastLog = performance.now();
            console.error(`usage import: ${p.events} events, ${Math.round(p.eventsPerSecond)} events/s, ${Math.round(p.fraction * 100)}%${p.etaSeconds === null ? '' : `, ETA ${Math.ceil(p.etaSeconds)} s`}`);
          }
        },
      }).finally(() => bar?.stop());
      if (o.json) return console.log(JSON.stringify(summary));
      console.log(
        `Imported ${plural(summary.events, 'event')} in ${plural(summary.batches, 'batch', 'batches')} (${summary.accepted} accepted, ${plural(summary.duplicates, 'duplicate')})` +
          `${summary.resumedBatches ? `, resuming after ${plural(summary.resumedBatches, 'batch', 'batches')} acknowledged earlier` : ''}: ` +
          `${summary.seconds.toFixed(1)} s, ${Math.round(summary.eventsPerSecond)} events/s.`,
      );
    });

  const invoices = program.command('invoices').description('invoices');
  apiCommand(invoices, 'list', 'list invoices')
    .addOption(limitOption())
    .addOption(new Option('--status <status>', 'only this status').choices(['draft', 'open', 'paid', 'void', 'uncollectible']))
    .option('--customer <id>', 'only this customer')
    .action(async (o: ApiOptions & { limit: string; status?: string; customer?: string }) => {
      const query = { ...(o.status && { status: o.status as 'open' }), ...(o.customer && { customerId: o.customer }) };
      const rows = await take(clientOf(o).invoices.list(query), Number(o.limit));
      printRows(o, rows as Rows, ['id', 'invoiceNumber', 'status', 'currency', 'total', 'amountDue', 'dueDate']);
    });
  apiCommand(invoices, 'create-from-usage', "invoice an enrollment's usage of a period [from, to)")
    .requiredOption('--customer <enrollmentId>', 'the enrollment id')
    .requiredOption('--from <iso>', 'start of the period')
    .requiredOption('--to <iso>', 'end of the period (not in the future)')
    .option('--send', 'finalize it and email the customer')
    .action(async (o: ApiOptions & { customer: string; from: string; to: string; send?: boolean }) => {
      const invoice = await clientOf(o).invoices.createFromUsage({ customerId: o.customer, from: o.from, to: o.to, ...(o.send && { send: true }) });
      printOne(o, invoice as Record<string, unknown>, ['id', 'invoiceNumber', 'status', 'currency', 'total', 'amountDue']);
    });
  apiCommand(invoices, 'finalize', 'finalize a draft (it gets its number and can be paid)')
    .argument('<invoiceId>')
    .action(async (invoiceId: string, o: ApiOptions) => {
      const invoice = await clientOf(o).invoices.finalize(invoiceId);
      printOne(o, invoice as Record<string, unknown>, ['id', 'invoiceNumber', 'status', 'total', 'amountDue', 'dueDate']);
    });

  const payments = program.command('payments').description('payments');
  apiCommand(payments, 'list', 'list payments')
    .addOption(limitOption())
    .addOption(new Option('--status <status>', 'only this status').choices(['pending', 'confirmed', 'failed', 'refunded', 'charged_back']))
    .addOption(new Option('--method <method>', 'only this method').choices(['pix', 'boleto', 'card', 'crypto']))
    .option('--invoice <id>', 'only this invoice')
    .action(async (o: ApiOptions & { limit: string; status?: string; method?: string; invoice?: string }) => {
      const query = { ...(o.status && { status: o.status as 'pending' }), ...(o.method && { method: o.method as 'pix' }), ...(o.invoice && { invoiceId: o.invoice }) };
      const rows = await take(clientOf(o).payments.list(query), Number(o.limit));
      printRows(o, rows as Rows, ['id', 'invoiceId', 'method', 'status', 'amount', 'currency', 'createdAt']);
    });

  const events = program.command('events').description('the event log');
  apiCommand(events, 'tail', 'print each event recorded from now on (Ctrl-C to stop)')
    .option('--types <kinds>', 'comma-separated event kinds (default: all)')
    .option('--interval <ms>', 'how often to read new events', positiveInteger, '1000')
    .action(async (o: ApiOptions & { types?: string; interval: string }) => {
      const controller = new AbortController();
      process.once('SIGINT', () => controller.abort());
      process.once('SIGTERM', () => controller.abort());
      await tailEvents({
        client: clientOf(o),
        types: o.types ? o.types.split(',').map((t) => t.trim()).filter(Boolean) : [],
        intervalMs: Number(o.interval),
        json: Boolean(o.json),
        print: (line) => console.log(line),
        signal: controller.signal,
      });
    });
}
