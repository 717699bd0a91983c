// The JSON actions behind the hosted invoice page: pay by a method (and switch), poll the status.
// The invoice link's token is the credential; anything wrong answers 404 `invoice`; an
// Idempotency-Key makes a double submit pay once; a draft or paid invoice is refused saying why.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer, createOneOffInvoice } from '../../modules/invoices/test-fixtures.ts';
import { openInvoice } from '../../modules/payments/test-fixtures.ts';
import { createProduct } from '../../modules/storage/testing.ts';
import { usableReturnUrl } from './pay.ts';

let t: TestContext;
let acme: SeededAccount;
let globex: SeededAccount;
let customer: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  globex = await seedAccount(t.client, 'Globex');
  customer = await createCustomer(t, acme.key, { name: 'Ana Souza', email: 'ana@example.com' });
});
afterAll(() => t.close());

interface Link {
  path: string;
  token: string;
  id: string;
}

function linkOf(invoice: { id: string; invoiceUrl: string }): Link {
  const url = new URL(invoice.invoiceUrl);
  return { path: url.pathname, token: url.searchParams.get('token')!, id: invoice.id };
}

async function openLink(key = acme.key, customerId = customer, overrides: Record<string, unknown> = {}): Promise<Link> {
  return linkOf(await openInvoice(t, key, customerId, overrides));
}

const pay = (link: Link, method: string, options: { token?: string; idempotencyKey?: string | null; path?: string } = {}) =>
  t.client.post(`${options.path ?? link.path}/payments`, null, { token: options.token ?? link.token, method }, { idempotencyKey: options.idempotencyKey });
const status = (link: Link, token = link.token, path = link.path) => t.client.get(`${path}/status?token=${encodeURIComponent(token)}`, null);
const paymentsOf = async (invoiceId: string, key = acme.key) => (await t.client.get(`/billing/payments?invoiceId=${invoiceId}`, key)).body.payments as Array<Record<string, unknown>>;

