// Usage reads and usage invoices on a moving clock: rollups plus raw edges must equal the raw truth.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { setupUsageProduct, type UsageSetup } from '../../../test/factories/usage.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let acme: SeededAccount;
let rival: SeededAccount;
let usage: UsageSetup;
const clock = new ManualClock('2026-06-01T00:00:00Z');

// Events over three days, including hour edges, for four meters.
const events = [
  { at: '2026-05-01T10:05:00Z', value: '2', user: 'a' },
  { at: '2026-05-01T10:59:59.999Z', value: '3', user: 'b' },
  { at: '2026-05-01T11:00:00Z', value: '5', user: 'a' },
  { at: '2026-05-01T11:30:00Z', value: '1.25', user: 'c' },
  { at: '2026-05-01T13:14:59Z', value: '10', user: 'b' },
  { at: '2026-05-01T13:15:00Z', value: '100', user: 'd' },
  { at: '2026-05-02T08:00:00Z', value: '7', user: 'e' },
];

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
  rival = await seedAccount(t.client, 'Rival');
  usage = await setupUsageProduct(t.client, acme.key, [
    { key: 'calls', price: { model: 'per_unit', unitPrice: '0.10' } },
    { key: 'calls_count', aggregation: 'count', price: { model: 'per_unit', unitPrice: '1' } },
    { key: 'peak', aggregation: 'max', price: { model: 'per_unit', unitPrice: '2' } },
    { key: 'gauge', aggregation: 'latest', price: { model: 'per_unit', unitPrice: '3' } },
    { key: 'users', aggregation: 'unique_count', property: 'user', price: { model: 'per_unit', unitPrice: '5' } },
  ]);
  const batch = events.flatMap((e) =>
    ['calls', 'calls_count', 'peak', 'gauge', 'users'].map((meter) => ({
      meter,
      productId: usage.productId,
      customerId: usage.customerId,
      value: e.value,
      timestamp: e.at,
      eventId: `${meter}-${e.at}`,
      metadata: { user: e.user },
    })),
  );
  const res = await t.client.post('/metering/events/batch', acme.key, { events: batch });
  if (res.status !== 200) throw new Error(res.raw);
});
afterAll(() => t.close());

async function usageOf(meter: string, from: string, to: string, granularity = 'none') {
  const res = await t.client.get(`/metering/usage?enrollmentId=${usage.enrollmentId}&meter=${meter}&from=${from}&to=${to}&granularity=${granularity}`, acme.key);
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /metering/usage', () => {
  // [10:30, 13:15) cuts two hours: 10:59:59.999 (3) + 11:00 (5) + 11:30 (1.25) + 13:14:59 (10)
  const from = '2026-05-01T10:30:00Z';
  const to = '2026-05-01T13:15:00Z';

  it.each([
    ['calls', '19.25'],
    ['calls_count', '4'],
    ['peak', '10'],
    ['gauge', '10'],
    ['users', '3'],
  ])('%s over a range cutting hours at both edges is %s', async (meter, expected) => {
    expect((await usageOf(meter, from, to)).value).toBe(expected);
  });

  it('within a single hour, only raw events count', async () => {
    expect((await usageOf('calls', '2026-05-01T10:00:00Z', '2026-05-01T10:59:59.999Z')).value).toBe('2');
  });

  it('buckets by hour and by day', async () => {
    const hourly = await usageOf('calls', '2026-05-01T10:00:00Z', '2026-05-01T14:00:00Z', 'hour');
    expect(hourly.buckets.map((b: { value: string }) => b.value)).toEqual(['5', '6.25', '0', '110']);
    const daily = await usageOf('users', '2026-05-01T00:00:00Z', '2026-05-03T00:00:00Z', 'day');
    expect(daily.buckets.map((b: { value: string }) => b.value)).toEqual(['4', '1']);
    expect(daily.value).toBe('5');
  });

  it('refuses a range of more than 1000 buckets without making them (a range over millennia answered by counting)', async () => {
    const res = await t.client.get(`/metering/usage?enrollmentId=${usage.enrollmentId}&meter=calls&from=0001-01-01T00:00:00Z&to=9999-12-31T00:00:00Z&granularity=hour`, acme.key);
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'granularity', constraint: 'max_buckets' });
    const limit = await t.client.get(`/metering/usage?enrollmentId=${usage.enrollmentId}&meter=calls&from=2026-01-01T00:00:00Z&to=2026-02-11T16:00:00Z&granularity=hour`, acme.key);
    expect(limit.status).toBe(200);
    expect(limit.body.buckets).toHaveLength(1000);
  });

  it('lists raw events newest first with a cursor', async () => {
    const first = await t.client.get(`/metering/events?enrollmentId=${usage.enrollmentId}&meter=calls&limit=4`, acme.key);
    expect(first.body.events.map((e: { value: string }) => e.value)).toEqual(['7', '100', '10', '1.25']);
    const second = await t.client.get(`/metering/events?enrollmentId=${usage.enrollmentId}&meter=calls&limit=4&cursor=${first.body.nextCursor}`, acme.key);
    expect(second.body.events.map((e: { value: string }) => e.value)).toEqual(['5', '3', '2']);
    expect(second.body.nextCursor).toBeNull();
  });

  it("another account's enrollment answers 404", async () => {
    const res = await t.client.get(`/metering/usage?enrollmentId=${usage.enrollmentId}&meter=calls&from=${from}&to=${to}`, rival.key);
    expect(res.status).toBe(404);
    expect(res.body.resource).toBe('enrollment');
    expect((await t.client.get(`/metering/events?enrollmentId=${usage.enrollmentId}`, rival.key)).status).toBe(404);
    expect((await t.client.get(`/metering/events?enrollmentId=${usage.enrollmentId}`, acme.liveKey)).status).toBe(404);
  });
});

