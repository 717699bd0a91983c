// Usage on a cycle, on a moving clock: a usage plan with a grant and a commitment that resets, one
// whose commitment carries over, a subscription plan with a fee in advance and usage in arrears,
// cancel now billing usage to date, late events refused once a period is invoiced, and from-usage
// kept off what a subscription bills. Every invoice's lines and totals are checked.
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

const run = () => runDueSubscriptions(t.database.db, clock, t.config.baseUrl);

/** A published product with one `sum` meter priced per unit, and the version fields given. */
async function product(pricingModel: 'usage' | 'subscription', version: (meterKey: string) => Record<string, unknown> = () => ({})) {
  const meterKey = `calls-${n++}`;
  expect((await t.client.post('/meters', acme.key, { key: meterKey, name: 'API calls', aggregation: 'sum' })).status).toBe(201);
  const created = await t.client.post('/products', acme.key, {
    key: `usage-plan-${n++}`,
    name: 'API plan',
    pricingModel,
    ...(pricingModel === 'subscription' && { billingCycle: 'monthly', basePrice: '20.00' }),
  });
  expect(created.status, created.raw).toBe(201);
  const { product, version: draft } = created.body;
  const patched = await t.client.patch(`/products/${product.id}/versions/${draft.id}`, acme.key, { prices: [{ meter: meterKey, unitPrice: '0.10' }], ...version(meterKey) });
  expect(patched.status, patched.raw).toBe(200);
  expect((await t.client.post(`/products/${product.id}/versions/${draft.id}/publish`, acme.key)).status).toBe(200);
  return { productId: product.id as string, meterKey };
}

async function subscribe(productId: string, body: Record<string, unknown> = {}) {
  const customer = await t.client.post('/customers', acme.key, { name: `Customer ${n++}` });
  const res = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId, ...body });
  expect(res.status, res.raw).toBe(201);
  return { sub: res.body, customerId: customer.body.id as string };
}

/** Records usage at `timestamp`, the clock moved there first when behind (events are not taken from the future). */
async function use(meterKey: string, productId: string, customerId: string, value: string, timestamp: string) {
  if (new Date(timestamp) > clock.now()) clock.set(timestamp);
  const res = await t.client.post('/metering/events', acme.key, { meter: meterKey, productId, customerId, value, timestamp });
  return res;
}

async function invoicesOf(subscriptionId: string) {
  const res = await t.client.get(`/billing/invoices?subscriptionId=${subscriptionId}&limit=100`, acme.key);
  expect(res.status, res.raw).toBe(200);
  return (res.body.invoices as any[]).reverse();
}

const lines = (invoice: any) => invoice.lineItems.map((l: any) => [l.type, l.quantity, l.amount]);

