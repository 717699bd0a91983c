// Refunds through the Refunds API, partial or full, against the charge's PaymentIntent.
import type Stripe from 'stripe';
import type { ProcessorConnection, ProcessorRefund, ProcessorRefundRequest, ProcessorSettings } from '../types.ts';
import { minorUnitsOf } from './amounts.ts';
import { processorErrorOf, stripeClient } from './client.ts';

export function refundStatusOf(status: string | null): ProcessorRefund['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending'; // pending, requires_action
}

export async function refund(settings: ProcessorSettings, connection: ProcessorConnection, request: ProcessorRefundRequest): Promise<ProcessorRefund> {
  const stripe = stripeClient(settings, connection.credentials.secretKey ?? '');
  const metadata: Stripe.MetadataParam = { refund_id: request.refundId, payment_id: request.payment.id };
  // Stripe's `reason` is a closed list; the service's free text travels in metadata.
  if (request.reason) metadata.reason = request.reason.slice(0, 500);
  try {
    const created = await stripe.refunds.create(
      { payment_intent: request.payment.providerId, amount: minorUnitsOf(request.amount, request.payment.currency), metadata },
      { idempotencyKey: request.idempotencyKey },
    );
    return { providerRefundId: created.id, status: refundStatusOf(created.status) };
  } catch (error) {
    throw processorErrorOf(error);
  }
}
