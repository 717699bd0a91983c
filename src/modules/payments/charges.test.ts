// Charge creation over HTTP: every method's fields, the invoice and provider rules, superseding,
// concurrency and idempotency.
import jsQRModule from 'jsqr';
import { hasError, parsePix } from 'pix-utils';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer, createOneOffInvoice } from '../invoices/test-fixtures.ts';
import { boletoDueDate } from './sandbox-provider.ts';
import { charge, eventsOf, openInvoice } from './test-fixtures.ts';

// jsqr is CommonJS with an ES-style default in its types: take the function either way.
const jsQR: (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null = (jsQRModule as any).default ?? jsQRModule;

let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme Ltda');
  customerId = await createCustomer(t, acme.key, { name: 'Ana Souza', email: 'ana@example.com' });
});
afterAll(() => t.close());

const CREATION_ONLY = ['invoiceUrl', 'switchable', 'clientSecret', 'publishableKey', 'nextAction', 'chargeToken'];

describe('pix', () => {
  it('answers 201 with a BR Code, its QR, the sandbox fields and the creation-only fields', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.key, { method: 'pix' });
    expect(res.status, res.raw).toBe(201);
    const p = res.body;
    expect(p).toMatchObject({ invoiceId: invoice.id, provider: 'sandbox', method: 'pix', amount: '100.00', currency: 'BRL', status: 'pending', failureCode: null, failedAt: null, switchable: true });
    expect(p.providerId).toMatch(/^sbx_pix_/);
    expect(p.pixPayload).toMatch(/^000201/);
    expect(p.pixPayload).toContain('br.gov.bcb.pix');
    expect(p.pixQrImage).toMatch(/^iVBORw0KGgo/); // PNG signature, no data: prefix
    expect(p.providerPixPayload).toMatch(/^000201/);
    expect(p.sandboxConfirmUrl).toMatch(new RegExp(`^${t.config.baseUrl}/pay/sandbox/confirm/${p.id}\\?token=`));
    expect(p.invoiceUrl).toBe(invoice.invoiceUrl);
    expect(new Date(p.pixExpiresAt).getTime() - new Date(p.createdAt).getTime()).toBe(3600_000);
    expect(p).not.toHaveProperty('refundedAmount');
    // Read back by independent libraries: the QR decodes to exactly pixPayload, which pix-utils parses.
    const png = PNG.sync.read(Buffer.from(p.pixQrImage, 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(p.pixPayload);
    const parsed = parsePix(p.pixPayload);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ type: 'DYNAMIC', merchantName: 'Acme Ltda', url: expect.stringContaining('/pay/sandbox/pix/') });

    const read = await t.client.get(`/billing/payments/${p.id}`, acme.key);
    expect(read.status).toBe(200);
    for (const field of ['pixPayload', 'pixQrImage', 'pixExpiresAt', 'providerPixPayload', 'sandboxConfirmUrl']) expect(read.body[field]).toEqual(p[field]);
    for (const field of CREATION_ONLY) expect(read.body).not.toHaveProperty(field);
  });

  it('takes expiresInSeconds from 60 to 86400', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const p = await charge(t, acme.key, invoice.id, { method: 'pix', expiresInSeconds: 60 });
    expect(new Date(p.pixExpiresAt).getTime() - new Date(p.createdAt).getTime()).toBe(60_000);
    for (const expiresInSeconds of [59, 86401]) {
      const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.key, { method: 'pix', expiresInSeconds });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe('expiresInSeconds');
    }
  });

  it('refuses pix and boleto on an invoice that is not in BRL', async () => {
    const invoice = await openInvoice(t, acme.key, customerId, { currency: 'USD' });
    for (const method of ['pix', 'boleto']) {
      const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.key, { method });
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ field: 'method', constraint: 'currency' });
    }
    expect((await t.client.get(`/billing/payments?invoiceId=${invoice.id}`, acme.key)).body.payments).toHaveLength(0);
  });
});

