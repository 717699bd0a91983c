// from-usage and concurrent ingestion (PostgreSQL: PGlite has one connection, nothing runs
// concurrently there). The enrollment's usage lock is held only from the usage cut-off to commit,
// never while the invoice is finalized or sent; and a wait past the database's timeouts answers
// 503 with Retry-After, not 500, with nothing kept.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { openDatabase, type DatabaseHandle, type DatabaseTimeouts } from '../../db/database.ts';
import { migrate } from '../../db/migrate.ts';
import { adminQuery, seedAccount, type ApiResponse, startTestApp, usingPostgres, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { setupUsageProduct, type UsageSetup } from '../../../test/factories/usage.ts';

const url = process.env.DATABASE_URL ?? '';
const schema = `test_${randomBytes(6).toString('hex')}`;
const clock = new ManualClock('2026-08-01T00:00:00Z');
const handles: DatabaseHandle[] = [];
const apps: TestContext[] = [];
let t: TestContext;
let acme: SeededAccount;

/** Another handle (another process's pool) on the same schema, with its own timeouts. */
async function openHandle(timeouts?: DatabaseTimeouts): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', schema, poolSize: 5, ...(timeouts ? { timeouts } : {}) });
  handles.push(handle);
  return handle;
}

async function appWith(timeouts?: DatabaseTimeouts): Promise<TestContext> {
  const context = await startTestApp({ database: await openHandle(timeouts), clock });
  apps.push(context);
  return context;
}