describe('POST /billing/invoices/from-usage', () => {
  const from = '2026-05-01T00:00:00Z';
  const to = '2026-05-02T00:00:00Z';

  it('prices each meter over [from, to) into usage lines', async () => {
    const res = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: usage.enrollmentId, from, to });
    expect(res.status).toBe(201);
    const invoice = res.body;
    expect(invoice).toMatchObject({ customerId: usage.enrollmentId, status: 'draft', currency: 'BRL', periodStart: '2026-05-01T00:00:00.000Z', periodEnd: '2026-05-02T00:00:00.000Z' });
    const byMeter = Object.fromEntries(invoice.lineItems.map((l: { meterId: string }) => [l.meterId, l]));
    // calls: 121.25 x 0.10 = 12.125 -> 12.13; count 6 x 1 = 6; max 100 x 2 = 200; latest 100 x 3 = 300; users 4 x 5 = 20
    expect(byMeter[usage.meters.calls!]).toMatchObject({ type: 'usage', quantity: '121.25', unitPrice: '0.10', amount: '12.13', proration: false });
    expect(byMeter[usage.meters.calls_count!]).toMatchObject({ quantity: '6', amount: '6.00' });
    expect(byMeter[usage.meters.peak!]).toMatchObject({ quantity: '100', amount: '200.00' });
    expect(byMeter[usage.meters.gauge!]).toMatchObject({ quantity: '100', amount: '300.00' });
    expect(byMeter[usage.meters.users!]).toMatchObject({ quantity: '4', amount: '20.00' });
    expect(invoice.lineItems.every((l: { priceId: string }) => typeof l.priceId === 'string')).toBe(true);
    expect(invoice.subtotal).toBe('538.13');
    expect(invoice.total).toBe('538.13');
    expect(invoice.amountDue).toBe('538.13');
  });

  it('refuses an overlapping range (409 usage_already_invoiced) and late events inside the invoiced period', async () => {
    const again = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: usage.enrollmentId, from: '2026-05-01T12:00:00Z', to: '2026-05-01T18:00:00Z' });
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe('usage_already_invoiced');
    const late = await t.client.post('/metering/events', acme.key, { meter: 'calls', productId: usage.productId, customerId: usage.customerId, value: '1', timestamp: '2026-05-01T20:00:00Z' });
    expect(late.status).toBe(409);
    expect(late.body.error_code).toBe('usage_already_invoiced');
    const after = await t.client.post('/metering/events', acme.key, { meter: 'calls', productId: usage.productId, customerId: usage.customerId, value: '1', timestamp: '2026-05-02T20:00:00Z' });
    expect(after.status).toBe(201);
  });

  it('after the invoice is voided, the range can be invoiced again and events accepted', async () => {
    const list = await t.client.get(`/billing/invoices?customerId=${usage.enrollmentId}`, acme.key);
    const first = list.body.invoices[0];
    expect((await t.client.post(`/billing/invoices/${first.id}/void`, acme.key)).status).toBe(200);
    const late = await t.client.post('/metering/events', acme.key, { meter: 'calls', productId: usage.productId, customerId: usage.customerId, value: '0.75', timestamp: '2026-05-01T20:00:00Z', eventId: randomUUID() });
    expect(late.status).toBe(201);
    const res = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: usage.enrollmentId, from, to, send: true });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('open');
    expect(res.body.invoiceNumber).toBeTruthy();
    const calls = res.body.lineItems.find((l: { meterId: string }) => l.meterId === usage.meters.calls);
    expect(calls.quantity).toBe('122');
    const emails = await t.client.get('/test/emails', acme.key);
    expect(emails.status).toBe(200);
    expect(JSON.stringify(emails.body)).toContain(res.body.id);
  });

  it('refuses an empty or reversed range, and unknown or foreign enrollments', async () => {
    const reversed = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: usage.enrollmentId, from: to, to: from });
    expect(reversed.status).toBe(422);
    const foreign = await t.client.post('/billing/invoices/from-usage', rival.key, { customerId: usage.enrollmentId, from: '2026-07-01T00:00:00Z', to: '2026-07-02T00:00:00Z' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.resource).toBe('enrollment');
    const live = await t.client.post('/billing/invoices/from-usage', acme.liveKey, { customerId: usage.enrollmentId, from: '2026-07-01T00:00:00Z', to: '2026-07-02T00:00:00Z' });
    expect(live.status).toBe(404);
  });

  it("a rival sending events for acme's customer and product gets a validation error, nothing recorded", async () => {
    const eventId = randomUUID();
    const res = await t.client.post('/metering/events', rival.key, { meter: 'calls', productId: usage.productId, customerId: usage.customerId, value: '1', eventId });
    expect(res.status).toBe(422);
    const rows = await t.database.db.selectFrom('usage_events').select('event_id').where('event_id', '=', eventId).execute();
    expect(rows).toEqual([]);
  });
});

