import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../../test/harness.ts';
import { createProduct, publishVersion } from '../../../../test/factories/catalog.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ env: { BASE_URL: 'https://billing.example.com' } });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

async function publishedProduct() {
  const { product, version } = await createProduct(t.client, acme.key);
  await publishVersion(t.client, acme.key, product.id, version.id);
  return { product, version };
}

describe('POST /payment-links', () => {
  it('links the default version when none is named; url is {BASE_URL}/pay/{slug}/{id}', async () => {
    const { product, version } = await publishedProduct();
    const res = await t.client.post('/payment-links', acme.key, { productId: product.id, quantity: '2', successUrl: 'https://shop.example.com/ok', cancelUrl: 'https://shop.example.com/back' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      productId: product.id,
      productVersionId: version.id,
      quantity: '2',
      successUrl: 'https://shop.example.com/ok',
      cancelUrl: 'https://shop.example.com/back',
      active: true,
      url: `https://billing.example.com/pay/${acme.slug}/${res.body.id}`,
    });
    expect((await t.client.get(`/payment-links/${res.body.id}`, acme.key)).body).toEqual(res.body);
  });

  it('follows a slug change in the url', async () => {
    const { product } = await publishedProduct();
    const link = await t.client.post('/payment-links', acme.key, { productId: product.id });
    await t.client.patch('/account/tenant', acme.key, { slug: 'acme-renamed' });
    expect((await t.client.get(`/payment-links/${link.body.id}`, acme.key)).body.url).toBe(`https://billing.example.com/pay/acme-renamed/${link.body.id}`);
    await t.client.patch('/account/tenant', acme.key, { slug: acme.slug });
  });

  it('links a named offer version', async () => {
    const { product } = await publishedProduct();
    const offer = await t.client.post(`/products/${product.id}/versions`, acme.key, { basePrice: '5.00' });
    await publishVersion(t.client, acme.key, product.id, offer.body.id, { default: false });
    const res = await t.client.post('/payment-links', acme.key, { productId: product.id, productVersionId: offer.body.id });
    expect(res.status).toBe(201);
    expect(res.body.productVersionId).toBe(offer.body.id);
  });

  it('answers 422 no_default_version for a product with nothing published', async () => {
    const { product } = await createProduct(t.client, acme.key);
    const res = await t.client.post('/payment-links', acme.key, { productId: product.id });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('no_default_version');
  });

  it('refuses a draft, an archived version and a version of another product', async () => {
    const { product } = await publishedProduct();
    const draft = await t.client.post(`/products/${product.id}/versions`, acme.key, {});
    const res = await t.client.post('/payment-links', acme.key, { productId: product.id, productVersionId: draft.body.id });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'productVersionId', constraint: 'published' });

    await t.client.post(`/products/${product.id}/versions/${draft.body.id}/archive`, acme.key);
    const archived = await t.client.post('/payment-links', acme.key, { productId: product.id, productVersionId: draft.body.id });
    expect(archived.body.errors[0]).toMatchObject({ field: 'productVersionId', constraint: 'published' });

    const other = await publishedProduct();
    const wrong = await t.client.post('/payment-links', acme.key, { productId: product.id, productVersionId: other.version.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'productVersionId', constraint: 'product_version' });
  });

  it('refuses a zero quantity and a JSON number quantity', async () => {
    const { product } = await publishedProduct();
    const zero = await t.client.post('/payment-links', acme.key, { productId: product.id, quantity: '0' });
    expect(zero.body.errors[0]).toMatchObject({ field: 'quantity', constraint: 'exclusiveMinimum' });
    const number = await t.client.post('/payment-links', acme.key, { productId: product.id, quantity: 1 });
    expect(number.status).toBe(422);
    expect(number.body.errors[0]).toMatchObject({ field: 'quantity', constraint: 'decimal_string' });
  });

  it('answers 404 for an unknown product', async () => {
    const res = await t.client.post('/payment-links', acme.key, { productId: '0190a0a0-0000-7000-8000-000000000000' });
    expect(res.status).toBe(404);
    expect(res.body.resource).toBe('product');
  });
});

describe('GET and PATCH /payment-links', () => {
  it('lists (filter productId) and turns links off and on', async () => {
    const { product } = await publishedProduct();
    const second = await t.client.post('/payment-links', acme.key, { productId: product.id });
    const list = await t.client.get(`/payment-links?productId=${product.id}`, acme.key);
    expect(list.body.paymentLinks).toHaveLength(2);
    expect(list.body.paymentLinks[0].id).toBe(second.body.id);

    const off = await t.client.patch(`/payment-links/${second.body.id}`, acme.key, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const on = await t.client.patch(`/payment-links/${second.body.id}`, acme.key, { active: true });
    expect(on.body.active).toBe(true);
    const bad = await t.client.patch(`/payment-links/${second.body.id}`, acme.key, { active: true, quantity: '3' });
    expect(bad.body.errors[0]).toMatchObject({ field: 'quantity', constraint: 'unknown_field' });
  });

  it('cannot turn on a link whose version was archived', async () => {
    const { product } = await publishedProduct();
    const offer = await t.client.post(`/products/${product.id}/versions`, acme.key, {});
    await publishVersion(t.client, acme.key, product.id, offer.body.id, { default: false });
    const link = await t.client.post('/payment-links', acme.key, { productId: product.id, productVersionId: offer.body.id });
    await t.client.post(`/products/${product.id}/versions/${offer.body.id}/archive`, acme.key);
    const res = await t.client.patch(`/payment-links/${link.body.id}`, acme.key, { active: true });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'active', constraint: 'version_archived' });
  });
});
