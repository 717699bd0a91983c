// Tests only: a small stateful Stripe behind the validating mock (Stripe's OpenAPI document checks
// every request first). It remembers intents and refunds, honours idempotency keys, declines
// off-session cards by Stripe's test payment method names, and can be told to fail or stall.
import { buildBoleto } from '../../codes/boleto.ts';
import type { MockAnswer, MockRequest } from '../../../../../test/processor-mocks/validating-mock.ts';

type Body = Record<string, unknown>;
export type FakeIntent = Record<string, unknown> & { id: string; status: string; amount: number; currency: string; amount_received: number };

/** Stripe's test payment methods for off-session declines: decline_code (or code) answered. */
const DECLINING_METHODS: Readonly<Record<string, { code: string; decline_code?: string }>> = {
  pm_card_chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds' },
  pm_card_chargeDeclinedDoNotHonor: { code: 'card_declined', decline_code: 'do_not_honor' },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card' },
  pm_card_chargeDeclinedStolenCard: { code: 'card_declined', decline_code: 'stolen_card' },
  pm_card_chargeDeclinedLostCard: { code: 'card_declined', decline_code: 'lost_card' },
  pm_card_chargeDeclinedIncorrectNumber: { code: 'incorrect_number' },
  pm_card_chargeDeclinedProcessingError: { code: 'processing_error' },
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline' },
  pm_card_chargeDeclinedUnknown: { code: 'card_declined', decline_code: 'some_future_code' },
  pm_card_authenticationRequired: { code: 'authentication_required', decline_code: 'authentication_required' },
};

export const GOOD_SECRET_KEY = 'sk_test_good';

export class StripeFake {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds = new Map<string, Body>();
  private readonly byKey = new Map<string, MockAnswer>();
  private sequence = 0;
  /** The next answers, instead of the fake's own (a 500, a 401...). */
  failures: MockAnswer[] = [];
  /** Milliseconds to wait before answering (a slow processor). */
  delayMs = 0;
  now = new Date('2026-11-27T12:00:00Z');

  readonly handle = async (request: MockRequest): Promise<MockAnswer> => {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const failure = this.failures.shift();
    if (failure) return failure;
    if (request.headers.authorization !== `Bearer ${GOOD_SECRET_KEY}`) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    const key = request.headers['idempotency-key'];
    const remembered = key ? this.byKey.get(`${request.path}:${key}`) : undefined;
    if (remembered) return remembered;
    const answer = this.route(request);
    if (key && request.method === 'POST') this.byKey.set(`${request.path}:${key}`, answer);
    return answer;
  };

  private id(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_${String(this.sequence).padStart(6, '0')}`;
  }

  private route(request: MockRequest): MockAnswer {
    const body = (request.body ?? {}) as Body;
    if (request.method === 'GET' && request.path === '/v1/balance') return { status: 200, body: { object: 'balance', available: [{ amount: 0, currency: 'brl' }], pending: [], livemode: false } };
    if (request.method === 'POST' && request.path === '/v1/payment_intents') return this.createIntent(body);
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && intentMatch) {
      const intent = this.intents.get(intentMatch[1]!);
      return intent ? { status: 200, body: intent } : missing('payment_intent');
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') return this.createRefund(body);
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.path})` } } };
  }

  private createIntent(body: Body): MockAnswer {
    const id = this.id('pi');
    const method = (body.payment_method_types as string[])[0]!;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(body.amount),
      amount_received: 0,
      currency: String(body.currency),
      metadata: body.metadata ?? {},
      payment_method_types: body.payment_method_types,
      client_secret: `${id}_secret_fake`,
      status: 'requires_payment_method',
      last_payment_error: null,
      next_action: null,
      livemode: false,
    };
    this.intents.set(id, intent);
    const created = Math.floor(this.now.getTime() / 1000);
    if (method === 'card' && body.off_session === 'true') {
      const decline = DECLINING_METHODS[String(body.payment_method)];
      if (decline) {
        const error = { type: 'card_error', message: 'Your card was declined.', ...decline };
        Object.assign(intent, { last_payment_error: error, status: 'requires_payment_method' });
        return { status: 402, body: { error: { ...error, payment_intent: intent } } };
      }
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    } else if (method === 'boleto') {
      const expiresAt = created + Number((body.payment_method_options as Body | undefined)?.boleto ? ((body.payment_method_options as Body).boleto as Body).expires_after_days : 3) * 86_400;
      const { line } = buildBoleto({ bankCode: '001', amount: `${Math.trunc(intent.amount / 100)}.${String(intent.amount % 100).padStart(2, '0')}`, dueDate: new Date(expiresAt * 1000), freeField: String(this.sequence).padStart(25, '0') });
      intent.status = 'requires_action';
      intent.next_action = { type: 'boleto_display_details', boleto_display_details: { number: line, hosted_voucher_url: `https://payments.stripe.com/boleto/voucher/${id}`, expires_at: expiresAt, pdf: null } };
    } else if (method === 'pix') {
      const seconds = Number(((body.payment_method_options as Body).pix as Body).expires_after_seconds);
      intent.status = 'requires_action';
      intent.next_action = { type: 'pix_display_qr_code', pix_display_qr_code: { data: `00020101021226880014br.gov.bcb.pix2566qrcodes.stripe.com/${id}5204000053039865802BR6304ABCD`, expires_at: created + seconds, hosted_instructions_url: 'https://payments.stripe.com/pix', image_url_png: 'https://qr.stripe.com/x.png', image_url_svg: 'https://qr.stripe.com/x.svg' } };
    }
    return { status: 200, body: intent };
  }

  private createRefund(body: Body): MockAnswer {
    const intent = this.intents.get(String(body.payment_intent));
    if (!intent) return missing('payment_intent');
    const refunded = [...this.refunds.values()].filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + Number(r.amount), 0);
    const amount = body.amount === undefined ? intent.amount_received - refunded : Number(body.amount);
    if (intent.status !== 'succeeded' || amount > intent.amount_received - refunded) {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Refund amount is greater than unrefunded amount on charge' } } };
    }
    const refund = { id: this.id('re'), object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, charge: `ch_${intent.id}`, status: 'succeeded', metadata: body.metadata ?? {} };
    this.refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  /** The payer paid (Stripe.js confirmed the card, the boleto or pix was paid). */
  succeed(id: string): FakeIntent {
    const intent = this.intents.get(id)!;
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, next_action: null });
    return intent;
  }
}

function missing(kind: string): MockAnswer {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}` } } };
}
