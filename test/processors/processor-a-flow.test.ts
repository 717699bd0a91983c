// Going live with processor_a (Adyen) end to end, through the service's API with a production key:
// connect (live URL prefix), check, a card charge as a Checkout session (nextAction for Adyen Web),
// Pix and boleto through /payments, HMAC-signed notifications confirm, refunds through
// /payments/{pspReference}/refunds settle on their REFUND notification and become credit notes, a
// chargeback, and the ledger reconciles. Adyen is the validating mock serving the official Checkout
// v71 document with a small stateful fake; notifications are signed with the library's own helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { createCustomer } from '../../src/modules/invoices/test-fixtures.ts';
import { openInvoice } from '../../src/modules/payments/test-fixtures.ts';
import { FAKE_BOLETO_LINE, FAKE_PIX_PAYLOAD, PROCESSOR_A_BASE_PATH, PROCESSOR_A_SERVER, PROCESSOR_A_SPEC, processorAFake, type FakeNotificationItem, type ProcessorAFake } from '../processor-mocks/processor-a-fake.ts';
import { startValidatingMock, type ValidatingMock } from '../processor-mocks/validating-mock.ts';

let adyen: ProcessorAFake;
let mock: ValidatingMock;
let t: TestContext;
let acme: SeededAccount;
let customerId: string;
let webhookPath: string;

beforeAll(async () => {
  adyen = processorAFake();
  mock = await startValidatingMock({ specPath: PROCESSOR_A_SPEC, serverUrl: PROCESSOR_A_SERVER, basePath: PROCESSOR_A_BASE_PATH, fake: adyen.handler });
  t = await startTestApp({ env: { SECRETS_KEY: Buffer.alloc(32, 5).toString('base64'), PROCESSOR_A_API_URL: `${mock.url}${PROCESSOR_A_BASE_PATH}` } });
  acme = await seedAccount(t.client, 'Acme live');
  customerId = await createCustomer(t, acme.liveKey);
});
afterAll(async () => {
  await t.close();
  await mock.close();
});

async function notify(items: FakeNotificationItem[], options?: { sign?: boolean; hmacKey?: string }) {
  return t.app.inject({ method: 'POST', url: webhookPath, headers: { 'content-type': 'application/json' }, payload: adyen.notification(items, options) });
}

const minor = (decimal: string) => Math.round(Number(decimal) * 100);
const payment = async (id: string) => (await t.client.get(`/billing/payments/${id}`, acme.liveKey)).body;
const invoiceStatus = async (id: string) => (await t.client.get(`/billing/invoices/${id}`, acme.liveKey)).body.status;

