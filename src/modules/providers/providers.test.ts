// Processor connections and live money through the processor seam, with a fake processor
// (fake-processor.test-support.ts) registered for this file only: connections CRUD, validation,
// tenancy, scopes, masked secrets; live charges per method; 409 without a connection; processor
// down and slow; webhook events applied once and in any order; refunds pending -> succeeded;
// chargebacks; the repair poller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer } from '../invoices/test-fixtures.ts';
import { openInvoice } from '../payments/test-fixtures.ts';
import { registerProcessor, unregisterProcessor } from '../payments/index.ts';
import { fakeProcessor } from '../payments/processors/fake-processor.test-support.ts';
import { repairPendingCharges } from '../../flows/payment-confirmation/index.ts';
import type { ProcessorEvent } from '../payments/index.ts';

const SECRETS = { secretKey: 'sk_live_fake_1234567890abcd', publishableKey: 'pk_live_fake_visible_9876', webhookSecret: 'whsec_fake_super_secret_42' };
const fake = fakeProcessor('processor_b');
let t: TestContext;
let acme: SeededAccount;
let other: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'), PROCESSOR_TIMEOUT_MS: '200' } });
  // After the app: its start registers the real processors, and this file's fake replaces one.
  registerProcessor(fake);
  acme = await seedAccount(t.client, 'Acme');
  other = await seedAccount(t.client, 'Other');
  customerId = await createCustomer(t, acme.liveKey);
});
afterAll(async () => {
  await t.close();
  unregisterProcessor('processor_b');
});

const connect = (key: string, body: unknown = { methods: ['card', 'pix', 'boleto'], credentials: SECRETS }, provider = 'processor_b') =>
  t.client.put(`/account/providers/${provider}`, key, body);

