// The subscription fee fixes of the money audit (issue #27), each a story on a moving clock with
// its arithmetic beside the checks: a coupon on an advance proration (B2), a version change inside
// a future anchor's first shorter period (B3), a rate card's basePrice (B4), an arrears cancel now
// billing the partial period, a pause prorating in arrears and in advance, and a dunning schedule
// that a pause and a resume leave alone. Every story ends with the ledger reconciled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { createMeter } from '../factories/catalog.ts';
import { ManualClock } from '../../src/core/clock.ts';
import { runDueSubscriptions } from '../../src/flows/subscriptions/index.ts';

const clock = new ManualClock('2026-02-01T00:00:00.000Z');
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

/** A published monthly plan at each price (the first the default): its product and version ids. */
async function plan(...prices: string[]): Promise<{ productId: string; versions: string[] }> {
  const created = await t.client.post('/products', acme.key, { key: `plan-${n++}`, name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: prices[0] });
  expect(created.status, created.raw).toBe(201);
  const productId = created.body.product.id;
  const versions = [created.body.version.id];
  await t.client.post(`/products/${productId}/versions/${versions[0]}/publish`, acme.key);
  for (const basePrice of prices.slice(1)) {
    const next = await t.client.post(`/products/${productId}/versions`, acme.key, { basePrice });
    expect(next.status, next.raw).toBe(201);
    expect((await t.client.post(`/products/${productId}/versions/${next.body.id}/publish`, acme.key, { default: false })).status).toBe(200);
    versions.push(next.body.id);
  }
  return { productId, versions };
}

