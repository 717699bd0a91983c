// The processor_a adapter against a mock serving Adyen's official Checkout v71 document: every
// request the library sends is validated against it (mock.violations), then a stateful fake
// answers. Notifications are signed with the library's own HMAC helper.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { processorAFake, PROCESSOR_A_BASE_PATH, PROCESSOR_A_SERVER, PROCESSOR_A_SPEC, FAKE_BOLETO_BARCODE, FAKE_PIX_PAYLOAD, type ProcessorAFake } from '../../../../../test/processor-mocks/processor-a-fake.ts';
import { startValidatingMock, type ValidatingMock } from '../../../../../test/processor-mocks/validating-mock.ts';
import { ProcessorError, type ProcessorAdapter, type ProcessorChargeRequest, type ProcessorConnection } from '../types.ts';
import { createProcessorAAdapter, processorAAdapter } from './index.ts';

let fake: ProcessorAFake;
let mock: ValidatingMock;
let adapter: ProcessorAdapter;

function connection(overrides: Partial<ProcessorConnection> = {}, credentials: Record<string, string> = {}): ProcessorConnection {
  return {
    id: 'conn_a',
    provider: 'processor_a',
    environment: 'sandbox',
    methods: ['card', 'pix', 'boleto'],
    credentials: { apiKey: fake.apiKey, merchantAccount: fake.merchantAccount, clientKey: 'test_CLIENTKEY0001', hmacKey: fake.hmacKey, ...credentials },
    webhookUrl: 'https://billing.example.com/webhooks/processors/conn_a',
    ...overrides,
  };
}

