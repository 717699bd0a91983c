// from-usage over time: only the past is invoiced, and each part of a period is priced by the rate
// card (or version) in effect then. A manual clock places card changes inside the billed periods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { setupUsageProduct, type UsageSetup } from '../../../test/factories/usage.ts';

const clock = new ManualClock('2026-03-01T00:00:00Z');
let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

let meterCount = 0;
/** A usage product with one `sum` meter at 0.10 per unit, and an enrolled customer. */
async function enrolled(): Promise<UsageSetup & { meter: string }> {
  const meter = `calls_${++meterCount}`;
  return { ...(await setupUsageProduct(t.client, acme.key, [{ key: meter, price: { model: 'per_unit', unitPrice: '0.10' } }])), meter };
}

async function record(setup: UsageSetup & { meter: string }, timestamp: string, value = '100') {
  const res = await t.client.post('/metering/events', acme.key, { meter: setup.meter, productId: setup.productId, customerId: setup.customerId, value, timestamp });
  expect(res.status, res.raw).toBe(201);
}

const invoice = (enrollmentId: string, from: string, to: string) => t.client.post('/billing/invoices/from-usage', acme.key, { customerId: enrollmentId, from, to });
const card = (enrollmentId: string, meter: string, unitPrice: string, effectiveFrom?: string) =>
  t.client.post(`/customers/${enrollmentId}/rate-cards`, acme.key, { prices: [{ meter, unitPrice }], ...(effectiveFrom ? { effectiveFrom } : {}) });

interface Line {
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
}
const summary = (lines: Line[]) => lines.map((l) => [l.description, l.quantity, l.unitPrice, l.amount]);
const sum = (lines: Line[]) => lines.reduce((total, l) => total + Math.round(Number(l.amount) * 100), 0) / 100;

describe('from-usage refuses the future', () => {
  it('a `to` later than now answers 422 naming `to`, and writes nothing', async () => {
    clock.set('2026-03-01T00:00:00Z');
    const setup = await enrolled();
    const res = await invoice(setup.enrollmentId, '2026-02-01T00:00:00Z', '2027-03-01T00:00:00Z');
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('validation_failed');
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'to', value: '2027-03-01T00:00:00Z', constraint: 'not_in_future' })]);
    expect((await t.client.get(`/billing/invoices?customerId=${setup.enrollmentId}`, acme.key)).body.invoices).toEqual([]);
    // Up to now exactly is fine, and an event after the invoiced period is still accepted.
    expect((await invoice(setup.enrollmentId, '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z')).status).toBe(201);
    await record(setup, '2026-03-01T00:00:00Z');
  });

  it('an event inside an invoiced period is refused with a message that does not suggest another timestamp', async () => {
    clock.set('2026-03-01T00:00:00Z');
    const setup = await enrolled();
    expect((await invoice(setup.enrollmentId, '2026-02-01T00:00:00Z', '2026-02-02T00:00:00Z')).status).toBe(201);
    const late = await t.client.post('/metering/events', acme.key, { meter: setup.meter, productId: setup.productId, customerId: setup.customerId, value: '1', timestamp: '2026-02-01T12:00:00Z' });
    expect(late.status).toBe(409);
    expect(late.body.error_code).toBe('usage_already_invoiced');
    expect(late.body.message).not.toMatch(/later timestamp/);
    expect(late.body.message).toMatch(/void that invoice/);
  });
});

