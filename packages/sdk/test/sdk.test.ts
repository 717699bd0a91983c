// The SDK against the running service (no mocks): a sandbox flow from a product to a paid invoice,
// errors as BillingError, lists followed to their end, retries proven by faults injected in the
// transport between client and service, and webhook signatures checked.
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { BillingClient, BillingError, verifyWebhook, WebhookVerificationError } from '../src/index.ts';

let t: TestContext;
let acme: SeededAccount;
let baseUrl: string;
let client: BillingClient;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  acme = await seedAccount(t.client, 'Acme');
  client = new BillingClient({ apiKey: acme.key, baseUrl, retry: { baseDelayMs: 5 } });
});
afterAll(() => t.close());

/** A fetch that lets `fault` decide, per call, to answer in place of the service or to lose its answer. */
function faultyFetch(fault: (call: number, request: { method: string; url: string }) => 'pass' | 'lose-answer' | Response) {
  let calls = 0;
  const seenKeys: Array<string | null> = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    calls += 1;
    seenKeys.push(new Headers(init.headers).get('idempotency-key'));
    const decision = fault(calls, { method: init.method ?? 'GET', url });
    if (decision instanceof Response) return decision;
    const response = await fetch(url, init);
    if (decision === 'lose-answer') {
      await response.arrayBuffer();
      throw new TypeError('fetch failed: the connection was reset after the request was sent');
    }
    return response;
  }) as typeof fetch;
  return { fetcher, seenKeys, calls: () => calls };
}

describe('a sandbox flow from a product to a paid invoice', () => {
  it('creates, publishes, invoices, charges by Pix, confirms and reads the invoice paid', async () => {
    const { product, version } = await client.products.create({ key: 'consulting', name: 'Consulting', pricingModel: 'one_time', basePrice: '50.00' });
    const published = await client.products.publish(product.id, version.id);
    expect(published.status).toBe('published');
    const customer = await client.customers.create({ name: 'Ana Souza', email: 'ana@example.com' });
    const invoice = await client.invoices.create({
      customerId: customer.id,
      currency: 'BRL',
      lineItems: [{ description: 'Consulting', quantity: '2', unitPrice: '50.00', productId: product.id }],
    });
    expect(invoice.status).toBe('draft');
    const open = await client.invoices.finalize(invoice.id);
    expect(open.status).toBe('open');
    const charge = await client.invoices.pay(invoice.id, { method: 'pix' });
    expect(charge.status).toBe('pending');
    await client.test.confirmPayment(charge.id);
    const paid = await client.invoices.get(invoice.id);
    expect(paid.status).toBe('paid');
    expect(paid.amountDue).toBe('0.00');
    const payments = [];
    for await (const payment of client.payments.list({ invoiceId: invoice.id })) payments.push(payment);
    expect(payments.map((p) => p.status)).toEqual(['confirmed']);
  });
});

describe('errors', () => {
  it('throws BillingError with status, error_code, message, tracer_id and resource on a 404', async () => {
    const error = await client.customers.get('01a20e57-8089-7031-b176-bb15076e4426').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingError);
    const refused = error as BillingError;
    expect(refused.status).toBe(404);
    expect(refused.error_code).toBe('not_found');
    expect(refused.resource).toBe('customer');
    expect(refused.tracer_id).toMatch(/[0-9a-f-]{36}/);
    expect(refused.message).toBeTruthy();
  });

  it('carries the field errors of a validation refusal', async () => {
    const error = (await client.customers.create({ name: 'x', email: 'not-an-email' }).catch((e: unknown) => e)) as BillingError;
    expect(error.status).toBe(422);
    expect(error.error_code).toBe('validation_failed');
    expect(error.errors?.[0]?.field).toBe('email');
  });

  it('says network_error with status 0 when nothing answers', async () => {
    const nowhere = new BillingClient({ apiKey: acme.key, baseUrl: 'http://127.0.0.1:9', retry: { maxRetries: 1, baseDelayMs: 1 } });
    const error = (await nowhere.customers.get('x').catch((e: unknown) => e)) as BillingError;
    expect(error).toBeInstanceOf(BillingError);
    expect(error.status).toBe(0);
    expect(error.error_code).toBe('network_error');
  });
});