describe('from-usage with a rate card', () => {
  it('prices with the rate card in effect then; a deleted card still prices the usage before its deletion', async () => {
    const setup = await setupUsageProduct(t.client, acme.key, [{ key: 'calls', price: { model: 'per_unit', unitPrice: '0.10' } }]);
    await t.client.post('/metering/events/batch', acme.key, {
      events: [
        { meter: 'calls', productId: setup.productId, customerId: setup.customerId, value: '100', timestamp: '2026-05-03T10:00:00Z' },
        { meter: 'calls', productId: setup.productId, customerId: setup.customerId, value: '100', timestamp: '2026-05-04T10:00:00Z' },
      ],
    });
    const card = await t.client.post(`/customers/${setup.enrollmentId}/rate-cards`, acme.key, { prices: [{ meter: 'calls', unitPrice: '0.05' }], effectiveFrom: '2026-05-01T00:00:00Z' });
    expect(card.status).toBe(201);
    const discounted = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: setup.enrollmentId, from: '2026-05-03T00:00:00Z', to: '2026-05-04T00:00:00Z' });
    expect(discounted.status).toBe(201);
    expect(discounted.body.lineItems[0]).toMatchObject({ quantity: '100', unitPrice: '0.05', amount: '5.00' });
    expect((await t.client.delete(`/customers/${setup.enrollmentId}/rate-cards/${card.body.id}`, acme.key)).status).toBe(200);
    const before = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: setup.enrollmentId, from: '2026-05-04T00:00:00Z', to: '2026-05-05T00:00:00Z' });
    expect(before.body.lineItems[0]).toMatchObject({ quantity: '100', unitPrice: '0.05', amount: '5.00' });
  });

  it('graduated tiers become one line per tier reached', async () => {
    const setup = await setupUsageProduct(t.client, acme.key, [
      { key: 'calls', price: { model: 'tiered', tiers: [{ upTo: '10', unitPrice: '1' }, { upTo: null, unitPrice: '0.5', flatPrice: '2' }] } },
    ]);
    await t.client.post('/metering/events', acme.key, { meter: 'calls', productId: setup.productId, customerId: setup.customerId, value: '25', timestamp: '2026-05-05T10:00:00Z' });
    const res = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: setup.enrollmentId, from: '2026-05-05T00:00:00Z', to: '2026-05-06T00:00:00Z' });
    expect(res.body.lineItems.map((l: { quantity: string; unitPrice: string; amount: string }) => [l.quantity, l.unitPrice, l.amount])).toEqual([
      ['10', '1.00', '10.00'],
      ['15', '0.50', '7.50'],
      ['1', '2.00', '2.00'],
    ]);
    expect(res.body.total).toBe('19.50');
  });
});
