// processor_b off-session saved cards and their declines, the credentials check, and a processor
// that is down, failing or slow (every request still validated against Stripe's document).
import { createServer } from 'node:net';
import { describe, expect, test } from 'vitest';
import { ProcessorError } from '../types.ts';
import { createProcessorBAdapter } from './index.ts';
import { chargeRequest, connectionWith, startStripe } from './test-setup.ts';

const saved = (methodRef: string) => chargeRequest({ savedMethod: { customerRef: 'cus_0001', methodRef } });

describe('processor_b saved cards off-session', () => {
  test('a saved card is charged off-session and confirmed at once', async () => {
    const { mock, adapter, connection } = await startStripe();
    const charge = await adapter.createCharge(connection, saved('pm_card_visa'));
    expect(charge).toEqual({ providerId: expect.stringMatching(/^pi_/), status: 'confirmed', failureCode: null });
    expect(mock.requests[0]?.body).toMatchObject({ customer: 'cus_0001', payment_method: 'pm_card_visa', off_session: 'true', confirm: 'true', payment_method_types: ['card'] });
  });

  test.each([
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_chargeDeclinedDoNotHonor', 'do_not_honor'],
    ['pm_card_chargeDeclinedExpiredCard', 'card_expired'],
    ['pm_card_chargeDeclinedStolenCard', 'card_stolen'],
    ['pm_card_chargeDeclinedLostCard', 'card_stolen'],
    ['pm_card_chargeDeclinedIncorrectNumber', 'card_invalid'],
    ['pm_card_chargeDeclinedProcessingError', 'provider_error'],
    ['pm_card_chargeDeclined', 'card_declined'],
    ['pm_card_chargeDeclinedUnknown', 'card_declined'],
    ['pm_card_authenticationRequired', 'authentication_required'],
  ])('%s declines as %s, with the intent Stripe made', async (method, failureCode) => {
    const { fake, adapter, connection } = await startStripe();
    const charge = await adapter.createCharge(connection, saved(method));
    expect(charge).toEqual({ providerId: expect.stringMatching(/^pi_/), status: 'failed', failureCode });
    expect(fake.intents.has(charge.providerId)).toBe(true);
  });

  test('an intent that asks for 3DS off-session is authentication_required', async () => {
    const { fake, adapter, connection } = await startStripe();
    fake.failures.push({ status: 200, body: { id: 'pi_3ds', object: 'payment_intent', status: 'requires_action', amount: 1050, currency: 'brl', client_secret: 'pi_3ds_secret', last_payment_error: null, next_action: { type: 'use_stripe_sdk' } } });
    expect(await adapter.createCharge(connection, saved('pm_card_threeDSecureRequired'))).toEqual({ providerId: 'pi_3ds', status: 'failed', failureCode: 'authentication_required' });
  });
});

describe('processor_b check', () => {
  test('the balance read proves the secret key', async () => {
    const { mock, adapter, connection } = await startStripe();
    await adapter.check(connection);
    expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/balance']);
  });

  test('a wrong secret key is provider_rejected', async () => {
    const { adapter } = await startStripe();
    await expect(adapter.check(connectionWith({ secretKey: 'sk_test_wrong' }))).rejects.toMatchObject({ name: 'ProcessorError', code: 'provider_rejected' });
  });
});

describe('processor_b down, failing or slow', () => {
  test.each([500, 502, 503])('%i is provider_unavailable', async (status) => {
    const { fake, adapter, connection } = await startStripe();
    fake.failures.push({ status, body: { error: { type: 'api_error', message: 'Something went wrong on our end' } } });
    await expect(adapter.createCharge(connection, chargeRequest())).rejects.toMatchObject({ code: 'provider_unavailable' });
  });

  test('a 5xx without a JSON body is provider_unavailable', async () => {
    const { fake, adapter, connection } = await startStripe();
    fake.failures.push({ status: 503, body: 'upstream unavailable', headers: { 'content-type': 'text/plain' } });
    await expect(adapter.refund(connection, { refundId: 'r', idempotencyKey: 'k', payment: { id: 'p', providerId: 'pi_x', method: 'card', amount: '1.00', currency: 'BRL' }, amount: '1.00', reason: null })).rejects.toMatchObject({ code: 'provider_unavailable' });
  });

  test('429 is provider_unavailable', async () => {
    const { fake, adapter, connection } = await startStripe();
    fake.failures.push({ status: 429, body: { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' } } });
    await expect(adapter.check(connection)).rejects.toMatchObject({ code: 'provider_unavailable' });
  });

  test('403 (a restricted key without the permission) is provider_rejected', async () => {
    const { fake, adapter, connection } = await startStripe();
    fake.failures.push({ status: 403, body: { error: { type: 'invalid_request_error', message: 'The provided key does not have the required permissions' } } });
    await expect(adapter.check(connection)).rejects.toMatchObject({ code: 'provider_rejected' });
  });

  test('a slow processor is provider_timeout, after one attempt', async () => {
    const { mock, fake, adapter, connection } = await startStripe({ timeoutMs: 150 });
    fake.delayMs = 600;
    const error = await adapter.createCharge(connection, chargeRequest()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessorError);
    expect(error).toMatchObject({ code: 'provider_timeout' });
    expect(mock.requests).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 700)); // let the stalled answer finish before the mock closes
  });

  test('a refused connection is provider_unavailable', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const adapter = createProcessorBAdapter({ processorAApiUrl: null, processorBApiUrl: `http://127.0.0.1:${port}`, timeoutMs: 2_000 });
    await expect(adapter.check(connectionWith())).rejects.toMatchObject({ code: 'provider_unavailable' });
  });
});
