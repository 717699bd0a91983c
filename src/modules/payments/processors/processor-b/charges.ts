// Charges as PaymentIntents: card waits for the browser (Stripe.js with the client secret), boleto
// and pix are confirmed at once so the intent carries their voucher or QR code, and a saved card is
// charged off-session.
import Stripe from 'stripe';
import type { ProcessorCharge, ProcessorChargeRequest, ProcessorConnection, ProcessorSettings } from '../types.ts';
import { ProcessorError } from '../types.ts';
import { minorUnitsOf } from './amounts.ts';
import { boletoBarcodeOf } from './boleto-line.ts';
import { processorErrorOf, stripeClient } from './client.ts';
import { failureCodeOf } from './failure-codes.ts';

const DAY_MS = 86_400_000;

/** The create parameters of STRIPE_API_VERSION: the SDK's types (its newer version) lack `payment_method_types`. */
type IntentParams = Stripe.PaymentIntentCreateParams & { payment_method_types: string[] };

function intentParams(request: ProcessorChargeRequest): IntentParams {
  const params: IntentParams = {
    amount: minorUnitsOf(request.amount, request.currency),
    currency: request.currency.toLowerCase(),
    description: request.description.slice(0, 1000), // Stripe's limit
    metadata: { payment_id: request.paymentId, invoice_id: request.invoice.id },
    payment_method_types: [request.method],
  };
  if (request.method === 'card') {
    if (request.savedMethod) {
      Object.assign(params, { payment_method: request.savedMethod.methodRef, off_session: true, confirm: true });
      if (request.savedMethod.customerRef) params.customer = request.savedMethod.customerRef;
    }
    return params;
  }
  const billing: Stripe.PaymentIntentCreateParams.PaymentMethodData.BillingDetails = {};
  if (request.payer.name) billing.name = request.payer.name;
  if (request.payer.email) billing.email = request.payer.email;
  const address = request.payer.address;
  if (address) {
    billing.address = { line1: address.line1, city: address.city, state: address.state, postal_code: address.postalCode, country: address.country, ...(address.line2 ? { line2: address.line2 } : {}) };
  }
  params.confirm = true;
  if (request.method === 'boleto') {
    if (!request.payer.document) throw new ProcessorError('provider_rejected', 'processor_b boleto needs the payer CPF or CNPJ', 'payer_document_required');
    params.payment_method_data = { type: 'boleto', billing_details: billing, boleto: { tax_id: request.payer.document } };
    const due = request.invoice.dueDate;
    // Stripe counts the boleto's life in days; the invoice's due date, at least one day away.
    const days = due ? Math.max(1, Math.ceil((due.getTime() - request.now.getTime()) / DAY_MS)) : undefined;
    if (days !== undefined) params.payment_method_options = { boleto: { expires_after_days: days } };
  } else {
    params.payment_method_data = { type: 'pix', billing_details: billing };
    params.payment_method_options = { pix: { expires_after_seconds: request.pixExpiresInSeconds } };
  }
  return params;
}

function chargeOf(intent: Stripe.PaymentIntent, connection: ProcessorConnection, request: ProcessorChargeRequest): ProcessorCharge {
  const base = { providerId: intent.id, failureCode: null };
  if (request.savedMethod) {
    // Off-session: nobody is there to authenticate, so a 3DS request is a failure to tell the payer.
    if (intent.status === 'succeeded') return { ...base, status: 'confirmed' };
    if (intent.status === 'requires_action') return { ...base, status: 'failed', failureCode: 'authentication_required' };
    if (intent.status === 'requires_payment_method' || intent.status === 'canceled') return { ...base, status: 'failed', failureCode: failureCodeOf(intent.last_payment_error) };
    return { ...base, status: 'pending' };
  }
  if (request.method === 'card') {
    const publishableKey = connection.credentials.publishableKey ?? '';
    const clientSecret = intent.client_secret;
    if (!clientSecret) throw new ProcessorError('provider_rejected', 'processor_b answered a payment intent without a client secret');
    return { ...base, status: 'pending', card: { nextAction: { type: 'processor_b_payment_intent', clientSecret, publishableKey }, clientSecret, publishableKey } };
  }
  if (request.method === 'boleto') {
    const details = intent.next_action?.boleto_display_details;
    const line = details?.number;
    const barcode = line ? boletoBarcodeOf(line) : null;
    if (!details || !line || !barcode) throw new ProcessorError('provider_rejected', 'processor_b answered a boleto intent without its typed line', intent.status);
    const dueDate = details.expires_at ? new Date(details.expires_at * 1000) : (request.invoice.dueDate ?? request.now);
    return { ...base, status: 'pending', boleto: { line: line.replace(/\D/g, ''), barcode, url: details.hosted_voucher_url ?? null, dueDate } };
  }
  const qr = intent.next_action?.pix_display_qr_code;
  if (!qr?.data) throw new ProcessorError('provider_rejected', 'processor_b answered a pix intent without its QR code', intent.status);
  const expiresAt = qr.expires_at ? new Date(qr.expires_at * 1000) : new Date(request.now.getTime() + request.pixExpiresInSeconds * 1000);
  return { ...base, status: 'pending', pix: { payload: qr.data, expiresAt } };
}

export async function createCharge(settings: ProcessorSettings, connection: ProcessorConnection, request: ProcessorChargeRequest): Promise<ProcessorCharge> {
  if (request.method === 'crypto') throw new ProcessorError('provider_rejected', 'processor_b does not take crypto');
  const stripe = stripeClient(settings, connection.credentials.secretKey ?? '');
  const params = intentParams(request);
  try {
    const intent = await stripe.paymentIntents.create(params, { idempotencyKey: request.idempotencyKey });
    return chargeOf(intent, connection, request);
  } catch (error) {
    // An off-session card the bank declines (or wants 3DS for) answers 402 with the intent it made.
    if (request.savedMethod && error instanceof Stripe.errors.StripeCardError) {
      const intent = (error.raw as { payment_intent?: { id?: string } }).payment_intent;
      if (intent?.id) return { providerId: intent.id, status: 'failed', failureCode: failureCodeOf(error) };
    }
    throw processorErrorOf(error);
  }
}
