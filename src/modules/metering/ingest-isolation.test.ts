// One tenant cannot stall the others' ingestion: an invoice holding account A's usage lock leaves
// account B's events to be answered at once, A's wait for the lock (then answer, or 503 once they
// waited METERING_USAGE_LOCK_WAIT_MS), and a full queue answers 503 with Retry-After at once.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupUsageProduct, type UsageSetup } from '../../../test/factories/usage.ts';
import { buildApp } from '../../app.ts';
import { ApiClient, seedAccount, startTestApp, testConfig, usingPostgres, type ApiResponse, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { lockUsage } from '../../db/usage-lock.ts';

let t: TestContext;
let a: SeededAccount;
let b: SeededAccount;
let usageA: UsageSetup;
let usageB: UsageSetup;

beforeAll(async () => {
  // A generous wait: the test releases the lock itself, and a busy machine must not turn A's wait into a 503.
  t = await startTestApp({ env: { METERING_USAGE_LOCK_WAIT_MS: '60000' } });
  a = await seedAccount(t.client, 'A');
  b = await seedAccount(t.client, 'B');
  usageA = await setupUsageProduct(t.client, a.key, [{ key: 'api_calls' }]);
  usageB = await setupUsageProduct(t.client, b.key, [{ key: 'api_calls' }]);
});
afterAll(() => t.close());

const eventOf = (usage: UsageSetup, eventId = randomUUID()) => ({ meter: 'api_calls', productId: usage.productId, customerId: usage.customerId, value: '1', eventId });

/** Resolves with the promise's value, or rejects once `ms` passed: a ceiling, never a latency bound. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms).unref())]);
}

async function recorded(accountId: string, eventId: string): Promise<boolean> {
  return (await t.database.db.selectFrom('usage_events').select('event_id').where('account_id', '=', accountId).where('event_id', '=', eventId).execute()).length === 1;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// PGlite has one connection: a transaction held by the test holds every query, so the lock cannot
// be held "elsewhere" there.
describe.skipIf(!usingPostgres)("an invoice holding account A's usage lock", () => {
  it("B's single event is answered while the lock is held; A's waits and is recorded once it is released", async () => {
    // Keys found live before come from memory (as under steady load): no lookup in between.
    expect((await t.client.post('/metering/events', a.key, eventOf(usageA))).status).toBe(201);
    expect((await t.client.post('/metering/events', b.key, eventOf(usageB))).status).toBe(201);
    const idA = randomUUID();
    const idB = randomUUID();
    let answerA: ApiResponse | null = null;
    let pendingA: Promise<ApiResponse> = Promise.resolve(null as never);
    await t.database.db.transaction().execute(async (tx) => {
      // What from-usage takes for its enrollment.
      await lockUsage(tx, usageA.enrollmentId, 'exclusive');
      pendingA = t.client.post('/metering/events', a.key, eventOf(usageA, idA)).then((res) => (answerA = res));
      // Let A's request reach a group first, so that B's would queue behind it if groups waited.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const answerB = await within(t.client.post('/metering/events', b.key, eventOf(usageB, idB)), 15_000, "B's event while A's lock is held");
      expect(answerB.status, answerB.raw).toBe(201);
      expect(await recorded(b.id, idB)).toBe(true);
      // A's is still waiting for the lock, with nothing of it written.
      expect(answerA).toBeNull();
    });
    const settledA = await within(pendingA, 15_000, "A's event after the lock's release");
    expect(settledA.status, settledA.raw).toBe(201);
    expect(await recorded(a.id, idA)).toBe(true);
  });

  it('A’s event is answered 503 with Retry-After once it waited METERING_USAGE_LOCK_WAIT_MS; nothing is written or stored', async () => {
    const impatient = await startTestApp({ database: t.database, env: { METERING_USAGE_LOCK_WAIT_MS: '200' } });
    try {
      expect((await impatient.client.post('/metering/events', a.key, eventOf(usageA))).status).toBe(201);
      const eventId = randomUUID();
      const idempotencyKey = randomUUID();
      await t.database.db.transaction().execute(async (tx) => {
        await lockUsage(tx, usageA.enrollmentId, 'exclusive');
        const res = await within(impatient.client.post('/metering/events', a.key, eventOf(usageA, eventId), { idempotencyKey }), 15_000, "A's event");
        expect(res.status, res.raw).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.body).toEqual({ message: expect.stringContaining('invoiced'), error_code: 'service_unavailable', tracer_id: expect.any(String) });
      });
      expect(await recorded(a.id, eventId)).toBe(false);
      // Not stored under its key: the same request again, once the invoice is done, is recorded.
      const retry = await impatient.client.post('/metering/events', a.key, eventOf(usageA, eventId), { idempotencyKey });
      expect(retry.status, retry.raw).toBe(201);
    } finally {
      await impatient.close();
    }
  });
});

// PostgreSQL only as well: a refused request's key is read before its answer leaves (auth onSend),
// which on PGlite waits for the one connection the test holds to keep the queue full.
describe.skipIf(!usingPostgres)('a full queue', () => {
  it('answers 503 with Retry-After at once past METERING_QUEUE_MAX_EVENTS; the requests admitted are recorded', async () => {
    const small = await startTestApp({ database: t.database, env: { METERING_QUEUE_MAX_EVENTS: '2' } });
    try {
      expect((await small.client.post('/metering/events', b.key, eventOf(usageB))).status).toBe(201);
      const answers: Array<ApiResponse | undefined> = [];
      let sent: Array<Promise<unknown>> = [];
      await t.database.db.transaction().execute(async (tx) => {
        // Groups cannot write events meanwhile.
        await sql`lock table usage_events in share mode`.execute(tx);
        sent = Array.from({ length: 6 }, (_, i) => small.client.post('/metering/events', b.key, eventOf(usageB)).then((res) => (answers[i] = res)));
        // At most one group in flight and two events waiting: the others are refused without waiting.
        await until(() => answers.filter(Boolean).length >= 3, 'the refusals');
        for (const res of answers.filter((r): r is ApiResponse => r !== undefined)) {
          expect(res.status, res.raw).toBe(503);
          expect(res.headers['retry-after']).toBe('1');
          expect(res.body.error_code).toBe('service_unavailable');
        }
      });
      await within(Promise.all(sent), 15_000, 'the admitted requests');
      const statuses = answers.map((r) => r!.status);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(2);
      expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(3);
      expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    } finally {
      await small.close();
    }
  });
});

describe('a group whose call fails', () => {
  it('is logged with its error, and each of its requests is answered 500 after its own try', async () => {
    const lines: string[] = [];
    const logged = await buildApp({ config: testConfig(), database: t.database, logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } } });
    await logged.ready();
    const client = new ApiClient(logged);
    const signature = 'metering_ingest_v7(text[], text[], text[], text[], boolean[], uuid[], uuid[], text[], text[], uuid[], uuid[], text[], int[], int[], int[], text[], numeric[], text[], jsonb[], timestamptz, timestamptz, smallint)';
    try {
      expect((await client.post('/metering/events', b.key, eventOf(usageB))).status).toBe(201);
      // The function gone for a moment: every call fails.
      await sql.raw(`alter function ${signature} rename to metering_ingest_v7_away`).execute(t.database.db);
      const answers = await Promise.all([client.post('/metering/events', b.key, eventOf(usageB)), client.post('/metering/events', a.key, eventOf(usageA))]);
      expect(answers.map((r) => r.status)).toEqual([500, 500]);
      const failures = lines.map((line) => JSON.parse(line)).filter((entry) => /^usage commit (group )?failed/.test(entry.msg));
      expect(failures.length).toBeGreaterThanOrEqual(1);
      expect(failures[0].err.message).toContain('metering_ingest_v7');
      expect(failures[0].requestIds.length).toBe(failures[0].requests);
    } finally {
      await sql.raw(`alter function ${signature.replace('metering_ingest_v7(', 'metering_ingest_v7_away(')} rename to metering_ingest_v7`).execute(t.database.db);
      await logged.close();
    }
    // Back: recorded again.
    expect((await t.client.post('/metering/events', b.key, eventOf(usageB))).status).toBe(201);
  });
});