describe('pay a hosted invoice', () => {
  it('charges the open invoice by Pix through the payments service, with what the page shows', async () => {
    const link = await openLink();
    const res = await pay(link, 'pix');
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({
      paymentId: expect.any(String),
      method: 'pix',
      status: 'pending',
      amount: '100.00',
      currency: 'BRL',
      failureCode: null,
      pixPayload: expect.any(String),
      pixQrImage: expect.stringMatching(/^iVBORw0KGgo/),
      pixExpiresAt: expect.any(String),
      sandboxConfirmUrl: expect.stringContaining(`/pay/sandbox/confirm/${res.body.paymentId}?token=`),
    });
    // Nothing of the seller's secrets or of the charge's processor internals.
    for (const hidden of ['providerId', 'providerPixPayload', 'invoiceId', 'payer', 'publishableKey', 'nextAction']) expect(res.body).not.toHaveProperty(hidden);
    expect(res.raw).not.toContain(acme.key);
    expect(res.raw).not.toContain(acme.id);
    const payments = await paymentsOf(link.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: res.body.paymentId, method: 'pix', status: 'pending' });
  });

  it('boleto: line, barcode image, printable page; card: clientSecret; crypto: chargeToken and network', async () => {
    const link = await openLink();
    const boleto = await pay(link, 'boleto');
    expect(boleto.status, boleto.raw).toBe(201);
    expect(boleto.body.boletoLine).toMatch(/^\d{47}$/);
    expect(boleto.body.boletoBarcodeImage).toMatch(/^iVBORw0KGgo/);
    expect((await status(link)).body.payment).toMatchObject({ boletoLine: boleto.body.boletoLine, boletoUrl: boleto.body.boletoUrl });
    expect((await status(link)).body.payment).not.toHaveProperty('boletoBarcodeImage');
    const resumed = await t.client.get(`${link.path}/status?token=${encodeURIComponent(link.token)}&images=true`, null);
    expect(resumed.body.payment.boletoBarcodeImage).toBe(boleto.body.boletoBarcodeImage);
    expect(boleto.body.boletoUrl).toContain(`/pay/${acme.slug}/boletos/${boleto.body.paymentId}?token=`);
    const printable = await t.app.inject({ method: 'GET', url: new URL(boleto.body.boletoUrl).pathname + new URL(boleto.body.boletoUrl).search });
    expect(printable.statusCode).toBe(200);

    const card = await pay(link, 'card');
    expect(card.status, card.raw).toBe(201);
    expect(card.body.clientSecret).toEqual(expect.any(String));
    const paid = await t.client.post(`/pay/sandbox/cards/${card.body.paymentId}`, null, { clientSecret: card.body.clientSecret, number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' });
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body.status).toBe('confirmed');

    const other = await openLink();
    const crypto = await pay(other, 'crypto');
    expect(crypto.status, crypto.raw).toBe(201);
    expect(crypto.body).toMatchObject({ method: 'crypto', chargeToken: expect.any(String), network: 'test', settlementAsset: 'USDC', settlementNetwork: 'base' });
  });

  it('a double submit with one Idempotency-Key creates one charge and answers the same', async () => {
    const link = await openLink();
    const key = randomUUID();
    const [first, second] = await Promise.all([pay(link, 'pix', { idempotencyKey: key }), pay(link, 'pix', { idempotencyKey: key })]);
    const third = await pay(link, 'pix', { idempotencyKey: key });
    const answers = [first, second, third];
    const created = answers.filter((a) => a.status === 201);
    // A concurrent duplicate may be told the first is still running (409 idempotency_key_in_use); never a second charge.
    for (const a of answers) expect([201, 409], a.raw).toContain(a.status);
    expect(third.status).toBe(201);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(new Set(created.map((a) => a.body.paymentId)).size).toBe(1);
    expect(await paymentsOf(link.id)).toHaveLength(1);
    // Without a key the write is refused.
    expect((await pay(link, 'pix', { idempotencyKey: null })).status).toBe(400);
  });

  it('switching method supersedes the pending charge', async () => {
    const link = await openLink();
    const boleto = await pay(link, 'boleto');
    const pix = await pay(link, 'pix');
    expect(pix.status, pix.raw).toBe(201);
    const payments = await paymentsOf(link.id);
    expect(payments).toHaveLength(2);
    expect(payments.find((p) => p.id === boleto.body.paymentId)).toMatchObject({ status: 'failed', failureCode: 'superseded' });
    expect(payments.find((p) => p.id === pix.body.paymentId)).toMatchObject({ status: 'pending' });
    const state = await status(link);
    expect(state.body.payment).toMatchObject({ paymentId: pix.body.paymentId, method: 'pix', status: 'pending' });
  });

  it('answers 404 invoice for a wrong, forged or missing token, a wrong slug or id, and another account\'s invoice', async () => {
    const link = await openLink();
    const globexCustomer = await createCustomer(t, globex.key, { name: 'Bia', email: 'bia@example.com' });
    const theirs = await openLink(globex.key, globexCustomer);
    const cases: Array<{ token?: string; path?: string }> = [
      { token: link.token.slice(0, -1) },
      { token: `${link.token}x` },
      { token: theirs.token },
      { path: link.path.replace(acme.slug, globex.slug) },
      { path: link.path.replace(acme.slug, 'no-such-seller') },
      { path: link.path.replace(link.id, randomUUID()) },
      { path: link.path.replace(link.id, 'not-a-uuid') },
      // Globex's invoice under Acme's slug, even with its own token.
      { path: theirs.path.replace(globex.slug, acme.slug), token: theirs.token },
    ];
    for (const c of cases) {
      const res = await pay(link, 'pix', c);
      expect(res.status, JSON.stringify(c)).toBe(404);
      expect(res.body).toMatchObject({ error_code: 'not_found', resource: 'invoice' });
      const polled = await status(link, c.token ?? link.token, c.path ?? link.path);
      expect(polled.status, JSON.stringify(c)).toBe(404);
      expect(polled.body).toMatchObject({ error_code: 'not_found', resource: 'invoice' });
    }
    expect((await t.client.get(`${link.path}/status`, null)).status).toBe(422);
    expect(await paymentsOf(link.id)).toHaveLength(0);
    expect(await paymentsOf(theirs.id, globex.key)).toHaveLength(0);
  });

  it('refuses a draft and a paid invoice with a clear error, and a method the invoice cannot take', async () => {
    const draft = linkOf(await createOneOffInvoice(t, acme.key, customer));
    const refused = await pay(draft, 'pix');
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe('invoice_not_payable');
    expect(refused.body.message).toContain('not been issued yet');
    expect((await status(draft)).status).toBe(404); // the page does not show drafts either

    const link = await openLink();
    const pix = await pay(link, 'pix');
    expect((await t.client.post(`/test/payments/${pix.body.paymentId}/confirm`, acme.key)).status).toBe(200);
    const again = await pay(link, 'boleto');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error_code: 'invoice_not_payable', message: expect.stringContaining('already paid') });

    const usd = await openLink(acme.key, customer, { currency: 'USD' });
    const pixUsd = await pay(usd, 'pix');
    expect(pixUsd.status).toBe(422);
    expect(pixUsd.body.errors[0]).toMatchObject({ field: 'method', constraint: 'accepted' });
    expect(pixUsd.body.errors[0].description).toContain('card, crypto');
    expect((await pay(usd, 'card')).status).toBe(201);
  });

  it('production: no provider connected, so nothing is charged (409 provider_not_configured)', async () => {
    const live = await createCustomer(t, acme.liveKey, { name: 'Caio', email: 'caio@example.com' });
    const link = await openLink(acme.liveKey, live);
    const res = await pay(link, 'pix');
    expect(res.status).toBe(409);
    expect(res.body.error_code).toBe('provider_not_configured');
  });
});

