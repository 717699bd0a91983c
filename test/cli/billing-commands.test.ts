// The CLI's subscriptions, coupons, refunds, storefronts and payment links as a seller runs them:
// child processes against a running service, each answer checked against the service's own state.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCustomer, createProduct, publishVersion, uniqueKey } from '../factories/catalog.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { runCli } from './cli-process.ts';

// Each CLI run is a new Node process compiling the CLI (2-4 s on a quiet machine, several times
// that beside a full suite); a test runs up to eight of them.
vi.setConfig({ testTimeout: 240_000 });

let t: TestContext;
let acme: SeededAccount;
let baseUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

const cli = (args: string[]) => runCli(args, { API_KEY: acme.key, BASE_URL: baseUrl });
const json = async (args: string[]) => {
  const run = await cli([...args, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
};

/** A published product (its default version): `{id, key}`. */
async function publishedProduct(body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const key = uniqueKey('cli');
  const { product, version } = await createProduct(t.client, acme.key, { key, ...body });
  await publishVersion(t.client, acme.key, product.id, version.id);
  return { id: product.id, key };
}

describe('subscriptions', () => {
  it('subscribes a customer by product key, pauses, resumes, cancels at period end, and lists', async () => {
    const plan = await publishedProduct({ pricingModel: 'subscription', basePrice: '29.90', billingCycle: 'monthly' });
    const customer = await createCustomer(t.client, acme.key);
    const created = await json(['subscriptions', 'create', '--customer', customer.id, '--product', plan.key]);
    expect(created).toMatchObject({ customerId: customer.id, status: 'active', billingCycle: 'monthly' });
    expect((await t.client.get(`/billing/subscriptions/${created.id}`, acme.key)).body.status).toBe('active');

    expect((await json(['subscriptions', 'pause', created.id])).status).toBe('paused');
    expect((await json(['subscriptions', 'resume', created.id])).status).toBe('active');
    const canceled = await cli(['subscriptions', 'cancel', created.id, '--at-period-end']);
    expect(canceled.code, canceled.stderr).toBe(0);
    expect(canceled.stdout).toMatch(/cancelAtPeriodEnd\s+true/);
    expect((await t.client.get(`/billing/subscriptions/${created.id}`, acme.key)).body.cancelAtPeriodEnd).toBe(true);

    const table = await cli(['subscriptions', 'list', '--customer', customer.id]);
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+customerId\s+status\s+billingCycle\s+nextBillingDate\s+createdAt$/);
    expect(table.stdout).toContain(created.id);
    const neither = await cli(['subscriptions', 'create', '--customer', customer.id]);
    expect(neither.code).toBe(2);
  });
});

describe('coupons', () => {
  it('creates, lists and archives a coupon', async () => {
    const code = `BEMVINDO${randomUUID().slice(0, 6)}`;
    const created = await json(['coupons', 'create', '--code', code, '--percent-off', '10', '--duration', 'repeating', '--duration-in-cycles', '3', '--max-redemptions', '100']);
    expect(created).toMatchObject({ code, duration: 'repeating', durationInCycles: 3, maxRedemptions: 100, status: 'active' });
    expect(Number(created.percentOff)).toBe(10);
    expect((await cli(['coupons', 'list'])).stdout).toContain(code);
    expect((await json(['coupons', 'archive', created.id])).status).toBe('archived');
    expect((await t.client.get(`/billing/coupons/${created.id}`, acme.key)).body.status).toBe('archived');
    // The same code again is refused by the service (409): exit 3.
    expect((await cli(['coupons', 'create', '--code', code, '--percent-off', '5'])).code).toBe(3);
  });
});

describe('refunds', () => {
  it('refunds part of a confirmed payment, then the rest, and lists both', async () => {
    const customer = await createCustomer(t.client, acme.key);
    const invoice = await t.client.post('/billing/invoices', acme.key, { customerId: customer.id, currency: 'BRL', lineItems: [{ description: 'Work', quantity: '1', unitPrice: '10.00' }] });
    await t.client.post(`/billing/invoices/${invoice.body.id}/finalize`, acme.key);
    const payment = await t.client.post(`/billing/invoices/${invoice.body.id}/payments`, acme.key, { method: 'pix' });
    expect((await t.client.post(`/test/payments/${payment.body.id}/confirm`, acme.key)).status).toBe(200);

    // 10.00 paid: 4.00 refunded, then the 6.00 left.
    const part = await json(['refunds', 'create', payment.body.id, '--amount', '4.00', '--reason', 'damaged']);
    expect(part).toMatchObject({ paymentId: payment.body.id, amount: '4.00', status: 'succeeded', reason: 'damaged' });
    expect((await json(['refunds', 'create', payment.body.id])).amount).toBe('6.00');
    expect((await t.client.get(`/billing/payments/${payment.body.id}`, acme.key)).body.status).toBe('refunded');
    const listed = await cli(['refunds', 'list', payment.body.id]);
    expect(listed.stdout.split('\n').filter((line) => line.includes(payment.body.id))).toHaveLength(2);
    // Nothing left to refund: the service refuses (exit 3).
    expect((await cli(['refunds', 'create', payment.body.id, '--amount', '1.00'])).code).toBe(3);
  });
});

describe('storefronts and payment links', () => {
  it('creates a storefront selling products named by key, disables it, and lists it with its address', async () => {
    const bread = await publishedProduct({ name: 'Pão de queijo', basePrice: '12.50' });
    const cake = await publishedProduct({ name: 'Bolo de fubá', basePrice: '30.00' });
    const slug = `padaria-${randomUUID().slice(0, 8)}`;
    const created = await json(['storefronts', 'create', '--slug', slug, '--name', 'Padaria', '--product', bread.key, '--product', cake.id, '--fulfillment-mode', 'both', '--shipping-flat-amount', '15.00']);
    expect(created).toMatchObject({ slug, status: 'active', productIds: [bread.id, cake.id], fulfillmentMode: 'both', shopUrl: `${baseUrl}/shop/${slug}` });
    expect((await t.client.get(`/public/storefronts/${slug}`, null)).status).toBe(200);

    expect((await json(['storefronts', 'update', created.id, '--status', 'disabled'])).status).toBe('disabled');
    expect((await t.client.get(`/public/storefronts/${slug}`, null)).status).toBe(404);
    const table = await cli(['storefronts', 'list']);
    expect(table.stdout).toContain(`${baseUrl}/shop/${slug}`);
  });

  it('creates a payment link by product key, turns it off and on, and lists it', async () => {
    const ebook = await publishedProduct({ name: 'E-book', basePrice: '29.90' });
    const link = await json(['payment-links', 'create', '--product', ebook.key, '--quantity', '2', '--success-url', 'https://example.com/thanks']);
    expect(link).toMatchObject({ productId: ebook.id, quantity: '2', active: true, successUrl: 'https://example.com/thanks' });
    expect((await json(['payment-links', 'disable', link.id])).active).toBe(false);
    expect((await t.client.get(`/payment-links/${link.id}`, acme.key)).body.active).toBe(false);
    expect((await json(['payment-links', 'enable', link.id])).active).toBe(true);
    const listed = await json(['payment-links', 'list', '--product', ebook.key]);
    // Publishing the product made its first link; this one is the second, listed newest first.
    expect(listed.map((l: { id: string }) => l.id)).toEqual([link.id, expect.any(String)]);
    expect(listed.every((l: { productId: string }) => l.productId === ebook.id)).toBe(true);
  });
});