async function sendEvents(webhookUrl: string, events: ProcessorEvent[], secret = SECRETS.webhookSecret) {
  const { body, headers } = fake.signed(secret, events);
  const res = await t.app.inject({ method: 'POST', url: new URL(webhookUrl).pathname, headers, payload: body });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const countRows = async (table: 'payments' | 'events' | 'ledger_transactions') =>
  Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('connections', () => {
  it('PUT stores the connection and answers it with secrets as their last four and a webhook URL; GET, list, DELETE', async () => {
    const res = await connect(acme.liveKey);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      provider: 'processor_b',
      environment: 'production',
      methods: ['card', 'pix', 'boleto'],
      status: 'unchecked',
      credentials: { secretKey: '••••abcd', webhookSecret: '••••t_42', publishableKey: SECRETS.publishableKey },
      webhookUrl: expect.stringMatching(/^http:\/\/localhost:4000\/processors\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{32}\/events$/),
    });
    expect(res.raw).not.toContain(SECRETS.secretKey);
    expect(res.raw).not.toContain(SECRETS.webhookSecret);
    const again = await connect(acme.liveKey);
    expect(again.body.webhookUrl).toBe(res.body.webhookUrl);
    expect((await t.client.get('/account/providers/processor_b', acme.liveKey)).body).toMatchObject({ provider: 'processor_b', webhookUrl: res.body.webhookUrl });
    expect((await t.client.get('/account/providers', acme.liveKey)).body.providers).toHaveLength(1);
    // The row holds no secret in clear.
    const row = await t.database.db.selectFrom('processor_connections').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SECRETS.secretKey);
    expect(JSON.stringify(row)).not.toContain(SECRETS.webhookSecret);
    // Sandbox and other accounts see nothing of it (404).
    expect((await t.client.get('/account/providers/processor_b', acme.key)).status).toBe(404);
    expect((await t.client.get('/account/providers/processor_b', other.liveKey)).status).toBe(404);
    expect((await t.client.get('/account/providers', other.liveKey)).body.providers).toEqual([]);
    expect((await t.client.delete('/account/providers/processor_b', other.liveKey)).status).toBe(404);
    // Delete in sandbox (a connection made there), then 404.
    expect((await connect(acme.key, { methods: ['card'], credentials: SECRETS })).status).toBe(200);
    expect((await t.client.delete('/account/providers/processor_b', acme.key)).status).toBe(200);
    expect((await t.client.get('/account/providers/processor_b', acme.key)).status).toBe(404);
  });

  it('validates methods and credential fields (422), without echoing values', async () => {
    const missing = await connect(other.liveKey, { methods: ['card'], credentials: { secretKey: 'sk_x_1234' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toEqual(['credentials.publishableKey', 'credentials.webhookSecret']);
    const unknown = await connect(other.liveKey, { methods: ['card'], credentials: { ...SECRETS, apiKey: 'leaked_value_1234' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'credentials.apiKey', constraint: 'unknown_field', value: '' });
    expect(unknown.raw).not.toContain('leaked_value_1234');
    expect((await connect(other.liveKey, { methods: ['crypto'], credentials: SECRETS })).status).toBe(422);
    expect((await connect(other.liveKey, { methods: [], credentials: SECRETS })).status).toBe(422);
    expect((await connect(other.liveKey, { methods: ['card', 'card'], credentials: SECRETS })).status).toBe(422);
    expect((await connect(other.liveKey, undefined, 'processor_z')).status).toBeGreaterThanOrEqual(400);
  });

  it('one connection per method per environment: 409 provider_method_taken', async () => {
    const pix = fakeProcessor('pix_api');
    registerProcessor(pix);
    try {
      const taken = await connect(acme.liveKey, { methods: ['pix'], credentials: SECRETS }, 'pix_api');
      expect(taken.status).toBe(409);
      expect(taken.body.error_code).toBe('provider_method_taken');
      expect(taken.body.message).toContain('processor_b already serves pix');
    } finally {
      unregisterProcessor('pix_api');
    }
  });

  it('needs account:write to change and account:read to read', async () => {
    const reader = await t.client.post('/account/keys', other.liveKey, { scopes: ['account:read'] });
    expect(reader.status, reader.raw).toBe(201);
    expect((await connect(reader.body.key)).status).toBe(403);
    expect((await t.client.get('/account/providers', reader.body.key)).status).toBe(200);
    const biller = await t.client.post('/account/keys', other.liveKey, { scopes: ['billing:read'] });
    expect((await t.client.get('/account/providers', biller.body.key)).status).toBe(403);
  });

  it('check records active, or failing with the processor’s reason', async () => {
    const ok = await t.client.post('/account/providers/processor_b/check', acme.liveKey);
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body).toMatchObject({ status: 'active', statusReason: null });
    await connect(other.key, { methods: ['card'], credentials: { ...SECRETS, secretKey: 'sk_bad_key_0000' } });
    const bad = await t.client.post('/account/providers/processor_b/check', other.key);
    expect(bad.body).toMatchObject({ status: 'failing', statusReason: expect.stringContaining('Invalid API key') });
    await connect(acme.liveKey);
  });
});

describe('live charges', () => {
  it('charges by card, pix and boleto through the connection, mapped to the payment', async () => {
    const card = await t.client.post(`/billing/invoices/${(await openInvoice(t, acme.liveKey, customerId)).id}/payments`, acme.liveKey, { method: 'card' });
    expect(card.status, card.raw).toBe(201);
    const made = fake.chargeRequests.at(-1)!;
    // The processor knows the charge by the payment's processor reference, its idempotency key made from it.
    const { processor_reference: reference } = await t.database.db.selectFrom('payments').select(['processor_reference']).where('id', '=', card.body.id).executeTakeFirstOrThrow();
    expect(made).toMatchObject({ paymentId: reference, idempotencyKey: `charge_${reference}`, method: 'card', amount: '100.00', currency: 'BRL' });
    expect(card.body).toMatchObject({
      provider: 'processor_b',
      providerId: expect.stringMatching(/^fk_/),
      status: 'pending',
      clientSecret: expect.stringMatching(/_secret_fake$/),
      publishableKey: SECRETS.publishableKey,
      nextAction: { type: 'processor_b_payment_intent', publishableKey: SECRETS.publishableKey },
    });
    expect(card.body.sandboxConfirmUrl).toBeUndefined();

    const pix = await t.client.post(`/billing/invoices/${(await openInvoice(t, acme.liveKey, customerId)).id}/payments`, acme.liveKey, { method: 'pix', expiresInSeconds: 600 });
    expect(pix.status, pix.raw).toBe(201);
    expect(pix.body).toMatchObject({ provider: 'processor_b', pixPayload: expect.stringContaining('fake.example'), pixQrImage: expect.any(String), pixExpiresAt: expect.any(String) });
    expect(pix.body.providerPixPayload).toBeUndefined();

    const boleto = await t.client.post(`/billing/invoices/${(await openInvoice(t, acme.liveKey, customerId)).id}/payments`, acme.liveKey, { method: 'boleto' });
    expect(boleto.body).toMatchObject({ provider: 'processor_b', boletoLine: expect.any(String), boletoBarcode: expect.any(String), boletoUrl: expect.stringMatching(/^https:\/\/fake\.example\/boleto\//) });
    expect((await t.client.get(`/billing/payments/${boleto.body.id}`, acme.liveKey)).body).toMatchObject({ provider: 'processor_b', providerId: boleto.body.providerId });
  });

  it('without a connection serving the method: 409 provider_not_configured and nothing written', async () => {
    const invoice = await openInvoice(t, other.liveKey, await createCustomer(t, other.liveKey));
    const before = await countRows('payments');
    const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, other.liveKey, { method: 'pix' });
    expect(res.status).toBe(409);
    expect(res.body.error_code).toBe('provider_not_configured');
    expect(await countRows('payments')).toBe(before);
  });

  it('sandbox without a connection keeps the sandbox simulator', async () => {
    const sandboxCustomer = await createCustomer(t, acme.key);
    const res = await t.client.post(`/billing/invoices/${(await openInvoice(t, acme.key, sandboxCustomer)).id}/payments`, acme.key, { method: 'pix' });
    expect(res.body).toMatchObject({ provider: 'sandbox', sandboxConfirmUrl: expect.any(String) });
  });

  it('processor down: 502 provider_unavailable, nothing written, the same key retried works', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const before = { payments: await countRows('payments'), events: await countRows('events') };
    fake.mode = 'down';
    try {
      const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'down-1' });
      expect(res.status).toBe(502);
      expect(res.body.error_code).toBe('provider_unavailable');
      expect({ payments: await countRows('payments'), events: await countRows('events') }).toEqual(before);
    } finally {
      fake.mode = 'up';
    }
    const retried = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'down-1' });
    expect(retried.status).toBe(201);
  });

  it('a retry after a timeout sends the same processor idempotency key and makes one charge', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const before = await countRows('payments');
    const made = fake.charges.size;
    fake.mode = 'slow';
    let first;
    try {
      first = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'slow-1' });
    } finally {
      fake.mode = 'up';
    }
    expect(first.status).toBe(504);
    expect(first.body.error_code).toBe('provider_timeout');
    expect(await countRows('payments')).toBe(before);
    const attempt = fake.chargeRequests.at(-1)!;
    const retried = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' }, { idempotencyKey: 'slow-1' });
    expect(retried.status, retried.raw).toBe(201);
    const again = fake.chargeRequests.at(-1)!;
    expect(again.idempotencyKey).toBe(attempt.idempotencyKey);
    expect(again.paymentId).toBe(attempt.paymentId);
    // The payment's own id is time-ordered (lists stay newest first); the processor knows it by the reference.
    const stored = await t.database.db.selectFrom('payments').select(['processor_reference']).where('id', '=', retried.body.id).executeTakeFirstOrThrow();
    expect(stored.processor_reference).toBe(attempt.paymentId);
    expect(retried.body.id).not.toBe(attempt.paymentId);
    expect(fake.charges.size).toBe(made + 1);
    expect(retried.body.providerId).toBe(fake.charges.get(attempt.idempotencyKey)!.providerId);
  });
});