beforeAll(async () => {
  if (!usingPostgres) return;
  await adminQuery(url, `create schema ${schema}`);
  await migrate(await openHandle());
  t = await appWith();
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(async () => {
  if (!usingPostgres) return;
  for (const app of apps) await app.close();
  for (const handle of handles) await handle.close();
  await adminQuery(url, `drop schema ${schema} cascade`);
});

let meterCount = 0;
async function enrolled(): Promise<UsageSetup & { meter: string }> {
  const meter = `calls_${++meterCount}`;
  return { ...(await setupUsageProduct(t.client, acme.key, [{ key: meter, price: { model: 'per_unit', unitPrice: '0.10' } }])), meter };
}

const event = (setup: UsageSetup & { meter: string }, timestamp: string, value = '100') => ({ meter: setup.meter, productId: setup.productId, customerId: setup.customerId, value, timestamp });

/** Polls (generous ceiling) until `check` holds. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!usingPostgres)('from-usage and concurrent ingestion', () => {
  it("ingestion of the enrollment is answered while from-usage waits in finalization, and the event it records is billed", async () => {
    clock.set('2026-08-01T00:00:00Z');
    // No lock timeout: from-usage waits for the held counter as long as the test holds it.
    const patient = await appWith({ statementMs: 0, lockMs: 0 });
    const setup = await enrolled();
    expect((await t.client.post('/metering/events', acme.key, event(setup, '2026-07-10T10:00:00Z'))).status).toBe(201);

    // Hold the account's invoice number counter: finalization (send true) waits on it.
    let answered: { status: number; body: { message?: string } } | undefined;
    let invoicing: Promise<ApiResponse> | undefined;
    await t.database.db.transaction().execute(async (holder) => {
      await sql`insert into invoice_number_counters (account_id, environment, last_number) values (${acme.id}, 'sandbox', 0)
        on conflict (account_id, environment) do update set last_number = invoice_number_counters.last_number`.execute(holder);
      invoicing = patient.client.post('/billing/invoices/from-usage', acme.key, { customerId: setup.enrollmentId, from: '2026-07-01T00:00:00Z', to: '2026-08-01T00:00:00Z', send: true });
      await eventually(async () => {
        const waiting = await sql<{ n: number }>`
          select count(*)::int as n from pg_locks w
          join pg_locks h on h.locktype = 'transactionid' and h.transactionid = w.transactionid and h.granted and h.pid = pg_backend_pid()
          where w.locktype = 'transactionid' and not w.granted`.execute(holder);
        return waiting.rows[0]!.n > 0;
      }, 'from-usage to wait for the invoice number');
      // Inside the period being invoiced: accepted now, since the invoice is not decided yet. (Were
      // the usage lock held through finalization, this would wait for it until lock_timeout: 503.)
      const recorded = await t.client.post('/metering/events', acme.key, event(setup, '2026-07-20T10:00:00Z', '50'));
      answered = { status: recorded.status, body: recorded.body };
    });
    const invoiced = await invoicing!;
    expect(answered?.status, JSON.stringify(answered?.body)).toBe(201);
    expect(invoiced.status, invoiced.raw).toBe(201);
    expect(invoiced.body).toMatchObject({ status: 'open', total: '15.00' });
    expect(invoiced.body.lineItems[0]).toMatchObject({ quantity: '150' });

    // Once the invoice is committed, the period refuses new events.
    const late = await t.client.post('/metering/events', acme.key, event(setup, '2026-07-21T10:00:00Z'));
    expect(late.status).toBe(409);
    expect(late.body.error_code).toBe('usage_already_invoiced');
  });
});

describe.skipIf(!usingPostgres)('database timeouts', () => {
  /** Holds the enrollment's usage lock exclusively on a connection of its own, as a slow invoice would. */
  async function holdUsageLock<T>(enrollmentId: string, work: () => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`select pg_advisory_lock(hashtextextended($1, 0))`, [`usage:${enrollmentId}`]);
      return await work();
    } finally {
      await client.end();
    }
  }

  it('a lock not granted within lock_timeout answers 503 with Retry-After; the same Idempotency-Key then succeeds', async () => {
    clock.set('2026-08-01T00:00:00Z');
    const impatient = await appWith({ statementMs: 0, lockMs: 200 });
    const setup = await enrolled();
    const key = randomUUID();
    const body = { customerId: setup.enrollmentId, from: '2026-07-01T00:00:00Z', to: '2026-08-01T00:00:00Z' };
    const refused = await holdUsageLock(setup.enrollmentId, () => impatient.client.post('/billing/invoices/from-usage', acme.key, body, { idempotencyKey: key }));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body).toEqual({ message: expect.stringMatching(/lock/), error_code: 'service_unavailable', tracer_id: expect.any(String) });
    expect((await t.client.get(`/billing/invoices?customerId=${setup.enrollmentId}`, acme.key)).body.invoices).toEqual([]);

    const retried = await impatient.client.post('/billing/invoices/from-usage', acme.key, body, { idempotencyKey: key });
    expect(retried.status, retried.raw).toBe(201);
  });

  it('a statement past statement_timeout answers 503 with Retry-After, not 500', async () => {
    clock.set('2026-08-01T00:00:00Z');
    const hasty = await appWith({ statementMs: 300, lockMs: 0 });
    const setup = await enrolled();
    const body = { customerId: setup.enrollmentId, from: '2026-07-01T00:00:00Z', to: '2026-08-01T00:00:00Z' };
    const refused = await holdUsageLock(setup.enrollmentId, () => hasty.client.post('/billing/invoices/from-usage', acme.key, body));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toMatchObject({ error_code: 'service_unavailable', message: expect.stringMatching(/statement timeout/) });
    expect((await t.client.get(`/billing/invoices?customerId=${setup.enrollmentId}`, acme.key)).body.invoices).toEqual([]);
  });

  it('rate card changes wait for the usage lock too, within the same limits', async () => {
    const impatient = await appWith({ statementMs: 0, lockMs: 200 });
    const setup = await enrolled();
    const refused = await holdUsageLock(setup.enrollmentId, () =>
      impatient.client.post(`/customers/${setup.enrollmentId}/rate-cards`, acme.key, { prices: [{ meter: setup.meter, unitPrice: '0.05' }] }),
    );
    expect(refused.status).toBe(503);
    expect((await t.client.get(`/customers/${setup.enrollmentId}/rate-cards`, acme.key)).body.rateCards).toEqual([]);
  });
});
