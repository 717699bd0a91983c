import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { Money, sumAmounts } from '../../core/money.ts';
import { setupUsageProduct, type UsageSetup } from '../../../test/factories/usage.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let acme: SeededAccount;
let usage: UsageSetup;
const clock = new ManualClock('2026-05-10T12:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ clock, env: { METERING_BATCH_MAX_EVENTS: '50', METERING_BATCH_MAX_BYTES: '20000' } });
  acme = await seedAccount(t.client);
  usage = await setupUsageProduct(t.client, acme.key, [{ key: 'api_calls' }, { key: 'users', aggregation: 'unique_count', property: 'user' }]);
});
afterAll(() => t.close());

const event = (over: Record<string, unknown> = {}) => ({ meter: 'api_calls', productId: usage.productId, customerId: usage.customerId, value: '1', ...over });

async function recorded(eventIds: string[]): Promise<number> {
  if (eventIds.length === 0) return 0;
  const rows = await t.database.db.selectFrom('usage_events').select('event_id').where('account_id', '=', acme.id).where('event_id', 'in', eventIds).execute();
  return rows.length;
}

describe('POST /metering/events', () => {
  it('records an event (201 accepted) and answers a resend as 200 duplicate with the original timestamp', async () => {
    const eventId = randomUUID();
    const first = await t.client.post('/metering/events', acme.key, event({ eventId, value: '2.5', timestamp: '2026-05-10T11:00:00Z' }));
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ eventId, status: 'accepted', timestamp: '2026-05-10T11:00:00.000Z' });
    const resend = await t.client.post('/metering/events', acme.key, event({ eventId, value: '2.5', timestamp: '2026-05-10T11:30:00Z' }));
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ eventId, status: 'duplicate', timestamp: '2026-05-10T11:00:00.000Z' });
    expect(await recorded([eventId])).toBe(1);
  });

  it('makes an eventId when none is sent, stamps receipt time, and a replay of the same Idempotency-Key returns the same id', async () => {
    const key = randomUUID();
    const first = await t.client.post('/metering/events', acme.key, event(), { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(first.body.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.body.timestamp).toBe(clock.now().toISOString());
    const replay = await t.client.post('/metering/events', acme.key, event(), { idempotencyKey: key });
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await recorded([first.body.eventId])).toBe(1);
  });

  it("accepts the customer's externalId as customerId", async () => {
    const res = await t.client.post('/metering/events', acme.key, event({ customerId: usage.externalId }));
    expect(res.status).toBe(201);
  });

  it.each([
    ['an unknown meter', { meter: 'nope' }, 'meter', 'exists'],
    ['a customer not enrolled', { customerId: 'someone-else' }, 'customerId', 'enrolled'],
    ['a JSON number as value', { value: 3 }, 'value', 'decimal_string'],
    ['a negative value', { value: '-1' }, 'value', 'minimum'],
    ['a timestamp in the future', { timestamp: '2026-05-10T13:00:00Z' }, 'timestamp', 'not_in_future'],
    ['a timestamp in year 0', { timestamp: '0000-06-01T00:00:00Z' }, 'timestamp', 'not_before_year_1'],
    ['a timestamp in year 0 once in UTC', { timestamp: '0001-01-01T00:30:00+01:00' }, 'timestamp', 'not_before_year_1'],
    ['a unique_count event without its property', { meter: 'users', metadata: { other: 'x' } }, 'metadata.user', 'required'],
  ])('refuses %s with 422 naming the field, recording nothing', async (_name, over, field, constraint) => {
    const eventId = randomUUID();
    const res = await t.client.post('/metering/events', acme.key, event({ eventId, ...over }));
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('validation_failed');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, constraint }));
    expect(await recorded([eventId])).toBe(0);
  });

  it('records the earliest instant there is, 0001-01-01T00:00:00Z', async () => {
    const res = await t.client.post('/metering/events', acme.key, event({ timestamp: '0001-01-01T01:00:00+01:00' }));
    expect([res.status, res.body.timestamp]).toEqual([201, '0001-01-01T00:00:00.000Z']);
  });

  it('needs an Idempotency-Key like every write', async () => {
    const res = await t.client.post('/metering/events', acme.key, event(), { idempotencyKey: null });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('idempotency_key_missing');
  });
});