describe('lists', () => {
  it('follows nextCursor to the last page', async () => {
    const other = await seedAccount(t.client, 'Lists');
    const lists = new BillingClient({ apiKey: other.key, baseUrl });
    for (let i = 0; i < 23; i++) await lists.customers.create({ name: `Customer ${i}` });
    const names: string[] = [];
    for await (const customer of lists.customers.list({ limit: 5 })) names.push(customer.name!);
    expect(names).toHaveLength(23);
    expect(new Set(names).size).toBe(23);
    expect(names[0]).toBe('Customer 22');
  });
});

describe('retries', () => {
  it('a write whose answer is lost is retried with the same Idempotency-Key: it runs once', async () => {
    const other = await seedAccount(t.client, 'Lost answers');
    const faulty = faultyFetch((call) => (call === 1 ? 'lose-answer' : 'pass'));
    const flaky = new BillingClient({ apiKey: other.key, baseUrl, fetch: faulty.fetcher, retry: { baseDelayMs: 5 } });
    const customer = await flaky.customers.create({ name: 'Only once', email: 'once@example.com' });
    expect(faulty.calls()).toBe(2);
    expect(faulty.seenKeys[0]).toBeTruthy();
    expect(faulty.seenKeys[1]).toBe(faulty.seenKeys[0]);
    const all = [];
    for await (const c of new BillingClient({ apiKey: other.key, baseUrl }).customers.list()) all.push(c);
    expect(all.map((c) => c.id)).toEqual([customer.id]);
  });

  it('retries 5xx, 429 after Retry-After and 409 idempotency_key_in_use, and gives up after maxRetries', async () => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
    const faulty = faultyFetch((call) => {
      if (call === 1) return json(503, { message: 'draining', error_code: 'service_unavailable', tracer_id: 't1' });
      if (call === 2) return json(429, { error: { code: 'rate_limited', message: 'slow down', request_id: 't2' } }, { 'retry-after': '1' });
      if (call === 3) return json(409, { error: { code: 'idempotency_key_in_use', message: 'running', request_id: 't3' } });
      return 'pass';
    });
    const flaky = new BillingClient({ apiKey: acme.key, baseUrl, fetch: faulty.fetcher, retry: { baseDelayMs: 5 } });
    const started = Date.now();
    const customer = await flaky.customers.create({ name: 'After three faults' });
    expect(customer.name).toBe('After three faults');
    expect(faulty.calls()).toBe(4);
    expect(new Set(faulty.seenKeys).size).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    const always = faultyFetch(() => json(500, { message: 'boom', error_code: 'internal_error', tracer_id: 'x' }));
    const broken = new BillingClient({ apiKey: acme.key, baseUrl, fetch: always.fetcher, retry: { maxRetries: 2, baseDelayMs: 1 } });
    const error = (await broken.customers.list().next().catch((e: unknown) => e)) as BillingError;
    expect(error.status).toBe(500);
    expect(error.error_code).toBe('internal_error');
    expect(always.calls()).toBe(3);
  });

  it('does not retry a business refusal', async () => {
    const faulty = faultyFetch(() => 'pass');
    const counted = new BillingClient({ apiKey: acme.key, baseUrl, fetch: faulty.fetcher });
    await expect(counted.customers.create({ name: 'x', email: 'bad' })).rejects.toBeInstanceOf(BillingError);
    expect(faulty.calls()).toBe(1);
  });
});

describe('webhook signatures', () => {
  it('verifies a delivery signed with the endpoint secret and refuses an altered one', async () => {
    const endpoint = await t.client.post('/account/webhooks', acme.key, { url: 'http://127.0.0.1:9/hooks', events: ['customer.created'] });
    expect(endpoint.status).toBe(201);
    const secret = endpoint.body.secret as string;
    const body = JSON.stringify({ id: 'evt_1', type: 'customer.created', createdAt: new Date().toISOString(), data: { id: 'c1' } });
    const timestamp = new Date();
    const signature = new Webhook(secret).sign('evt_1', timestamp, body);
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)), 'webhook-signature': signature };
    expect(verifyWebhook(body, headers, secret).type).toBe('customer.created');
    expect(() => verifyWebhook(body.replace('c1', 'c2'), headers, secret)).toThrow(WebhookVerificationError);
  });
});
