import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createMeter, createProduct, publishVersion, uniqueKey } from '../../../test/factories/catalog.ts';

let t: TestContext;
let acme: SeededAccount;
let calls: { key: string; id: string };
let storage: { key: string; id: string };

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  calls = await createMeter(t.client, acme.key, { name: 'Calls' });
  storage = await createMeter(t.client, acme.key, { name: 'Storage', aggregation: 'max' });
});
afterAll(() => t.close());

const versionsUrl = (productId: string) => `/products/${productId}/versions`;
const linksOf = async (productId: string) => (await t.client.get(`/payment-links?productId=${productId}`, acme.key)).body.paymentLinks;

describe('POST /products/{productID}/versions', () => {
  it('creates the next draft, copies unsent fields from the current version and stores prices', async () => {
    const { product } = await createProduct(t.client, acme.key, { pricingModel: 'subscription', billingCycle: 'monthly', basePrice: '50.00' });
    const res = await t.client.post(versionsUrl(product.id), acme.key, {
      commitmentAmount: '100.00',
      commitmentResets: false,
      consumptionFloor: '-20',
      grants: [{ meter: calls.key, amount: '1000', on: 'cycle' }],
      prices: [
        { meter: calls.key, unitPrice: '0.0015' },
        { meter: storage.key, model: 'volume', tiers: [{ upTo: '10', unitPrice: '1.00' }, { upTo: null, unitPrice: '0.80', flatPrice: '5' }] },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      productId: product.id,
      version: 2,
      status: 'draft',
      isDefault: false,
      basePrice: '50.00',
      billingCycle: 'monthly',
      commitmentAmount: '100.00',
      commitmentResets: false,
      consumptionFloor: '-20.00',
      grants: [{ meter: calls.key, amount: '1000', on: 'cycle' }],
    });
    expect(res.body.prices).toEqual([
      { id: expect.any(String), meterId: calls.id, meter: calls.key, model: 'per_unit', unitPrice: '0.0015', packageSize: null, tiers: null },
      {
        id: expect.any(String),
        meterId: storage.id,
        meter: storage.key,
        model: 'volume',
        unitPrice: null,
        packageSize: null,
        tiers: [
          { upTo: '10', unitPrice: '1.00', flatPrice: null },
          { upTo: null, unitPrice: '0.80', flatPrice: '5.00' },
        ],
      },
    ]);

    // v3 copies v2 (the latest, no version is published) including its prices; prices sent replace the list.
    const v3 = await t.client.post(versionsUrl(product.id), acme.key, { basePrice: '60.00' });
    expect(v3.body).toMatchObject({ version: 3, basePrice: '60.00', commitmentAmount: '100.00', grants: res.body.grants });
    expect(v3.body.prices.map((p: { meter: string }) => p.meter)).toEqual([calls.key, storage.key]);
    expect(v3.body.prices[0].id).not.toBe(res.body.prices[0].id);
    const v4 = await t.client.post(versionsUrl(product.id), acme.key, { prices: [{ meter: storage.key, unitPrice: '2', packageSize: '10' }] });
    expect(v4.body.prices).toMatchObject([{ meter: storage.key, model: 'package', unitPrice: '2.00', packageSize: '10' }]);
  });

  it.each([
    ['an unknown meter', { prices: [{ meter: 'no-such-meter', unitPrice: '1' }] }, 'prices[0].meter', 'meter_exists'],
    ['a JSON number as unitPrice', { prices: [{ meter: 'm', unitPrice: 0.5 }] }, 'prices[0].unitPrice', 'decimal_string'],
    ['a JSON number as a tier bound', { prices: [{ meter: 'm', tiers: [{ upTo: 10, unitPrice: '1' }, { upTo: null, unitPrice: '1' }] }] }, 'prices[0].tiers[0].upTo', 'decimal_string'],
    ['a JSON number as basePrice', { basePrice: 10 }, 'basePrice', 'decimal_string'],
    ['a JSON number as a grant amount', { grants: [{ meter: 'm', amount: 5, on: 'cycle' }] }, 'grants[0].amount', 'decimal_string'],
    ['a closed last tier', { prices: [{ meter: '$calls', tiers: [{ upTo: '10', unitPrice: '1' }] }] }, 'prices[0].tiers[0].upTo', 'last_tier_open'],
    ['descending tiers', { prices: [{ meter: '$calls', tiers: [{ upTo: '10', unitPrice: '1' }, { upTo: '5', unitPrice: '1' }, { upTo: null, unitPrice: '1' }] }] }, 'prices[0].tiers[1].upTo', 'tiers_ascending'],
    ['a package of size 0', { prices: [{ meter: '$calls', model: 'package', unitPrice: '1', packageSize: '0' }] }, 'prices[0].packageSize', 'exclusiveMinimum'],
    ['a negative unit price', { prices: [{ meter: '$calls', unitPrice: '-0.01' }] }, 'prices[0].unitPrice', 'minimum'],
    ['the same meter twice', { prices: [{ meter: '$calls', unitPrice: '1' }, { meter: '$calls', unitPrice: '2' }] }, 'prices[1].meter', 'unique'],
    ['a grant of an unknown meter', { grants: [{ meter: 'nope', amount: '1', on: 'cycle' }] }, 'grants[0].meter', 'meter_exists'],
    ['a grant of 0', { grants: [{ meter: '$calls', amount: '0', on: 'cycle' }] }, 'grants[0].amount', 'exclusiveMinimum'],
    ['an unknown price model', { prices: [{ meter: '$calls', model: 'flat', unitPrice: '1' }] }, 'prices[0].model', 'enum'],
  ])('refuses %s with 422 naming the field', async (_name, rawBody, field, constraint) => {
    const { product } = await createProduct(t.client, acme.key, { pricingModel: 'usage', basePrice: undefined });
    const body = JSON.parse(JSON.stringify(rawBody).replaceAll('$calls', calls.key));
    const res = await t.client.post(versionsUrl(product.id), acme.key, body);
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('validation_failed');
    expect(res.body.errors.map((e: { field: string; constraint: string }) => `${e.field}:${e.constraint}`)).toContain(`${field}:${constraint}`);
  });

  it('keeps the billing cycle rules of the product', async () => {
    const sub = await createProduct(t.client, acme.key, { pricingModel: 'subscription', billingCycle: 'monthly' });
    const noCycle = await t.client.post(versionsUrl(sub.product.id), acme.key, { billingCycle: null });
    expect(noCycle.status).toBe(422);
    expect(noCycle.body.errors[0]).toMatchObject({ field: 'billingCycle', constraint: 'required' });
    const once = await createProduct(t.client, acme.key, { pricingModel: 'one_time' });
    const withCycle = await t.client.post(versionsUrl(once.product.id), acme.key, { billingCycle: 'weekly' });
    expect(withCycle.body.errors[0]).toMatchObject({ field: 'billingCycle', constraint: 'not_allowed' });
  });

  it('lists versions newest first with their prices, and reads one', async () => {
    const { product, version } = await createProduct(t.client, acme.key, { pricingModel: 'usage', basePrice: undefined });
    const v2 = await t.client.post(versionsUrl(product.id), acme.key, { prices: [{ meter: calls.key, unitPrice: '1' }] });
    const list = await t.client.get(versionsUrl(product.id), acme.key);
    expect(list.status).toBe(200);
    expect(list.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(list.body.versions[0].prices).toHaveLength(1);
    expect(list.body.versions[1].prices).toEqual([]);
    expect((await t.client.get(`${versionsUrl(product.id)}/${v2.body.id}`, acme.key)).body).toEqual(v2.body);
    // A version is only found under its own product.
    const other = await createProduct(t.client, acme.key);
    expect((await t.client.get(`${versionsUrl(other.product.id)}/${version.id}`, acme.key)).status).toBe(404);
  });
});

describe('PATCH /products/{productID}/versions/{versionID}', () => {
  it('edits a draft; omitted fields stay; prices sent replace the list', async () => {
    const { product, version } = await createProduct(t.client, acme.key, { pricingModel: 'usage', basePrice: undefined });
    const first = await t.client.patch(`${versionsUrl(product.id)}/${version.id}`, acme.key, { prices: [{ meter: calls.key, unitPrice: '1' }], consumptionFloor: '5' });
    expect(first.status).toBe(200);
    expect(first.body.prices).toHaveLength(1);
    const second = await t.client.patch(`${versionsUrl(product.id)}/${version.id}`, acme.key, { commitmentAmount: '10.00' });
    expect(second.body).toMatchObject({ commitmentAmount: '10.00', consumptionFloor: '5.00' });
    expect(second.body.prices).toEqual(first.body.prices);
    const third = await t.client.patch(`${versionsUrl(product.id)}/${version.id}`, acme.key, { prices: [] });
    expect(third.body.prices).toEqual([]);
  });

  it('refuses to edit a published or an archived version: 422 version_not_draft', async () => {
    const { product, version } = await createProduct(t.client, acme.key);
    await publishVersion(t.client, acme.key, product.id, version.id);
    const res = await t.client.patch(`${versionsUrl(product.id)}/${version.id}`, acme.key, { basePrice: '99.00' });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('version_not_draft');
    expect((await t.client.get(`${versionsUrl(product.id)}/${version.id}`, acme.key)).body.basePrice).toBe('10.00');

    const draft = await t.client.post(versionsUrl(product.id), acme.key, {});
    await t.client.post(`${versionsUrl(product.id)}/${draft.body.id}/archive`, acme.key);
    const archived = await t.client.patch(`${versionsUrl(product.id)}/${draft.body.id}`, acme.key, { basePrice: '1.00' });
    expect(archived.body.error_code).toBe('version_not_draft');
  });
});

describe('POST .../publish', () => {
  it('with no body publishes as the default, creates the first payment link and records product.version_published', async () => {
    const { product, version } = await createProduct(t.client, acme.key);
    expect(await linksOf(product.id)).toEqual([]);
    const res = await t.client.post(`${versionsUrl(product.id)}/${version.id}/publish`, acme.key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: version.id, status: 'published', isDefault: true, publishedAt: expect.any(String) });
    const links = await linksOf(product.id);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ productVersionId: version.id, quantity: '1', active: true });
    const events = await t.client.get('/account/events?type=product.version_published', acme.key);
    expect(events.body.events.some((e: { data: { id: string } }) => e.data.id === version.id)).toBe(true);
  });

  it('with default true makes the new version the default; the previous default stays published as an offer; no second link', async () => {
    const { product, version } = await createProduct(t.client, acme.key);
    await publishVersion(t.client, acme.key, product.id, version.id, { default: true });
    const v2 = await t.client.post(versionsUrl(product.id), acme.key, { basePrice: '12.00' });
    const res = await publishVersion(t.client, acme.key, product.id, v2.body.id, { default: true });
    expect(res).toMatchObject({ status: 'published', isDefault: true });
    const v1 = await t.client.get(`${versionsUrl(product.id)}/${version.id}`, acme.key);
    expect(v1.body).toMatchObject({ status: 'published', isDefault: false, basePrice: '10.00' });
    expect(await linksOf(product.id)).toHaveLength(1);
  });

  it('with default false publishes an offer when the product has a default version', async () => {
    const { product, version } = await createProduct(t.client, acme.key);
    await publishVersion(t.client, acme.key, product.id, version.id);
    const offer = await t.client.post(versionsUrl(product.id), acme.key, { basePrice: '5.00' });
    const res = await publishVersion(t.client, acme.key, product.id, offer.body.id, { default: false });
    expect(res).toMatchObject({ status: 'published', isDefault: false });
    expect((await t.client.get(`${versionsUrl(product.id)}/${version.id}`, acme.key)).body.isDefault).toBe(true);
  });

  it('with default false answers 422 no_default_version when the product has no default, and leaves the draft', async () => {
    const { product, version } = await createProduct(t.client, acme.key);
    const res = await t.client.post(`${versionsUrl(product.id)}/${version.id}/publish`, acme.key, { default: false });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('no_default_version');
    expect((await t.client.get(`${versionsUrl(product.id)}/${version.id}`, acme.key)).body.status).toBe('draft');
    expect(await linksOf(product.id)).toEqual([]);
  });

  it('refuses to publish a version that is not a draft', async () => {
    const { product, version } = await createProduct(t.client, acme.key);
    await publishVersion(t.client, acme.key, product.id, version.id);
    const again = await t.client.post(`${versionsUrl(product.id)}/${version.id}/publish`, acme.key);
    expect(again.status).toBe(422);
    expect(again.body.error_code).toBe('version_not_draft');
  });

  it('refuses a body that is not {default: boolean}', async () => {
    const { product, version } = await createProduct(t.client, acme.key);
    const res = await t.client.post(`${versionsUrl(product.id)}/${version.id}/publish`, acme.key, { default: 'yes' });
    expect(res.status).toBe(422);
  });
});