async function subscribe(productVersionId: string, body: Record<string, unknown> = {}) {
  const customer = await t.client.post('/customers', acme.key, { name: `Customer ${n++}`, email: `c${n}@example.com` });
  const res = await t.client.post('/billing/subscriptions', acme.key, { customerId: customer.body.id, productVersionId, ...body });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

const run = async () => {
  const result = await runDueSubscriptions(t.database.db, clock, t.config.baseUrl);
  expect(result.failures).toEqual([]);
};
const invoices = async (id: string) => ((await t.client.get(`/billing/invoices?subscriptionId=${id}&limit=100`, acme.key)).body.invoices as any[]).reverse();
const lines = (invoice: any) => invoice.lineItems.map((l: any) => [l.type, l.quantity, l.unitPrice, l.amount]);
const reconciled = async () => {
  const res = await t.client.get('/billing/reconciliation', acme.key);
  expect(res.status, res.raw).toBe(200);
  expect(res.body).toMatchObject({ reconciled: true, mismatches: [] });
};

describe('audit: subscription fees', () => {
  it('B2: an advance upgrade under a forever 50% coupon credits what was paid and discounts the charge', async () => {
    clock.set('2026-02-01T00:00:00.000Z');
    await t.client.post('/billing/coupons', acme.key, { code: 'HALF', percentOff: '50', duration: 'forever' });
    const { versions } = await plan('30.00', '58.00');
    const sub = await subscribe(versions[0]!, { couponCode: 'HALF' });
    // February: 30.00 - 50% = 15.00 paid.
    clock.set('2026-02-15T00:00:00.000Z');
    const changed = await t.client.post(`/billing/subscriptions/${sub.id}/change-version`, acme.key, { productVersionId: versions[1] });
    expect(changed.status, changed.raw).toBe(200);
    const [february, proration] = await invoices(sub.id);
    expect(february.total).toBe('15.00');
    // Feb 15 leaves 14 of February's 28 days: share 0.5.
    // Credit at what was paid: 0.5 x 30.00 x 50% = -7.50. Charge: 0.5 x 58.00 = 29.00, the coupon
    // takes 50% of it: -14.50. Total -7.50 + 29.00 - 14.50 = 7.00 = (-15.00 + 29.00) x 50%
    // (it billed 14.00 before the fix, the coupon ignored).
    expect(lines(proration)).toEqual([
      ['proration', '0.5', '-15.00', '-7.50'],
      ['proration', '0.5', '58.00', '29.00'],
      ['discount', '1', '-14.50', '-14.50'],
    ]);
    expect(proration).toMatchObject({ total: '7.00', periodStart: '2026-02-15T00:00:00.000Z', periodEnd: '2026-03-01T00:00:00.000Z' });
    clock.set('2026-03-01T00:00:00.000Z');
    await run();
    // March: 58.00 - 50% = 29.00.
    expect((await invoices(sub.id)).map((i) => i.total)).toEqual(['15.00', '7.00', '29.00']);
    await reconciled();
  });

  it('B3: arrears, an upgrade inside the first shorter period of a future anchor bills each version its share', async () => {
    clock.set('2026-03-10T00:00:00.000Z');
    const { versions } = await plan('31.00', '62.00');
    const sub = await subscribe(versions[0]!, { billingMode: 'arrears', anchor: '2026-04-01T00:00:00.000Z' });
    clock.set('2026-03-20T00:00:00.000Z');
    expect((await t.client.post(`/billing/subscriptions/${sub.id}/change-version`, acme.key, { productVersionId: versions[1] })).status).toBe(200);
    clock.set('2026-04-01T00:00:00.000Z');
    await run();
    const [first] = await invoices(sub.id);
    // The first period Mar 10 -> Apr 1 is prorated against March's 31 days, each version on the
    // same basis: 31.00 x 10/31 = 10.00 (Mar 10 -> 20) + 62.00 x 12/31 = 24.00 (Mar 20 -> Apr 1)
    // = 34.00 (it billed 62.00 x 22/31 = 44.00 before the fix).
    expect(lines(first)).toEqual([
      ['proration', '0.322581', '31.00', '10.00'],
      ['proration', '0.387097', '62.00', '24.00'],
    ]);
    expect(first).toMatchObject({ total: '34.00', periodStart: '2026-03-10T00:00:00.000Z', periodEnd: '2026-04-01T00:00:00.000Z' });
    clock.set('2026-05-01T00:00:00.000Z');
    await run();
    // April: the new version in full.
    expect((await invoices(sub.id)).map((i) => i.total)).toEqual(['34.00', '62.00']);
    await reconciled();
  });

  it("B4: a rate card's basePrice bills from the first period starting after it takes effect", async () => {
    clock.set('2026-03-01T00:00:00.000Z');
    const { versions } = await plan('49.90');
    const sub = await subscribe(versions[0]!);
    const meter = await createMeter(t.client, acme.key);
    const card = await t.client.post(`/customers/${sub.id}/rate-cards`, acme.key, { basePrice: '39.90', effectiveFrom: '2026-03-15T00:00:00.000Z', prices: [{ meter: meter.key, unitPrice: '0.01' }] });
    expect(card.status, card.raw).toBe(201);
    clock.set('2026-05-01T00:00:00.000Z');
    await run();
    const all = await invoices(sub.id);
    // March was billed at its start (Mar 1), before the card: 49.90. April and May start with the
    // card in force: 39.90 each (the card's prices meter nothing here: no usage).
    expect(all.map((i) => [i.periodStart.slice(0, 10), i.total])).toEqual([
      ['2026-03-01', '49.90'],
      ['2026-04-01', '39.90'],
      ['2026-05-01', '39.90'],
    ]);
    expect(all[1].lineItems.find((l: any) => l.type === 'recurring_fee')).toMatchObject({ unitPrice: '39.90', amount: '39.90' });
    await reconciled();
  });

  it('cancel now, arrears: bills the partial period by the second', async () => {
    clock.set('2026-03-01T00:00:00.000Z');
    const { versions } = await plan('30.00');
    const sub = await subscribe(versions[0]!, { billingMode: 'arrears' });
    clock.set('2026-03-11T12:00:00.000Z');
    const canceled = await t.client.post(`/billing/subscriptions/${sub.id}/cancel`, acme.key, {});
    expect(canceled.body).toMatchObject({ status: 'canceled', canceledAt: '2026-03-11T12:00:00.000Z' });
    const [partial] = await invoices(sub.id);
    // Mar 1 00:00 -> Mar 11 12:00 = 10.5 of March's 31 days: 30.00 x 10.5/31 = 10.1612... -> 10.16.
    expect(lines(partial)).toEqual([['proration', '0.33871', '30.00', '10.16']]);
    expect(partial).toMatchObject({ total: '10.16', periodStart: '2026-03-01T00:00:00.000Z', periodEnd: '2026-03-11T12:00:00.000Z' });
    clock.set('2026-06-01T00:00:00.000Z');
    await run();
    expect(await invoices(sub.id)).toHaveLength(1);
    await reconciled();
  });

  it('a pause prorates: arrears bills the time not paused, advance credits the paid paused time on the next invoice', async () => {
    clock.set('2026-03-01T00:00:00.000Z');
    const { versions } = await plan('30.00');
    // Charged to a card that pays, so nothing is owed when they resume.
    const card = { collectionMethod: 'charge_automatically', paymentMethod: '4242424242424242' };
    const arrears = await subscribe(versions[0]!, { billingMode: 'arrears', ...card });
    const advance = await subscribe(versions[0]!, card);
    clock.set('2026-03-10T00:00:00.000Z');
    for (const sub of [arrears, advance]) expect((await t.client.post(`/billing/subscriptions/${sub.id}/pause`, acme.key)).body.status).toBe('paused');
    clock.set('2026-03-20T00:00:00.000Z');
    for (const sub of [arrears, advance]) {
      const resumed = await t.client.post(`/billing/subscriptions/${sub.id}/resume`, acme.key);
      expect(resumed.body).toMatchObject({ status: 'active', nextBillingDate: '2026-04-01T00:00:00.000Z' });
    }
    clock.set('2026-04-01T00:00:00.000Z');
    await run();
    // Arrears, March: paused Mar 10 -> 20 (10 days), 21 of 31 days billed: 30.00 x 21/31 = 20.3225... -> 20.32.
    const [march] = await invoices(arrears.id);
    expect(lines(march)).toEqual([['proration', '0.677419', '30.00', '20.32']]);
    expect(march.lineItems[0].description).toBe('Período de Plan, 01/03/2026 a 01/04/2026, menos 10 dias pausados (21 de 31 dias)');
    // Advance: March was paid 30.00 at its start; its 10 paused days come off April's invoice at
    // what was paid: 30.00 x 10/31 = 9.6774... -> -9.68. April: 30.00 - 9.68 = 20.32.
    const [paid, april] = await invoices(advance.id);
    expect(paid.total).toBe('30.00');
    expect(lines(april)).toEqual([
      ['recurring_fee', '1', '30.00', '30.00'],
      ['proration', '0.322581', '-30.00', '-9.68'],
    ]);
    expect(april.total).toBe('20.32');
    expect(april.lineItems[1].description).toBe('Crédito do período pausado de Plan, 10/03/2026 a 20/03/2026 (10 de 31 dias)');
    // The credit is taken once: May is billed in full.
    clock.set('2026-05-01T00:00:00.000Z');
    await run();
    expect((await invoices(advance.id)).map((i) => i.total)).toEqual(['30.00', '20.32', '30.00']);
    expect((await invoices(arrears.id)).map((i) => i.total)).toEqual(['20.32', '30.00']);
    await reconciled();
  });

  it('a pause across periods: arrears bills the time before it at the resume, advance bills the rest of the period resumed in', async () => {
    clock.set('2026-03-01T00:00:00.000Z');
    const { versions } = await plan('31.00');
    const arrears = await subscribe(versions[0]!, { billingMode: 'arrears' });
    const advance = await subscribe(versions[0]!);
    clock.set('2026-03-21T00:00:00.000Z');
    for (const sub of [arrears, advance]) await t.client.post(`/billing/subscriptions/${sub.id}/pause`, acme.key);
    clock.set('2026-05-11T00:00:00.000Z');
    await run(); // nothing is billed while paused
    expect(await invoices(arrears.id)).toHaveLength(0);
    for (const sub of [arrears, advance]) expect((await t.client.post(`/billing/subscriptions/${sub.id}/resume`, acme.key)).status).toBe(200);
    // Arrears: March's 20 days before the pause, billed at the resume: 31.00 x 20/31 = 20.00.
    // April, wholly paused, is not billed; May bills its 21 days after the resume at its end.
    expect((await invoices(arrears.id)).map((i) => [i.periodStart.slice(0, 10), i.periodEnd.slice(0, 10), i.total])).toEqual([['2026-03-01', '2026-04-01', '20.00']]);
    // Advance: March (31.00) was paid; its 11 paused days are a credit of 31.00 x 11/31 = -11.00 on
    // the next period's invoice. May 11 -> Jun 1 (21 of May's 31 days) is due at the resume:
    // 31.00 x 21/31 = 21.00.
    expect((await invoices(advance.id)).map((i) => [i.periodStart.slice(0, 10), i.periodEnd.slice(0, 10), i.total])).toEqual([
      ['2026-03-01', '2026-04-01', '31.00'],
      ['2026-05-11', '2026-06-01', '21.00'],
    ]);
    clock.set('2026-06-01T00:00:00.000Z');
    await run();
    // Arrears May: 31.00 x 21/31 = 21.00. Advance June: 31.00 - 11.00 = 20.00.
    expect((await invoices(arrears.id)).map((i) => i.total)).toEqual(['20.00', '21.00']);
    expect((await invoices(advance.id)).map((i) => i.total)).toEqual(['31.00', '21.00', '20.00']);
    await reconciled();
  });

  it('pausing and resuming leaves a declined invoice on its retry schedule', async () => {
    clock.set('2026-03-01T08:00:00.000Z');
    const { versions } = await plan('30.00');
    const sub = await subscribe(versions[0]!, { collectionMethod: 'charge_automatically', paymentMethod: '4000000000000002' });
    // Declined: past_due, first retry a day later (the default schedule 1, 3, 5, 7 days).
    expect(sub).toMatchObject({ status: 'past_due', nextRetryAt: '2026-03-02T08:00:00.000Z' });
    clock.set('2026-03-01T20:00:00.000Z');
    expect((await t.client.post(`/billing/subscriptions/${sub.id}/pause`, acme.key)).body).toMatchObject({ status: 'paused', nextRetryAt: '2026-03-02T08:00:00.000Z' });
    clock.set('2026-03-02T08:00:00.000Z');
    await run(); // the first retry runs while paused: declined again, the second is on day 3
    expect((await t.client.get(`/billing/subscriptions/${sub.id}`, acme.key)).body).toMatchObject({ status: 'paused', nextRetryAt: '2026-03-04T08:00:00.000Z' });
    clock.set('2026-03-03T08:00:00.000Z');
    const resumed = await t.client.post(`/billing/subscriptions/${sub.id}/resume`, acme.key);
    expect(resumed.body).toMatchObject({ status: 'past_due', nextRetryAt: '2026-03-04T08:00:00.000Z', nextBillingDate: '2026-04-01T08:00:00.000Z' });
    await t.client.patch(`/billing/subscriptions/${sub.id}`, acme.key, { paymentMethod: '4242424242424242' });
    clock.set('2026-03-04T08:00:00.000Z');
    await run(); // the second retry charges the new card: recovered
    expect((await t.client.get(`/billing/subscriptions/${sub.id}`, acme.key)).body).toMatchObject({ status: 'active', nextRetryAt: null });
    clock.set('2026-04-01T08:00:00.000Z');
    await run();
    // March (30.00) was paid; paused Mar 1 20:00 -> Mar 3 08:00 = 1.5 of its 31 days, credited on
    // April's invoice: 30.00 x 1.5/31 = 1.4516... -> -1.45; April 30.00 - 1.45 = 28.55.
    const all = await invoices(sub.id);
    expect(all.map((i) => [i.status, i.total])).toEqual([
      ['paid', '30.00'],
      ['paid', '28.55'],
    ]);
    await reconciled();
  });
});