describe('POST /metering/events/batch', () => {
  it('is all or nothing: one bad event fails the batch and names its position', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const res = await t.client.post('/metering/events/batch', acme.key, {
      events: [event({ eventId: ids[0] }), event({ eventId: ids[1] }), event({ eventId: ids[2], meter: 'missing' })],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'events[2].meter', value: 'missing', constraint: 'exists' })]);
    expect(await recorded(ids)).toBe(0);
  });

  it('a NUL character anywhere in an event (meter, customer, metadata key or value) is a 422 naming it, nothing recorded', async () => {
    const eventId = randomUUID();
    for (const [over, field] of [
      [{ meter: 'a\u0000b' }, 'events[1].meter'],
      [{ customerId: 'x\u0000' }, 'events[1].customerId'],
      [{ metadata: { k: 'a\u0000' } }, 'events[1].metadata.k'],
      [{ metadata: { 'k\u0000': 'a' } }, 'events[1].metadata.k\u0000'],
    ] as const) {
      const res = await t.client.post('/metering/events/batch', acme.key, { events: [event({ eventId }), event(over)] });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([expect.objectContaining({ field, constraint: 'no_nul_character' })]);
    }
    expect(await recorded([eventId])).toBe(0);
  });

  it('schema errors name the position too', async () => {
    const res = await t.client.post('/metering/events/batch', acme.key, { events: [event(), event({ value: 1.5 })] });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'events[1].value', constraint: 'decimal_string' });
  });

  it('reports accepted and duplicate per event, including repeats inside the batch', async () => {
    const old = randomUUID();
    await t.client.post('/metering/events', acme.key, event({ eventId: old }));
    const fresh = randomUUID();
    const res = await t.client.post('/metering/events/batch', acme.key, {
      events: [event({ eventId: fresh }), event({ eventId: old }), event({ eventId: fresh })],
    });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(1);
    expect(res.body.duplicates).toBe(2);
    expect(res.body.results.map((r: { index: number; status: string }) => [r.index, r.status])).toEqual([
      [0, 'accepted'],
      [1, 'duplicate'],
      [2, 'duplicate'],
    ]);
    expect(await recorded([fresh, old])).toBe(2);
  });

  it('a resent batch (new Idempotency-Key) is all duplicates with the recorded times; a partly recorded one records the rest', async () => {
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const times = ['2026-05-10T11:00:00.000Z', '2026-05-10T11:01:00.000Z', '2026-05-10T11:02:00.000Z', '2026-05-10T11:03:00.000Z'];
    const first = await t.client.post('/metering/events/batch', acme.key, { events: ids.slice(0, 2).map((id, i) => event({ eventId: id, timestamp: times[i], value: '2' })) });
    expect(first.body).toMatchObject({ accepted: 2, duplicates: 0 });
    const totalOf = async () =>
      (await t.database.db.selectFrom('usage_hourly').select((eb) => eb.fn.sum<string>('total').as('total')).where('enrollment_id', '=', usage.enrollmentId).executeTakeFirstOrThrow()).total;
    const before = await totalOf();

    // Every event recorded before: nothing changes, each answer carries the first recording's time (not the resend's).
    const resend = await t.client.post('/metering/events/batch', acme.key, { events: ids.slice(0, 2).map((id) => event({ eventId: id, timestamp: times[3], value: '9' })) });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({
      results: [
        { index: 0, eventId: ids[0], status: 'duplicate', timestamp: times[0] },
        { index: 1, eventId: ids[1], status: 'duplicate', timestamp: times[1] },
      ],
      accepted: 0,
      duplicates: 2,
    });
    const single = await t.client.post('/metering/events', acme.key, event({ eventId: ids[1], timestamp: times[3] }));
    expect([single.status, single.body]).toEqual([200, { eventId: ids[1], status: 'duplicate', timestamp: times[1] }]);
    expect(await totalOf()).toBe(before);

    // The first event recorded, the others not: the recorded one is a duplicate, the rest are written (and rolled up).
    const partly = await t.client.post('/metering/events/batch', acme.key, { events: ids.map((id, i) => event({ eventId: id, timestamp: times[i], value: '2' })) });
    expect(partly.body.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate', 'accepted', 'accepted']);
    expect(partly.body).toMatchObject({ accepted: 2, duplicates: 2 });
    expect(await recorded(ids)).toBe(4);
    expect(new Money((await totalOf())!).minus(before!).toFixed()).toBe('4');
  });

  it('stores a large batch answer compressed (lz4 on PostgreSQL, pglz on PGlite, migration 0010) and replays it byte for byte', async () => {
    const idempotencyKey = randomUUID();
    const body = { events: Array.from({ length: 50 }, () => event({ eventId: randomUUID() })) };
    const first = await t.client.post('/metering/events/batch', acme.key, body, { idempotencyKey });
    expect(first.body).toMatchObject({ accepted: 50, duplicates: 0 });
    const stored = await sql<{ method: string | null }>`select pg_column_compression(response_body) as method from idempotency_keys where key = ${idempotencyKey}`.execute(t.database.db);
    expect(stored.rows).toEqual([{ method: t.database.kind === 'postgres' ? 'lz4' : 'pglz' }]);
    const replay = await t.client.post('/metering/events/batch', acme.key, body, { idempotencyKey });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.raw).toBe(first.raw);
  });

  it('refuses more events than the limit, and bodies past the size limit', async () => {
    const tooMany = await t.client.post('/metering/events/batch', acme.key, { events: Array.from({ length: 51 }, () => event()) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]).toMatchObject({ field: 'events', constraint: 'maxItems' });
    const tooBig = await t.client.post('/metering/events/batch', acme.key, { events: Array.from({ length: 40 }, () => event({ metadata: { pad: 'x'.repeat(1000) } })) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error_code).toBe('payload_too_large');
  });
});