describe('rate cards in time', () => {
  it('a card created mid-period prices only the usage from its start; the usage before keeps the version price', async () => {
    clock.set('2026-03-10T11:00:00Z');
    const setup = await enrolled();
    await record(setup, '2026-03-02T10:00:00Z');
    await record(setup, '2026-03-10T10:15:00Z', '10');
    // A start inside an hour: the cut hour is read from raw events on both sides.
    clock.set('2026-03-10T10:30:00Z');
    const created = await card(setup.enrollmentId, setup.meter, '0.05');
    expect(created.status, created.raw).toBe(201);
    expect(created.body).toMatchObject({ effectiveFrom: '2026-03-10T10:30:00.000Z', effectiveTo: null, active: true });
    clock.set('2026-03-15T00:00:00Z');
    await record(setup, '2026-03-10T10:45:00Z', '20');
    await record(setup, '2026-03-12T10:00:00Z');

    const res = await invoice(setup.enrollmentId, '2026-03-01T00:00:00Z', '2026-03-15T00:00:00Z');
    expect(res.status, res.raw).toBe(201);
    expect(summary(res.body.lineItems)).toEqual([
      [`Meter ${setup.meter}, 2026-03-01T00:00:00Z a 2026-03-10T10:30:00Z`, '110', '0.10', '11.00'],
      [`Meter ${setup.meter}, 2026-03-10T10:30:00Z a 2026-03-15T00:00:00Z`, '120', '0.05', '6.00'],
    ]);
    expect(res.body.lineItems[0].priceId).not.toBe(res.body.lineItems[1].priceId);
    expect(res.body.total).toBe('17.00');
    expect(sum(res.body.lineItems)).toBe(17);
  });

  it('a card deleted mid-period still prices the usage before its deletion; from then on the version prices (rule 6)', async () => {
    clock.set('2026-04-05T00:00:00Z');
    const setup = await enrolled();
    const created = await card(setup.enrollmentId, setup.meter, '0.05', '2026-04-01T00:00:00Z');
    expect(created.status, created.raw).toBe(201);
    await record(setup, '2026-04-02T10:00:00Z');
    clock.set('2026-04-05T12:00:00Z');
    const deleted = await t.client.delete(`/customers/${setup.enrollmentId}/rate-cards/${created.body.id}`, acme.key);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ active: false, effectiveFrom: '2026-04-01T00:00:00.000Z', effectiveTo: '2026-04-05T12:00:00.000Z' });
    clock.set('2026-04-15T00:00:00Z');
    await record(setup, '2026-04-06T10:00:00Z', '30');
    await record(setup, '2026-04-12T10:00:00Z', '40');

    const split = await invoice(setup.enrollmentId, '2026-04-01T00:00:00Z', '2026-04-10T00:00:00Z');
    expect(split.status, split.raw).toBe(201);
    expect(summary(split.body.lineItems)).toEqual([
      [`Meter ${setup.meter}, 2026-04-01T00:00:00Z a 2026-04-05T12:00:00Z`, '100', '0.05', '5.00'],
      [`Meter ${setup.meter}, 2026-04-05T12:00:00Z a 2026-04-10T00:00:00Z`, '30', '0.10', '3.00'],
    ]);
    expect(split.body.total).toBe('8.00');
    expect(sum(split.body.lineItems)).toBe(8);

    // Going forward the enrollment is billed at the version's price: one part, one line.
    const after = await invoice(setup.enrollmentId, '2026-04-10T00:00:00Z', '2026-04-15T00:00:00Z');
    expect(summary(after.body.lineItems)).toEqual([[`Meter ${setup.meter}`, '40', '0.10', '4.00']]);
  });

  it('cards one after another split the period at each boundary, with version gaps between them', async () => {
    clock.set('2026-05-20T00:00:00Z');
    const setup = await enrolled();
    const first = await card(setup.enrollmentId, setup.meter, '0.05', '2026-05-02T00:00:00Z');
    clock.set('2026-05-20T00:00:00Z');
    await t.client.delete(`/customers/${setup.enrollmentId}/rate-cards/${first.body.id}`, acme.key);
    // It ended at 05-20; a second card may start there, not before.
    expect((await card(setup.enrollmentId, setup.meter, '0.02', '2026-05-19T00:00:00Z')).status).toBe(409);
    const second = await card(setup.enrollmentId, setup.meter, '0.02', '2026-05-20T00:00:00Z');
    expect(second.status, second.raw).toBe(201);
    clock.set('2026-05-25T00:00:00Z');
    for (const day of ['01', '03', '21']) await record(setup, `2026-05-${day}T10:00:00Z`);
    const res = await invoice(setup.enrollmentId, '2026-05-01T00:00:00Z', '2026-05-25T00:00:00Z');
    expect(summary(res.body.lineItems).map(([, q, p, a]) => [q, p, a])).toEqual([
      ['100', '0.10', '10.00'],
      ['100', '0.05', '5.00'],
      ['100', '0.02', '2.00'],
    ]);
    expect(res.body.total).toBe('17.00');
  });

  it('a card back-dated into an invoiced period answers 409 usage_already_invoiced; one starting after it is accepted', async () => {
    clock.set('2026-06-10T00:00:00Z');
    const setup = await enrolled();
    const issued = await invoice(setup.enrollmentId, '2026-06-01T00:00:00Z', '2026-06-05T00:00:00Z');
    expect(issued.status).toBe(201);
    const refused = await card(setup.enrollmentId, setup.meter, '0.05', '2026-06-04T00:00:00Z');
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe('usage_already_invoiced');
    expect(refused.body.message).toContain(issued.body.id);
    const accepted = await card(setup.enrollmentId, setup.meter, '0.05', '2026-06-05T00:00:00Z');
    expect(accepted.status, accepted.raw).toBe(201);
    // Listing shows each card's range.
    const list = await t.client.get(`/customers/${setup.enrollmentId}/rate-cards`, acme.key);
    expect(list.body.rateCards).toEqual([expect.objectContaining({ id: accepted.body.id, effectiveFrom: '2026-06-05T00:00:00.000Z', effectiveTo: null, active: true })]);
  });

  it('a card starting in the future prices nothing until then and is not active yet', async () => {
    clock.set('2026-07-01T00:00:00Z');
    const setup = await enrolled();
    const future = await card(setup.enrollmentId, setup.meter, '0.05', '2026-07-10T00:00:00Z');
    expect(future.status).toBe(201);
    expect(future.body.active).toBe(false);
    clock.set('2026-07-12T00:00:00Z');
    await record(setup, '2026-07-05T10:00:00Z');
    await record(setup, '2026-07-11T10:00:00Z');
    const res = await invoice(setup.enrollmentId, '2026-07-01T00:00:00Z', '2026-07-12T00:00:00Z');
    expect(summary(res.body.lineItems).map(([, q, p]) => [q, p])).toEqual([
      ['100', '0.10'],
      ['100', '0.05'],
    ]);
    // Deleted before it started, a card never prices anything.
    const other = await enrolled();
    const unused = await card(other.enrollmentId, other.meter, '0.05', '2026-08-01T00:00:00Z');
    const deleted = await t.client.delete(`/customers/${other.enrollmentId}/rate-cards/${unused.body.id}`, acme.key);
    expect(deleted.body).toMatchObject({ effectiveFrom: '2026-08-01T00:00:00.000Z', effectiveTo: '2026-08-01T00:00:00.000Z', active: false });
    clock.set('2026-08-05T00:00:00Z');
    await record(other, '2026-08-02T10:00:00Z');
    const plain = await invoice(other.enrollmentId, '2026-07-20T00:00:00Z', '2026-08-05T00:00:00Z');
    expect(summary(plain.body.lineItems)).toEqual([[`Meter ${other.meter}`, '100', '0.10', '10.00']]);
  });
});
