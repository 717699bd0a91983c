// Resends answered from memory (recently-recorded.ts and metering_ingest's known answers, migration
// 0011): the same answers as the database's lookups, the same refusals, and nothing remembered of
// what a resend could not repeat exactly.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { setupUsageProduct, type UsageSetup } from '../../../test/factories/usage.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { duplicateAnswer, RecentlyRecorded } from './recently-recorded.ts';

const clock = new ManualClock('2026-05-10T12:00:00Z');
/** The service as it runs: it remembers what it recorded. */
let t: TestContext;
/** A second process on the same database that remembers nothing: every id is looked up. */
let forgetful: TestContext;
let acme: SeededAccount;
let usage: UsageSetup;

beforeAll(async () => {
  t = await startTestApp({ clock });
  forgetful = await startTestApp({ clock, database: t.database, env: { METERING_RECENT_REQUESTS: '0' } });
  acme = await seedAccount(t.client);
  usage = await setupUsageProduct(t.client, acme.key, [{ key: 'api_calls' }]);
});
afterAll(async () => {
  await forgetful.close();
  await t.close();
});

const event = (over: Record<string, unknown> = {}): Record<string, unknown> => ({ meter: 'api_calls', productId: usage.productId, customerId: usage.customerId, value: '1', ...over });

/** Events pinning ids (with the characters JSON escapes) and times (offsets and fractions included). */
function pinnedBatch(): { events: Array<Record<string, unknown>> } {
  const times = ['2026-05-10T09:00:00Z', '2026-05-10T10:15:30.5+01:00', '2026-05-10T09:00:00Z', '2026-05-09T23:59:59.999Z'];
  const ids = [`q"${randomUUID()}`, `b\\${randomUUID()}`, randomUUID(), `~!${randomUUID()}`];
  return { events: ids.map((eventId, i) => event({ eventId, timestamp: times[i], value: `${i + 1}.5` })) };
}

async function recordedIds(ids: string[]): Promise<number> {
  const rows = await t.database.db.selectFrom('usage_events').select('event_id').where('account_id', '=', acme.id).where('event_id', 'in', ids).execute();
  return rows.length;
}

