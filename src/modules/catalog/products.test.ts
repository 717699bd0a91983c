import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createProduct, publishVersion, uniqueKey } from '../../../test/factories/catalog.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>, key = acme.key) => t.client.post('/products', key, body);

describe('POST /products creates', () => {
  it('a product with version 1 as a draft, with the defaults, and records product.created', async () => {
    const key = uniqueKey('course');
    const res = await post({ key, name: 'Course', description: 'Video course', pricingModel: 'one_time', basePrice: '10.5' });
    expect(res.status).toBe(201);
    const { product, version } = res.body;
    expect(product).toMatchObject({ key, name: 'Course', type: 'item', description: 'Video course', pricingModel: 'one_time', currency: 'BRL', status: 'active', requiresShipping: false });
    expect(Object.keys(product).sort()).toEqual(
      ['createdAt', 'currency', 'description', 'id', 'key', 'name', 'pricingModel', 'requiresShipping', 'status', 'type', 'updatedAt'].sort(),
    );
    expect(version).toMatchObject({
      productId: product.id,
      version: 1,
      status: 'draft',
      isDefault: false,
      basePrice: '10.50',
      billingCycle: null,
      commitmentAmount: null,
      commitmentResets: true,
      consumptionFloor: '0.00',
      grants: [],
      prices: [],
    });
    expect(version.publishedAt).toBeUndefined();
    const events = await t.client.get('/account/events?type=product.created', acme.key);
    const event = events.body.events.find((e: { data: { product: { id: string } } }) => e.data.product.id === product.id);
    expect(event.data.version.id).toBe(version.id);
  });

  it('with type agent, another currency (case-insensitive) and a billing cycle for subscriptions', async () => {
    const res = await post({ key: uniqueKey('agent'), name: 'Agent', type: 'agent', pricingModel: 'subscription', billingCycle: 'monthly', currency: 'usd', basePrice: '99' });
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({ type: 'agent', currency: 'USD', pricingModel: 'subscription' });
    expect(res.body.version).toMatchObject({ billingCycle: 'monthly', basePrice: '99.00' });
  });

  it('a usage product without a base price', async () => {
    const res = await post({ key: uniqueKey('api'), name: 'API', pricingModel: 'usage' });
    expect(res.status).toBe(201);
    expect(res.body.version.basePrice).toBeNull();
  });

  it.each([
    ['subscription', 'monthly', 201],
    ['prepaid', 'annual', 201],
    ['subscription', undefined, 422],
    ['prepaid', undefined, 422],
    ['one_time', 'weekly', 422],
    ['usage', 'monthly', 422],
  ])('pricingModel %s with billingCycle %s answers %i', async (pricingModel, billingCycle, status) => {
    const res = await post({ key: uniqueKey('cycle'), name: 'X', pricingModel, ...(billingCycle && { billingCycle }) });
    expect(res.status).toBe(status);
    if (status === 422) expect(res.body.errors[0]).toMatchObject({ field: 'billingCycle', constraint: billingCycle ? 'not_allowed' : 'required' });
  });

  it.each([
    ['an unknown currency', { currency: 'ABC' }, 'currency', 'currency'],
    ['a currency of the wrong length', { currency: 'BRLX' }, 'currency', 'maxLength'],
    ['a JSON number as basePrice', { basePrice: 10.5 }, 'basePrice', 'decimal_string'],
    ['a basePrice with an exponent', { basePrice: '1e3' }, 'basePrice', 'decimal_string'],
    ['a negative basePrice', { basePrice: '-1.00' }, 'basePrice', 'minimum'],
    ['a basePrice finer than the currency', { basePrice: '10.555' }, 'basePrice', 'currency_precision'],
    ['a fractional basePrice in JPY', { basePrice: '10.5', currency: 'JPY' }, 'basePrice', 'currency_precision'],
    ['an unknown type', { type: 'service' }, 'type', 'enum'],
    ['a missing pricingModel', { pricingModel: undefined }, 'pricingModel', 'required'],
    ['a missing name', { name: undefined }, 'name', 'required'],
    ['an unknown field', { price: '1' }, 'price', 'unknown_field'],
  ])('refuses %s with 422', async (_name, patch, field, constraint) => {
    const res = await post({ key: uniqueKey('bad'), name: 'X', pricingModel: 'one_time', ...patch });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('validation_failed');
    expect(res.body.errors.map((e: { field: string; constraint: string }) => `${e.field}:${e.constraint}`)).toContain(`${field}:${constraint}`);
  });
});

