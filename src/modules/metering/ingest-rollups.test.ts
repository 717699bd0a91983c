// The rollups that ingestion writes (usage_hourly, usage_hourly_distinct) hold only what was
// recorded: a repeat of an event id in the same batch or commit group is answered `duplicate` and
// must feed no rollup, for any aggregation. Reads over whole hours come from the rollups, reads of
// cut hours from raw events; both must equal the events the answers say were accepted.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { Money, type Amount } from '../../core/money.ts';
import { setupUsageProduct, type UsageSetup } from '../../../test/factories/usage.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let acme: SeededAccount;
let usage: UsageSetup;
const clock = new ManualClock('2026-06-01T00:00:00Z');

const METERS = ['calls', 'calls_count', 'peak', 'gauge', 'users'] as const;
type MeterKey = (typeof METERS)[number];

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client);
  usage = await setupUsageProduct(t.client, acme.key, [
    { key: 'calls', price: { model: 'per_unit', unitPrice: '1' } },
    { key: 'calls_count', aggregation: 'count', price: { model: 'per_unit', unitPrice: '1' } },
    { key: 'peak', aggregation: 'max', price: { model: 'per_unit', unitPrice: '1' } },
    { key: 'gauge', aggregation: 'latest', price: { model: 'per_unit', unitPrice: '1' } },
    { key: 'users', aggregation: 'unique_count', property: 'user', price: { model: 'per_unit', unitPrice: '5' } },
  ]);
});
afterAll(() => t.close());

async function usageOf(meter: MeterKey, from: string, to: string): Promise<string> {
  const res = await t.client.get(`/metering/usage?enrollmentId=${usage.enrollmentId}&meter=${meter}&from=${from}&to=${to}`, acme.key);
  expect(res.status, res.raw).toBe(200);
  return res.body.value;
}

const event = (meter: MeterKey, eventId: string, value: string, timestamp: string, user: string) => ({
  meter,
  productId: usage.productId,
  customerId: usage.customerId,
  value,
  eventId,
  timestamp,
  metadata: { user },
});

describe('a repeated event id inside one batch', () => {
  it('feeds no rollup: unique_count counts alice only, max and latest keep the first occurrence; usage and the invoice bill 1 user', async () => {
    const res = await t.client.post('/metering/events/batch', acme.key, {
      events: [
        event('users', 'dup-user', '1', '2026-05-10T10:05:00Z', 'alice'),
        event('users', 'dup-user', '1', '2026-05-10T10:06:00Z', 'bob'),
        event('peak', 'dup-peak', '1', '2026-05-10T10:05:00Z', 'alice'),
        event('peak', 'dup-peak', '9', '2026-05-10T10:06:00Z', 'alice'),
        event('gauge', 'dup-gauge', '3', '2026-05-10T10:10:00Z', 'alice'),
        event('gauge', 'dup-gauge', '7', '2026-05-10T10:20:00Z', 'alice'),
      ],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['accepted', 'duplicate', 'accepted', 'duplicate', 'accepted', 'duplicate']);

    // A whole hour: read from the rollups only.
    const [from, to] = ['2026-05-10T10:00:00Z', '2026-05-10T11:00:00Z'];
    expect(await usageOf('users', from, to)).toBe('1');
    expect(await usageOf('peak', from, to)).toBe('1');
    expect(await usageOf('gauge', from, to)).toBe('3');

    const invoice = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: usage.enrollmentId, from, to });
    expect(invoice.status, invoice.raw).toBe(201);
    const users = invoice.body.lineItems.find((l: { meterId: string }) => l.meterId === usage.meters.users);
    expect(users).toMatchObject({ quantity: '1', amount: '5.00' });
  });
});

/** One generated event: its id among a few (so that ids repeat), value, minute of a 3-hour window, user. */
interface Generated {
  id: number;
  cents: number;
  minute: number;
  user: string;
}

const generatedEvent: fc.Arbitrary<Generated> = fc.record({
  id: fc.integer({ min: 0, max: 5 }),
  cents: fc.integer({ min: 0, max: 100_000 }),
  minute: fc.integer({ min: 0, max: 179 }),
  user: fc.constantFrom('alice', 'bob', 'carol', 'dave'),
});

interface Accepted {
  eventId: string;
  value: string;
  at: number;
  user: string;
}

/** What each aggregation makes of the accepted events, as the API defines it (docs/metering.md). */
function expected(meter: MeterKey, events: Accepted[]): Amount {
  if (meter === 'calls') return events.reduce((sum, e) => sum.plus(new Money(e.value)), new Money('0'));
  if (meter === 'calls_count') return new Money(String(events.length));
  if (meter === 'users') return new Money(String(new Set(events.map((e) => e.user)).size));
  if (events.length === 0) return new Money('0');
  if (meter === 'peak') return events.reduce((max, e) => (new Money(e.value).gt(max) ? new Money(e.value) : max), new Money(events[0]!.value));
  // latest: the newest event, ties broken by the greater event id (byte order).
  const newest = events.reduce((a, b) => (b.at > a.at || (b.at === a.at && b.eventId > a.eventId) ? b : a));
  return new Money(newest.value);
}

describe('ingestion property: rollups equal the accepted events, for every aggregation', () => {
  it('batches with repeated ids, sent together, read back over whole hours and over cut hours', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(generatedEvent, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }), async (batches) => {
        run += 1;
        // Each run has a day of its own and ids of its own.
        const day = Date.UTC(2026, 0, 1) + run * 86_400_000;
        const iso = (ms: number) => new Date(ms).toISOString();
        const bodies = batches.map((batch) =>
          batch.flatMap((g) =>
            METERS.map((meter) => event(meter, `${meter}-${run}-${g.id}`, `${Math.floor(g.cents / 100)}.${String(g.cents % 100).padStart(2, '0')}`, iso(day + g.minute * 60_000), g.user)),
          ),
        );
        // Sent together, so that they share commit groups.
        const answers = await Promise.all(bodies.map((events) => t.client.post('/metering/events/batch', acme.key, { events })));
        const accepted = new Map<MeterKey, Accepted[]>(METERS.map((m) => [m, []]));
        const acceptedIds = new Set<string>();
        answers.forEach((answer, b) => {
          expect(answer.status, answer.raw).toBe(200);
          answer.body.results.forEach((result: { index: number; status: string; eventId: string }) => {
            if (result.status !== 'accepted') return;
            const sent = bodies[b]![result.index]!;
            expect(acceptedIds.has(sent.eventId)).toBe(false);
            acceptedIds.add(sent.eventId);
            accepted.get(sent.meter)!.push({ eventId: sent.eventId, value: sent.value, at: Date.parse(sent.timestamp), user: sent.metadata.user });
          });
        });
        // Every id sent was accepted exactly once.
        expect(acceptedIds).toEqual(new Set(bodies.flat().map((e) => e.eventId)));

        const whole = [day, day + 3 * 3_600_000];
        const cut = [day + 30 * 60_000, day + 150 * 60_000];
        for (const meter of METERS) {
          const events = accepted.get(meter)!;
          for (const [from, to] of [whole, cut] as const) {
            const inRange = events.filter((e) => e.at >= from! && e.at < to!);
            const value = await usageOf(meter, iso(from!), iso(to!));
            expect(new Money(value).eq(expected(meter, inRange)), `${meter} over [${iso(from!)}, ${iso(to!)}): ${value}`).toBe(true);
          }
        }
      }),
      { numRuns: 20 },
    );
  });
});
