// Resends: a request sent again byte for byte (its answer lost) under a new Idempotency-Key is
// answered from the database's lookups, each event a duplicate at its recorded time; a resend's
// answer is stored with its key, and a resend still meets the request's other checks.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { setupUsageProduct, type UsageSetup } from '../../../test/factories/usage.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

const clock = new ManualClock('2026-05-10T12:00:00Z');
let t: TestContext;
/** A second process on the same database: a resend reaches either. */
let other: TestContext;
let acme: SeededAccount;
let usage: UsageSetup;

beforeAll(async () => {
  t = await startTestApp({ clock });
  other = await startTestApp({ clock, database: t.database });
  acme = await seedAccount(t.client);
  usage = await setupUsageProduct(t.client, acme.key, [{ key: 'api_calls' }]);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const event = (over: Record<string, unknown> = {}): Record<string, unknown> => ({ meter: 'api_calls', productId: usage.productId, customerId: usage.customerId, value: '1', ...over });

/** Events pinning ids (with the characters JSON escapes) and times (offsets and fractions included). */
function pinnedBatch(): { events: Array<Record<string, unknown>> } {
  const times = ['2026-05-10T09:00:00Z', '2026-05-10T10:15:30.5+01:00', '2026-05-10T09:00:00Z', '2026-05-09T23:59:59.999Z'];
  const ids = [`q"${randomUUID()}`, `b\\${randomUUID()}`, randomUUID(), `~!${randomUUID()}`];
  return { events: ids.map((eventId, i) => event({ eventId, timestamp: times[i], value: `${i + 1}.5` })) };
}

describe('resends', () => {
  it('answers a byte-identical resend of a batch with each event a duplicate at its recorded time, on either process', async () => {
    const body = pinnedBatch();
    const first = await t.client.post('/metering/events/batch', acme.key, body);
    expect(first.status, first.raw).toBe(200);
    expect(first.body.accepted).toBe(4);
    const same = await t.client.post('/metering/events/batch', acme.key, body);
    const elsewhere = await other.client.post('/metering/events/batch', acme.key, body);
    expect([same.status, elsewhere.status]).toEqual([200, 200]);
    expect(same.raw).toBe(elsewhere.raw);
    const times = ['2026-05-10T09:00:00.000Z', '2026-05-10T09:15:30.500Z', '2026-05-10T09:00:00.000Z', '2026-05-09T23:59:59.999Z'];
    expect(same.body).toEqual({
      results: body.events.map((e, index) => ({ index, eventId: e.eventId, status: 'duplicate', timestamp: times[index] })),
      accepted: 0,
      duplicates: 4,
    });
  });

  it('answers a resend in the bytes of the first answer but for statuses and counts (ids needing no escape, times shared and not)', async () => {
    // The call writes ids with nothing to escape as they are, and reuses the text of the group's first
    // time for every event recorded at it: the answer must read as if each were formatted alone.
    const times = ['2026-05-10T09:00:00Z', '2026-05-10T09:00:00.000+00:00', '2026-05-10T10:15:30.5+01:00', '2026-05-09T23:59:59.999Z'];
    const body = { events: times.map((timestamp, i) => event({ eventId: randomUUID(), timestamp, value: `${i + 1}` })) };
    const first = await t.client.post('/metering/events/batch', acme.key, body);
    expect(first.body.accepted, first.raw).toBe(4);
    const resend = await other.client.post('/metering/events/batch', acme.key, body);
    const asDuplicates = first.raw.replaceAll('"status":"accepted"', '"status":"duplicate"').replace('"accepted":4,"duplicates":0', '"accepted":0,"duplicates":4');
    expect(resend.raw).toBe(asDuplicates);
  });

  it('answers a byte-identical resend of one event as a duplicate at its recorded time, on either process', async () => {
    const body = event({ eventId: `"\\${randomUUID()}`, timestamp: '2026-05-10T08:00:00.123+02:00' });
    expect((await t.client.post('/metering/events', acme.key, body)).status).toBe(201);
    const same = await t.client.post('/metering/events', acme.key, body);
    const elsewhere = await other.client.post('/metering/events', acme.key, body);
    expect([same.status, elsewhere.status]).toEqual([200, 200]);
    expect(same.raw).toBe(elsewhere.raw);
    expect(same.body).toEqual({ eventId: body.eventId, status: 'duplicate', timestamp: '2026-05-10T06:00:00.123Z' });
  });

  it("stores a resend's answer with its key: sent again with that key, it is replayed byte for byte", async () => {
    const body = pinnedBatch();
    expect((await t.client.post('/metering/events/batch', acme.key, body)).body.accepted).toBe(4);
    const key = randomUUID();
    const resend = await t.client.post('/metering/events/batch', acme.key, body, { idempotencyKey: key });
    expect(resend.body).toMatchObject({ accepted: 0, duplicates: 4 });
    const replay = await other.client.post('/metering/events/batch', acme.key, body, { idempotencyKey: key });
    expect(replay.raw).toBe(resend.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('still refuses a resend that names an invoiced period, and replays a stored key first', async () => {
    const customer = await setupUsageProduct(t.client, acme.key, [{ key: 'api_calls' }]);
    const body = event({ productId: customer.productId, customerId: customer.customerId, eventId: randomUUID(), timestamp: '2026-04-10T00:00:00Z' });
    const key = randomUUID();
    const first = await t.client.post('/metering/events', acme.key, body, { idempotencyKey: key });
    expect(first.status).toBe(201);
    const invoice = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: customer.enrollmentId, from: '2026-04-01T00:00:00Z', to: '2026-05-01T00:00:00Z' });
    expect(invoice.status, invoice.raw).toBe(201);
    const same = await t.client.post('/metering/events', acme.key, body);
    const elsewhere = await other.client.post('/metering/events', acme.key, body);
    expect([same.status, same.body.error_code]).toEqual([409, 'usage_already_invoiced']);
    expect([elsewhere.status, elsewhere.body.error_code]).toEqual([409, 'usage_already_invoiced']);
    const replay = await t.client.post('/metering/events', acme.key, body, { idempotencyKey: key });
    expect(replay.raw).toBe(first.raw);
  });

  it('records again what pins no id, and answers a resend without a timestamp with the time first recorded', async () => {
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

  it("answers another tenant's identical bytes as its own, not as this tenant's duplicates", async () => {
    const body = pinnedBatch();
    expect((await t.client.post('/metering/events/batch', acme.key, body)).body.accepted).toBe(4);
    const rival = await seedAccount(t.client);
    const theirs = await t.client.post('/metering/events/batch', rival.key, body);
    expect(theirs.status).toBe(422);
    expect(theirs.body.error_code).toBe('validation_failed');
  });
});