describe('POST /products with an existing key', () => {
  async function subscription(basePrice = '29.90', billingCycle = 'monthly') {
    const key = uniqueKey('plan');
    const created = await post({ key, name: 'Plan', description: 'v1', pricingModel: 'subscription', billingCycle, basePrice });
    expect(created.status).toBe(201);
    return { key, ...created.body };
  }

  it('without pricing returns the product (200) with name and description updated and pricing untouched', async () => {
    const { key, product, version } = await subscription();
    const res = await post({ key, name: 'Plan renamed', description: 'v2' });
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({ id: product.id, name: 'Plan renamed', description: 'v2', pricingModel: 'subscription' });
    expect(res.body.version).toMatchObject({ id: version.id, basePrice: '29.90', billingCycle: 'monthly' });
    const again = await post({ key, name: 'Plan renamed' });
    expect(again.body.product.description).toBe('v2');
    const list = await t.client.get(`/products?key=${key}`, acme.key);
    expect(list.body.products).toHaveLength(1);
  });

  it('records product.created only for the creation', async () => {
    const { key, product } = await subscription();
    await post({ key, name: 'Again' });
    const events = await t.client.get('/account/events?type=product.created&limit=100', acme.key);
    expect(events.body.events.filter((e: { data: { product: { id: string } } }) => e.data.product.id === product.id)).toHaveLength(1);
  });

  it('with the same pricing (equal decimals) answers 200', async () => {
    const { key, product } = await subscription('29.9');
    const res = await post({ key, name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '29.90', currency: 'brl' });
    expect(res.status).toBe(200);
    expect(res.body.product.id).toBe(product.id);
  });

  it.each([
    ['a different basePrice', { basePrice: '39.90' }],
    ['a different billingCycle', { billingCycle: 'annual' }],
    ['a different basePrice and billingCycle', { basePrice: '1.00', billingCycle: 'weekly' }],
    ['a different pricingModel', { pricingModel: 'one_time' }],
    ['a different currency', { currency: 'USD' }],
  ])('with %s answers 422 pricing_immutable and changes nothing', async (_name, pricing) => {
    const { key, product, version } = await subscription();
    const res = await post({ key, name: 'Changed name', ...pricing });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('pricing_immutable');
    expect(Object.keys(res.body).sort()).toEqual(['error_code', 'message', 'tracer_id']);
    const after = await t.client.get(`/products/${product.id}`, acme.key);
    expect(after.body.name).toBe('Plan');
    const v = await t.client.get(`/products/${product.id}/versions/${version.id}`, acme.key);
    expect(v.body).toMatchObject({ basePrice: '29.90', billingCycle: 'monthly' });
  });

  it('answers pricing_immutable when a basePrice is sent for a product without one, or a cycle for a one-time product', async () => {
    const usageKey = uniqueKey('usage');
    await post({ key: usageKey, name: 'Usage', pricingModel: 'usage' });
    expect((await post({ key: usageKey, name: 'Usage', basePrice: '0.00' })).body.error_code).toBe('pricing_immutable');
    const oneTimeKey = uniqueKey('once');
    await post({ key: oneTimeKey, name: 'Once', pricingModel: 'one_time', basePrice: '5.00' });
    expect((await post({ key: oneTimeKey, name: 'Once', billingCycle: 'monthly' })).body.error_code).toBe('pricing_immutable');
  });

  it('compares with the latest published version, else the latest version', async () => {
    const { key, product, version } = await subscription('10.00');
    // Two drafts: the latest (v2) is current.
    const v2 = await t.client.post(`/products/${product.id}/versions`, acme.key, { basePrice: '20.00' });
    expect(v2.body.version).toBe(2);
    expect((await post({ key, name: 'Plan', basePrice: '20.00' })).status).toBe(200);
    expect((await post({ key, name: 'Plan', basePrice: '10.00' })).body.error_code).toBe('pricing_immutable');
    // Once v1 is published it is current, although v2 is newer.
    await publishVersion(t.client, acme.key, product.id, version.id);
    const res = await post({ key, name: 'Plan', basePrice: '10.00' });
    expect(res.status).toBe(200);
    expect(res.body.version.id).toBe(version.id);
    expect((await post({ key, name: 'Plan', basePrice: '20.00' })).body.error_code).toBe('pricing_immutable');
  });

  it('is scoped to the environment: the same key with a live key creates another product', async () => {
    const { key, product } = await subscription();
    const live = await post({ key, name: 'Plan', pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '29.90' }, acme.liveKey);
    expect(live.status).toBe(201);
    expect(live.body.product.id).not.toBe(product.id);
  });

  it('two concurrent creations of one new key give one product: one 201, one 200', async () => {
    const key = uniqueKey('race');
    const body = { key, name: 'Race', pricingModel: 'one_time', basePrice: '1.00' };
    const answers = await Promise.all([post(body), post(body), post(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.product.id)).size).toBe(1);
  });

  it('replays the first answer for a retried Idempotency-Key', async () => {
    const key = uniqueKey('idem');
    const first = await t.client.post('/products', acme.key, { key, name: 'A', pricingModel: 'one_time' }, { idempotencyKey: `idem-${key}` });
    const retry = await t.client.post('/products', acme.key, { key, name: 'A', pricingModel: 'one_time' }, { idempotencyKey: `idem-${key}` });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
  });
});

describe('GET, list and PATCH /products', () => {
  it('reads, lists newest first and updates name, description, imageUrl and requiresShipping', async () => {
    const a = await createProduct(t.client, acme.key, { name: 'First' });
    const b = await createProduct(t.client, acme.key, { name: 'Second' });
    const list = await t.client.get('/products?limit=2', acme.key);
    expect(list.body.products.map((p: { id: string }) => p.id)).toEqual([b.product.id, a.product.id]);
    expect(list.body.nextCursor).toEqual(expect.any(String));

    expect((await t.client.get(`/products/${a.product.id}`, acme.key)).body).toEqual(a.product);
    const patched = await t.client.patch(`/products/${a.product.id}`, acme.key, {
      name: 'Renamed',
      description: 'New text',
      imageUrl: 'https://cdn.example.com/a.png',
      requiresShipping: true,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Renamed', description: 'New text', imageUrl: 'https://cdn.example.com/a.png', requiresShipping: true });
    const cleared = await t.client.patch(`/products/${a.product.id}`, acme.key, { imageUrl: null });
    expect(cleared.body.imageUrl).toBeUndefined();
  });

  it('refuses pricing fields on PATCH', async () => {
    const { product } = await createProduct(t.client, acme.key);
    const res = await t.client.patch(`/products/${product.id}`, acme.key, { basePrice: '1.00' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'basePrice', constraint: 'unknown_field' });
  });

  it('answers 404 for an unknown product', async () => {
    const res = await t.client.get('/products/0190a0a0-0000-7000-8000-000000000000', acme.key);
    expect(res.status).toBe(404);
    expect(res.body.resource).toBe('product');
  });
});
