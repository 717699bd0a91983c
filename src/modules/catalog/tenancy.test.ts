// Security: another account's ids, and sandbox ids seen with a live key, answer 404 on every
// catalog route (path ids and ids in bodies alike), and never change the data behind them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createMeter, createProduct, publishVersion } from '../../../test/factories/catalog.ts';

let t: TestContext;
let victim: SeededAccount;
let attacker: SeededAccount;
const ids = { product: '', version: '', draft: '', meter: '', meterKey: '', link: '' };
/** A product of each attacking key's own, to aim foreign ids from inside a valid request. */
const own = { attacker: '', live: '' };

beforeAll(async () => {
  t = await startTestApp();
  victim = await seedAccount(t.client, 'Victim');
  attacker = await seedAccount(t.client, 'Attacker');
  const meter = await createMeter(t.client, victim.key);
  const { product, version } = await createProduct(t.client, victim.key, { pricingModel: 'usage', basePrice: undefined });
  await t.client.patch(`/products/${product.id}/versions/${version.id}`, victim.key, { prices: [{ meter: meter.key, unitPrice: '1' }] });
  await publishVersion(t.client, victim.key, product.id, version.id);
  const draft = await t.client.post(`/products/${product.id}/versions`, victim.key, {});
  const link = await t.client.post('/payment-links', victim.key, { productId: product.id });
  Object.assign(ids, { product: product.id, version: version.id, draft: draft.body.id, meter: meter.id, meterKey: meter.key, link: link.body.id });
  own.attacker = (await createProduct(t.client, attacker.key)).product.id;
  own.live = (await createProduct(t.client, victim.liveKey)).product.id;
});
afterAll(() => t.close());

type Route = [name: string, method: string, path: () => string, body?: (ownProductId: string) => unknown, resource?: string];

const routes: Route[] = [
  ['GET product', 'GET', () => `/products/${ids.product}`],
  ['PATCH product', 'PATCH', () => `/products/${ids.product}`, () => ({ name: 'pwned' })],
  ['POST version', 'POST', () => `/products/${ids.product}/versions`, () => ({})],
  ['GET versions', 'GET', () => `/products/${ids.product}/versions`],
  ['GET version', 'GET', () => `/products/${ids.product}/versions/${ids.version}`],
  ['PATCH draft version', 'PATCH', () => `/products/${ids.product}/versions/${ids.draft}`, () => ({ basePrice: '1.00' })],
  ['publish draft version', 'POST', () => `/products/${ids.product}/versions/${ids.draft}/publish`],
  ['archive draft version', 'POST', () => `/products/${ids.product}/versions/${ids.draft}/archive`],
  ['GET meter', 'GET', () => `/meters/${ids.meter}`],
  ['PATCH meter', 'PATCH', () => `/meters/${ids.meter}`, () => ({ name: 'pwned' })],
  ['POST payment link for the product', 'POST', () => '/payment-links', () => ({ productId: ids.product }), 'product'],
  ['POST payment link naming the version', 'POST', () => '/payment-links', (ownProductId) => ({ productId: ownProductId, productVersionId: ids.version }), 'product_version'],
  ['GET payment link', 'GET', () => `/payment-links/${ids.link}`],
  ['PATCH payment link', 'PATCH', () => `/payment-links/${ids.link}`, () => ({ active: false })],
];

describe.each([
  ['another account', () => attacker.key, () => own.attacker],
  ["the victim's live key on sandbox ids", () => victim.liveKey, () => own.live],
])('catalog routes with %s', (_who, keyOf, ownProductOf) => {
  it.each(routes)('%s answers 404', async (_name, method, path, body, resource) => {
    const res = await t.client.request(method, path(), { key: keyOf(), body: body?.(ownProductOf()) });
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('not_found');
    expect(res.body.resource).not.toBe('route'); // the route exists: the id is what is not found
    if (resource) expect(res.body.resource).toBe(resource);
  });

  it('lists show none of the victim sandbox data', async () => {
    for (const [url, field] of [['/products?limit=100', 'products'], ['/meters?limit=100', 'meters'], ['/payment-links?limit=100', 'paymentLinks']] as const) {
      const res = await t.client.get(url, keyOf());
      expect(res.status).toBe(200);
      expect(res.raw).not.toContain(ids.product);
      expect(res.raw).not.toContain(ids.meter);
      expect(res.body[field].every((item: { id: string }) => item.id !== ids.link)).toBe(true);
    }
    expect((await t.client.get(`/products?key=${ids.product}`, keyOf())).body.products).toEqual([]);
  });

  it('a price naming the victim meter key does not resolve to it', async () => {
    const { product } = await createProduct(t.client, keyOf(), { pricingModel: 'usage', basePrice: undefined });
    const res = await t.client.post(`/products/${product.id}/versions`, keyOf(), { prices: [{ meter: ids.meterKey, unitPrice: '1' }] });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'prices[0].meter', constraint: 'meter_exists' });
  });
});

it('the victim data is unchanged after the attempts', async () => {
  expect((await t.client.get(`/products/${ids.product}`, victim.key)).body.name).toBe('Product');
  expect((await t.client.get(`/products/${ids.product}/versions/${ids.draft}`, victim.key)).body).toMatchObject({ status: 'draft', basePrice: null });
  expect((await t.client.get(`/products/${ids.product}/versions`, victim.key)).body.versions).toHaveLength(2);
  expect((await t.client.get(`/meters/${ids.meter}`, victim.key)).body.name).toBe('API calls');
  expect((await t.client.get(`/payment-links/${ids.link}`, victim.key)).body.active).toBe(true);
});