describe('processor_a (Adyen), live', () => {
  it('connects with the live URL prefix and region, and the check lists payment methods (active)', async () => {
    const credentials = { apiKey: adyen.apiKey, merchantAccount: adyen.merchantAccount, clientKey: 'live_CLIENTKEY0001', hmacKey: adyen.hmacKey, liveUrlPrefix: '1797a841fbb37ca7-AdyenDemo', region: 'live-us' };
    const put = await t.client.put('/account/providers/processor_a', acme.liveKey, { methods: ['card', 'pix', 'boleto'], credentials });
    expect(put.status, put.raw).toBe(200);
    expect(put.body.credentials.apiKey).not.toContain(adyen.apiKey);
    webhookPath = new URL(put.body.webhookUrl).pathname;
    const check = await t.client.post('/account/providers/processor_a/check', acme.liveKey);
    expect(check.body.status, check.raw).toBe('active');
  });

  it('card: a Checkout session, nextAction processor_a_session exactly as the interface; AUTHORISATION pays it under its pspReference', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' });
    expect(created.status, created.raw).toBe(201);
    const session = adyen.sessions.get(created.body.providerId)!;
    // The session's reference is the one Adyen's notifications name (merchantReference).
    const reference = session.reference;
    expect(reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.nextAction).toEqual({
      type: 'processor_a_session',
      session: { id: created.body.providerId, sessionData: expect.any(String) },
      clientKey: 'live_CLIENTKEY0001',
      environment: 'live-us',
      countryCode: 'BR',
      locale: 'pt-BR',
      // amountDue in centavos, an integer.
      amount: { value: minor(invoice.amountDue), currency: 'BRL' },
    });
    const psp = 'PSPCARD000000001';
    const res = await notify([{ eventCode: 'AUTHORISATION', pspReference: psp, merchantReference: reference, amount: { value: minor(invoice.amountDue), currency: 'BRL' }, success: 'true' }]);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await payment(created.body.id)).toMatchObject({ status: 'confirmed', providerId: psp });
    expect(await invoiceStatus(invoice.id)).toBe('paid');
  });

  it('a notification signed with another key answers 4xx and changes nothing', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'card' });
    const item: FakeNotificationItem = { eventCode: 'AUTHORISATION', pspReference: 'PSPFORGED0000001', merchantReference: adyen.sessions.get(created.body.providerId)!.reference, amount: { value: minor(invoice.amountDue), currency: 'BRL' }, success: 'true' };
    const forged = await notify([item], { hmacKey: 'AA'.repeat(32) });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    const unsigned = await notify([item], { sign: false });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
    expect((await payment(created.body.id)).status).toBe('pending');
  });

  it("pix: the QR data is the pixPayload; paid by notification; a 10.00 refund stays pending until its REFUND notification, then is a credit note; the ledger reconciles", async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'pix', payer: { name: 'Maria Silva', document: '529.982.247-25' } });
    expect(created.status, created.raw).toBe(201);
    expect(created.body.pixPayload).toBe(FAKE_PIX_PAYLOAD);
    const psp = created.body.providerId;
    expect(adyen.payments.get(psp)?.reference).toMatch(/^[0-9a-f-]{36}$/);
    await notify([{ eventCode: 'AUTHORISATION', pspReference: psp, merchantReference: adyen.payments.get(psp)!.reference, amount: { value: minor(invoice.amountDue), currency: 'BRL' }, success: 'true' }]);
    expect(await invoiceStatus(invoice.id)).toBe('paid');

    // 10.00 back: pending until Adyen's REFUND notification.
    const first = await t.client.post(`/billing/payments/${created.body.id}/refunds`, acme.liveKey, { amount: '10.00' });
    expect(first.status, first.raw).toBe(201);
    expect(first.body.status).toBe('pending');
    expect(adyen.payments.get(psp)!.refunded).toBe(1000);
    expect((await payment(created.body.id)).refundedAmount).toBeUndefined();
    const refundCall = mock.requests.filter((r) => r.path.endsWith('/refunds')).at(-1)!;
    const refundPsp = 'PSPREFUND0000001';
    await notify([{ eventCode: 'REFUND', pspReference: refundPsp, originalReference: psp, merchantReference: String((refundCall.body as { reference?: string }).reference ?? ''), amount: { value: 1000, currency: 'BRL' }, success: 'true' }]);
    expect((await payment(created.body.id)).refundedAmount).toBe('10.00');
    const notes = await t.client.get(`/billing/invoices/${invoice.id}/credit-notes`, acme.liveKey);
    expect(notes.body.creditNotes.map((n: { amount: string }) => n.amount)).toEqual(['10.00']);
    expect((await t.client.get('/billing/reconciliation', acme.liveKey)).body.mismatches).toEqual([]);
  });

  it("the hosted invoice page's Pix names the invoice's customer at Adyen (name and CPF), as the page sends no payer of its own", async () => {
    const withDocument = await createCustomer(t, acme.liveKey, { name: 'Joana Prado', email: 'joana@example.com', document: '529.982.247-25' });
    const invoice = await openInvoice(t, acme.liveKey, withDocument);
    const link = new URL(invoice.invoiceUrl);
    const token = [...link.searchParams.values()][0]!;
    const res = await t.app.inject({ method: 'POST', url: `${link.pathname}/payments`, headers: { 'content-type': 'application/json', 'idempotency-key': 'hosted-pix-joana' }, payload: { method: 'pix', token } });
    expect(res.statusCode, res.body).toBe(201);
    const sent = mock.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/payments')).at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ shopperName: { firstName: 'Joana', lastName: 'Prado' }, socialSecurityNumber: '52998224725', shopperEmail: 'joana@example.com' });
  });

  it('boleto: the voucher line, its barcode and the download URL; a chargeback after payment', async () => {
    const invoice = await openInvoice(t, acme.liveKey, customerId);
    const address = { line1: 'Rua das Flores, 123', line2: 'apto 4', city: 'São Paulo', state: 'SP', postalCode: '01310-100', country: 'BR' };
    const created = await t.client.post(`/billing/invoices/${invoice.id}/payments`, acme.liveKey, { method: 'boleto', payer: { name: 'Maria Silva', document: '529.982.247-25', address } });
    expect(created.status, created.raw).toBe(201);
    // Adyen refuses a boleto without the payer's billing address: street and number apart, the CEP in digits.
    const sent = mock.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/payments')).at(-1)!.body as { billingAddress: unknown };
    expect(sent.billingAddress).toEqual({ street: 'Rua das Flores', houseNumberOrName: '123 apto 4', city: 'São Paulo', postalCode: '01310100', stateOrProvince: 'SP', country: 'BR' });
    expect(created.body.boletoLine).toBe(FAKE_BOLETO_LINE.replace(/\D/g, ''));
    expect(created.body.boletoUrl).toContain(created.body.providerId);
    await notify([{ eventCode: 'AUTHORISATION', pspReference: created.body.providerId, merchantReference: adyen.payments.get(created.body.providerId)!.reference, amount: { value: minor(invoice.amountDue), currency: 'BRL' }, success: 'true' }]);
    const res = await notify([{ eventCode: 'CHARGEBACK', pspReference: 'PSPCHARGEBACK001', originalReference: created.body.providerId, merchantReference: adyen.payments.get(created.body.providerId)!.reference, amount: { value: minor(invoice.amountDue), currency: 'BRL' }, success: 'true' }]);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await payment(created.body.id)).status).toBe('charged_back');
    expect((await t.client.get('/billing/reconciliation', acme.liveKey)).body.mismatches).toEqual([]);
  });

  it("every request the service sent matched Adyen's Checkout v71 document", () => {
    expect(mock.requests.length).toBeGreaterThan(4);
    expect(mock.violations).toEqual([]);
  });
});