describe('concurrent ingestion', () => {
  it('counts every event exactly once and keeps the rollups equal to the raw events', async () => {
    const setup = await setupUsageProduct(t.client, acme.key, [{ key: 'api_calls' }]);
    const ids = Array.from({ length: 120 }, () => randomUUID());
    const values = ids.map((_, i) => `${(i % 7) + 1}.${i % 10}`);
    const send = (i: number) =>
      t.client.post('/metering/events', acme.key, { meter: 'api_calls', productId: setup.productId, customerId: setup.customerId, value: values[i], eventId: ids[i], timestamp: `2026-05-10T0${i % 9}:${String(i % 60).padStart(2, '0')}:00Z` });
    const firstRound = await Promise.all(ids.map((_, i) => send(i)));
    const secondRound = await Promise.all(ids.slice(0, 40).map((_, i) => send(i)));
    expect(firstRound.every((r) => r.status === 201)).toBe(true);
    expect(secondRound.every((r) => r.status === 200 && r.body.status === 'duplicate')).toBe(true);
    const db = t.database.db;
    const raw = await db
      .selectFrom('usage_events')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('value').as('total')])
      .where('enrollment_id', '=', setup.enrollmentId)
      .executeTakeFirstOrThrow();
    const rolled = await db
      .selectFrom('usage_hourly')
      .select((eb) => [eb.fn.sum<string>('event_count').as('n'), eb.fn.sum<string>('total').as('total')])
      .where('enrollment_id', '=', setup.enrollmentId)
      .executeTakeFirstOrThrow();
    expect(Number(raw.n)).toBe(120);
    expect(raw.total).toBe(rolled.total);
    expect(new Money(raw.total).eq(sumAmounts(values))).toBe(true);
    expect(Number(rolled.n)).toBe(120);
  });
});

