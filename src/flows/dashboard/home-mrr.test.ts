// MRR on the dashboard's home (issue #32; flows/subscriptions/mrr-repository.ts) on a real
// database, beyond home-figures.test.ts: a past_due subscription is counted (it is still owed its
// fee), a rate card's base price replaces the version's from the moment it is in force (a card of
// usage prices only keeps the version's fee; a card starting later is not counted yet), and usage
// is not MRR: a usage-only subscription adds 0.00 to the figure and 1 to the count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../core/clock.ts';
import { formatAmount } from '../../core/locale.ts';
import { startTestApp, type TestContext } from '../../../test/harness.ts';
import { shopWithOwner, signedIn, type SeededShop } from '../../../test/dashboard-money.ts';

const clock = new ManualClock('2026-03-10T12:00:00Z');
let t: TestContext;
let hana: SeededShop;
let n = 0;

const listOf = (html: string, id: string) => new RegExp(`<ul class="[^"]+" id="${id}">(.*?)</ul>`, 's').exec(html)?.[1] ?? '';

async function post(path: string, body: Record<string, unknown> = {}) {
  const res = await t.client.post(path, hana.key, body);
  expect(res.status, res.raw).toBeLessThan(300);
  return res.body;
}

/** A published product: its version priced by `version` (base price and cycle, or usage prices). */
async function product(key: string, body: Record<string, unknown>, prices?: unknown[]): Promise<string> {
  const created = await post('/products', { key, name: key, ...body });
  if (prices) {
    const patched = await t.client.patch(`/products/${created.product.id}/versions/${created.version.id}`, hana.key, { prices });
    expect(patched.status, patched.raw).toBe(200);
  }
  await post(`/products/${created.product.id}/versions/${created.version.id}/publish`);
  return created.product.id as string;
}

/** A new customer subscribed to the product; the subscription (its id is the enrollment's). */
async function subscribe(productId: string, body: Record<string, unknown> = {}) {
  const customer = await post('/customers', { name: `Cliente ${++n}`, email: `cliente${n}@example.com` });
  return post('/billing/subscriptions', { customerId: customer.id, productId, ...body });
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  hana = await shopWithOwner(t, 'Loja da Hana', 'hana@loja.example');
});
afterAll(() => t.close());

describe('MRR on home', () => {
  it('counts past_due, prices by the rate card in force now, and leaves usage out', async () => {
    await post('/meters', { key: 'calls', name: 'Chamadas', aggregation: 'sum' });
    const calls = [{ meter: 'calls', unitPrice: '0.10' }];
    const plan = await product('plano', { pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '100.00' }, calls);
    const api = await product('api', { pricingModel: 'usage' }, calls);

    await subscribe(plan); // active, the version's 100.00
    // A declined card: the first invoice stays open and the subscription is past_due. Still counted.
    const pastDue = await subscribe(plan, { collectionMethod: 'charge_automatically', paymentMethod: '4000000000000002' });
    expect(pastDue.status).toBe('past_due');
    // A rate card in force now with its own base price: 80.00 replaces the version's 100.00 (the
    // going rate; the period under way was billed at 100.00 and the next one bills 80.00).
    const discounted = await subscribe(plan);
    await post(`/customers/${discounted.id}/rate-cards`, { basePrice: '80.00', prices: [{ meter: 'calls', unitPrice: '0.05' }] });
    // A card of usage prices only sets no base price: the version's 100.00 stays.
    const usagePrices = await subscribe(plan);
    await post(`/customers/${usagePrices.id}/rate-cards`, { prices: [{ meter: 'calls', unitPrice: '0.05' }] });
    // A card starting on 1 April is not in force on 10 March: 100.00 still.
    const later = await subscribe(plan);
    await post(`/customers/${later.id}/rate-cards`, { basePrice: '50.00', prices: calls, effectiveFrom: '2026-04-01T00:00:00Z' });
    // Usage only (no base price): 0.00 of MRR, whatever it meters; still a live subscription.
    expect((await subscribe(api, { billingCycle: 'monthly' })).status).toBe('active');

    const page = await hana.owner.get('/dashboard');
    expect(page.status).toBe(200);
    // 100.00 (active) + 100.00 (past_due) + 80.00 (card) + 100.00 (card without base price)
    // + 100.00 (card not yet in force) + 0.00 (usage only) = 480.00, all monthly (x 12 / 12), from 6.
    expect(listOf(page.html, 'mrr')).toBe(`<li>${formatAmount('480.00', 'BRL', 'pt-BR')} <span class="note">6 assinaturas</span></li>`);

    // On 1 April the later card is in force: 480.00 - 100.00 + 50.00 = 430.00.
    // (Three weeks on, the first session has lapsed: she signs in again.)
    clock.set(new Date('2026-04-01T00:00:00Z'));
    const april = await (await signedIn(t, hana.email, 'a long password')).get('/dashboard');
    expect(april.status).toBe(200);
    expect(listOf(april.html, 'mrr')).toBe(`<li>${formatAmount('430.00', 'BRL', 'pt-BR')} <span class="note">6 assinaturas</span></li>`);
  });
});