describe('status', () => {
  it('moves to paid when the charge is confirmed, with the successUrl when it may be used', async () => {
    const link = await openLink(acme.key, customer, { successUrl: 'https://shop.example.com/thanks', cancelUrl: 'https://shop.example.com/cart' });
    const before = await status(link);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ invoiceStatus: 'open', amountDue: '100.00', currency: 'BRL', payment: null, successUrl: null });
    const pix = await pay(link, 'pix');
    const pending = await status(link);
    expect(pending.body.payment).toMatchObject({ paymentId: pix.body.paymentId, status: 'pending', pixPayload: pix.body.pixPayload });
    expect(pending.body.payment).not.toHaveProperty('clientSecret');
    // The poll (every 2 seconds) leaves the QR image out; the page asks for it once, when it resumes the charge.
    expect(pending.body.payment).not.toHaveProperty('pixQrImage');
    const resumed = await t.client.get(`${link.path}/status?token=${encodeURIComponent(link.token)}&images=true`, null);
    expect(resumed.body.payment).toEqual({ ...pending.body.payment, pixQrImage: pix.body.pixQrImage });
    // The buyer confirms on the sandbox page (another tab).
    const confirm = new URL(pix.body.sandboxConfirmUrl);
    expect((await t.app.inject({ method: 'POST', url: confirm.pathname + confirm.search })).statusCode).toBe(200);
    const after = await status(link);
    expect(after.body).toMatchObject({ invoiceStatus: 'paid', amountDue: '0.00', successUrl: 'https://shop.example.com/thanks' });
    expect(after.body.payment).toEqual({ paymentId: pix.body.paymentId, method: 'pix', status: 'confirmed', amount: '100.00', currency: 'BRL', failureCode: null, createdAt: expect.any(String) });
  });

  it('the paid page shows the receipt with the deliverable download link', async () => {
    const product = await createProduct(t, acme.key);
    expect((await t.client.put(`/products/${product}/deliverable`, acme.key, { kind: 'link', url: 'https://example.com/course' })).status).toBe(200);
    const link = await openLink(acme.key, customer, { lineItems: [{ description: 'Course', quantity: '1', unitPrice: '50.00', productId: product }] });
    const pix = await pay(link, 'pix');
    expect((await t.client.post(`/test/payments/${pix.body.paymentId}/confirm`, acme.key)).status).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `${link.path}?token=${link.token}`, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="receipt"');
    expect(page.body).toContain('<dd data-testid="receipt-method">Pix</dd>');
    const grants = (await t.client.get(`/billing/invoices/${link.id}/deliverable`, acme.key)).body.grants;
    expect(grants).toHaveLength(1);
    expect(page.body).toContain(`href="/public/downloads/${grants[0].token}"`);
    const download = await t.app.inject({ method: 'GET', url: `/public/downloads/${grants[0].token}` });
    expect(download.headers.location).toBe('https://example.com/course');
  });
});

describe('usableReturnUrl', () => {
  it.each([
    ['https://shop.example.com/ok', 'sandbox', 'https://shop.example.com/ok'],
    ['https://shop.example.com/ok', 'production', 'https://shop.example.com/ok'],
    ['http://localhost:3000/ok', 'sandbox', 'http://localhost:3000/ok'],
    ['http://127.0.0.1:3000/ok', 'sandbox', 'http://127.0.0.1:3000/ok'],
    ['http://localhost:3000/ok', 'production', null],
    ['http://shop.example.com/ok', 'sandbox', null],
    ['javascript:alert(1)', 'sandbox', null],
    ['https://user:pw@shop.example.com/', 'sandbox', null],
    ['not a url', 'sandbox', null],
    [null, 'sandbox', null],
  ] as const)('%s in %s -> %s', (url, environment, expected) => {
    expect(usableReturnUrl(url, environment)).toBe(expected);
  });
});