describe('requests sharing commit groups, every kind of answer', () => {
  it('answers each request of a group on its own: recorded, duplicate, invalid, invoiced, replayed, reused key, other tenant', async () => {
    const rival = await seedAccount(t.client);
    const rivalUsage = await setupUsageProduct(t.client, rival.key, [{ key: 'api_calls' }]);
    const shared = randomUUID(); // the same event id in two accounts: one event in each
    const replayKey = randomUUID();
    const replayBody = event({ eventId: randomUUID(), value: '1' });
    const first = await t.client.post('/metering/events', acme.key, replayBody, { idempotencyKey: replayKey });
    expect(first.status).toBe(201);
    // An invoiced period for the enrollment: events inside it are refused.
    const invoiced = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: usage.enrollmentId, from: '2026-03-01T00:00:00Z', to: '2026-04-01T00:00:00Z' });
    expect(invoiced.status, invoiced.raw).toBe(201);
    const fresh = randomUUID();
    const reusedKey = randomUUID();
    const invalidKey = randomUUID();
    expect((await t.client.post('/metering/events', acme.key, event({ value: '2' }), { idempotencyKey: reusedKey })).status).toBe(201);
    // Recorded before with pinned id and time: its resend below is looked up within the group.
    const resentId = randomUUID();
    const resendBody = event({ eventId: resentId, timestamp: '2026-05-10T10:00:00Z' });
    expect((await t.client.post('/metering/events', acme.key, resendBody)).status).toBe(201);

    // Sent together: on either database they queue behind one another and share commit groups.
    const [recordedNow, duplicateInGroup, invalid, inInvoice, replay, reused, mine, theirs, batch, resent] = await Promise.all([
      t.client.post('/metering/events', acme.key, event({ eventId: fresh, value: '3' })),
      t.client.post('/metering/events', acme.key, event({ eventId: fresh, value: '3' })),
      t.client.post('/metering/events', acme.key, event({ meter: 'nope' }), { idempotencyKey: invalidKey }),
      t.client.post('/metering/events', acme.key, event({ timestamp: '2026-03-15T00:00:00Z' })),
      t.client.post('/metering/events', acme.key, replayBody, { idempotencyKey: replayKey }),
      t.client.post('/metering/events', acme.key, event({ value: '9' }), { idempotencyKey: reusedKey }),
      t.client.post('/metering/events', acme.key, event({ eventId: shared })),
      t.client.post('/metering/events', rival.key, { meter: 'api_calls', productId: rivalUsage.productId, customerId: rivalUsage.customerId, value: '1', eventId: shared }),
      t.client.post('/metering/events/batch', acme.key, { events: [event({ eventId: fresh }), event({ meter: 'users', metadata: { user: 'u1' } })] }),
      t.client.post('/metering/events', acme.key, resendBody),
    ]);

    // The same new id twice: exactly one accepted, the others duplicates with the same timestamp.
    const sameId = [recordedNow, duplicateInGroup];
    expect(sameId.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(sameId.every((r) => r.body.eventId === fresh && r.body.timestamp === clock.now().toISOString())).toBe(true);
    expect(batch.status).toBe(200);
    expect(batch.body).toMatchObject({ accepted: 1, duplicates: 1 });
    expect(batch.body.results[0]).toMatchObject({ index: 0, eventId: fresh, status: 'duplicate' });
    expect(await recorded([fresh])).toBe(1);
    expect([resent.status, resent.body]).toEqual([200, { eventId: resentId, status: 'duplicate', timestamp: '2026-05-10T10:00:00.000Z' }]);

    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual([expect.objectContaining({ field: 'meter', constraint: 'exists' })]);
    expect(inInvoice.status).toBe(409);
    expect(inInvoice.body.error_code).toBe('usage_already_invoiced');
    expect(replay.status).toBe(201);
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(reused.status).toBe(422);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);

    // Refusals are stored with their keys too: a retry with the same key answers the same.
    const again = await t.client.post('/metering/events', acme.key, event({ meter: 'nope' }), { idempotencyKey: invalidKey });
    expect(again.status).toBe(422);
    expect(again.raw).toBe(invalid.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});
