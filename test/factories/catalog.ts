// Catalog and customer fixtures through the public API, for tests of any area.
import type { ApiClient } from '../harness.ts';

let counter = 0;
/** A key unique within the test run. */
export function uniqueKey(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

async function expectStatus<T>(promise: Promise<{ status: number; body: T; raw: string }>, status: number | number[], what: string): Promise<T> {
  const res = await promise;
  const ok = Array.isArray(status) ? status.includes(res.status) : res.status === status;
  if (!ok) throw new Error(`${what} answered ${res.status}: ${res.raw}`);
  return res.body;
}

export async function createMeter(client: ApiClient, key: string, body: Record<string, unknown> = {}): Promise<any> {
  return expectStatus(client.post('/meters', key, { key: uniqueKey('meter'), name: 'API calls', aggregation: 'sum', ...body }), 201, 'POST /meters');
}

/** A product with its version 1 draft: `{product, version}`. */
export async function createProduct(client: ApiClient, key: string, body: Record<string, unknown> = {}): Promise<any> {
  return expectStatus(client.post('/products', key, { key: uniqueKey('product'), name: 'Product', pricingModel: 'one_time', basePrice: '10.00', ...body }), 201, 'POST /products');
}

export async function publishVersion(client: ApiClient, key: string, productId: string, versionId: string, body?: unknown): Promise<any> {
  return expectStatus(client.post(`/products/${productId}/versions/${versionId}/publish`, key, body), 200, 'publish');
}

/**
 * A usage product whose version 1 prices one new meter per unit and is published as the default:
 * `{product, version, meter}`.
 */
export async function createPublishedUsageProduct(client: ApiClient, key: string, unitPrice = '0.10'): Promise<any> {
  const meter = await createMeter(client, key);
  const { product, version } = await createProduct(client, key, { pricingModel: 'usage', basePrice: undefined });
  await expectStatus(client.patch(`/products/${product.id}/versions/${version.id}`, key, { prices: [{ meter: meter.key, unitPrice }] }), 200, 'PATCH version');
  const published = await publishVersion(client, key, product.id, version.id);
  return { product, version: published, meter };
}

export async function createCustomer(client: ApiClient, key: string, body: Record<string, unknown> = {}): Promise<any> {
  return expectStatus(client.post('/customers', key, { name: 'Ana', email: 'ana@example.com', ...body }), 201, 'POST /customers');
}

export async function enroll(client: ApiClient, key: string, customerId: string, productId: string, productVersionId?: string): Promise<any> {
  return expectStatus(
    client.post(`/customers/${customerId}/enrollments`, key, { productId, ...(productVersionId && { productVersionId }) }),
    201,
    'POST enrollments',
  );
}