describe('boleto', () => {
  it('has a 47-digit line, a 44-digit barcode, a printable page and the invoice due date', async () => {
    const dueDate = '2026-12-10T15:00:00.000Z';
    const invoice = await openInvoice(t, acme.key, customerId, { dueDate });
    const p = await charge(t, acme.key, invoice.id, { method: 'boleto' });
    expect(p.boletoLine).toMatch(/^[0-9]{47}$/);
    expect(p.boletoBarcode).toMatch(/^[0-9]{44}$/);
    expect(p.boletoBarcode.slice(9, 19)).toBe('0000010000'); // amount in cents
    expect(p.boletoDueDate).toBe(dueDate);
    expect(p.boletoUrl).toMatch(new RegExp(`/pay/${acme.slug}/boletos/${p.id}\\?token=`));
    expect(p).not.toHaveProperty('pixPayload');
    const page = await t.app.inject({ method: 'GET', url: p.boletoUrl.slice(t.config.baseUrl.length) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body.replace(/\D/g, '')).toContain(p.boletoLine);
    expect(page.body).toContain('data:image/png;base64,');
    expect(page.headers['content-security-policy']).toContain('img-src data:');
    const wrong = await t.app.inject({ method: 'GET', url: p.boletoUrl.slice(t.config.baseUrl.length).replace(/token=[^&]+/, 'token=nope') });
    expect(wrong.statusCode).toBe(404);
  });

  it('is due 3 days after the charge when the invoice has become overdue, else on its due date', () => {
    const now = new Date('2026-06-10T15:00:00.000Z');
    expect(boletoDueDate(new Date('2026-06-01T00:00:00.000Z'), now).toISOString()).toBe('2026-06-13T15:00:00.000Z');
    expect(boletoDueDate(null, now).toISOString()).toBe('2026-06-13T15:00:00.000Z');
    expect(boletoDueDate(new Date('2026-06-10T09:00:00.000Z'), now).toISOString()).toBe('2026-06-10T09:00:00.000Z'); // payable all day
    expect(boletoDueDate(new Date('2026-07-01T00:00:00.000Z'), now).toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });
});

describe('card', () => {
  it('answers processor_b_payment_intent by default, with the account publishable key', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const p = await charge(t, acme.key, invoice.id, { method: 'card' });
    expect(p.clientSecret).toMatch(new RegExp(`^${p.id}_secret_`));
    expect(p.publishableKey).toBe(acme.publishableKey);
    expect(p.nextAction).toEqual({ type: 'processor_b_payment_intent', clientSecret: p.clientSecret, publishableKey: acme.publishableKey });
  });

  it('answers processor_a_session with the amount in minor units when the account picks processor_a', async () => {
    const other = await seedAccount(t.client, 'Loja A');
    const patched = await t.client.patch('/account/tenant', other.key, { cardProcessor: 'processor_a' });
    expect(patched.status, patched.raw).toBe(200);
    expect(patched.body.cardProcessor).toBe('processor_a');
    const buyer = await createCustomer(t, other.key);
    const invoice = await openInvoice(t, other.key, buyer, { lineItems: [{ description: 'Plan', quantity: '3', unitPrice: '33.335' }] });
    expect(invoice.amountDue).toBe('100.01');
    const p = await charge(t, other.key, invoice.id, { method: 'card' });
    expect(Object.keys(p.nextAction).sort()).toEqual(['amount', 'clientKey', 'countryCode', 'environment', 'locale', 'session', 'type']);
    expect(p.nextAction).toMatchObject({
      type: 'processor_a_session',
      clientKey: other.publishableKey,
      environment: 'live',
      countryCode: 'BR',
      locale: 'pt-BR',
      amount: { value: 10001, currency: 'BRL' },
    });
    expect(Object.keys(p.nextAction.session).sort()).toEqual(['id', 'sessionData']);
    expect(Object.keys(p.nextAction.amount).sort()).toEqual(['currency', 'value']);
  });

  it('mints a publishable key when the account has none whose value is kept', async () => {
    const other = await seedAccount(t.client, 'Old keys');
    const list = await t.client.get('/account/keys', other.key);
    const publishable = list.body.keys.find((k: { type: string }) => k.type === 'publishable');
    expect((await t.client.delete(`/account/keys/${publishable.id}`, other.key)).status).toBe(200);
    const invoice = await openInvoice(t, other.key, await createCustomer(t, other.key));
    const p = await charge(t, other.key, invoice.id, { method: 'card' });
    expect(p.publishableKey).toMatch(/^pk_test_/);
    expect(p.publishableKey).not.toBe(other.publishableKey);
    const again = await charge(t, other.key, (await openInvoice(t, other.key, await createCustomer(t, other.key))).id, { method: 'card' });
    expect(again.publishableKey).toBe(p.publishableKey);
  });
});

describe('crypto', () => {
  it('has a single-use charge token, the test network and USDC on base by default', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const p = await charge(t, acme.key, invoice.id, { method: 'crypto' });
    expect(p).toMatchObject({ network: 'test', settlementAsset: 'USDC', settlementNetwork: 'base' });
    expect(p.chargeToken).toMatch(/^ct_/);
    const solana = await charge(t, acme.key, invoice.id, { method: 'crypto', settlementNetwork: 'solana' });
    expect(solana.settlementNetwork).toBe('solana');
    const read = await t.client.get(`/billing/payments/${solana.id}`, acme.key);
    expect(read.body).toMatchObject({ network: 'test', settlementAsset: 'USDC', settlementNetwork: 'solana' });
    expect(read.body).not.toHaveProperty('chargeToken');
  });

  it('refuses settlementNetwork on another method', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.key, { method: 'pix', settlementNetwork: 'base' });
    expect(res.status).toBe(422);
  });
});

