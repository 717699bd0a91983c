// The sandbox test clock: advancing it bills what became due before answering, the account's
// sandbox requests run as of it, the runners of every process respect it, and production ignores it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { ManualClock } from '../../core/clock.ts';
import { runDueSubscriptions } from './service.ts';

const real = new ManualClock('2026-01-15T09:00:00.000Z');
let t: TestContext;
let acme: SeededAccount;
const plans: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({ clock: real });
  acme = await seedAccount(t.client, 'Acme');
  for (const key of [acme.key, acme.liveKey]) {
    const created = await t.client.post('/products', key, { key: 'pro', name: 'Pro', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '20.00' });
    await t.client.post(`/products/${created.body.product.id}/versions/${created.body.version.id}/publish`, key);
    plans[key] = created.body.product.id;
  }
});
afterAll(async () => {
  await t.close();
});

async function subscribe(key: string, body: Record<string, unknown> = {}) {
  const customer = await t.client.post('/customers', key, { name: 'Ana', email: 'ana@example.com' });
  const res = await t.client.post('/billing/subscriptions', key, { customerId: customer.body.id, productId: plans[key], ...body });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

const invoiceCount = async (id: string) => (await t.client.get(`/billing/invoices?subscriptionId=${id}&limit=100`, acme.key)).body.invoices.length;

describe('test clock', () => {
  it('follows the real clock until advanced', async () => {
    expect((await t.client.get('/test/clock', acme.key)).body).toEqual({ now: '2026-01-15T09:00:00.000Z', frozen: false });
  });

  it('bills what became due before answering, and the sandbox then runs as of it', async () => {
    const sub = await subscribe(acme.key);
    const trial = await subscribe(acme.key, { trialDays: 7 });
    expect(await invoiceCount(sub.id)).toBe(1);
    const advanced = await t.client.post('/test/clock/advance', acme.key, { to: '2026-04-16T00:00:00.000Z' });
    expect(advanced.status, advanced.raw).toBe(200);
    // Periods of Feb 15, Mar 15 and Apr 15 for the first; the trial ended on Jan 22: Jan 22, Feb 22, Mar 22.
    expect(advanced.body).toEqual({ now: '2026-04-16T00:00:00.000Z', frozen: true, invoicesCreated: 6 });
    expect(await invoiceCount(sub.id)).toBe(4);
    expect((await t.client.get(`/billing/subscriptions/${trial.id}`, acme.key)).body).toMatchObject({ status: 'active', nextBillingDate: '2026-04-22T09:00:00.000Z' });
    expect((await t.client.get('/test/clock', acme.key)).body).toEqual({ now: '2026-04-16T00:00:00.000Z', frozen: true });
    const customer = await t.client.post('/customers', acme.key, { name: 'Later' });
    expect(customer.body.createdAt).toBe('2026-04-16T00:00:00.000Z');
    // Advancing to the same instant again changes nothing.
    expect((await t.client.post('/test/clock/advance', acme.key, { to: '2026-04-16T00:00:00.000Z' })).body.invoicesCreated).toBe(0);
  });

  it('moves forward only', async () => {
    const res = await t.client.post('/test/clock/advance', acme.key, { to: '2026-04-01T00:00:00.000Z' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'to', constraint: 'forward_only' });
  });

  it('goes at most 10 years past the real time (found by the fuzz battery: a clock at 9999-12-31 made due dates past year 9999, a 500)', async () => {
    const before = (await t.client.get('/test/clock', acme.key)).body;
    const res = await t.client.post('/test/clock/advance', acme.key, { to: '9999-12-31T23:59:59.999Z' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'to', constraint: 'too_far' });
    expect((await t.client.get('/test/clock', acme.key)).body).toEqual(before);
  });

  it('keeps the runners of the real clock behind a frozen test clock, and production on the real clock', async () => {
    const live = await subscribe(acme.liveKey);
    expect(live.startedAt).toBe(real.now().toISOString());
    const frozenSubs = (await t.client.get('/billing/subscriptions?limit=100', acme.key)).body.subscriptions;
    const before = await Promise.all(frozenSubs.map((s: { id: string }) => invoiceCount(s.id)));
    real.set('2026-09-01T00:00:00.000Z'); // real time passes the frozen sandbox
    await runDueSubscriptions(t.database.db, real, t.config.baseUrl);
    expect(await Promise.all(frozenSubs.map((s: { id: string }) => invoiceCount(s.id)))).toEqual(before);
    const liveInvoices = (await t.client.get(`/billing/invoices?subscriptionId=${live.id}&limit=100`, acme.liveKey)).body.invoices;
    expect(liveInvoices).toHaveLength(8); // Jan 15 to Aug 15 on the real clock
  });

  it('does not exist for live keys', async () => {
    expect((await t.client.get('/test/clock', acme.liveKey)).status).toBe(404);
    expect((await t.client.post('/test/clock/advance', acme.liveKey, { to: '2030-01-01T00:00:00Z' })).status).toBe(404);
  });
});
