// Builders of common set-ups through the public API (never through SQL), for tests and benchmarks.
import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../harness.ts';

export interface UsageSetup {
  productId: string;
  versionId: string;
  customerId: string;
  externalId: string;
  enrollmentId: string;
  meters: Record<string, string>;
}

export interface MeterSpec {
  key: string;
  aggregation?: 'sum' | 'count' | 'max' | 'unique_count' | 'latest';
  property?: string;
  price?: Record<string, unknown>;
}

function expectStatus(res: { status: number; raw: string }, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.raw}`);
}

/** A published usage product priced on the given meters, a customer and its enrollment. */
export async function setupUsageProduct(client: ApiClient, key: string, meters: MeterSpec[], currency = 'BRL'): Promise<UsageSetup> {
  const suffix = randomBytes(4).toString('hex');
  const meterIds: Record<string, string> = {};
  for (const m of meters) {
    const res = await client.post('/meters', key, {
      key: m.key,
      name: `Meter ${m.key}`,
      aggregation: m.aggregation ?? 'sum',
      ...(m.property ? { property: m.property } : {}),
    });
    if (res.status === 409) continue; // shared meter already created by an earlier set-up
    expectStatus(res, 201, `create meter ${m.key}`);
    meterIds[m.key] = res.body.id;
  }
  const created = await client.post('/products', key, { key: `usage-${suffix}`, name: `Usage ${suffix}`, pricingModel: 'usage', currency });
  expectStatus(created, 201, 'create product');
  const productId = created.body.product.id;
  const versionId = created.body.version.id;
  const prices = meters.map((m) => ({ meter: m.key, ...(m.price ?? { model: 'per_unit', unitPrice: '0.10' }) }));
  expectStatus(await client.patch(`/products/${productId}/versions/${versionId}`, key, { prices }), 200, 'price version');
  expectStatus(await client.post(`/products/${productId}/versions/${versionId}/publish`, key), 200, 'publish');
  const externalId = `ext-${suffix}`;
  const customer = await client.post('/customers', key, { name: 'Ana', email: `ana-${suffix}@example.com`, externalId });
  expectStatus(customer, 201, 'create customer');
  const enrollment = await client.post(`/customers/${customer.body.id}/enrollments`, key, { productId });
  expectStatus(enrollment, 201, 'enroll');
  return { productId, versionId, customerId: customer.body.id, externalId, enrollmentId: enrollment.body.id, meters: meterIds };
}
