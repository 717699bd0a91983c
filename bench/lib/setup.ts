// Sets the service up through its public API, as a customer would: an account (operator route),
// a sum meter, a usage product whose version prices the meter per unit, published, and then one
// customer with an enrollment per scenario, so each scenario's data can be counted on its own.
import { JsonClient } from './http.ts';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
export const METER_KEY = 'bench_api_calls';
/** Prices have more decimals than BRL, so invoice lines exercise the half-up rounding. */
export const UNIT_PRICE = '0.035';
export const CURRENCY = 'BRL';

export interface Tenant {
  accountId: string;
  secretKey: string;
  meterId: string;
  productId: string;
}

export interface Enrollment {
  customerId: string;
  enrollmentId: string;
}

function call<T>(client: JsonClient, method: 'POST' | 'PATCH', path: string, body: unknown, statuses: number[]): Promise<T> {
  return client.expect<T>(method, path, body, statuses);
}

export async function setUpTenant(baseUrl: string, name = 'Benchmark'): Promise<Tenant> {
  const admin = new JsonClient(baseUrl, `Bearer ${ADMIN_TOKEN}`, 1);
  const created = await call<{ account: { id: string }; keys: Array<{ type: string; environment: string; key: string }> }>(
    admin,
    'POST',
    '/admin/accounts',
    { name },
    [201],
  ).finally(() => admin.close());
  const secretKey = created.keys.find((k) => k.type === 'secret' && k.environment === 'sandbox')?.key;
  if (!secretKey?.startsWith('sk_test_')) throw new Error('POST /admin/accounts returned no sandbox secret key');

  const api = new JsonClient(baseUrl, `Bearer ${secretKey}`, 1);
  try {
    const meter = await call<{ id: string }>(api, 'POST', '/meters', { key: METER_KEY, name: 'API calls', aggregation: 'sum' }, [201]);
    const { product, version } = await call<{ product: { id: string }; version: { id: string } }>(
      api,
      'POST',
      '/products',
      { key: 'bench_usage', name: 'Benchmark usage', pricingModel: 'usage', currency: CURRENCY },
      [201],
    );
    const versionPath = `/products/${product.id}/versions/${version.id}`;
    await call(api, 'PATCH', versionPath, { prices: [{ meter: METER_KEY, model: 'per_unit', unitPrice: UNIT_PRICE }] }, [200]);
    await call(api, 'POST', `${versionPath}/publish`, {}, [200]);
    return { accountId: created.account.id, secretKey, meterId: meter.id, productId: product.id };
  } finally {
    await api.close();
  }
}

/** One customer enrolled in the benchmark product. */
export async function enroll(baseUrl: string, tenant: Tenant, label: string): Promise<Enrollment> {
  const api = new JsonClient(baseUrl, `Bearer ${tenant.secretKey}`, 1);
  try {
    const customer = await call<{ id: string }>(api, 'POST', '/customers', { name: `Bench ${label}`, externalId: `bench-${label}` }, [201]);
    const enrollment = await call<{ id: string }>(api, 'POST', `/customers/${customer.id}/enrollments`, { productId: tenant.productId }, [201]);
    return { customerId: customer.id, enrollmentId: enrollment.id };
  } finally {
    await api.close();
  }
}
