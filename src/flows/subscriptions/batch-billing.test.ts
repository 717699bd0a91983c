// Cycle close in batches writes what one subscription at a time writes. Two accounts get the same
// varied fixture at the same instants; the due periods of one are billed by the old path (every
// subscription alone) and of the other by the runner with batches; then every row each wrote is
// compared (webhook deliveries and their jobs too: the batch's events are fanned out in one pass), ids, random tokens and references, account slugs and invoice numbers aside (the numbers are compared
// as a set: which subscription takes which depends on the order rows are claimed in).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import { runDueSubscriptions } from './service.ts';

const clock = new ManualClock('2027-01-15T09:00:00.000Z');
/** The cycle close: every subscription below has exactly the periods listed due here. */
const CLOSE = '2027-02-15T09:00:00.000Z';
let t: TestContext;

beforeAll(async () => {
  t = await startTestApp({ clock, env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
});
afterAll(async () => {
  await t.close();
});

/**
 * The fixture, built at fixed instants so both accounts' rows carry the same timestamps. A
 * send_invoice subscription whose first invoice is open has its overdue check due with its next
 * period (one at a time); those whose first invoice was free (a 100% coupon `once`: 49.90 - 49.90
 * = 0.00, paid at once, nothing to watch) are plain at the close, their coupon used up. The
 * periods due at CLOSE (2027-02-15 09:00), and what they bill:
 * - plain, batch-wise: Bia monthly advance (period 2027-02-15..03-15: 49.90, the coupon used up:
 *   no discount); Caio monthly arrears (2027-01-15..02-15: 49.90); Duda the same without an email
 *   address (invoiced, not emailed); Lia weekly advance created 2027-02-08 (period 1:
 *   02-15..02-22, 9.99); Ana annual arrears created 2026-02-15 (2026-02-15..2027-02-15: 499.00);
 *   Jo production monthly advance (49.90, its email queued with a job).
 * - one at a time: Enzo monthly advance with a 20% coupon for 2 periods and an open first invoice
 *   (49.90 - 9.98 = 39.92; its overdue check makes it past_due); Flor on a usage product at 0.10
 *   per call, 120 calls in January, monthly in arrears (120 x 0.10 = 12.00); Gil monthly advance
 *   charged to card 4242 (49.90, paid by a confirmed card charge); Hugo weekly advance created
 *   2027-01-15, four periods behind (9.99 x 4 invoices: 01-22, 01-29, 02-05, 02-12); Iara with a
 *   14-day trial ending 2027-01-29 (its first period 01-29..02-28 billed at the trial's end: 49.90).
 * Webhook endpoints of the sandbox: `all` ("*"), `finalized` (invoice.finalized, its breaker open
 * a minute past the close: its deliveries' jobs wait until then) and `customers` (customer.created).
 */
async function fixture(name: string): Promise<{ account: SeededAccount; plain: number }> {
  clock.set('2026-02-15T09:00:00.000Z');
  const account = await seedAccount(t.client, name);
  const post = async (key: string, path: string, body: Record<string, unknown>) => {
    const res = await t.client.post(path, key, body);
    expect(res.status, res.raw).toBeLessThan(300);
    return res.body;
  };
  const plan = async (key: string, productKey: string, body: Record<string, unknown>) => {
    const created = await post(key, '/products', { key: productKey, name: productKey, pricingModel: 'subscription', ...body });
    await post(key, `/products/${created.product.id}/versions/${created.version.id}/publish`, {});
    return created.product.id as string;
  };
  const subscribe = async (key: string, productId: string, customer: Record<string, unknown>, body: Record<string, unknown> = {}) => {
    const created = await post(key, '/customers', customer);
    await post(key, '/billing/subscriptions', { customerId: created.id, productId, ...body });
    return created.id as string;
  };
  const sandbox = account.key;
  const endpoint = async (description: string, events: string[]) => (await post(sandbox, '/account/webhooks', { url: 'http://127.0.0.1:9/hooks', events, description })).id as string;
  await endpoint('all', ['*']);
  const finalized = await endpoint('finalized', ['invoice.finalized']);
  await endpoint('customers', ['customer.created']);
  const monthly = await plan(sandbox, 'monthly', { billingCycle: 'monthly', basePrice: '49.90' });
  const weekly = await plan(sandbox, 'weekly', { billingCycle: 'weekly', basePrice: '9.99' });
  const annual = await plan(sandbox, 'annual', { billingCycle: 'annual', basePrice: '499.00' });
  await subscribe(sandbox, annual, { name: 'Ana', email: 'ana@example.com' }, { billingMode: 'arrears' });

  clock.set('2027-01-15T09:00:00.000Z');
  await post(sandbox, '/meters', { key: 'calls', name: 'API calls', aggregation: 'sum' });
  const usage = await post(sandbox, '/products', { key: 'api', name: 'API', pricingModel: 'usage' });
  await t.client.patch(`/products/${usage.product.id}/versions/${usage.version.id}`, sandbox, { prices: [{ meter: 'calls', unitPrice: '0.10' }] });
  await post(sandbox, `/products/${usage.product.id}/versions/${usage.version.id}/publish`, {});
  await post(sandbox, '/billing/coupons', { code: 'TWENTY', percentOff: '20', duration: 'repeating', durationInCycles: 2 });
  await post(sandbox, '/billing/coupons', { code: 'FREEFIRST', percentOff: '100', duration: 'once' });
  await post(account.liveKey, '/billing/coupons', { code: 'FREEFIRST', percentOff: '100', duration: 'once' });
  await subscribe(sandbox, monthly, { name: 'Bia', email: 'bia@example.com' }, { couponCode: 'FREEFIRST' });
  await subscribe(sandbox, monthly, { name: 'Caio', email: 'caio@example.com' }, { billingMode: 'arrears' });
  await subscribe(sandbox, monthly, { name: 'Duda' }, { billingMode: 'arrears' });
  await subscribe(sandbox, monthly, { name: 'Enzo', email: 'enzo@example.com' }, { couponCode: 'TWENTY' });
  const user = await subscribe(sandbox, usage.product.id, { name: 'Flor', email: 'flor@example.com' }, { billingCycle: 'monthly' });
  await subscribe(sandbox, monthly, { name: 'Gil', email: 'gil@example.com' }, { collectionMethod: 'charge_automatically', paymentMethod: '4242424242424242' });
  await subscribe(sandbox, weekly, { name: 'Hugo', email: 'hugo@example.com' });
  await subscribe(sandbox, monthly, { name: 'Iara', email: 'iara@example.com' }, { trialDays: 14 });
  const production = await plan(account.liveKey, 'monthly', { billingCycle: 'monthly', basePrice: '49.90' });
  await subscribe(account.liveKey, production, { name: 'Jo', email: 'jo@example.com' }, { couponCode: 'FREEFIRST' });

  clock.set('2027-01-20T09:00:00.000Z');
  await post(sandbox, '/metering/events', { meter: 'calls', productId: usage.product.id, customerId: user, value: '120', timestamp: '2027-01-20T08:00:00.000Z' });
  clock.set('2027-02-08T09:00:00.000Z');
  await subscribe(sandbox, weekly, { name: 'Lia', email: 'lia@example.com' }, { couponCode: 'FREEFIRST' });
  clock.set(CLOSE);
  await sql`update webhook_endpoints set circuit_open_until = ${new Date(Date.parse(CLOSE) + 60_000)} where id = ${finalized}`.execute(t.database.db);
  // Bia, Caio, Duda, Lia, Ana (annual) and Jo (production).
  return { account, plain: 6 };
}

/** Every row the account holds in the tables billing writes, as comparable text. */
async function rowsOf(account: SeededAccount) {
  const db = t.database.db;
  const id = account.id;
  const query = async (text: ReturnType<typeof sql>) => (await text.execute(db)).rows as Array<Record<string, unknown>>;
  const tables = {
    invoices: await query(sql`select * from invoices where account_id = ${id}`),
    lines: await query(sql`select * from invoice_line_items where account_id = ${id}`),
    events: await query(sql`select * from events where account_id = ${id}`),
    emails: await query(sql`select * from emails where account_id = ${id}`),
    emailJobs: await query(sql`select j.queue, j.payload, j.run_at, j.created_at from jobs j join emails e on e.id = j.id where e.account_id = ${id}`),
    ledgerAccounts: await query(sql`select * from ledger_accounts where account_id = ${id}`),
    ledgerTransactions: await query(sql`select * from ledger_transactions where account_id = ${id}`),
    ledgerEntries: await query(sql`select e.*, a.code from ledger_entries e join ledger_accounts a on a.id = e.ledger_account_id where e.account_id = ${id}`),
    payments: await query(sql`select * from payments where account_id = ${id}`),
    subscriptions: await query(sql`select * from subscriptions where account_id = ${id}`),
    periods: await query(sql`select p.* from subscription_periods p join subscriptions s on s.id = p.subscription_id where s.account_id = ${id}`),
    deliveries: await query(
      sql`select d.*, w.description as endpoint, j.queue, j.payload, j.run_at, j.attempts, j.created_at as job_created_at, j.concurrency_key = d.endpoint_id::text as job_of_endpoint
          from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id left join jobs j on j.id = d.id where d.account_id = ${id}`,
    ),
  };
  const numbers = tables.invoices.map((row) => `${row.environment} ${row.invoice_number}`).sort();
  const normalized = Object.fromEntries(
    Object.entries(tables).map(([table, rows]) => [
      table,
      rows
        .map(({ access_token: _token, confirm_token: _confirm, client_secret_hash: _secret, ...row }) =>
          JSON.stringify(row)
            .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'ID')
            .replaceAll(account.slug, 'SLUG')
            .replace(/token(=|&#x3D;)[A-Za-z0-9_%-]+/g, 'token=TOKEN')
            .replace(/sbx_([a-z]+)_[0-9a-f]+/g, 'sbx_$1_REF')
            .replace(/INV-\d+/g, 'INV-N'),
        )
        .sort(),
    ]),
  );
  return { normalized, numbers };
}

/**
 * Each invoice's own number (the sameness above compares numbers as INV-N) in its events and its
 * email: the batch writes the numbers into them last, matched by invoice.
 */
async function expectNumbersInPlace(account: SeededAccount): Promise<void> {
  const db = t.database.db;
  const events = await sql<{ type: string; event_number: string | null; invoice_number: string }>`
    select e.type, e.data->>'invoiceNumber' as event_number, i.invoice_number from events e join invoices i on i.id = (e.data->>'id')::uuid
    where e.account_id = ${account.id} and e.type in ('invoice.finalized', 'invoice.sent')`.execute(db);
  expect(events.rows.length).toBeGreaterThan(0);
  for (const row of events.rows) expect(row.event_number, row.type).toBe(row.invoice_number);
  const emails = await sql<{ subject: string; text_body: string; html_body: string; invoice_number: string }>`
    select m.subject, m.text_body, m.html_body, i.invoice_number from emails m join invoices i on m.text_body like '%/invoices/' || i.id || '?%'
    where m.account_id = ${account.id} and i.account_id = ${account.id}`.execute(db);
  expect(emails.rows.length).toBeGreaterThan(0);
  for (const row of emails.rows) {
    expect(row.subject).toContain(`Fatura ${row.invoice_number} de`);
    expect(row.text_body).toContain(`enviou a você a fatura ${row.invoice_number}.`);
    expect(row.html_body).toContain(`<strong>${row.invoice_number}</strong>`);
  }
}

describe('cycle close in batches', () => {
  it('bills the same periods with the same invoices, lines, events, emails, ledger and charges as one subscription at a time', async () => {
    const alone = await fixture('Same Shop');
    const batched = await fixture('Same Shop');
    const before = (await rowsOf(batched.account)).normalized;
    expect((await rowsOf(alone.account)).normalized).toEqual(before);

    // Both accounts' production counters stand at 999,999: Jo's invoice takes the seventh digit
    // (INV-1000000), the batch's numbers formatted in SQL as formatInvoiceNumber formats them.
    for (const { account } of [alone, batched]) {
      await sql`insert into invoice_number_counters (account_id, environment, last_number) values (${account.id}, 'production', 999999)
        on conflict (account_id, environment) do update set last_number = 999999`.execute(t.database.db);
    }
    const onlyOf = (account: SeededAccount) => ({ accountId: account.id, environment: 'sandbox' as const });
    const liveOf = (account: SeededAccount) => ({ accountId: account.id, environment: 'production' as const });
    const old = [await runDueSubscriptions(t.database.db, clock, t.config.baseUrl, onlyOf(alone.account), { batches: false }), await runDueSubscriptions(t.database.db, clock, t.config.baseUrl, liveOf(alone.account), { batches: false })];
    const now = [await runDueSubscriptions(t.database.db, clock, t.config.baseUrl, onlyOf(batched.account)), await runDueSubscriptions(t.database.db, clock, t.config.baseUrl, liveOf(batched.account))];
    expect(old.map((run) => [run.batched, run.failures, run.batchFailure])).toEqual([[0, [], undefined], [0, [], undefined]]);
    expect(now.map((run) => [run.failures, run.batchFailure])).toEqual([[[], undefined], [[], undefined]]);
    expect(now[0]!.batched + now[1]!.batched).toBe(batched.plain);
    // Plain: 6 invoices; one at a time: coupon 1, usage 1, card 1, weekly catch-up 4, trial 1.
    expect(old[0]!.invoices + old[1]!.invoices).toBe(6 + 8);
    expect(now[0]!.invoices + now[1]!.invoices).toBe(6 + 8);

    const a = await rowsOf(alone.account);
    const b = await rowsOf(batched.account);
    for (const table of Object.keys(a.normalized)) expect(b.normalized[table], table).toEqual(a.normalized[table]);
    expect(b.numbers).toEqual(a.numbers);
    expect(b.numbers).toContain('production INV-1000000');
    await expectNumbersInPlace(batched.account);
    // The invoice.finalized of each of the 13 sandbox invoices (Jo's is production's) went to the endpoint whose breaker is open, in its slow lane.
    const lane = await sql<{ n: string }>`select count(*) as n from webhook_deliveries d join jobs j on j.id = d.id
      where d.account_id = ${batched.account.id} and d.event_type = 'invoice.finalized' and j.run_at = ${new Date(Date.parse(CLOSE) + 60_000)}`.execute(t.database.db);
    expect(Number(lane.rows[0]!.n)).toBe(13);
    // The run wrote in every kind compared (rows added or changed): the sameness is not of untouched tables.
    expect(Object.entries(b.normalized).filter(([table, rows]) => JSON.stringify(rows) === JSON.stringify(before[table])).map(([table]) => table)).toEqual([]);

    // Billed once: a second run of either path finds nothing due.
    const again = await runDueSubscriptions(t.database.db, clock, t.config.baseUrl, onlyOf(batched.account));
    expect([again.invoices, again.batched]).toEqual([0, 0]);
  });
});

describe('a batch rolled back after its numbering', () => {
  it('gives its invoice numbers back: the subscriptions billed after it take 1, 2, 3 with no gap', async () => {
    clock.set('2030-01-10T09:00:00.000Z');
    const account = await seedAccount(t.client, 'Rollback Shop');
    const key = account.key;
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await t.client.post(path, key, body);
      expect(res.status, res.raw).toBeLessThan(300);
      return res.body;
    };
    const product = await post('/products', { key: 'monthly', name: 'Monthly', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '10.00' });
    await post(`/products/${product.product.id}/versions/${product.version.id}/publish`, {});
    for (const name of ['ok1', 'fails', 'ok2']) {
      const customer = await post('/customers', { name, email: `${name}@example.com` });
      await post('/billing/subscriptions', { customerId: customer.id, productId: product.product.id, billingMode: 'arrears' });
    }
    // Refused at the commit (a deferred constraint trigger), so after the batch took its numbers.
    const db = t.database.db;
    await sql`create function refuse_fails_email() returns trigger language plpgsql as $$
      begin if new.to_address = 'fails@example.com' then raise exception 'refused for the test'; end if; return null; end $$`.execute(db);
    await sql`create constraint trigger refuse_fails_email after insert on emails deferrable initially deferred for each row execute function refuse_fails_email()`.execute(db);
    const tenant = { accountId: account.id, environment: 'sandbox' as const };
    try {
      clock.set('2030-02-10T09:00:00.000Z');
      const run = await runDueSubscriptions(db, clock, t.config.baseUrl, tenant);
      expect(run.batchFailure).toContain('refused for the test');
      // Billed one at a time after the rollback: two invoices, the refused one postponed.
      expect([run.batched, run.invoices, run.failures.length]).toEqual([0, 2, 1]);
    } finally {
      await sql`drop trigger refuse_fails_email on emails`.execute(db);
      await sql`drop function refuse_fails_email()`.execute(db);
    }
    clock.set('2030-02-10T10:00:01.000Z');
    expect((await runDueSubscriptions(db, clock, t.config.baseUrl, tenant)).invoices).toBe(1);
    const numbers = await sql<{ invoice_number: string }>`select invoice_number from invoices where account_id = ${account.id} order by invoice_number`.execute(db);
    expect(numbers.rows.map((row) => row.invoice_number)).toEqual(['INV-000001', 'INV-000002', 'INV-000003']);
  });
});
