// A fake processor for tests of everything around the adapters (connections, live charges,
// refunds, events, the poller): it implements the ProcessorAdapter contract with memory instead of
// a processor, signs its webhooks with HMAC-SHA256 of the body under the connection's
// webhookSecret (header x-fake-signature), and can be told to be down or slow.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ProcessorError, type ProcessorAdapter, type ProcessorCharge, type ProcessorChargeRequest, type ProcessorEvent, type ProcessorName, type ProcessorRefundRequest } from './types.ts';

export interface FakeCharge {
  providerId: string;
  request: ProcessorChargeRequest;
  status: 'pending' | 'confirmed' | 'failed';
}

export interface FakeProcessor extends ProcessorAdapter {
  mode: 'up' | 'down' | 'slow';
  /** How refunds answer. */
  refundStatus: 'pending' | 'succeeded';
  /** Every createCharge request, in order (failed and slow ones too). */
  chargeRequests: ProcessorChargeRequest[];
  /** Charges made, by idempotency key (a repeated key answers the charge it made). */
  charges: Map<string, FakeCharge>;
  refundRequests: ProcessorRefundRequest[];
  /** What the fake would POST to a webhookUrl for these events: the body and its signature header. */
  signed(webhookSecret: string, events: ProcessorEvent[]): { body: string; headers: Record<string, string> };
}

export function fakeProcessor(name: ProcessorName = 'processor_b'): FakeProcessor {
  const fake: FakeProcessor = {
    name,
    supportedMethods: ['card', 'pix', 'boleto'],
    credentialFields: ['secretKey', 'publishableKey', 'webhookSecret'],
    secretFields: ['secretKey', 'webhookSecret'],
    mode: 'up',
    refundStatus: 'succeeded',
    chargeRequests: [],
    charges: new Map(),
    refundRequests: [],
    async check(connection) {
      if (fake.mode === 'down') throw new ProcessorError('provider_unavailable', 'fake processor down');
      if (connection.credentials.secretKey === 'sk_bad_key_0000') throw new ProcessorError('provider_rejected', 'Invalid API key provided', 'api_key_invalid');
    },
    async createCharge(connection, request): Promise<ProcessorCharge> {
      fake.chargeRequests.push(request);
      if (fake.mode === 'down') throw new ProcessorError('provider_unavailable', 'fake processor down');
      const existing = fake.charges.get(request.idempotencyKey);
      const charge = existing ?? { providerId: `fk_${randomBytes(8).toString('hex')}`, request, status: 'pending' as FakeCharge['status'] };
      if (!existing) {
        if (request.savedMethod) charge.status = request.savedMethod.methodRef === 'pm_card_declined' ? 'failed' : 'confirmed';
        fake.charges.set(request.idempotencyKey, charge);
      }
      // Slow: the charge is made, but the answer comes after the service stopped waiting.
      if (fake.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1_000));
      const answer: ProcessorCharge = { providerId: charge.providerId, status: charge.status, failureCode: charge.status === 'failed' ? 'card_declined' : null };
      if (request.method === 'card') {
        const clientSecret = `${charge.providerId}_secret_fake`;
        answer.card = { nextAction: { type: 'processor_b_payment_intent', clientSecret, publishableKey: connection.credentials.publishableKey! }, clientSecret, publishableKey: connection.credentials.publishableKey! };
      }
      if (request.method === 'pix') answer.pix = { payload: `00020101021226830014br.gov.bcb.pix2561fake.example/${charge.providerId}5204000053039865802BR6304ABCD`, expiresAt: new Date(request.now.getTime() + request.pixExpiresInSeconds * 1000) };
      if (request.method === 'boleto') {
        answer.boleto = { line: '23793381286000782713695000063305975520000010000', barcode: '23799755200000100003381260007827139500006330', url: `https://fake.example/boleto/${charge.providerId}`, dueDate: new Date(request.now.getTime() + 3 * 86_400_000) };
      }
      return answer;
    },
    async refund(_connection, request) {
      fake.refundRequests.push(request);
      if (fake.mode === 'down') throw new ProcessorError('provider_unavailable', 'fake processor down');
      return { providerRefundId: `re_${request.idempotencyKey}`, status: fake.refundStatus };
    },
    async retrieveCharge(_connection, providerId) {
      const charge = [...fake.charges.values()].find((c) => c.providerId === providerId);
      if (!charge || charge.status === 'pending') return { kind: 'ignored', eventId: `read:${providerId}`, reason: 'still pending' };
      if (charge.status === 'confirmed') return { kind: 'charge.confirmed', eventId: `read:${providerId}:confirmed`, providerId, paymentId: charge.request.paymentId, amount: charge.request.amount };
      return { kind: 'charge.failed', eventId: `read:${providerId}:failed`, providerId, paymentId: charge.request.paymentId, failureCode: 'card_declined' };
    },
    async parseWebhook(connection, request) {
      const given = request.headers['x-fake-signature'];
      const expected = createHmac('sha256', connection.credentials.webhookSecret!).update(request.rawBody).digest('hex');
      if (!given || given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
        throw new ProcessorError('invalid_signature', 'bad signature');
      }
      return JSON.parse(request.rawBody.toString('utf8')) as ProcessorEvent[];
    },
    signed(webhookSecret, events) {
      const body = JSON.stringify(events);
      return { body, headers: { 'content-type': 'application/json', 'x-fake-signature': createHmac('sha256', webhookSecret).update(body).digest('hex') } };
    },
  };
  return fake;
}
