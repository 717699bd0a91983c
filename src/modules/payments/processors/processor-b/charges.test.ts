// processor_b charges and refunds against Stripe's OpenAPI document (every request validated) and a
// stateful fake: card intents for Stripe.js, boleto and pix confirmed at once, saved cards
// off-session, refunds, read-backs.
import boletoValidator from 'boleto-brasileiro-validator';
import { describe, expect, test } from 'vitest';
import { STRIPE_API_VERSION } from './client.ts';
import { chargeRequest, startStripe } from './test-setup.ts';

describe('processor_b charges', () => {
  test('card: a PaymentIntent in minor units with the payment id and the idempotency key, answered as the browser action', async () => {
    const { mock, adapter, connection } = await startStripe();
    const charge = await adapter.createCharge(connection, chargeRequest());
    expect(charge.status).toBe('pending');
    expect(charge.failureCode).toBeNull();
    expect(charge.providerId).toMatch(/^pi_/);
    expect(charge.card).toEqual({
      nextAction: { type: 'processor_b_payment_intent', clientSecret: `${charge.providerId}_secret_fake`, publishableKey: 'pk_test_public' },
      clientSecret: `${charge.providerId}_secret_fake`,
      publishableKey: 'pk_test_public',
    });
    const [sent] = mock.requests;
    expect(sent?.headers['idempotency-key']).toBe('idem_charge_0001');
    expect(sent?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(sent?.body).toMatchObject({ amount: '1050', currency: 'brl', payment_method_types: ['card'], metadata: { payment_id: 'pay_0001', invoice_id: 'inv_0001' } });
    expect(sent?.body).not.toHaveProperty('confirm');
  });

  test('a retry with the same idempotency key gets the same intent', async () => {
    const { fake, adapter, connection } = await startStripe();
    const first = await adapter.createCharge(connection, chargeRequest());
    const again = await adapter.createCharge(connection, chargeRequest());
    expect(again.providerId).toBe(first.providerId);
    expect(fake.intents.size).toBe(1);
  });

  test('amounts go in the currency minor unit (JPY has none)', async () => {
    const { mock, adapter, connection } = await startStripe();
    await adapter.createCharge(connection, chargeRequest({ amount: '1500', currency: 'JPY', idempotencyKey: 'jpy' }));
    await adapter.createCharge(connection, chargeRequest({ amount: '0.10', currency: 'BRL', idempotencyKey: 'ten-cents' }));
    expect(mock.requests.map((r) => (r.body as { amount: string }).amount)).toEqual(['1500', '10']);
  });

  test('boleto: confirmed at once with the payer document; line, bar code, voucher URL and due date from the display details', async () => {
    const { mock, adapter, connection } = await startStripe();
    const charge = await adapter.createCharge(connection, chargeRequest({ method: 'boleto' }));
    expect(charge.status).toBe('pending');
    expect(charge.boleto?.line).toMatch(/^[0-9]{47}$/);
    expect(boletoValidator.boletoBancarioLinhaDigitavel(charge.boleto!.line)).toBe(true);
    expect(boletoValidator.boletoBancarioCodigoBarras(charge.boleto!.barcode)).toBe(true);
    expect(charge.boleto?.url).toBe(`https://payments.stripe.com/boleto/voucher/${charge.providerId}`);
    // Three days from now to the invoice's due date: Stripe's expires_at, three days on.
    expect(charge.boleto?.dueDate.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(mock.requests[0]?.body).toMatchObject({
      payment_method_types: ['boleto'],
      confirm: 'true',
      payment_method_data: { type: 'boleto', billing_details: { name: 'Maria Silva', email: 'maria@example.com' }, boleto: { tax_id: '12345678909' } },
      payment_method_options: { boleto: { expires_after_days: '3' } },
    });
  });

  test('boleto without the payer document is refused before any call', async () => {
    const { mock, adapter, connection } = await startStripe();
    await expect(adapter.createCharge(connection, chargeRequest({ method: 'boleto', payer: { name: 'A', email: null, document: null } }))).rejects.toMatchObject({ code: 'provider_rejected' });
    expect(mock.requests).toHaveLength(0);
  });

  test('pix: confirmed at once; the payload and expiry from the QR code', async () => {
    const { mock, adapter, connection } = await startStripe();
    const charge = await adapter.createCharge(connection, chargeRequest({ method: 'pix', pixExpiresInSeconds: 1800 }));
    expect(charge.status).toBe('pending');
    expect(charge.pix?.payload).toContain('br.gov.bcb.pix');
    expect(charge.pix?.expiresAt.toISOString()).toBe('2026-11-27T12:30:00.000Z');
    expect(mock.requests[0]?.body).toMatchObject({ payment_method_types: ['pix'], confirm: 'true', payment_method_data: { type: 'pix' }, payment_method_options: { pix: { expires_after_seconds: '1800' } } });
  });

  test('read back: pending is ignored, paid is confirmed with the amount received', async () => {
    const { fake, adapter, connection } = await startStripe();
    const charge = await adapter.createCharge(connection, chargeRequest());
    expect(await adapter.retrieveCharge(connection, charge.providerId, 'card')).toEqual({ kind: 'ignored', eventId: `${charge.providerId}:requires_payment_method`, reason: 'payment intent requires_payment_method' });
    fake.succeed(charge.providerId);
    expect(await adapter.retrieveCharge(connection, charge.providerId, 'card')).toEqual({ kind: 'charge.confirmed', eventId: `${charge.providerId}:succeeded`, providerId: charge.providerId, paymentId: 'pay_0001', amount: '10.50' });
  });

  test('read back of a failed attempt is a failed charge with its decline', async () => {
    const { fake, adapter, connection } = await startStripe();
    const charge = await adapter.createCharge(connection, chargeRequest());
    fake.intents.get(charge.providerId)!.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' };
    expect(await adapter.retrieveCharge(connection, charge.providerId, 'card')).toMatchObject({ kind: 'charge.failed', failureCode: 'insufficient_funds', paymentId: 'pay_0001' });
  });

  test('read back of an unknown intent is refused', async () => {
    const { adapter, connection } = await startStripe();
    await expect(adapter.retrieveCharge(connection, 'pi_missing', 'card')).rejects.toMatchObject({ code: 'provider_rejected', processorCode: 'resource_missing' });
  });
});

describe('processor_b refunds', () => {
  test('partial then full, each with its idempotency key, against the intent', async () => {
    const { mock, fake, adapter, connection } = await startStripe();
    const charge = await adapter.createCharge(connection, chargeRequest());
    fake.succeed(charge.providerId);
    const payment = { id: 'pay_0001', providerId: charge.providerId, method: 'card' as const, amount: '10.50', currency: 'BRL' };
    const partial = await adapter.refund(connection, { refundId: 'ref_1', idempotencyKey: 'idem_ref_1', payment, amount: '4.00', reason: 'asked by the customer' });
    const rest = await adapter.refund(connection, { refundId: 'ref_2', idempotencyKey: 'idem_ref_2', payment, amount: '6.50', reason: null });
    expect(partial).toEqual({ providerRefundId: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(rest.status).toBe('succeeded');
    const refunds = mock.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds.map((r) => r.headers['idempotency-key'])).toEqual(['idem_ref_1', 'idem_ref_2']);
    expect(refunds.map((r) => r.body)).toEqual([
      { payment_intent: charge.providerId, amount: '400', metadata: { refund_id: 'ref_1', payment_id: 'pay_0001', reason: 'asked by the customer' } },
      { payment_intent: charge.providerId, amount: '650', metadata: { refund_id: 'ref_2', payment_id: 'pay_0001' } },
    ]);
    // Nothing left: Stripe refuses a third.
    await expect(adapter.refund(connection, { refundId: 'ref_3', idempotencyKey: 'idem_ref_3', payment, amount: '0.01', reason: null })).rejects.toMatchObject({ code: 'provider_rejected' });
  });

  test('a retried refund with the same key is the same refund', async () => {
    const { fake, adapter, connection } = await startStripe();
    const charge = await adapter.createCharge(connection, chargeRequest());
    fake.succeed(charge.providerId);
    const request = { refundId: 'ref_1', idempotencyKey: 'idem_ref_1', payment: { id: 'pay_0001', providerId: charge.providerId, method: 'card' as const, amount: '10.50', currency: 'BRL' }, amount: '10.50', reason: null };
    const first = await adapter.refund(connection, request);
    expect(await adapter.refund(connection, request)).toEqual(first);
    expect(fake.refunds.size).toBe(1);
  });
});
