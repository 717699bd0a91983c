import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer, createProduct, createPublishedUsageProduct, enroll, publishVersion } from '../../../test/factories/catalog.ts';
import { resolveEnrollment } from './service.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

const sandbox = () => ({ accountId: acme.id, environment: 'sandbox' as const });

describe('POST /customers/{customerID}/enrollments', () => {
  it("enrolls at the product's default version when none is named", async () => {
    const customer = await createCustomer(t.client, acme.key);
    const { product, version } = await createProduct(t.client, acme.key);
    await publishVersion(t.client, acme.key, product.id, version.id);
    const v2 = await t.client.post(`/products/${product.id}/versions`, acme.key, { basePrice: '20.00' });
    await publishVersion(t.client, acme.key, product.id, v2.body.id);

    const res = await t.client.post(`/customers/${customer.id}/enrollments`, acme.key, { productId: product.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ customerId: customer.id, productId: product.id, productVersionId: v2.body.id, status: 'active', balance: '0' });
    expect(Object.keys(res.body).sort()).toEqual(['balance', 'createdAt', 'customerId', 'id', 'productId', 'productVersionId', 'status', 'updatedAt']);
    expect((await t.client.get(`/enrollments/${res.body.id}`, acme.key)).body).toEqual(res.body);
  });

  it('enrolls at a named published offer', async () => {
    const customer = await createCustomer(t.client, acme.key);
    const { product, version } = await createProduct(t.client, acme.key);
    await publishVersion(t.client, acme.key, product.id, version.id);
    const offer = await t.client.post(`/products/${product.id}/versions`, acme.key, { basePrice: '5.00' });
    await publishVersion(t.client, acme.key, product.id, offer.body.id, { default: false });
    const res = await t.client.post(`/customers/${customer.id}/enrollments`, acme.key, { productId: product.id, productVersionId: offer.body.id });
    expect(res.status).toBe(201);
    expect(res.body.productVersionId).toBe(offer.body.id);
  });

  it('refuses a draft version, and a product without a default version', async () => {
    const customer = await createCustomer(t.client, acme.key);
    const { product, version } = await createProduct(t.client, acme.key);
    const noDefault = await t.client.post(`/customers/${customer.id}/enrollments`, acme.key, { productId: product.id });
    expect(noDefault.status).toBe(422);
    expect(noDefault.body.error_code).toBe('no_default_version');
    const draft = await t.client.post(`/customers/${customer.id}/enrollments`, acme.key, { productId: product.id, productVersionId: version.id });
    expect(draft.status).toBe(422);
    expect(draft.body.errors[0]).toMatchObject({ field: 'productVersionId', constraint: 'published' });
  });

  it('answers 409 for a second enrollment of the customer in the same product', async () => {
    const customer = await createCustomer(t.client, acme.key);
    const { product } = await createPublishedUsageProduct(t.client, acme.key);
    await enroll(t.client, acme.key, customer.id, product.id);
    const again = await t.client.post(`/customers/${customer.id}/enrollments`, acme.key, { productId: product.id });
    expect(again.status).toBe(409);
    expect(again.body.error_code).toBe('conflict');
  });

  it("is not confused by another customer whose externalId is this customer's id", async () => {
    const b = await createCustomer(t.client, acme.key);
    const a = await createCustomer(t.client, acme.key, { externalId: b.id });
    const { product } = await createPublishedUsageProduct(t.client, acme.key);
    await enroll(t.client, acme.key, a.id, product.id);
    expect((await t.client.post(`/customers/${b.id}/enrollments`, acme.key, { productId: product.id })).status).toBe(201);
    // By id, the id match wins over the externalId match.
    const byId = await resolveEnrollment(t.app.deps.db, sandbox(), b.id, product.id);
    expect(byId?.customer_id).toBe(b.id);
  });

  it('answers 404 for an unknown customer or product', async () => {
    const customer = await createCustomer(t.client, acme.key);
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    const noProduct = await t.client.post(`/customers/${customer.id}/enrollments`, acme.key, { productId: unknown });
    expect(noProduct.status).toBe(404);
    expect(noProduct.body.resource).toBe('product');
    const { product } = await createPublishedUsageProduct(t.client, acme.key);
    const noCustomer = await t.client.post(`/customers/${unknown}/enrollments`, acme.key, { productId: product.id });
    expect(noCustomer.body.resource).toBe('customer');
  });

  it("lists a customer's enrollments newest first", async () => {
    const customer = await createCustomer(t.client, acme.key);
    const a = await enroll(t.client, acme.key, customer.id, (await createPublishedUsageProduct(t.client, acme.key)).product.id);
    const b = await enroll(t.client, acme.key, customer.id, (await createPublishedUsageProduct(t.client, acme.key)).product.id);
    const list = await t.client.get(`/customers/${customer.id}/enrollments`, acme.key);
    expect(list.body.enrollments.map((e: { id: string }) => e.id)).toEqual([b.id, a.id]);
  });
});

describe('resolveEnrollment (metering hot path)', () => {
  it('finds the enrollment by customer id or externalId and product; nothing for others', async () => {
    const customer = await createCustomer(t.client, acme.key, { externalId: 'ext-resolve-1' });
    const { product } = await createPublishedUsageProduct(t.client, acme.key);
    const enrollment = await enroll(t.client, acme.key, customer.id, product.id);
    const db = t.app.deps.db;
    expect((await resolveEnrollment(db, sandbox(), customer.id, product.id))?.id).toBe(enrollment.id);
    expect((await resolveEnrollment(db, sandbox(), 'ext-resolve-1', product.id))?.id).toBe(enrollment.id);
    expect(await resolveEnrollment(db, sandbox(), 'ext-unknown', product.id)).toBeUndefined();
    expect(await resolveEnrollment(db, sandbox(), customer.id, 'not-a-uuid')).toBeUndefined();
    expect(await resolveEnrollment(db, { accountId: acme.id, environment: 'production' }, customer.id, product.id)).toBeUndefined();
    const other = await createPublishedUsageProduct(t.client, acme.key);
    expect(await resolveEnrollment(db, sandbox(), customer.id, other.product.id)).toBeUndefined();
  });

  it('resolves an externalId that looks like a uuid', async () => {
    const uuidLike = '0190a0a0-1111-7000-8000-000000000001';
    const customer = await createCustomer(t.client, acme.key, { externalId: uuidLike });
    const { product } = await createPublishedUsageProduct(t.client, acme.key);
    const enrollment = await enroll(t.client, acme.key, customer.id, product.id);
    expect((await resolveEnrollment(t.app.deps.db, sandbox(), uuidLike, product.id))?.id).toBe(enrollment.id);
  });
});
