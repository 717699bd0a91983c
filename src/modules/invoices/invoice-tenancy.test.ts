// Another account's invoice ids, and sandbox ids under a live key, answer 404 on every route of
// the invoices area, exactly like ids that do not exist; nothing of the other tenant changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer, createOneOffInvoice, createProduct } from './test-fixtures.ts';

let t: TestContext;
let owner: SeededAccount;
let intruder: SeededAccount;
let invoiceId: string;
let customerId: string;
let productId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await seedAccount(t.client, 'Owner');
  intruder = await seedAccount(t.client, 'Intruder');
  customerId = await createCustomer(t, owner.key);
  productId = await createProduct(t, owner.key);
  invoiceId = (await createOneOffInvoice(t, owner.key, customerId)).id;
  expect((await t.client.post(`/billing/invoices/${invoiceId}/finalize`, owner.key)).status).toBe(200);
});
afterAll(() => t.close());

type Caller = 'another account' | 'a live key on sandbox ids';
const callers: Caller[] = ['another account', 'a live key on sandbox ids'];
const keyOf = (caller: Caller) => (caller === 'another account' ? intruder.key : owner.liveKey);

const routes: Array<{ name: string; method: 'GET' | 'POST'; path: () => string; body?: () => unknown; resource: string }> = [
  { name: 'GET /billing/invoices/{id}', method: 'GET', path: () => `/billing/invoices/${invoiceId}`, resource: 'invoice' },
  { name: 'POST /billing/invoices/{id}/finalize', method: 'POST', path: () => `/billing/invoices/${invoiceId}/finalize`, resource: 'invoice' },
  { name: 'POST /billing/invoices/{id}/void', method: 'POST', path: () => `/billing/invoices/${invoiceId}/void`, resource: 'invoice' },
  { name: 'POST /billing/invoices/{id}/mark-uncollectible', method: 'POST', path: () => `/billing/invoices/${invoiceId}/mark-uncollectible`, resource: 'invoice' },
  { name: 'POST /billing/invoices/{id}/send', method: 'POST', path: () => `/billing/invoices/${invoiceId}/send`, resource: 'invoice' },
  {
    name: 'POST /billing/invoices with their customer',
    method: 'POST',
    path: () => '/billing/invoices',
    body: () => ({ customerId, currency: 'BRL', lineItems: [{ description: 'x', quantity: '1', unitPrice: '1' }] }),
    resource: 'customer',
  },
  {
    name: 'POST /billing/invoices with their product',
    method: 'POST',
    path: () => '/billing/invoices',
    body: () => ({ customerId: '{own}', currency: 'BRL', lineItems: [{ description: 'x', quantity: '1', unitPrice: '1', productId }] }),
    resource: 'product',
  },
];

describe.each(callers)('as %s', (caller) => {
  it.each(routes)('$name answers 404', async (route) => {
    let body = route.body?.();
    if (body && (body as { customerId: string }).customerId === '{own}') {
      body = { ...(body as object), customerId: await createCustomer(t, keyOf(caller)) };
    }
    const res = await t.client.request(route.method, route.path(), { key: keyOf(caller), body });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: 'not_found', resource: route.resource });
  });

  it('lists none of the owner invoices, even filtered by the owner customer', async () => {
    const res = await t.client.get(`/billing/invoices?customerId=${customerId}`, keyOf(caller));
    expect(res.status).toBe(200);
    expect(res.body.invoices).toEqual([]);
  });
});

it('a malformed invoice id answers 404 invoice like an unknown one', async () => {
  for (const path of ['/billing/invoices/not-a-uuid', '/billing/invoices/not-a-uuid/finalize']) {
    const res = await t.client.request(path.endsWith('finalize') ? 'POST' : 'GET', path, { key: owner.key });
    expect(res.status).toBe(404);
    expect(res.body.resource).toBe('invoice');
  }
});

it('the owner invoice is unchanged by all of the above', async () => {
  const res = await t.client.get(`/billing/invoices/${invoiceId}`, owner.key);
  expect(res.body).toMatchObject({ status: 'open', invoiceNumber: 'INV-000001' });
  const sent = await t.client.get('/test/emails', owner.key);
  expect(sent.body.emails).toEqual([]);
});