describe('processor events', () => {
  async function livePending(method = 'pix') {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const res = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method });
    expect(res.status, res.raw).toBe(201);
    return { invoice, payment: res.body };
  }
  const webhookUrl = async () => (await t.client.get('/account/providers/processor_b', acme.liveKey)).body.webhookUrl as string;
  const confirmed = (p: { id: string; providerId: string; amount: string }, eventId = `evt_ok_${p.id}`): ProcessorEvent => ({ kind: 'charge.confirmed', eventId, providerId: p.providerId, paymentId: p.id, amount: p.amount });

  it('a signed confirmation pays the invoice once, however often it comes; a bad signature changes nothing', async () => {
    const { invoice, payment } = await livePending();
    const url = await webhookUrl();
    const forged = await sendEvents(url, [confirmed(payment)], 'whsec_wrong');
    expect(forged.status).toBe(400);
    expect(forged.body.error_code).toBe('invalid_signature');
    const unsigned = await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers: { 'content-type': 'application/json' }, payload: JSON.stringify([confirmed(payment)]) });
    expect(unsigned.statusCode).toBe(400);
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.liveKey)).body.status).toBe('pending');
    const wrongToken = url.replace(/\/[A-Za-z0-9_-]{32}\/events$/, '/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/events');
    expect((await sendEvents(wrongToken, [confirmed(payment)])).status).toBe(404);

    expect(await sendEvents(url, [confirmed(payment)])).toMatchObject({ status: 200, body: { received: 1 } });
    const ledger = await countRows('ledger_transactions');
    expect((await sendEvents(url, [confirmed(payment)])).status).toBe(200);
    expect(await countRows('ledger_transactions')).toBe(ledger);
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.liveKey)).body.status).toBe('confirmed');
    expect((await t.client.get(`/billing/invoices/${invoice.id}`, acme.liveKey)).body.status).toBe('paid');
    const events = (await t.client.get('/account/events?type=payment.confirmed&limit=100', acme.liveKey)).body.events.filter((e: { data: { id: string } }) => e.data.id === payment.id);
    expect(events).toHaveLength(1);
  });

  it('a refund the processor reports pending moves its money when refund.succeeded arrives', async () => {
    const { payment } = await livePending();
    const url = await webhookUrl();
    await sendEvents(url, [confirmed(payment)]);
    fake.refundStatus = 'pending';
    try {
      const res = await t.client.post(`/billing/payments/${payment.id}/refunds`, acme.liveKey, { amount: '40.00' }, { idempotencyKey: 'refund-1' });
      expect(res.status, res.raw).toBe(201);
      expect(res.body).toMatchObject({ status: 'pending', amount: '40.00' });
      expect(fake.refundRequests.at(-1)).toMatchObject({ amount: '40.00', payment: { id: payment.id, providerId: payment.providerId } });
      expect((await t.client.get(`/billing/payments/${payment.id}`, acme.liveKey)).body.refundedAmount).toBeUndefined();
      // What is pending is held back: 60.01 more is too much.
      expect((await t.client.post(`/billing/payments/${payment.id}/refunds`, acme.liveKey, { amount: '60.01' })).body.error_code).toBe('refund_exceeds_payment');
      const providerRefundId = `re_${fake.refundRequests.at(-1)!.idempotencyKey}`;
      const done: ProcessorEvent = { kind: 'refund.succeeded', eventId: `evt_re_${payment.id}`, providerId: payment.providerId, providerRefundId, amount: '40.00' };
      expect((await sendEvents(url, [done])).status).toBe(200);
      expect((await sendEvents(url, [done])).status).toBe(200);
      expect((await t.client.get(`/billing/payments/${payment.id}`, acme.liveKey)).body).toMatchObject({ status: 'confirmed', refundedAmount: '40.00' });
      const refunds = (await t.client.get(`/billing/payments/${payment.id}/refunds`, acme.liveKey)).body.refunds;
      expect(refunds).toMatchObject([{ status: 'succeeded', amount: '40.00' }]);
    } finally {
      fake.refundStatus = 'succeeded';
    }
    const full = await t.client.post(`/billing/payments/${payment.id}/refunds`, acme.liveKey, {});
    expect(full.body).toMatchObject({ status: 'succeeded', amount: '60.00' });
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.liveKey)).body.status).toBe('refunded');
    expect((await t.client.get('/billing/reconciliation', acme.liveKey)).body).toMatchObject({ reconciled: true });
  });

  it('a dispute charges the payment back; one before the confirmation waits for it', async () => {
    const { payment } = await livePending('card');
    const url = await webhookUrl();
    const dispute: ProcessorEvent = { kind: 'charge.disputed', eventId: `evt_dp_${payment.id}`, providerId: payment.providerId };
    expect((await sendEvents(url, [dispute])).status).toBe(200);
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.liveKey)).body.status).toBe('pending');
    await sendEvents(url, [confirmed(payment)]);
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.liveKey)).body.status).toBe('charged_back');
    expect((await t.client.get('/billing/reconciliation', acme.liveKey)).body).toMatchObject({ reconciled: true });
  });

  it('a superseded live charge paid after the invoice was paid goes back through the processor', async () => {
    const { invoice, payment: first } = await livePending('pix');
    const second = (await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' })).body;
    const url = await webhookUrl();
    await sendEvents(url, [confirmed(second)]);
    const refundsBefore = fake.refundRequests.length;
    expect((await sendEvents(url, [confirmed(first)])).status).toBe(200);
    expect(fake.refundRequests.slice(refundsBefore)).toMatchObject([{ payment: { id: first.id, providerId: first.providerId }, amount: '100.00', reason: 'duplicate' }]);
    expect((await t.client.get(`/billing/payments/${first.id}`, acme.liveKey)).body).toMatchObject({ status: 'refunded', refundedAmount: '100.00' });
    expect((await t.client.get('/billing/reconciliation', acme.liveKey)).body).toMatchObject({ reconciled: true });
  });

  it('a failure fails the pending charge with its code', async () => {
    const { payment } = await livePending('card');
    const failed: ProcessorEvent = { kind: 'charge.failed', eventId: `evt_f_${payment.id}`, providerId: payment.providerId, paymentId: payment.id, failureCode: 'insufficient_funds' };
    await sendEvents(await webhookUrl(), [failed]);
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.liveKey)).body).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
  });

  it('the repair poller reads back charges pending for minutes and applies the answer', async () => {
    const { invoice, payment } = await livePending('card');
    [...fake.charges.values()].find((c) => c.providerId === payment.providerId)!.status = 'confirmed';
    const soon = { now: () => new Date(Date.now() + 60_000) };
    await repairPendingCharges(t.database.db, soon, t.config.baseUrl);
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.liveKey)).body.status).toBe('pending');
    const later = { now: () => new Date(Date.now() + 10 * 60_000) };
    expect(await repairPendingCharges(t.database.db, later, t.config.baseUrl)).toBeGreaterThanOrEqual(1);
    expect((await t.client.get(`/billing/payments/${payment.id}`, acme.liveKey)).body.status).toBe('confirmed');
    expect((await t.client.get(`/billing/invoices/${invoice.id}`, acme.liveKey)).body.status).toBe('paid');
  });
});
