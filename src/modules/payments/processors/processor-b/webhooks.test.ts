// processor_b webhooks: verified with the SDK's own verifier, signed here with the SDK's own test
// signing helper; what each Stripe event means for a charge.
import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { processorBAdapter } from './index.ts';
import { WEBHOOK_SECRET, connectionWith } from './test-setup.ts';

const connection = connectionWith();

function event(type: string, object: Record<string, unknown>, id = 'evt_0001'): string {
  return JSON.stringify({ id, object: 'event', type, api_version: '2025-09-30.clover', created: 1_795_000_000, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } });
}

function signed(payload: string, secret = WEBHOOK_SECRET, timestamp?: number) {
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
  return { headers: { 'stripe-signature': header, 'content-type': 'application/json' }, rawBody: Buffer.from(payload), subpath: '' };
}

const intent = { id: 'pi_0001', object: 'payment_intent', amount: 1050, amount_received: 1050, currency: 'brl', metadata: { payment_id: 'pay_0001' }, status: 'succeeded', last_payment_error: null };

describe('processor_b webhook signatures', () => {
  test('a well signed event is read', async () => {
    const events = await processorBAdapter.parseWebhook(connection, signed(event('payment_intent.succeeded', intent)));
    expect(events).toEqual([{ kind: 'charge.confirmed', eventId: 'evt_0001', providerId: 'pi_0001', paymentId: 'pay_0001', amount: '10.50' }]);
  });

  test.each([
    ['unsigned', () => ({ headers: {}, rawBody: Buffer.from(event('payment_intent.succeeded', intent)), subpath: '' })],
    ['signed with another secret', () => signed(event('payment_intent.succeeded', intent), 'whsec_someone_else')],
    ['changed after signing', () => ({ ...signed(event('payment_intent.succeeded', intent)), rawBody: Buffer.from(event('payment_intent.succeeded', { ...intent, amount_received: 1 })) })],
    ['signed too long ago', () => signed(event('payment_intent.succeeded', intent), WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)],
    ['a garbage header', () => ({ headers: { 'stripe-signature': 'nonsense' }, rawBody: Buffer.from('{}'), subpath: '' })],
  ])('%s: invalid_signature', async (_name, request) => {
    await expect(processorBAdapter.parseWebhook(connection, request())).rejects.toMatchObject({ name: 'ProcessorError', code: 'invalid_signature' });
  });

  test('a connection without a webhook secret verifies nothing', async () => {
    await expect(processorBAdapter.parseWebhook(connectionWith({ webhookSecret: '' }), signed(event('payment_intent.succeeded', intent)))).rejects.toMatchObject({ code: 'invalid_signature' });
  });
});

describe('processor_b events', () => {
  const parse = (type: string, object: Record<string, unknown>) => processorBAdapter.parseWebhook(connection, signed(event(type, object)));

  test('payment_intent.payment_failed: the decline code of the last error', async () => {
    const failed = { ...intent, status: 'requires_payment_method', amount_received: 0, last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } };
    expect(await parse('payment_intent.payment_failed', failed)).toEqual([{ kind: 'charge.failed', eventId: 'evt_0001', providerId: 'pi_0001', paymentId: 'pay_0001', failureCode: 'insufficient_funds' }]);
    const expired = { ...failed, last_payment_error: { type: 'card_error', code: 'expired_card' } };
    expect(await parse('payment_intent.payment_failed', expired)).toMatchObject([{ kind: 'charge.failed', failureCode: 'card_expired' }]);
    const unknown = { ...failed, last_payment_error: null };
    expect(await parse('payment_intent.payment_failed', unknown)).toMatchObject([{ kind: 'charge.failed', failureCode: 'card_declined' }]);
  });

  const refund = { id: 're_0001', object: 'refund', amount: 400, currency: 'brl', payment_intent: 'pi_0001', charge: 'ch_0001', status: 'succeeded' };

  test('refund events: succeeded with the amount, failed, pending ignored', async () => {
    expect(await parse('refund.updated', refund)).toEqual([{ kind: 'refund.succeeded', eventId: 'evt_0001', providerId: 'pi_0001', providerRefundId: 're_0001', amount: '4.00' }]);
    expect(await parse('refund.created', refund)).toMatchObject([{ kind: 'refund.succeeded' }]);
    expect(await parse('refund.failed', { ...refund, status: 'failed' })).toEqual([{ kind: 'refund.failed', eventId: 'evt_0001', providerId: 'pi_0001', providerRefundId: 're_0001' }]);
    expect(await parse('refund.updated', { ...refund, status: 'pending' })).toEqual([{ kind: 'ignored', eventId: 'evt_0001', reason: 'refund pending' }]);
  });

  test('charge.refunded: each refund it lists', async () => {
    const charge = { id: 'ch_0001', object: 'charge', amount: 1050, amount_refunded: 1050, currency: 'brl', payment_intent: 'pi_0001', refunds: { object: 'list', data: [refund, { ...refund, id: 're_0002', amount: 650 }], has_more: false } };
    expect(await parse('charge.refunded', charge)).toEqual([
      { kind: 'refund.succeeded', eventId: 'evt_0001:re_0001', providerId: 'pi_0001', providerRefundId: 're_0001', amount: '4.00' },
      { kind: 'refund.succeeded', eventId: 'evt_0001:re_0002', providerId: 'pi_0001', providerRefundId: 're_0002', amount: '6.50' },
    ]);
    expect(await parse('charge.refunded', { ...charge, refunds: null })).toEqual([{ kind: 'ignored', eventId: 'evt_0001', reason: 'charge.refunded lists no refunds' }]);
  });

  test('charge.dispute.created: the disputed intent', async () => {
    const dispute = { id: 'dp_0001', object: 'dispute', amount: 1050, currency: 'brl', charge: 'ch_0001', payment_intent: 'pi_0001', reason: 'fraudulent', status: 'needs_response' };
    expect(await parse('charge.dispute.created', dispute)).toEqual([{ kind: 'charge.disputed', eventId: 'evt_0001', providerId: 'pi_0001' }]);
  });

  test('any other event is ignored', async () => {
    expect(await parse('customer.created', { id: 'cus_1', object: 'customer' })).toEqual([{ kind: 'ignored', eventId: 'evt_0001', reason: 'event customer.created' }]);
    expect(await parse('payment_intent.processing', { ...intent, status: 'processing' })).toEqual([{ kind: 'ignored', eventId: 'evt_0001', reason: 'event payment_intent.processing' }]);
  });
});
