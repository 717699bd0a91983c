// Prepaid subscriptions on a moving clock: each period's invoice, once paid, credits the balance;
// usage draws it down at ingestion (value x the meter's per-unit price); usage that would take it
// below the version's consumptionFloor is refused (422 insufficient_balance, naming the event, all
// or nothing), resends draw nothing, and the next period's credit lets usage through again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { ManualClock } from '../../src/core/clock.ts';
import { runDueSubscriptions } from '../../src/flows/subscriptions/index.ts';

const clock = new ManualClock('2027-03-01T00:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(async () => {
  await t.close();
});

/** A published prepaid product: 100.00 of credit a month, calls at 0.50 each, the floor given. */
async function prepaidPlan(consumptionFloor: string, model: 'per_unit' | 'tiered' = 'per_unit') {
  const meterKey = `prepaid-calls-${n++}`;
  expect((await t.client.post('/meters', acme.key, { key: meterKey, name: 'Calls', aggregation: 'sum' })).status).toBe(201);
  const created = await t.client.post('/products', acme.key, { key: `prepaid-${n++}`, name: 'Credits', pricingModel: 'prepaid', billingCycle: 'monthly', basePrice: '100.00' });
  expect(created.status, created.raw).toBe(201);
  const { product, version } = created.body;
  const price = model === 'per_unit' ? { meter: meterKey, unitPrice: '0.50' } : { meter: meterKey, tiers: [{ upTo: '10', unitPrice: '1' }, { upTo: null, unitPrice: '0.5' }] };
  const patched = await t.client.patch(`/products/${product.id}/versions/${version.id}`, acme.key, { prices: [price], consumptionFloor });
  expect(patched.status, patched.raw).toBe(200);
  expect((await t.client.post(`/products/${product.id}/versions/${version.id}/publish`, acme.key)).status).toBe(200);
  return { productId: product.id as string, meterKey };
}

async function subscribe(productId: string, body: Record<string, unknown> = {}) {
  const customer = await t.client.post('/customers', acme.key, { name: `Customer ${n++}` });
  const res = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId, ...body });
  expect(res.status, res.raw).toBe(201);
  return { sub: res.body, customerId: customer.body.id as string };
}

const balanceOf = async (id: string) => (await t.client.get(`/billing/subscriptions/${id}/balance`, acme.key)).body;