describe('which invoices can be charged', () => {
  it('answers 409 invoice_not_payable naming the status for draft, paid, void and uncollectible invoices', async () => {
    const draft = await createOneOffInvoice(t, acme.key, customerId);
    const voided = await openInvoice(t, acme.key, customerId);
    await t.client.post(`/billing/invoices/${voided.id}/void`, acme.key);
    const writtenOff = await openInvoice(t, acme.key, customerId);
    await t.client.post(`/billing/invoices/${writtenOff.id}/mark-uncollectible`, acme.key);
    const paid = await openInvoice(t, acme.key, customerId);
    const p = await charge(t, acme.key, paid.id, { method: 'pix' });
    await t.client.post(`/test/payments/${p.id}/confirm`, acme.key);
    for (const [invoice, status] of [[draft, 'draft'], [voided, 'void'], [writtenOff, 'uncollectible'], [paid, 'paid']] as const) {
      const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.key, { method: 'card' });
      expect(res.status, res.raw).toBe(409);
      expect(res.body.error_code).toBe('invoice_not_payable');
      expect(res.body.message).toContain(status);
    }
  });

  it('answers 409 provider_not_configured for live keys and writes nothing', async () => {
    const liveCustomer = await createCustomer(t, acme.liveKey);
    const invoice = await openInvoice(t, acme.liveKey, liveCustomer);
    const before = await eventsOf(t, acme.liveKey, 'payment.created');
    const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'pix' });
    expect(res.status).toBe(409);
    expect(res.body.error_code).toBe('provider_not_configured');
    expect(res.body.message).toMatch(/connect/i);
    expect((await t.client.get('/billing/payments', acme.liveKey)).body.payments).toHaveLength(0);
    expect(await eventsOf(t, acme.liveKey, 'payment.created')).toEqual(before);
  });

  it('answers 404 for an invoice of another account or environment', async () => {
    const other = await seedAccount(t.client, 'Other');
    const invoice = await openInvoice(t, acme.key, customerId);
    for (const key of [other.key, acme.liveKey]) {
      const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, key, { method: 'pix' });
      expect(res.status).toBe(404);
      expect(res.body.resource).toBe('invoice');
    }
  });

  it('validates the payer document', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const bad = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.key, { method: 'pix', payer: { document: '123.456.789-00' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('payer.document');
  });
});

describe('switching method', () => {
  it('fails the pending charge as superseded in the same request', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const pix = await charge(t, acme.key, invoice.id, { method: 'pix' });
    const card = await charge(t, acme.key, invoice.id, { method: 'card' });
    const old = await t.client.get(`/billing/payments/${pix.id}`, acme.key);
    expect(old.body).toMatchObject({ status: 'failed', failureCode: 'superseded' });
    expect(old.body.failedAt).toBe(card.createdAt);
    const failed = (await eventsOf(t, acme.key, 'payment.failed')).filter((e) => e.data.id === pix.id);
    expect(failed).toHaveLength(1);
  });

  it('leaves exactly one pending charge after 20 concurrent charge requests', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const methods = ['pix', 'boleto', 'card', 'crypto'];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.key, { method: methods[i % 4] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const list = await t.client.get(`/billing/payments?invoiceId=${invoice.id}&limit=100`, acme.key);
    expect(list.body.payments).toHaveLength(20);
    const pending = list.body.payments.filter((p: { status: string }) => p.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(list.body.payments.filter((p: { failureCode: string }) => p.failureCode === 'superseded')).toHaveLength(19);
  });

  it('replays a retried charge with the same credentials and creates nothing new', async () => {
    const invoice = await openInvoice(t, acme.key, customerId);
    const first = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.key, { method: 'card' }, { idempotencyKey: `card-${invoice.id}` });
    const again = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.key, { method: 'card' }, { idempotencyKey: `card-${invoice.id}` });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    expect((await t.client.get(`/billing/payments?invoiceId=${invoice.id}`, acme.key)).body.payments).toHaveLength(1);
  });
});
