// Version changes mid-period, prorated by the seconds left (February 2026 has 28 days: the 15th
// at midnight leaves half of it): advance -> an invoice now with a credit and a charge; arrears ->
// the period's invoice bills each version for its share; without proration, the next period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { ManualClock } from '../../src/core/clock.ts';
import { runDueSubscriptions } from '../../src/flows/subscriptions/index.ts';

const clock = new ManualClock('2026-02-01T00:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let productId: string;
let basic: string;
let pro: string;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
  const created = await t.client.post('/products', acme.key, { key: 'plan', name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
  productId = created.body.product.id;
  basic = created.body.version.id;
  await t.client.post(`/products/${productId}/versions/${basic}/publish`, acme.key);
  const second = await t.client.post(`/products/${productId}/versions`, acme.key, { basePrice: '58.00' });
  expect(second.status, second.raw).toBe(201);
  pro = second.body.id;
  expect((await t.client.post(`/products/${productId}/versions/${pro}/publish`, acme.key, { default: false })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function subscribe(billingMode: string) {
  clock.set('2026-02-01T00:00:00.000Z');
  const customer = await t.client.post('/customers', acme.key, { name: 'Caio', email: 'caio@example.com' });
  const res = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productVersionId: basic, billingMode });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

const invoices = async (id: string) => ((await t.client.get(`/billing/invoices?subscriptionId=${id}&limit=100`, acme.key)).body.invoices as any[]).reverse();
const lines = (invoice: any) => invoice.lineItems.map((l: any) => [l.type, l.quantity, l.unitPrice, l.amount, l.proration]);

describe('change-version', () => {
  it('advance: invoices the difference for the half period left, then the new price', async () => {
    const sub = await subscribe('advance');
    clock.set('2026-02-15T00:00:00.000Z');
    const changed = await t.client.post(`/billing/subscriptions/${sub.id}/change-version`, acme.key, { productVersionId: pro });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body.productVersionId).toBe(pro);
    expect(changed.body.items.map((i: any) => [i.productVersionId, i.canceledAt])).toEqual([
      [basic, '2026-02-15T00:00:00.000Z'],
      [pro, null],
    ]);
    const [, proration] = await invoices(sub.id);
    expect(lines(proration)).toEqual([
      ['proration', '0.5', '-30.00', '-15.00', true],
      ['proration', '0.5', '58.00', '29.00', true],
    ]);
    expect(proration).toMatchObject({ total: '14.00', status: 'open', periodStart: '2026-02-15T00:00:00.000Z', periodEnd: '2026-03-01T00:00:00.000Z' });
    clock.set('2026-03-01T00:00:00.000Z');
    await runDueSubscriptions(t.database.db, clock, t.config.baseUrl);
    expect((await invoices(sub.id)).map((i) => i.total)).toEqual(['30.00', '14.00', '58.00']);
  });

  it('arrears: the period invoice bills each version for its share', async () => {
    const sub = await subscribe('arrears');
    clock.set('2026-02-15T00:00:00.000Z');
    await t.client.post(`/billing/subscriptions/${sub.id}/change-version`, acme.key, { productVersionId: pro });
    expect((await t.client.post(`/billing/subscriptions/${sub.id}/change-version`, acme.key, { productVersionId: basic })).status).toBe(409);
    clock.set('2026-03-01T00:00:00.000Z');
    await runDueSubscriptions(t.database.db, clock, t.config.baseUrl);
    const [period] = await invoices(sub.id);
    expect(lines(period)).toEqual([
      ['proration', '0.5', '30.00', '15.00', true],
      ['proration', '0.5', '58.00', '29.00', true],
    ]);
    expect(period.total).toBe('44.00');
    clock.set('2026-04-01T00:00:00.000Z');
    await runDueSubscriptions(t.database.db, clock, t.config.baseUrl);
    expect((await invoices(sub.id)).map((i) => i.total)).toEqual(['44.00', '58.00']);
  });

  it('without proration: the new price from the next period', async () => {
    const sub = await subscribe('advance');
    clock.set('2026-02-15T00:00:00.000Z');
    await t.client.post(`/billing/subscriptions/${sub.id}/change-version`, acme.key, { productVersionId: pro, prorate: false });
    clock.set('2026-03-01T00:00:00.000Z');
    await runDueSubscriptions(t.database.db, clock, t.config.baseUrl);
    expect((await invoices(sub.id)).map((i) => i.total)).toEqual(['30.00', '58.00']);
  });

  it('refuses a version of another product or cycle', async () => {
    const sub = await subscribe('advance');
    const other = await t.client.post('/products', acme.key, { key: 'yearly', name: 'Yearly', pricingModel: 'subscription', billingCycle: 'annual', basePrice: '300' });
    await t.client.post(`/products/${other.body.product.id}/versions/${other.body.version.id}/publish`, acme.key);
    const res = await t.client.post(`/billing/subscriptions/${sub.id}/change-version`, acme.key, { productVersionId: other.body.version.id });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('productVersionId');
  });
});