describe('POST .../archive', () => {
  it('archives a draft and a published offer (deactivating its links), refuses the default with 409', async () => {
    const { product, version } = await createProduct(t.client, acme.key);
    await publishVersion(t.client, acme.key, product.id, version.id);

    const refused = await t.client.post(`${versionsUrl(product.id)}/${version.id}/archive`, acme.key);
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe('conflict');

    const draft = await t.client.post(versionsUrl(product.id), acme.key, {});
    const archivedDraft = await t.client.post(`${versionsUrl(product.id)}/${draft.body.id}/archive`, acme.key);
    expect(archivedDraft.status).toBe(200);
    expect(archivedDraft.body.status).toBe('archived');
    expect(archivedDraft.body.publishedAt).toBeUndefined();

    const offer = await t.client.post(versionsUrl(product.id), acme.key, { basePrice: '7.00' });
    await publishVersion(t.client, acme.key, product.id, offer.body.id, { default: false });
    const link = await t.client.post('/payment-links', acme.key, { productId: product.id, productVersionId: offer.body.id });
    const archivedOffer = await t.client.post(`${versionsUrl(product.id)}/${offer.body.id}/archive`, acme.key);
    expect(archivedOffer.body).toMatchObject({ status: 'archived', isDefault: false, publishedAt: expect.any(String), basePrice: '7.00' });
    expect((await t.client.get(`/payment-links/${link.body.id}`, acme.key)).body.active).toBe(false);
    expect((await t.client.post(`${versionsUrl(product.id)}/${offer.body.id}/publish`, acme.key)).body.error_code).toBe('version_not_draft');
    // Archiving again changes nothing.
    expect((await t.client.post(`${versionsUrl(product.id)}/${offer.body.id}/archive`, acme.key)).status).toBe(200);
  });
});

describe('a published version never changes', () => {
  it('keeps its prices when the meter name changes and when newer versions are made', async () => {
    const meter = await createMeter(t.client, acme.key, { key: uniqueKey('frozen') });
    const { product, version } = await createProduct(t.client, acme.key, { pricingModel: 'usage', basePrice: undefined });
    await t.client.patch(`${versionsUrl(product.id)}/${version.id}`, acme.key, { prices: [{ meter: meter.key, unitPrice: '3' }] });
    const published = await publishVersion(t.client, acme.key, product.id, version.id);
    await t.client.post(versionsUrl(product.id), acme.key, { prices: [{ meter: meter.key, unitPrice: '4' }] });
    const after = await t.client.get(`${versionsUrl(product.id)}/${version.id}`, acme.key);
    expect(after.body.prices).toEqual(published.prices);
  });
});