describe('prepaid subscriptions', () => {
  it('credits each paid period, draws usage down, refuses what would pass the floor, and lets it through after the next credit', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, meterKey } = await prepaidPlan('0');
    const { sub, customerId } = await subscribe(productId, { collectionMethod: 'charge_automatically', paymentMethod: '4242 4242 4242 4242' });
    const [first] = (await t.client.get(`/billing/invoices?subscriptionId=${sub.id}`, acme.key)).body.invoices;
    expect(first).toMatchObject({ status: 'paid', total: '100.00' });
    expect(first.lineItems).toEqual([expect.objectContaining({ type: 'prepaid_credit', amount: '100.00', description: 'Credits: crédito pré-pago (mensal), 01/03/2027 a 01/04/2027' })]);
    expect(await balanceOf(sub.id)).toEqual({ balance: '100.00', currency: 'BRL', consumptionFloor: '0.00', updatedAt: '2027-03-01T00:00:00.000Z' });
    expect((await t.client.get(`/enrollments/${sub.id}`, acme.key)).body.balance).toBe('100.00');

    const event = (value: string, eventId?: string) => ({ meter: meterKey, productId, customerId, value, timestamp: clock.now().toISOString(), ...(eventId && { eventId }) });
    clock.set('2027-03-02T00:00:00.000Z');
    expect((await t.client.post('/metering/events', acme.key, event('150', 'first-150'))).status).toBe(201); // 75.00
    expect((await balanceOf(sub.id)).balance).toBe('25.00');

    // 10.00 then 20.00: the second would leave -5.00. Nothing of the batch is recorded or drawn.
    const batch = await t.client.post('/metering/events/batch', acme.key, { events: [event('20', 'b-1'), event('40', 'b-2')] });
    expect(batch.status, batch.raw).toBe(422);
    expect(batch.body).toMatchObject({ error_code: 'insufficient_balance', errors: [{ field: 'events[1].value', value: '40', constraint: 'balance' }] });
    expect((await balanceOf(sub.id)).balance).toBe('25.00');
    const usage = await t.client.get(`/metering/usage?enrollmentId=${sub.id}&meter=${meterKey}&from=2027-03-01T00:00:00Z&to=2027-03-03T00:00:00Z`, acme.key);
    expect(usage.body.value).toBe('150');

    // A resend draws nothing; an event that brings it exactly to the floor passes; one more does not.
    const resend = await t.client.post('/metering/events', acme.key, event('150', 'first-150'));
    expect(resend.status).toBe(200);
    expect(resend.body.status).toBe('duplicate');
    expect((await t.client.post('/metering/events', acme.key, event('50'))).status).toBe(201);
    expect((await balanceOf(sub.id)).balance).toBe('0.00');
    const refused = await t.client.post('/metering/events', acme.key, event('1'));
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe('value');

    // April's credit is paid when it is made: usage goes through again.
    clock.set('2027-04-01T00:00:00.000Z');
    await runDueSubscriptions(t.database.db, clock, t.config.baseUrl);
    expect((await balanceOf(sub.id)).balance).toBe('100.00');
    expect((await t.client.post('/metering/events', acme.key, event('1'))).status).toBe(201);
    expect((await balanceOf(sub.id)).balance).toBe('99.50');
    // The cycle never invoices a prepaid subscription's usage, and from-usage leaves it alone too.
    const invoices = (await t.client.get(`/billing/invoices?subscriptionId=${sub.id}`, acme.key)).body.invoices;
    expect(invoices.map((i: any) => i.total)).toEqual(['100.00', '100.00']);
    const manual = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: sub.id, from: '2027-03-01T00:00:00Z', to: '2027-04-01T00:00:00Z' });
    expect(manual.status).toBe(409);
    const card = await t.client.post(`/customers/${sub.id}/rate-cards`, acme.key, { prices: [{ meter: meterKey, unitPrice: '0.01' }] });
    expect(card.status).toBe(409);
  });

  it('lets exactly 200 of 300 concurrent 0.50 events draw on a 100.00 balance', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, meterKey } = await prepaidPlan('0');
    const { sub, customerId } = await subscribe(productId, { collectionMethod: 'charge_automatically', paymentMethod: '4242 4242 4242 4242' });
    const timestamp = clock.now().toISOString();
    const answers = await Promise.all(Array.from({ length: 300 }, () => t.client.post('/metering/events', acme.key, { meter: meterKey, productId, customerId, value: '1', timestamp })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(200);
    expect(statuses.filter((s) => s === 422)).toHaveLength(100);
    expect((await balanceOf(sub.id)).balance).toBe('0.00');
    const usage = await t.client.get(`/metering/usage?enrollmentId=${sub.id}&meter=${meterKey}&from=2027-02-28T00:00:00Z&to=2027-03-02T00:00:00Z`, acme.key);
    expect(usage.body.value).toBe('200');
  });

  it('credits nothing while the invoice is open; a negative floor lets usage run that far below zero', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, meterKey } = await prepaidPlan('-10');
    const { sub, customerId } = await subscribe(productId);
    expect((await t.client.get(`/billing/invoices?subscriptionId=${sub.id}`, acme.key)).body.invoices[0].status).toBe('open');
    expect((await balanceOf(sub.id)).balance).toBe('0.00');
    const event = (value: string) => ({ meter: meterKey, productId, customerId, value, timestamp: clock.now().toISOString() });
    expect((await t.client.post('/metering/events', acme.key, event('20'))).status).toBe(201); // -10.00
    expect((await balanceOf(sub.id)).balance).toBe('-10.00');
    expect((await t.client.post('/metering/events', acme.key, event('0.02'))).status).toBe(422);
  });

  it('refuses arrears and prices that are not per unit; a fee subscription has no balance', async () => {
    const tiered = await prepaidPlan('0', 'tiered');
    const customer = await t.client.post('/customers', acme.key, { name: 'Tiered' });
    const res = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId: tiered.productId });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'productId', constraint: 'per_unit_prices' });
    const plain = await prepaidPlan('0');
    const arrears = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId: plain.productId, billingMode: 'arrears' });
    expect(arrears.body.errors[0]).toMatchObject({ field: 'billingMode', constraint: 'advance_only' });
    const fee = await t.client.post('/products', acme.key, { key: `fee-${n++}`, name: 'Fee', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '5.00' });
    await t.client.post(`/products/${fee.body.product.id}/versions/${fee.body.version.id}/publish`, acme.key);
    const { sub } = await subscribe(fee.body.product.id);
    const none = await t.client.get(`/billing/subscriptions/${sub.id}/balance`, acme.key);
    expect(none.status).toBe(404);
    expect(none.body.resource).toBe('balance');
  });
});