describe('usage on a cycle', () => {
  it('bills a usage plan monthly in arrears: the grant comes off first, a resetting commitment tops each period up', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, meterKey } = await product('usage', (meter) => ({ grants: [{ meter, amount: '100', on: 'cycle' }], commitmentAmount: '50.00', commitmentResets: true }));
    const { sub, customerId } = await subscribe(productId, { billingCycle: 'monthly' });
    expect(sub).toMatchObject({ billingMode: 'arrears', billingCycle: 'monthly', nextBillingDate: '2027-04-01T00:00:00.000Z' });
    expect(sub.items).toEqual([expect.objectContaining({ kind: 'usage', timing: 'arrears' })]);
    expect(await invoicesOf(sub.id)).toEqual([]);
    // March: 1,000 calls -> 900 billed at 0.10 = 90.00 (above the 50.00 minimum).
    expect((await use(meterKey, productId, customerId, '600', '2027-03-05T00:00:00Z')).status).toBe(201);
    expect((await use(meterKey, productId, customerId, '400', '2027-03-31T23:59:59Z')).status).toBe(201);
    clock.set('2027-04-01T00:00:00.000Z');
    await run();
    // April: 300 calls -> 200 billed = 20.00, topped up by 30.00 to the minimum.
    expect((await use(meterKey, productId, customerId, '300', '2027-04-10T00:00:00Z')).status).toBe(201);
    clock.set('2027-05-01T00:00:00.000Z');
    await run();
    // May: 50 calls, all granted -> 0.00 of usage, 50.00 of minimum; the grant does not carry over.
    expect((await use(meterKey, productId, customerId, '50', '2027-05-02T00:00:00Z')).status).toBe(201);
    clock.set('2027-06-01T00:00:00.000Z');
    await run();
    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((i) => `${i.periodStart.slice(0, 10)}..${i.periodEnd.slice(0, 10)} ${i.total}`)).toEqual([
      '2027-03-01..2027-04-01 90.00',
      '2027-04-01..2027-05-01 50.00',
      '2027-05-01..2027-06-01 50.00',
    ]);
    expect(lines(invoices[0])).toEqual([['usage', '900', '90.00']]);
    expect(invoices[0].lineItems[0].description).toBe('API calls (100 de 100 da franquia)');
    expect(lines(invoices[1])).toEqual([['usage', '200', '20.00'], ['commitment', '1', '30.00']]);
    expect(lines(invoices[2])).toEqual([['usage', '0', '0.00'], ['commitment', '1', '50.00']]);
    // An event inside a billed period is refused; the open period takes it.
    const late = await use(meterKey, productId, customerId, '1', '2027-05-31T00:00:00Z');
    expect(late.status).toBe(409);
    expect(late.body.error_code).toBe('usage_already_invoiced');
    expect((await use(meterKey, productId, customerId, '1', '2027-06-01T00:00:00Z')).status).toBe(201);
    // from-usage stays off what the subscription bills.
    clock.set('2027-06-02T00:00:00.000Z');
    const manual = await t.client.post('/billing/invoices/from-usage', acme.key, { customerId: sub.id, from: '2027-06-01T00:00:00Z', to: '2027-06-02T00:00:00Z' });
    expect(manual.status).toBe(409);
    expect(manual.body).toMatchObject({ error_code: 'conflict' });
    expect(manual.body.message).toContain('2027-06-01T00:00:00.000Z');
  });

  it('carries an unused minimum over as credit that later usage draws down first', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, meterKey } = await product('usage', () => ({ commitmentAmount: '100.00', commitmentResets: false }));
    const { sub, customerId } = await subscribe(productId, { billingCycle: 'monthly' });
    const usage = [
      ['2027-03-10T00:00:00Z', '300'], // 30.00: minimum 100.00 -> +70.00, credit 70.00
      ['2027-04-10T00:00:00Z', '1500'], // 150.00: credit 70.00 drawn, 80.00 left < 100.00 -> +20.00, credit 20.00
      ['2027-05-10T00:00:00Z', '2500'], // 250.00: credit 20.00 drawn, 230.00 >= 100.00, credit 0
    ];
    for (const [at, value] of usage) {
      expect((await use(meterKey, productId, customerId, value!, at!)).status).toBe(201);
      clock.set(new Date(new Date(at!).getTime() + 25 * 86_400_000).toISOString().slice(0, 8) + '01T00:00:00.000Z');
      await run();
    }
    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((i) => i.total)).toEqual(['100.00', '100.00', '230.00']);
    expect(lines(invoices[0])).toEqual([['usage', '300', '30.00'], ['commitment', '1', '70.00']]);
    expect(lines(invoices[1])).toEqual([['usage', '1500', '150.00'], ['commitment_credit', '1', '-70.00'], ['commitment', '1', '20.00']]);
    expect(lines(invoices[2])).toEqual([['usage', '2500', '250.00'], ['commitment_credit', '1', '-20.00']]);
    // 430.00 paid for 30 + 150 + 250 = 430.00 of usage: every minimum paid was used, no credit left.
    expect(invoices.reduce((sum, i) => sum + Number(i.total), 0)).toBe(430);
  });

  it('a subscription plan bills its fee in advance and the previous period\'s usage on the same invoice; cancel now bills usage to date', async () => {
    clock.set('2027-03-01T00:00:00.000Z');
    const { productId, meterKey } = await product('subscription');
    const { sub, customerId } = await subscribe(productId);
    expect((await use(meterKey, productId, customerId, '250', '2027-03-15T00:00:00Z')).status).toBe(201);
    clock.set('2027-04-01T00:00:00.000Z');
    await run();
    expect((await use(meterKey, productId, customerId, '40', '2027-04-03T00:00:00Z')).status).toBe(201);
    clock.set('2027-04-05T00:00:00.000Z');
    const canceled = await t.client.post(`/billing/subscriptions/${sub.id}/cancel`, acme.key, {});
    expect(canceled.status, canceled.raw).toBe(200);
    const invoices = await invoicesOf(sub.id);
    expect(invoices.map((i) => [i.periodStart.slice(0, 10), i.periodEnd.slice(0, 10), i.total])).toEqual([
      ['2027-03-01', '2027-04-01', '20.00'],
      ['2027-04-01', '2027-05-01', '45.00'],
      ['2027-04-01', '2027-04-05', '4.00'],
    ]);
    expect(lines(invoices[0])).toEqual([['recurring_fee', '1', '20.00']]);
    expect(lines(invoices[1])).toEqual([['recurring_fee', '1', '20.00'], ['usage', '250', '25.00']]);
    expect(lines(invoices[2])).toEqual([['usage', '40', '4.00']]);
  });

  it('refuses a usage product without billingCycle, billingCycle on a fee product, and prepaid products for now', async () => {
    const usagePlan = await product('usage');
    const customer = await t.client.post('/customers', acme.key, { name: 'X' });
    const missing = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId: usagePlan.productId });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: 'billingCycle', constraint: 'required' });
    const advance = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId: usagePlan.productId, billingCycle: 'weekly', billingMode: 'advance' });
    expect(advance.body.errors[0]).toMatchObject({ field: 'billingMode' });
    const feePlan = await product('subscription');
    const extra = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productId: feePlan.productId, billingCycle: 'weekly' });
    expect(extra.body.errors[0]).toMatchObject({ field: 'billingCycle', constraint: 'usage_only' });
  });
});