describe('resends answered from memory', () => {
  it('answers a byte-identical resend of a batch exactly as the lookups of the database do', async () => {
    const body = pinnedBatch();
    const first = await t.client.post('/metering/events/batch', acme.key, body);
    expect(first.status, first.raw).toBe(200);
    expect(first.body.accepted).toBe(4);
    const looked = await forgetful.client.post('/metering/events/batch', acme.key, body);
    const remembered = await t.client.post('/metering/events/batch', acme.key, body);
    expect(looked.status).toBe(200);
    expect(looked.body).toMatchObject({ accepted: 0, duplicates: 4 });
    expect(remembered.status).toBe(200);
    expect(remembered.raw).toBe(looked.raw);
    expect(remembered.body.results[1]).toEqual({ index: 1, eventId: body.events[1]!.eventId, status: 'duplicate', timestamp: '2026-05-10T09:15:30.500Z' });
  });

  it('answers a byte-identical resend of one event exactly as the lookup of the database does', async () => {
    const body = event({ eventId: `"\\${randomUUID()}`, timestamp: '2026-05-10T08:00:00.123+02:00' });
    expect((await t.client.post('/metering/events', acme.key, body)).status).toBe(201);
    const looked = await forgetful.client.post('/metering/events', acme.key, body);
    const remembered = await t.client.post('/metering/events', acme.key, body);
    expect([looked.status, remembered.status]).toEqual([200, 200]);
    expect(remembered.raw).toBe(looked.raw);
    expect(remembered.body).toEqual({ eventId: body.eventId, status: 'duplicate', timestamp: '2026-05-10T06:00:00.123Z' });
  });

  it('does not look the ids of a remembered resend up, and stores its answer with its key', async () => {
    const body = pinnedBatch();
    const ids = body.events.map((e) => e.eventId as string);
    expect((await t.client.post('/metering/events/batch', acme.key, body)).body.accepted).toBe(4);
    // Recorded events are never deleted; removing them here shows which answer comes from memory.
    await t.database.db.deleteFrom('usage_events').where('account_id', '=', acme.id).where('event_id', 'in', ids).execute();
    const key = randomUUID();
    const remembered = await t.client.post('/metering/events/batch', acme.key, body, { idempotencyKey: key });
    expect(remembered.body).toMatchObject({ accepted: 0, duplicates: 4 });
    expect(await recordedIds(ids)).toBe(0);
    const replay = await forgetful.client.post('/metering/events/batch', acme.key, body, { idempotencyKey: key });
    expect(replay.raw).toBe(remembered.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The forgetful process looks them up, finds none, and records them again.
    expect((await forgetful.client.post('/metering/events/batch', acme.key, body)).body.accepted).toBe(4);
  });

  it('still refuses a remembered resend that names an invoiced period, and replays a stored key first', async () => {
    const customer = await setupUsageProduct(t.client, acme.key, [{ key: 'api_calls' }]);
    const body = event({ productId: customer.productId, customerId: customer.customerId, eventId: randomUUID(), timestamp: '2026-04-10T00:00:00Z' });
    const key = randomUUID();
    const first = await t.client.post('/metering/events', acme.key, body, { idempotencyKey: key });
    expect(first.status).toBe(201);
    const invoice = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: customer.enrollmentId, from: '2026-04-01T00:00:00Z', to: '2026-05-01T00:00:00Z' });
    expect(invoice.status, invoice.raw).toBe(201);
    const remembered = await t.client.post('/metering/events', acme.key, body);
    const looked = await forgetful.client.post('/metering/events', acme.key, body);
    expect([remembered.status, remembered.body.error_code]).toEqual([409, 'usage_already_invoiced']);
    expect([looked.status, looked.body.error_code]).toEqual([409, 'usage_already_invoiced']);
    const replay = await t.client.post('/metering/events', acme.key, body, { idempotencyKey: key });
    expect(replay.raw).toBe(first.raw);
  });

  it('remembers nothing of requests that do not pin both ids and times', async () => {
    // No eventId: each sending is new usage.
    const unpinned = { events: [event({ timestamp: '2026-05-10T09:00:00Z' }), event({ timestamp: '2026-05-10T09:00:00Z' })] };
    expect((await t.client.post('/metering/events/batch', acme.key, unpinned)).body.accepted).toBe(2);
    expect((await t.client.post('/metering/events/batch', acme.key, unpinned)).body.accepted).toBe(2);
    // No timestamp: recorded at receipt, and a resend later answers that time, not its own.
    const untimed = event({ eventId: randomUUID() });
    const first = await t.client.post('/metering/events', acme.key, untimed);
    expect(first.body.timestamp).toBe('2026-05-10T12:00:00.000Z');
    clock.advance(60_000);
    const resend = await t.client.post('/metering/events', acme.key, untimed);
    expect([resend.status, resend.body.timestamp]).toEqual([200, '2026-05-10T12:00:00.000Z']);
  });

  it("answers another tenant's identical bytes as its own: not from this tenant's memory", async () => {
    const body = pinnedBatch();
    expect((await t.client.post('/metering/events/batch', acme.key, body)).body.accepted).toBe(4);
    const rival = await seedAccount(t.client);
    const theirs = await t.client.post('/metering/events/batch', rival.key, body);
    expect(theirs.status).toBe(422);
    expect(theirs.body.error_code).toBe('validation_failed');
  });
});

describe('RecentlyRecorded', () => {
  it('keeps the last half of its capacity at least, dropping the oldest half whole', () => {
    const memory = new RecentlyRecorded(4);
    for (const fingerprint of ['a', 'b', 'c', 'd']) memory.remember(fingerprint, 't1');
    expect(['a', 'b', 'c', 'd'].map((f) => memory.has(f, () => 't1'))).toEqual([true, true, true, true]);
    memory.remember('e', 't1');
    expect(['a', 'b', 'c', 'd', 'e'].map((f) => memory.has(f, () => 't1'))).toEqual([false, false, true, true, true]);
  });

  it("knows a fingerprint only for the tenant that recorded it", () => {
    const memory = new RecentlyRecorded(4);
    memory.remember('a', 't1');
    expect([memory.has('a', () => 't1'), memory.has('a', () => 't2')]).toEqual([true, false]);
  });

  it('remembers nothing with capacity 0', () => {
    const memory = new RecentlyRecorded(0);
    memory.remember('a', 't1');
    expect(memory.has('a', () => 't1')).toBe(false);
  });

  it('makes one duplicate answer per event, in order', () => {
    const at = new Date('2026-05-10T09:00:00Z');
    const events = ['x', 'y'].map((eventId, index) => ({ index, eventId, meterKey: 'm', productId: 'p', customerRef: 'c', value: '1', occurredAt: at, metadata: null }));
    expect(JSON.parse(duplicateAnswer(events, true))).toEqual({
      results: [
        { index: 0, eventId: 'x', status: 'duplicate', timestamp: '2026-05-10T09:00:00.000Z' },
        { index: 1, eventId: 'y', status: 'duplicate', timestamp: '2026-05-10T09:00:00.000Z' },
      ],
      accepted: 0,
      duplicates: 2,
    });
  });
});
