// Security: another account's ids, and sandbox ids seen with a live key, answer 404 on every
// customers, enrollments and rate-card route (path ids and ids in bodies alike).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer, createPublishedUsageProduct, enroll } from '../../../test/factories/catalog.ts';
import { effectivePrices, resolveEnrollment } from './service.ts';

let t: TestContext;
let victim: SeededAccount;
let attacker: SeededAccount;
const ids = { customer: '', product: '', version: '', meterKey: '', enrollment: '', rateCard: '' };
const own: Record<string, { customer: string; product: string; enrollment: string }> = {};

beforeAll(async () => {
  t = await startTestApp();
  victim = await seedAccount(t.client, 'Victim');
  attacker = await seedAccount(t.client, 'Attacker');
  const customer = await createCustomer(t.client, victim.key, { externalId: 'victim-ext' });
  const { product, version, meter } = await createPublishedUsageProduct(t.client, victim.key);
  const enrollment = await enroll(t.client, victim.key, customer.id, product.id);
  const card = await t.client.post(`/customers/${enrollment.id}/rate-cards`, victim.key, { prices: [{ meter: meter.key, unitPrice: '0.5' }] });
  Object.assign(ids, { customer: customer.id, product: product.id, version: version.id, meterKey: meter.key, enrollment: enrollment.id, rateCard: card.body.id });
  // Each attacking key gets data of its own, to aim foreign ids from inside a valid request.
  for (const [name, key] of [['attacker', attacker.key], ['live', victim.liveKey]] as const) {
    const c = await createCustomer(t.client, key);
    const p = await createPublishedUsageProduct(t.client, key);
    const e = await enroll(t.client, key, c.id, p.product.id);
    own[name] = { customer: c.id, product: p.product.id, enrollment: e.id };
  }
});
afterAll(() => t.close());

type Route = [name: string, method: string, path: (mine: (typeof own)[string]) => string, body?: (mine: (typeof own)[string]) => unknown, resource?: string];

const routes: Route[] = [
  ['GET customer', 'GET', () => `/customers/${ids.customer}`],
  ['PATCH customer', 'PATCH', () => `/customers/${ids.customer}`, () => ({ name: 'pwned' })],
  ['POST enrollment for the customer', 'POST', () => `/customers/${ids.customer}/enrollments`, (m) => ({ productId: m.product }), 'customer'],
  ['POST enrollment in the product', 'POST', (m) => `/customers/${m.customer}/enrollments`, () => ({ productId: ids.product }), 'product'],
  ['GET customer enrollments', 'GET', () => `/customers/${ids.customer}/enrollments`],
  ['GET enrollment', 'GET', () => `/enrollments/${ids.enrollment}`],
  ['POST rate card', 'POST', () => `/customers/${ids.enrollment}/rate-cards`, () => ({ prices: [{ meter: ids.meterKey, unitPrice: '0' }] }), 'enrollment'],
  ['GET rate cards', 'GET', () => `/customers/${ids.enrollment}/rate-cards`],
  ['DELETE rate card', 'DELETE', () => `/customers/${ids.enrollment}/rate-cards/${ids.rateCard}`],
  ['DELETE the rate card through an own enrollment', 'DELETE', (m) => `/customers/${m.enrollment}/rate-cards/${ids.rateCard}`, undefined, 'rate_card'],
];

describe.each([
  ['another account', () => attacker.key, () => own.attacker!],
  ["the victim's live key on sandbox ids", () => victim.liveKey, () => own.live!],
])('customer routes with %s', (_who, keyOf, mineOf) => {
  it.each(routes)('%s answers 404', async (_name, method, path, body, resource) => {
    const res = await t.client.request(method, path(mineOf()), { key: keyOf(), body: body?.(mineOf()) });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('not_found');
    expect(res.body.resource).not.toBe('route'); // the route exists: the id is what is not found
    if (resource) expect(res.body.resource).toBe(resource);
  });

  it('lists and filters show none of the victim sandbox data', async () => {
    const all = await t.client.get('/customers?limit=100', keyOf());
    expect(all.raw).not.toContain(ids.customer);
    expect((await t.client.get('/customers?externalId=victim-ext', keyOf())).body.customers).toEqual([]);
  });
});

it('service lookups of other areas respect the tenant too', async () => {
  const db = t.app.deps.db;
  const foreign = { accountId: attacker.id, environment: 'sandbox' as const };
  expect(await resolveEnrollment(db, foreign, ids.customer, ids.product)).toBeUndefined();
  expect(await resolveEnrollment(db, foreign, 'victim-ext', ids.product)).toBeUndefined();
  await expect(effectivePrices(db, foreign, ids.enrollment, new Date())).rejects.toMatchObject({ code: 'not_found' });
});

it('the victim data is unchanged after the attempts', async () => {
  expect((await t.client.get(`/customers/${ids.customer}`, victim.key)).body.name).toBe('Ana');
  const cards = await t.client.get(`/customers/${ids.enrollment}/rate-cards`, victim.key);
  expect(cards.body.rateCards.map((c: { id: string; active: boolean }) => [c.id, c.active])).toEqual([[ids.rateCard, true]]);
  expect((await t.client.get(`/customers/${ids.customer}/enrollments`, victim.key)).body.enrollments).toHaveLength(1);
});
