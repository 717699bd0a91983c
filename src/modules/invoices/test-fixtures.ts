// Helpers shared by the invoice tests: customers, products and enrollments through the API.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext, SeededAccount } from '../../../test/harness.ts';
import type { Environment, UseCaseContext } from '../../core/context.ts';

export async function createCustomer(t: TestContext, key: string, body: Record<string, unknown> = { name: 'Ana Souza', email: 'ana@example.com' }): Promise<string> {
  const res = await t.client.post('/customers', key, body);
  expect(res.status, res.raw).toBe(201);
  return res.body.id as string;
}

export const ONE_LINE = [{ description: 'Consulting', quantity: '2', unitPrice: '50.00' }];

/** POST /billing/invoices with sensible defaults; asserts 201 and returns the invoice. */
export async function createOneOffInvoice(t: TestContext, key: string, customerId: string, overrides: Record<string, unknown> = {}) {
  const res = await t.client.post('/billing/invoices', key, { customerId, currency: 'BRL', lineItems: ONE_LINE, ...overrides });
  expect(res.status, res.raw).toBe(201);
  return res.body;
}

export function tenantOf(account: SeededAccount, environment: Environment = 'sandbox') {
  return { accountId: account.id, environment };
}

/** The context a use case gets from a request, for tests that call the service directly. */
export function contextFor(t: TestContext, account: SeededAccount, environment: Environment = 'sandbox'): UseCaseContext {
  return { tenant: tenantOf(account, environment), now: t.app.deps.clock.now(), baseUrl: t.config.baseUrl };
}

/** A usage product through POST /products, its version 1 published as the default: the product id. */
export async function createProduct(t: TestContext, key: string): Promise<string> {
  const res = await t.client.post('/products', key, { key: `product-${randomUUID()}`, name: 'API calls', pricingModel: 'usage' });
  expect(res.status, res.raw).toBe(201);
  const published = await t.client.post(`/products/${res.body.product.id}/versions/${res.body.version.id}/publish`, key);
  expect(published.status, published.raw).toBe(200);
  return res.body.product.id;
}

/** The customer's enrollment in a new product (the interface's "customer's enrollment id"). */
export async function createEnrollment(t: TestContext, key: string, customerId: string): Promise<string> {
  const res = await t.client.post(`/customers/${customerId}/enrollments`, key, { productId: await createProduct(t, key) });
  expect(res.status, res.raw).toBe(201);
  return res.body.id;
}
