// The sandbox's keyless routes: the confirmation page and its button, the Pix short link, test
// cards and the crypto test wallet. Wrong credentials answer like a payment that does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { createCustomer } from '../../modules/invoices/test-fixtures.ts';
import { charge, openInvoice } from '../../modules/payments/test-fixtures.ts';

let t: TestContext;
let acme: SeededAccount;
let customerId: string;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  customerId = await createCustomer(t, acme.key);
});
afterAll(() => t.close());

const pathOf = (url: string) => url.slice(t.config.baseUrl.length);
const status = async (id: string) => (await t.client.get(`/billing/payments/${id}`, acme.key)).body;

async function pendingCharge(method: string) {
  const invoice = await openInvoice(t, acme.key, customerId);
  return charge(t, acme.key, invoice.id, { method });
}

describe('sandbox confirmation page', () => {
  it('shows a pending charge with a button; its POST confirms; pressing again shows it confirmed', async () => {
    const p = await pendingCharge('pix');
    const page = await t.app.inject({ method: 'GET', url: pathOf(p.sandboxConfirmUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // pt-BR without an Accept-Language; the amount formatted for it (Intl's no-break space).
    expect(page.body).toContain('R$\u00a0100,00');
    expect(page.body).toContain('Confirme este pagamento de teste');
    const english = await t.app.inject({ method: 'GET', url: pathOf(p.sandboxConfirmUrl), headers: { 'accept-language': 'en' } });
    expect(english.body).toContain('R$100.00');
    expect(english.body).toContain('Confirm this test payment');
    expect(page.body).toContain('<form method="post"');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    const press = await t.app.inject({ method: 'POST', url: pathOf(p.sandboxConfirmUrl), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(press.statusCode, press.body).toBe(200);
    expect(press.body).toContain('Pagamento confirmado');
    expect((await status(p.id)).status).toBe('confirmed');
    const again = await t.app.inject({ method: 'POST', url: pathOf(p.sandboxConfirmUrl), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Pagamento confirmado');
  });

  it('answers the not-found page for a wrong token, a missing token or a malformed id', async () => {
    const p = await pendingCharge('boleto');
    for (const url of [`/pay/sandbox/confirm/${p.id}?token=wrong`, `/pay/sandbox/confirm/${p.id}`, '/pay/sandbox/confirm/not-a-uuid?token=x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Pagamento não encontrado');
    }
    expect((await status(p.id)).status).toBe('pending');
  });

  it('says why a failed charge cannot be confirmed (409 page)', async () => {
    const p = await pendingCharge('pix');
    await t.client.post(`/test/payments/${p.id}/fail`, acme.key, { failureCode: 'provider_error' });
    const res = await t.app.inject({ method: 'POST', url: pathOf(p.sandboxConfirmUrl), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('A cobrança está recusada (provider_error).');
  });

  it('redirects the short link a sandbox Pix code carries to the confirmation page', async () => {
    const p = await pendingCharge('pix');
    const token = new URL(p.sandboxConfirmUrl).searchParams.get('token')!;
    expect(p.pixPayload).toContain(`/pay/sandbox/pix/${token}`);
    const res = await t.app.inject({ method: 'GET', url: `/pay/sandbox/pix/${token}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(p.sandboxConfirmUrl);
    expect((await t.app.inject({ method: 'GET', url: '/pay/sandbox/pix/nope' })).statusCode).toBe(404);
  });
});

describe('sandbox test cards', () => {
  const pay = (id: string, body: Record<string, unknown>) => t.client.post(`/pay/sandbox/cards/${id}`, null, body);
  const card = (clientSecret: string, number: string, extra: Record<string, unknown> = {}) => ({ clientSecret, number, expMonth: 12, expYear: 2034, cvc: '123', ...extra });

  it('pays with 4242 4242 4242 4242 and the invoice is paid', async () => {
    const p = await pendingCharge('card');
    const res = await pay(p.id, card(p.clientSecret, '4242 4242 4242 4242'));
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ paymentId: p.id, status: 'confirmed', failureCode: null });
    expect((await t.client.get(`/billing/invoices/${p.invoiceId}`, acme.key)).body.status).toBe('paid');
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'card_expired'],
    ['4000 0000 0000 3220', 'authentication_required'],
    ['4000 0000 0000 9979', 'card_stolen'],
  ])('fails the charge with %s as %s', async (number, failureCode) => {
    const p = await pendingCharge('card');
    const res = await pay(p.id, card(p.clientSecret, number));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ paymentId: p.id, status: 'failed', failureCode });
    expect(await status(p.id)).toMatchObject({ status: 'failed', failureCode });
  });

  it('declines an expired card as card_expired; refuses malformed input and real cards, leaving the charge pending', async () => {
    const p = await pendingCharge('card');
    expect((await pay(p.id, card(p.clientSecret, '4111 1111 1111 1112'))).body.errors[0]).toMatchObject({ field: 'number', constraint: 'card_number' });
    expect((await pay(p.id, card(p.clientSecret, '5555 5555 5555 4444'))).body.errors[0]).toMatchObject({ field: 'number', constraint: 'test_card' });
    expect((await pay(p.id, card(p.clientSecret, '4242424242424242', { cvc: '12' }))).status).toBe(422);
    expect((await status(p.id)).status).toBe('pending');
    const expired = await pay(p.id, card(p.clientSecret, '4242424242424242', { expMonth: 1, expYear: 2020 }));
    expect(expired.body).toMatchObject({ status: 'failed', failureCode: 'card_expired' });
  });

  it('answers 404 for a wrong client secret, another method, or a live payment', async () => {
    const p = await pendingCharge('card');
    expect((await pay(p.id, card(`${p.id}_secret_wrong`, '4242424242424242'))).status).toBe(404);
    const pix = await pendingCharge('pix');
    expect((await pay(pix.id, card(p.clientSecret, '4242424242424242'))).status).toBe(404);
    expect((await pay(p.id, card(p.clientSecret, '4242424242424242'), )).status).toBe(200);
  });

  it('needs an Idempotency-Key and replays a retry', async () => {
    const p = await pendingCharge('card');
    const missing = await t.client.post(`/pay/sandbox/cards/${p.id}`, null, card(p.clientSecret, '4242424242424242'), { idempotencyKey: null });
    expect(missing.status).toBe(400);
    const key = `pay-${p.id}`;
    const first = await t.client.post(`/pay/sandbox/cards/${p.id}`, null, card(p.clientSecret, '4242424242424242'), { idempotencyKey: key });
    const again = await t.client.post(`/pay/sandbox/cards/${p.id}`, null, card(p.clientSecret, '4242424242424242'), { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});

describe('sandbox crypto wallet', () => {
  it('confirms with the charge token once; a second use answers 409', async () => {
    const p = await pendingCharge('crypto');
    const res = await t.client.post(`/pay/sandbox/crypto/${p.id}`, null, { chargeToken: p.chargeToken });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.status).toBe('confirmed');
    const again = await t.client.post(`/pay/sandbox/crypto/${p.id}`, null, { chargeToken: p.chargeToken });
    expect(again.status).toBe(409);
    expect((await t.client.post(`/pay/sandbox/crypto/${p.id}`, null, { chargeToken: 'ct_wrong' })).status).toBe(404);
  });
});
