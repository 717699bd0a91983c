// POST /billing/subscriptions/{id}/change-version/preview: what change-version would invoice,
// written nowhere; the change made right after invoices exactly the previewed lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import { runDueSubscriptions } from './index.ts';

const clock = new ManualClock('2026-02-01T00:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
let other: SeededAccount;
let n = 0;

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client, 'Acme');
  other = await seedAccount(t.client, 'Other');
  await t.client.post('/billing/coupons', acme.key, { code: 'HALF', percentOff: '50', duration: 'forever' });
});
afterAll(async () => {
  await t.close();
});

/** A published monthly plan at 30.00 (default) and 58.00: its version ids. */
async function plan(): Promise<[string, string]> {
  const created = await t.client.post('/products', acme.key, { key: `plan-${n++}`, name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '30.00' });
  expect(created.status, created.raw).toBe(201);
  const productId = created.body.product.id;
  await t.client.post(`/products/${productId}/versions/${created.body.version.id}/publish`, acme.key);
  const pro = await t.client.post(`/products/${productId}/versions`, acme.key, { basePrice: '58.00' });
  expect((await t.client.post(`/products/${productId}/versions/${pro.body.id}/publish`, acme.key, { default: false })).status).toBe(200);
  return [created.body.version.id, pro.body.id];
}

async function subscribe(productVersionId: string, body: Record<string, unknown> = {}) {
  clock.set('2026-02-01T00:00:00.000Z');
  const customer = await t.client.post('/customers', acme.key, { name: `Customer ${n++}`, email: `c${n}@example.com` });
  const res = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productVersionId, ...body });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

const invoices = async (id: string) => ((await t.client.get(`/billing/invoices?subscriptionId=${id}&limit=100`, acme.key)).body.invoices as any[]).reverse();
const preview = (id: string, body: unknown, key = acme.key) => t.client.post(`/billing/subscriptions/${id}/change-version/preview`, key, body, { idempotencyKey: null });

describe('change-version preview', () => {
  it('advance with a 50% coupon: the preview is what the change then invoices, to the cent', async () => {
    const [basic, pro] = await plan();
    const sub = await subscribe(basic, { couponCode: 'HALF' });
    clock.set('2026-02-10T07:00:00.000Z');
    const res = await preview(sub.id, { productVersionId: pro });
    expect(res.status, res.raw).toBe(200);
    // February has 672 hours; Feb 10 07:00 leaves 449 of them: share 449/672 = 0.66815476...
    // Credit at what was paid (30.00 - 50% = 15.00): -15.00 x 0.66815476 = -10.0223 -> -10.02.
    // Charge: 58.00 x 0.66815476 = 38.7530 -> 38.75; the coupon takes 50%: 19.375 -> 19.38 (half-up).
    // Subtotal: -10.02 + 38.75 - 19.38 = 9.35, invoiced now, tax added when the invoice is made.
    expect(res.body).toMatchObject({
      subscriptionId: sub.id,
      fromVersionId: basic,
      toVersionId: pro,
      currency: 'BRL',
      timing: 'now',
      invoicedAt: '2026-02-10T07:00:00.000Z',
      credit: '-10.02',
      charge: '38.75',
      discount: '19.38',
      subtotal: '9.35',
    });
    expect(res.body.lines.map((l: any) => [l.type, l.amount])).toEqual([
      ['proration', '-10.02'],
      ['proration', '38.75'],
      ['discount', '-19.38'],
    ]);
    // Nothing was written: the version and the invoices are as before.
    expect((await t.client.get(`/billing/subscriptions/${sub.id}`, acme.key)).body.productVersionId).toBe(basic);
    expect(await invoices(sub.id)).toHaveLength(1);

    const changed = await t.client.post(`/billing/subscriptions/${sub.id}/change-version`, acme.key, { productVersionId: pro });
    expect(changed.status, changed.raw).toBe(200);
    const [, proration] = await invoices(sub.id);
    expect(proration.lineItems.map((l: any) => [l.type, l.amount])).toEqual(res.body.lines.map((l: any) => [l.type, l.amount]));
    expect(proration.lineItems.map((l: any) => l.description)).toEqual(res.body.lines.map((l: any) => l.description));
    expect(proration).toMatchObject({ subtotal: res.body.subtotal, periodStart: '2026-02-10T07:00:00.000Z', periodEnd: '2026-03-01T00:00:00.000Z' });
  });

  it('arrears: the period invoice at its end bills each version its share, as previewed', async () => {
    const [basic, pro] = await plan();
    const sub = await subscribe(basic, { billingMode: 'arrears' });
    clock.set('2026-02-15T00:00:00.000Z');
    const res = await preview(sub.id, { productVersionId: pro });
    expect(res.status, res.raw).toBe(200);
    // Feb 15 splits February's 28 days in halves: 0.5 x 30.00 = 15.00 and 0.5 x 58.00 = 29.00; 44.00.
    expect(res.body).toMatchObject({ timing: 'period_end', invoicedAt: '2026-03-01T00:00:00.000Z', credit: '0.00', charge: '44.00', discount: '0.00', subtotal: '44.00' });
    expect((await t.client.post(`/billing/subscriptions/${sub.id}/change-version`, acme.key, { productVersionId: pro })).status).toBe(200);
    // A second prorated change in the period is refused by the preview as by the change.
    expect((await preview(sub.id, { productVersionId: basic })).status).toBe(409);
    clock.set('2026-03-01T00:00:00.000Z');
    expect((await runDueSubscriptions(t.database.db, clock, t.config.baseUrl)).failures).toEqual([]);
    const [period] = await invoices(sub.id);
    expect(period.lineItems.map((l: any) => [l.type, l.amount])).toEqual(res.body.lines.map((l: any) => [l.type, l.amount]));
    expect(period.subtotal).toBe('44.00');
  });

  it('without proration nothing is invoiced for the change: the next invoice prices the new version', async () => {
    const [basic, pro] = await plan();
    const sub = await subscribe(basic);
    clock.set('2026-02-15T00:00:00.000Z');
    const res = await preview(sub.id, { productVersionId: pro, prorate: false });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ timing: 'next_invoice', invoicedAt: '2026-03-01T00:00:00.000Z', lines: [], subtotal: '0.00' });
    expect((await preview(sub.id, { productVersionId: basic })).body).toMatchObject({ timing: 'unchanged', invoicedAt: null, lines: [] });
  });

  it('refuses as change-version does, and answers 404 for another account’s subscription', async () => {
    const [basic, pro] = await plan();
    const sub = await subscribe(basic);
    expect((await preview(sub.id, { productVersionId: pro }, other.key)).status).toBe(404);
    // An unknown version: 404 (product_version), as change-version answers.
    expect((await preview(sub.id, { productVersionId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    // A key sent is accepted (and replays); the answer still writes nothing.
    const keyed = await t.client.post(`/billing/subscriptions/${sub.id}/change-version/preview`, acme.key, { productVersionId: pro }, { idempotencyKey: 'preview-1' });
    expect(keyed.status, keyed.raw).toBe(200);
    expect((await t.client.get(`/billing/subscriptions/${sub.id}`, acme.key)).body.productVersionId).toBe(basic);
    expect((await t.client.post(`/billing/subscriptions/${sub.id}/pause`, acme.key)).status).toBe(200);
    expect((await preview(sub.id, { productVersionId: pro })).status).toBe(409);
  });
});
