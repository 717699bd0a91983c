// Going live with processor_b (Stripe) end to end, through the service's API with a production key:
// connect, check, charge by card, Pix and boleto, the processor's signed webhook confirms, the
// invoice is paid, refunds go through Stripe's Refunds API and become credit notes, a dispute
// charges back, and the ledger reconciles. Stripe is the validating mock serving Stripe's OpenAPI
// document (every request the SDK sends is checked against it) with a small stateful fake; the
// webhooks are signed with the SDK's own test helper.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { openInvoice } from '../../src/modules/payments/test-fixtures.ts';
import { GOOD_SECRET_KEY, StripeFake } from '../../src/modules/payments/processors/processor-b/stripe-fake.ts';
import { SPEC_PATH } from '../../src/modules/payments/processors/processor-b/test-setup.ts';
import { startValidatingMock, type ValidatingMock } from '../processor-mocks/validating-mock.ts';

const WEBHOOK_SECRET = 'whsec_live_flow_secret_1234';
const CREDENTIALS = { secretKey: GOOD_SECRET_KEY, publishableKey: 'pk_live_flow_public', webhookSecret: WEBHOOK_SECRET };

let stripe: StripeFake;
let mock: ValidatingMock;
let t: TestContext;
let acme: SeededAccount;
let customerId: string;
let webhookPath: string;
let eventSequence = 0;

beforeAll(async () => {
  stripe = new StripeFake();
  mock = await startValidatingMock({ specPath: SPEC_PATH, serverUrl: 'https://api.stripe.com/', fake: stripe.handle });
  t = await startTestApp({ env: { SECRETS_KEY: Buffer.alloc(32, 3).toString('base64'), PROCESSOR_B_API_URL: mock.url } });
  acme = await seedAccount(t.client, 'Acme live');
  customerId = await createCustomer(t, acme.liveKey);
});
afterAll(async () => {
  await t.close();
  await mock.close();
});