let sequence = 0;
function chargeRequest(overrides: Partial<ProcessorChargeRequest> = {}): ProcessorChargeRequest {
  sequence += 1;
  return {
    paymentId: `0193a4c2-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    idempotencyKey: `idem-charge-${sequence}`,
    method: 'card',
    amount: '10.50',
    currency: 'BRL',
    description: 'Invoice 2026-0001',
    invoice: { id: '0193a4c2-1111-7000-8000-000000000001', dueDate: new Date('2026-12-04T00:00:00Z') },
    payer: { name: 'Maria da Silva', email: 'maria@example.com', document: '123.456.789-09' },
    pixExpiresInSeconds: 3600,
    savedMethod: null,
    now: new Date('2026-11-27T00:00:00Z'),
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<ProcessorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProcessorError);
  return error as ProcessorError;
}

function lastRequest(path: string) {
  const found = [...mock.requests].reverse().find((r) => r.path.endsWith(path));
  expect(found).toBeDefined();
  return found!;
}

beforeAll(async () => {
  fake = processorAFake();
  mock = await startValidatingMock({ specPath: PROCESSOR_A_SPEC, serverUrl: PROCESSOR_A_SERVER, basePath: PROCESSOR_A_BASE_PATH, fake: fake.handler });
  adapter = createProcessorAAdapter({ processorAApiUrl: `${mock.url}/v71`, processorBApiUrl: null, timeoutMs: 3000 });
});

afterEach(() => {
  fake.delayMs = 0;
  fake.failWith = null;
});

afterAll(async () => {
  await mock.close();
});

describe('processor_a adapter: the contract', () => {
  it('names its methods and credential fields, secrets apart', () => {
    expect(processorAAdapter.name).toBe('processor_a');
    expect(processorAAdapter.supportedMethods).toEqual(['card', 'pix', 'boleto']);
    expect(processorAAdapter.credentialFields).toEqual(['apiKey', 'merchantAccount', 'clientKey', 'hmacKey']);
    expect(processorAAdapter.optionalCredentialFields).toEqual(['liveUrlPrefix', 'region']);
    expect(processorAAdapter.secretFields).toEqual(['apiKey', 'hmacKey']);
  });
});

describe('card: a Checkout session', () => {
  it('answers the interface nextAction exactly, amount in minor units, with the idempotency key sent', async () => {
    const request = chargeRequest({ amount: '1234.56' });
    const charge = await adapter.createCharge(connection({}, { region: 'live-us' }), request);
    expect(charge.status).toBe('pending');
    expect(charge.providerId).toMatch(/^CS/);
    const action = charge.card!.nextAction;
    expect(Object.keys(action).sort()).toEqual(['amount', 'clientKey', 'countryCode', 'environment', 'locale', 'session', 'type']);
    expect(action).toEqual({
      type: 'processor_a_session',
      session: { id: charge.providerId, sessionData: expect.any(String) },
      clientKey: 'test_CLIENTKEY0001',
      environment: 'live-us',
      countryCode: 'BR',
      locale: 'pt-BR',
      amount: { value: 123456, currency: 'BRL' },
    });
    if (action.type === 'processor_a_session') expect(Object.keys(action.session).sort()).toEqual(['id', 'sessionData']);
    expect(charge.card!.publishableKey).toBe('test_CLIENTKEY0001');
    const sent = lastRequest('/sessions');
    expect(sent.path).toBe('/v71/sessions');
    expect(sent.headers['idempotency-key']).toBe(request.idempotencyKey);
    expect(sent.headers['x-api-key']).toBe(fake.apiKey);
    expect(sent.headers['adyen-library-version']).toBe('32.1.0');
    expect(sent.body).toMatchObject({ reference: request.paymentId, amount: { value: 123456, currency: 'BRL' }, merchantAccount: fake.merchantAccount, countryCode: 'BR', shopperLocale: 'pt-BR', returnUrl: 'https://billing.example.com/' });
    expect(mock.violations).toEqual([]);
  });

  it('defaults the environment to live and keeps a zero-decimal currency whole', async () => {
    const charge = await adapter.createCharge(connection(), chargeRequest({ amount: '500', currency: 'JPY' }));
    const action = charge.card!.nextAction;
    expect(action.type === 'processor_a_session' && action.environment).toBe('live');
    expect(action.type === 'processor_a_session' && action.amount).toEqual({ value: 500, currency: 'JPY' });
    expect(mock.violations).toEqual([]);
  });

  it('confirms from the signed AUTHORISATION notification, which names the payment pspReference', async () => {
    const request = chargeRequest();
    const charge = await adapter.createCharge(connection(), request);
    const body = fake.notification([{ eventCode: 'AUTHORISATION', pspReference: 'PSP0000000000001', merchantReference: request.paymentId, amount: { value: 1050, currency: 'BRL' } }]);
    const events = await adapter.parseWebhook(connection(), { headers: { 'content-type': 'application/json' }, rawBody: body, subpath: '' });
    expect(events).toEqual([{ kind: 'charge.confirmed', eventId: 'PSP0000000000001:AUTHORISATION:true', providerId: 'PSP0000000000001', paymentId: request.paymentId, amount: '10.50' }]);
    // Before that notification only the session id is known: no refund by it.
    const error = await rejection(adapter.refund(connection(), { refundId: 'r1', idempotencyKey: 'k1', payment: { id: request.paymentId, providerId: charge.providerId, method: 'card', amount: '10.50', currency: 'BRL' }, amount: '10.50', reason: null }));
    expect(error.code).toBe('provider_rejected');
    expect(mock.violations).toEqual([]);
  });

  it('charges a saved card off-session: Authorised is confirmed at once', async () => {
    const request = chargeRequest({ savedMethod: { customerRef: 'customer-1', methodRef: '8415718415172200' } });
    const charge = await adapter.createCharge(connection(), request);
    expect(charge).toEqual({ providerId: expect.stringMatching(/^[0-9A-F]{16}$/), status: 'confirmed', failureCode: null });
    expect(lastRequest('/payments').body).toMatchObject({ paymentMethod: { type: 'scheme', storedPaymentMethodId: '8415718415172200' }, shopperReference: 'customer-1', shopperInteraction: 'ContAuth', recurringProcessingModel: 'Subscription' });
    expect(lastRequest('/payments').headers['idempotency-key']).toBe(request.idempotencyKey);
    expect(mock.violations).toEqual([]);
  });

  it('refuses a method the connection does not serve, before any call', async () => {
    const before = mock.requests.length;
    const error = await rejection(adapter.createCharge(connection({ methods: ['pix'] }), chargeRequest()));
    expect(error.code).toBe('provider_rejected');
    expect(mock.requests.length).toBe(before);
    expect(mock.violations).toEqual([]);
  });
});

describe('declines', () => {
  const cases: Array<[string, string, string]> = [
    ['Not enough balance', '12', 'insufficient_funds'],
    ['Withdrawal amount exceeded', '28', 'insufficient_funds'],
    ['Referral', '3', 'do_not_honor'],
    ['Expired Card', '6', 'card_expired'],
    ['Blocked Card', '5', 'card_stolen'],
    ['Invalid Card Number', '8', 'card_invalid'],
    ['CVC Declined', '24', 'card_invalid'],
    ['3D Not Authenticated', '11', 'authentication_required'],
    ['Authentication required', '38', 'authentication_required'],
    ['Acquirer Error', '4', 'provider_error'],
    ['Issuer Unavailable', '9', 'provider_error'],
    ['Refused', '2', 'card_declined'],
    ['Something new', '99', 'card_declined'],
  ];

  it.each(cases)('a refused off-session payment (%s, %s) fails as %s', async (reason, code, failureCode) => {
    fake.refuseNext(reason, code);
    const charge = await adapter.createCharge(connection(), chargeRequest({ savedMethod: { customerRef: 'customer-1', methodRef: '8415718415172200' } }));
    expect(charge.status).toBe('failed');
    expect(charge.failureCode).toBe(failureCode);
    expect(mock.violations).toEqual([]);
  });

  it.each(cases)('a failed AUTHORISATION notification (%s) fails as %s', async (reason, _code, failureCode) => {
    const body = fake.notification([{ eventCode: 'AUTHORISATION', pspReference: 'PSP0000000000002', merchantReference: 'pay-1', success: 'false', reason }]);
    const [event] = await adapter.parseWebhook(connection(), { headers: {}, rawBody: body, subpath: '' });
    expect(event).toEqual({ kind: 'charge.failed', eventId: 'PSP0000000000002:AUTHORISATION:false', providerId: 'PSP0000000000002', paymentId: 'pay-1', failureCode });
    expect(mock.violations).toEqual([]);
  });
});

describe('pix and boleto through /payments', () => {
  it('pix: the QR data is the payload, with its expiry; the payer goes as shopperName and CPF', async () => {
    const request = chargeRequest({ method: 'pix' });
    const charge = await adapter.createCharge(connection(), request);
    expect(charge).toEqual({ providerId: expect.stringMatching(/^[0-9A-F]{16}$/), status: 'pending', failureCode: null, pix: { payload: FAKE_PIX_PAYLOAD, expiresAt: new Date('2026-11-27T02:00:00Z') } });
    const sent = lastRequest('/payments');
    expect(sent.headers['idempotency-key']).toBe(request.idempotencyKey);
    expect(sent.body).toMatchObject({ paymentMethod: { type: 'pix' }, reference: request.paymentId, amount: { value: 1050, currency: 'BRL' }, shopperName: { firstName: 'Maria', lastName: 'da Silva' }, socialSecurityNumber: '12345678909' });
    expect(mock.violations).toEqual([]);
  });

  it('boleto: the voucher reference is the line, the barcode derived from it, the download URL kept', async () => {
    const request = chargeRequest({ method: 'boleto', amount: '100.00' });
    request.payer.address = { line1: 'Rua das Flores, 123', line2: 'apto 4', city: 'São Paulo', state: 'SP', postalCode: '01310-100', country: 'BR' };
    const charge = await adapter.createCharge(connection(), request);
    expect(charge.status).toBe('pending');
    expect(charge.boleto).toEqual({ line: '03399333503382330308779819890108116500000010000', barcode: FAKE_BOLETO_BARCODE, url: expect.stringContaining('https://test.adyen.com/'), dueDate: new Date('2026-12-04T00:00:00Z') });
    expect(lastRequest('/payments').body).toMatchObject({
      paymentMethod: { type: 'boletobancario' },
      deliveryDate: '2026-12-04T00:00:00.000Z',
      socialSecurityNumber: '12345678909',
      shopperName: { firstName: 'Maria', lastName: 'da Silva' },
      billingAddress: { street: 'Rua das Flores', houseNumberOrName: '123 apto 4', city: 'São Paulo', postalCode: '01310100', stateOrProvince: 'SP', country: 'BR' },
    });
    expect(mock.violations).toEqual([]);
  });

  it('boleto without a due date or an address: three days from now, and no billingAddress sent', async () => {
    const request = chargeRequest({ method: 'boleto', amount: '100.00', invoice: { id: '0193a4c2-1111-7000-8000-000000000002', dueDate: null } });
    await adapter.createCharge(connection(), request);
    const body = lastRequest('/payments').body as Record<string, unknown>;
    expect(body.deliveryDate).toBe('2026-11-30T00:00:00.000Z');
    expect(body.billingAddress).toBeUndefined();
    expect(mock.violations).toEqual([]);
  });

  it('create, confirm by notification, refund part (with its idempotency key), refund notification', async () => {
    const request = chargeRequest({ method: 'pix', amount: '80.00' });
    const charge = await adapter.createCharge(connection(), request);
    const confirmed = await adapter.parseWebhook(connection(), {
      headers: {},
      rawBody: fake.notification([{ eventCode: 'AUTHORISATION', pspReference: charge.providerId, merchantReference: request.paymentId, amount: { value: 8000, currency: 'BRL' } }]),
      subpath: '',
    });
    expect(confirmed).toEqual([{ kind: 'charge.confirmed', eventId: `${charge.providerId}:AUTHORISATION:true`, providerId: charge.providerId, paymentId: request.paymentId, amount: '80.00' }]);
    // Adyen has no read of a payment: the poller is told to wait for notifications.
    expect((await adapter.retrieveCharge(connection(), charge.providerId, 'pix')).kind).toBe('ignored');

    const payment = { id: request.paymentId, providerId: charge.providerId, method: 'pix' as const, amount: '80.00', currency: 'BRL' };
    const refund = await adapter.refund(connection(), { refundId: 'refund-1', idempotencyKey: 'idem-refund-1', payment, amount: '30.25', reason: 'requested' });
    expect(refund).toEqual({ providerRefundId: expect.stringMatching(/^[0-9A-F]{16}$/), status: 'pending' });
    const sent = lastRequest('/refunds');
    expect(sent.path).toBe(`/v71/payments/${charge.providerId}/refunds`);
    expect(sent.headers['idempotency-key']).toBe('idem-refund-1');
    expect(sent.body).toEqual({ merchantAccount: fake.merchantAccount, amount: { value: 3025, currency: 'BRL' }, reference: 'refund-1' });
    // The same key again: the same refund, not a second one.
    const again = await adapter.refund(connection(), { refundId: 'refund-1', idempotencyKey: 'idem-refund-1', payment, amount: '30.25', reason: 'requested' });
    expect(again.providerRefundId).toBe(refund.providerRefundId);
    expect(fake.payments.get(charge.providerId)!.refunded).toBe(3025);

    const refunded = await adapter.parseWebhook(connection(), {
      headers: {},
      rawBody: fake.notification([{ eventCode: 'REFUND', pspReference: refund.providerRefundId, originalReference: charge.providerId, merchantReference: 'refund-1', amount: { value: 3025, currency: 'BRL' } }]),
      subpath: '',
    });
    expect(refunded).toEqual([{ kind: 'refund.succeeded', eventId: `${refund.providerRefundId}:REFUND:true`, providerId: charge.providerId, providerRefundId: refund.providerRefundId, amount: '30.25' }]);
    // More than what is left: Adyen refuses it.
    const error = await rejection(adapter.refund(connection(), { refundId: 'refund-2', idempotencyKey: 'idem-refund-2', payment, amount: '60.00', reason: null }));
    expect(error).toMatchObject({ code: 'provider_rejected', processorCode: '137' });
    expect(mock.violations).toEqual([]);
  });
});

describe('notifications', () => {
  it('maps refunds failed, chargebacks and the rest; one batch may hold several items', async () => {
    const body = fake.notification([
      { eventCode: 'REFUND', pspReference: 'REF0000000000001', originalReference: 'PSP0000000000003', success: 'false', amount: { value: 100, currency: 'BRL' } },
      { eventCode: 'REFUND_FAILED', pspReference: 'REF0000000000002', originalReference: 'PSP0000000000003' },
      { eventCode: 'NOTIFICATION_OF_CHARGEBACK', pspReference: 'DSP0000000000001', originalReference: 'PSP0000000000003' },
      { eventCode: 'CHARGEBACK', pspReference: 'DSP0000000000001', originalReference: 'PSP0000000000003' },
      { eventCode: 'REPORT_AVAILABLE', pspReference: 'RPT0000000000001' },
      { eventCode: 'AUTHORISATION', pspReference: 'PSP0000000000004', merchantAccountCode: 'AnotherAccount' },
    ]);
    const events = await adapter.parseWebhook(connection(), { headers: {}, rawBody: body, subpath: '' });
    expect(events).toEqual([
      { kind: 'refund.failed', eventId: 'REF0000000000001:REFUND:false', providerId: 'PSP0000000000003', providerRefundId: 'REF0000000000001' },
      { kind: 'refund.failed', eventId: 'REF0000000000002:REFUND_FAILED:true', providerId: 'PSP0000000000003', providerRefundId: 'REF0000000000002' },
      { kind: 'charge.disputed', eventId: 'DSP0000000000001:NOTIFICATION_OF_CHARGEBACK:true', providerId: 'PSP0000000000003' },
      { kind: 'charge.disputed', eventId: 'DSP0000000000001:CHARGEBACK:true', providerId: 'PSP0000000000003' },
      { kind: 'ignored', eventId: 'RPT0000000000001:REPORT_AVAILABLE:true', reason: expect.any(String) },
      { kind: 'ignored', eventId: 'PSP0000000000004:AUTHORISATION:true', reason: expect.any(String) },
    ]);
    expect(mock.violations).toEqual([]);
  });

  it('refuses a notification signed with another key, an unsigned one, a tampered one and one that is not JSON', async () => {
    const item = { eventCode: 'AUTHORISATION', pspReference: 'PSP0000000000005', merchantReference: 'pay-5', amount: { value: 1050, currency: 'BRL' } };
    const otherKey = 'AB'.repeat(32);
    const bodies = [
      fake.notification([item], { hmacKey: otherKey }),
      fake.notification([item], { sign: false }),
      Buffer.from(fake.notification([item]).toString().replace('1050', '105000')),
      Buffer.from('pspReference=PSP0000000000005'),
      Buffer.from(JSON.stringify({ live: 'false', notificationItems: [] })),
    ];
    for (const rawBody of bodies) {
      const error = await rejection(adapter.parseWebhook(connection(), { headers: {}, rawBody, subpath: '' }));
      expect(error.code).toBe('invalid_signature');
    }
    // One good item does not carry a bad one through.
    const mixed = JSON.parse(fake.notification([item]).toString()) as { notificationItems: unknown[] };
    mixed.notificationItems.push(...(JSON.parse(fake.notification([item], { sign: false }).toString()) as { notificationItems: unknown[] }).notificationItems);
    expect((await rejection(adapter.parseWebhook(connection(), { headers: {}, rawBody: Buffer.from(JSON.stringify(mixed)), subpath: '' }))).code).toBe('invalid_signature');
    expect(mock.violations).toEqual([]);
  });
});

describe('failures of the processor', () => {
  it('a 5xx is provider_unavailable', async () => {
    fake.failWith = 503;
    const error = await rejection(adapter.createCharge(connection(), chargeRequest({ method: 'pix' })));
    expect(error.code).toBe('provider_unavailable');
    expect(mock.violations).toEqual([]);
  });

  it('a slow answer is provider_timeout', async () => {
    fake.delayMs = 400;
    const quick = createProcessorAAdapter({ processorAApiUrl: `${mock.url}/v71`, processorBApiUrl: null, timeoutMs: 100 });
    const error = await rejection(quick.createCharge(connection(), chargeRequest()));
    expect(error.code).toBe('provider_timeout');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mock.violations).toEqual([]);
  });

  it('a refused connection is provider_unavailable', async () => {
    const nowhere = createProcessorAAdapter({ processorAApiUrl: 'http://127.0.0.1:9/v71', processorBApiUrl: null, timeoutMs: 1000 });
    const error = await rejection(nowhere.createCharge(connection(), chargeRequest()));
    expect(error.code).toBe('provider_unavailable');
    expect(mock.violations).toEqual([]);
  });
});

describe('redirects', () => {
  it('follows none off Adyen\'s hosts: the API key never leaves for another host', async () => {
    const redirecting = await startValidatingMock({
      specPath: PROCESSOR_A_SPEC,
      serverUrl: PROCESSOR_A_SERVER,
      basePath: PROCESSOR_A_BASE_PATH,
      fake: () => ({ status: 308, headers: { location: 'https://collector.example.com/v71/paymentMethods' } }),
    });
    try {
      const moved = createProcessorAAdapter({ processorAApiUrl: `${redirecting.url}/v71`, processorBApiUrl: null, timeoutMs: 2000 });
      expect(await rejection(moved.check(connection()))).toMatchObject({ code: 'provider_rejected', processorCode: '308' });
      expect(redirecting.requests).toHaveLength(1);
      expect(redirecting.violations).toEqual([]);
    } finally {
      await redirecting.close();
    }
    expect(mock.violations).toEqual([]);
  });
});

describe('check', () => {
  it('succeeds with good credentials (POST /paymentMethods for the merchant account)', async () => {
    await adapter.check(connection());
    expect(lastRequest('/paymentMethods').body).toEqual({ merchantAccount: fake.merchantAccount, countryCode: 'BR' });
    expect(mock.violations).toEqual([]);
  });

  it('fails as provider_rejected with a wrong API key or merchant account', async () => {
    expect(await rejection(adapter.check(connection({}, { apiKey: 'AQE_wrong' })))).toMatchObject({ code: 'provider_rejected', processorCode: '000' });
    expect(await rejection(adapter.check(connection({}, { merchantAccount: 'NotMine' })))).toMatchObject({ code: 'provider_rejected', processorCode: '901' });
    expect(mock.violations).toEqual([]);
  });

  it('fails without a live URL prefix in production, or with an unknown region, before any call', async () => {
    const before = mock.requests.length;
    expect((await rejection(adapter.check(connection({ environment: 'production' })))).code).toBe('provider_rejected');
    expect((await rejection(adapter.check(connection({}, { region: 'live-eu' })))).code).toBe('provider_rejected');
    expect(mock.requests.length).toBe(before);
    expect(mock.violations).toEqual([]);
  });

  it('a production connection reaches the same API through the override', async () => {
    await adapter.check(connection({ environment: 'production' }, { liveUrlPrefix: '1797a841fbb37ca7-AdyenDemo' }));
    expect(lastRequest('/paymentMethods').path).toBe('/v71/paymentMethods');
    expect(mock.violations).toEqual([]);
  });
});
