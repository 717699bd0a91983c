// What a Stripe event (or an intent read back) means for a charge.
import type Stripe from 'stripe';
import type { ProcessorEvent } from '../types.ts';
import { decimalOf } from './amounts.ts';
import { failureCodeOf } from './failure-codes.ts';

function paymentIdOf(intent: Stripe.PaymentIntent): string | null {
  return intent.metadata?.payment_id ?? null;
}

/** The intent's state as an event; `eventId` names the state, so reading it twice applies once. */
export function intentEvent(intent: Stripe.PaymentIntent, eventId: string): ProcessorEvent {
  if (intent.status === 'succeeded') {
    const received = intent.amount_received || intent.amount;
    return { kind: 'charge.confirmed', eventId, providerId: intent.id, paymentId: paymentIdOf(intent), amount: decimalOf(received, intent.currency) };
  }
  // A failed attempt leaves the intent waiting for another method, with the error that ended it.
  if (intent.status === 'canceled' || (intent.status === 'requires_payment_method' && intent.last_payment_error)) {
    return { kind: 'charge.failed', eventId, providerId: intent.id, paymentId: paymentIdOf(intent), failureCode: failureCodeOf(intent.last_payment_error) };
  }
  return { kind: 'ignored', eventId, reason: `payment intent ${intent.status}` };
}

function intentIdOf(value: string | { id: string } | null): string | null {
  return value === null ? null : typeof value === 'string' ? value : value.id;
}

function refundEvent(refund: Stripe.Refund, eventId: string): ProcessorEvent {
  const providerId = intentIdOf(refund.payment_intent) ?? intentIdOf(refund.charge);
  if (!providerId) return { kind: 'ignored', eventId, reason: 'refund without a payment intent' };
  if (refund.status === 'succeeded') return { kind: 'refund.succeeded', eventId, providerId, providerRefundId: refund.id, amount: decimalOf(refund.amount, refund.currency) };
  if (refund.status === 'failed' || refund.status === 'canceled') return { kind: 'refund.failed', eventId, providerId, providerRefundId: refund.id };
  return { kind: 'ignored', eventId, reason: `refund ${refund.status ?? 'unknown'}` };
}

/** The events one verified Stripe event stands for (usually one). */
export function eventsOf(event: Stripe.Event): ProcessorEvent[] {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const mapped = intentEvent(event.data.object, event.id);
      // A payment_failed event is a failure even if the intent's snapshot shows no error.
      if (event.type === 'payment_intent.payment_failed' && mapped.kind === 'ignored') {
        const intent = event.data.object;
        return [{ kind: 'charge.failed', eventId: event.id, providerId: intent.id, paymentId: paymentIdOf(intent), failureCode: failureCodeOf(intent.last_payment_error) }];
      }
      return [mapped];
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return [refundEvent(event.data.object, event.id)];
    case 'charge.refunded': {
      // Each refund the charge lists (Stripe includes them when the account's API version does);
      // refund.* events carry the same refunds one by one.
      const refunds = event.data.object.refunds?.data ?? [];
      if (refunds.length === 0) return [{ kind: 'ignored', eventId: event.id, reason: 'charge.refunded lists no refunds' }];
      return refunds.map((one) => refundEvent(one, `${event.id}:${one.id}`));
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const providerId = intentIdOf(dispute.payment_intent) ?? intentIdOf(dispute.charge);
      if (!providerId) return [{ kind: 'ignored', eventId: event.id, reason: 'dispute without a charge' }];
      return [{ kind: 'charge.disputed', eventId: event.id, providerId }];
    }
    default:
      return [{ kind: 'ignored', eventId: event.id, reason: `event ${event.type}` }];
  }
}