/** Stripe calls the connection's webhook URL with a signed event. */
async function deliver(type: string, object: unknown, secret = WEBHOOK_SECRET) {
  eventSequence += 1;
  const payload = JSON.stringify({ id: `evt_flow_${eventSequence}`, object: 'event', type, api_version: '2025-01-27', created: 1_790_000_000, livemode: true, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await t.app.inject({ method: 'POST', url: webhookPath, headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  return res;
}

async function payment(id: string) {
  const res = await t.client.get(`/billing/payments/${id}`, acme.liveKey);
  expect(res.status, res.raw).toBe(200);
  return res.body;
}

async function invoiceStatus(id: string) {
  return (await t.client.get(`/billing/invoices/${id}`, acme.liveKey)).body.status;
}

describe('processor_b (Stripe), live', () => {
  it('without a connection a live charge answers 409 provider_not_configured', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' });
    expect(res.status, res.raw).toBe(409);
    expect(res.body.error_code).toBe('provider_not_configured');
  });

  it('connects, and the check reads the balance with the secret key (active)', async () => {
    const put = await t.client.put('/account/providers/processor_b', acme.liveKey, { methods: ['card', 'pix', 'boleto'], credentials: CREDENTIALS });
    expect(put.status, put.raw).toBe(200);
    webhookPath = new URL(put.body.webhookUrl).pathname;
    const check = await t.client.post('/account/providers/processor_b/check', acme.liveKey);
    expect(check.status, check.raw).toBe(200);
    expect(check.body.status).toBe('active');
    expect(mock.requests.some((r) => r.method === 'GET' && r.path === '/v1/balance')).toBe(true);
  });

  it('card: a PaymentIntent (minor units, payment id in metadata, the Idempotency-Key), nextAction for Stripe.js; the signed webhook pays the invoice', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'live-card-1' });
    expect(created.status, created.raw).toBe(201);
    const intent = stripe.intents.get(created.body.providerId)!;
    expect(created.body).toMatchObject({ provider: 'processor_b', status: 'pending', method: 'card', amount: invoice.amountDue });
    // The amount in centavos: amountDue x 100.
    expect(intent.amount).toBe(Math.round(Number(invoice.amountDue) * 100));
    // The processor knows the charge by a reference derived from the request's Idempotency-Key.
    expect((intent.metadata as { payment_id: string }).payment_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.nextAction).toEqual({ type: 'processor_b_payment_intent', clientSecret: intent.client_secret, publishableKey: CREDENTIALS.publishableKey });
    const sent = mock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1)!;
    expect(sent.headers['idempotency-key']).toBeTruthy();

    // The same request again (a retry): the stored answer, no second intent.
    const before = stripe.intents.size;
    const again = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'live-card-1' });
    expect(again.body.id).toBe(created.body.id);
    expect(stripe.intents.size).toBe(before);

    // Stripe.js confirmed the card; Stripe says so, signed.
    const paid = stripe.succeed(created.body.providerId);
    const res = await deliver('payment_intent.succeeded', paid);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await payment(created.body.id)).status).toBe('confirmed');
    expect(await invoiceStatus(invoice.id)).toBe('paid');
    // The same event again changes nothing.
    expect((await deliver('payment_intent.succeeded', paid)).statusCode).toBeLessThan(300);
  });

  it('an unsigned or badly signed webhook answers 4xx and changes nothing', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' });
    const paid = stripe.succeed(created.body.providerId);
    const forged = await deliver('payment_intent.succeeded', paid, 'whsec_not_the_secret');
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    const unsigned = await t.app.inject({ method: 'POST', url: webhookPath, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: paid } }) });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
    expect(unsigned.statusCode).toBeLessThan(500);
    expect((await payment(created.body.id)).status).toBe('pending');
    expect(await invoiceStatus(invoice.id)).toBe('open');
  });

  it("pix: the intent's QR data is the pixPayload (with a QR image), its expiry pixExpiresAt; paid by webhook", async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'pix', expiresInSeconds: 900 });
    expect(created.status, created.raw).toBe(201);
    const intent = stripe.intents.get(created.body.providerId)!;
    const qr = (intent.next_action as { pix_display_qr_code: { data: string; expires_at: number } }).pix_display_qr_code;
    expect(created.body.pixPayload).toBe(qr.data);
    expect(created.body.pixQrImage).toMatch(/^iVBORw0KGgo/);
    expect(new Date(created.body.pixExpiresAt).getTime()).toBe(qr.expires_at * 1000);
    expect(created.body.sandboxConfirmUrl).toBeUndefined();
    await deliver('payment_intent.succeeded', stripe.succeed(created.body.providerId));
    expect(await invoiceStatus(invoice.id)).toBe('paid');
  });

  it("boleto: line and voucher URL from the intent's boleto details; paid by webhook; refunds through Stripe become credit notes; the ledger reconciles", async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId, { payer: undefined });
    const address = { line1: 'Rua das Flores, 123', city: 'São Paulo', state: 'SP', postalCode: '01310-100', country: 'BR' };
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'boleto', payer: { name: 'Maria Silva', document: '529.982.247-25', address } });
    // Stripe's boleto asks for the payer's billing address: it goes in the payment method's billing details.
    const sent = mock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1)!.body as Record<string, any>;
    expect(sent.payment_method_data.billing_details.address).toEqual({ line1: 'Rua das Flores, 123', city: 'São Paulo', state: 'SP', postal_code: '01310-100', country: 'BR' });
    expect(created.status, created.raw).toBe(201);
    const details = (stripe.intents.get(created.body.providerId)!.next_action as { boleto_display_details: { number: string; hosted_voucher_url: string } }).boleto_display_details;
    expect(created.body.boletoLine).toBe(details.number);
    expect(created.body.boletoUrl).toBe(details.hosted_voucher_url);
    await deliver('payment_intent.succeeded', stripe.succeed(created.body.providerId));
    expect(await invoiceStatus(invoice.id)).toBe('paid');

    // Refund 10.00 of it, then the rest: amountDue - 10.00.
    const total = Number(invoice.amountDue);
    const first = await t.client.post(`/billing/payments/${created.body.id}/refunds`, acme.liveKey, { amount: '10.00', reason: 'partial' });
    expect(first.status, first.raw).toBe(201);
    expect(first.body.status).toBe('succeeded');
    const refundsAtStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === created.body.providerId);
    expect(refundsAtStripe.map((r) => r.amount)).toEqual([1000]);
    const rest = await t.client.post(`/billing/payments/${created.body.id}/refunds`, acme.liveKey, {});
    expect(rest.status, rest.raw).toBe(201);
    expect(rest.body.amount).toBe((total - 10).toFixed(2));
    const after = await payment(created.body.id);
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: invoice.amountDue });
    // Each refund of the paid invoice is a credit note (10.00 and the rest).
    const notes = await t.client.get(`/billing/invoices/${invoice.id}/credit-notes`, acme.liveKey);
    expect(notes.status, notes.raw).toBe(200);
    expect(notes.body.creditNotes.map((n: { amount: string }) => n.amount).sort()).toEqual(['10.00', (total - 10).toFixed(2)].sort());
    const reconciliation = await t.client.get('/billing/reconciliation', acme.liveKey);
    expect(reconciliation.body.mismatches).toEqual([]);
  });

  it('a dispute (charge.dispute.created) charges the payment back', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' });
    await deliver('payment_intent.succeeded', stripe.succeed(created.body.providerId));
    const res = await deliver('charge.dispute.created', { id: 'dp_flow_1', object: 'dispute', amount: 1, currency: 'brl', charge: `ch_${created.body.providerId}`, payment_intent: created.body.providerId, status: 'needs_response', reason: 'fraudulent' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await payment(created.body.id)).status).toBe('charged_back');
    expect((await t.client.get('/billing/reconciliation', acme.liveKey)).body.mismatches).toEqual([]);
  });

  it('Stripe down: 502/503 provider_unavailable and nothing written', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const before = (await t.client.get(`/billing/payments?invoiceId=${invoice.id}`, acme.liveKey)).body.payments.length;
    stripe.failures.push({ status: 500, body: { error: { type: 'api_error', message: 'down' } } });
    const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' });
    expect([502, 503]).toContain(res.status);
    expect(res.body.error_code).toBe('provider_unavailable');
    expect((await t.client.get(`/billing/payments?invoiceId=${invoice.id}`, acme.liveKey)).body.payments.length).toBe(before);
  });

  it('every request the service sent matched Stripe’s OpenAPI document', () => {
    expect(mock.requests.length).toBeGreaterThan(5);
    expect(mock.violations).toEqual([]);
  });
});
