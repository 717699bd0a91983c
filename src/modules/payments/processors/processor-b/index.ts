// processor_b is Stripe (issue 28): PaymentIntents for card, boleto and pix, the Refunds API, and
// signed webhooks, all through the official `stripe` SDK. No database here: the payments module and
// the payment-confirmation flow turn what this answers into rows, ledger transactions and events.
import Stripe from 'stripe';
import type { PaymentMethod } from '../../tables.ts';
import type { ProcessorAdapter, ProcessorConnection, ProcessorEvent, ProcessorSettings, ProcessorWebhookRequest } from '../types.ts';
import { ProcessorError } from '../types.ts';
import { createCharge } from './charges.ts';
import { processorErrorOf, stripeClient } from './client.ts';
import { eventsOf, intentEvent } from './events.ts';
import { refund } from './refunds.ts';

/** The real endpoints; the registry builds the service's own with `createProcessorBAdapter(settings)`. */
export const PROCESSOR_B_DEFAULT_SETTINGS: ProcessorSettings = { processorAApiUrl: null, processorBApiUrl: null, timeoutMs: 15_000 };

async function check(settings: ProcessorSettings, connection: ProcessorConnection): Promise<void> {
  try {
    // Reading the balance changes nothing and needs a valid secret key.
    await stripeClient(settings, connection.credentials.secretKey ?? '').balance.retrieve();
  } catch (error) {
    throw processorErrorOf(error);
  }
}

async function retrieveCharge(settings: ProcessorSettings, connection: ProcessorConnection, providerId: string): Promise<ProcessorEvent> {
  try {
    const intent = await stripeClient(settings, connection.credentials.secretKey ?? '').paymentIntents.retrieve(providerId);
    return intentEvent(intent, `${intent.id}:${intent.status}`);
  } catch (error) {
    throw processorErrorOf(error);
  }
}

function parseWebhook(connection: ProcessorConnection, request: ProcessorWebhookRequest): ProcessorEvent[] {
  const signature = request.headers['stripe-signature'];
  const secret = connection.credentials.webhookSecret;
  if (!signature || !secret) throw new ProcessorError('invalid_signature', 'processor_b webhook without a Stripe-Signature header');
  let event: Stripe.Event;
  try {
    // Verification needs no API call: the SDK's static helper, with Stripe's default tolerance (300 s).
    event = Stripe.webhooks.constructEvent(request.rawBody, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new ProcessorError('invalid_signature', 'processor_b webhook signature does not verify');
    throw new ProcessorError('invalid_signature', `processor_b webhook unreadable: ${error instanceof Error ? error.message : String(error)}`);
  }
  return eventsOf(event);
}

export function createProcessorBAdapter(settings: ProcessorSettings): ProcessorAdapter {
  return {
    name: 'processor_b',
    supportedMethods: ['card', 'boleto', 'pix'] satisfies PaymentMethod[],
    credentialFields: ['secretKey', 'publishableKey', 'webhookSecret'],
    secretFields: ['secretKey', 'webhookSecret'],
    check: (connection) => check(settings, connection),
    createCharge: (connection, request) => createCharge(settings, connection, request),
    refund: (connection, request) => refund(settings, connection, request),
    retrieveCharge: (connection, providerId) => retrieveCharge(settings, connection, providerId),
    parseWebhook: async (connection, request) => parseWebhook(connection, request),
  };
}

export const processorBAdapter: ProcessorAdapter = createProcessorBAdapter(PROCESSOR_B_DEFAULT_SETTINGS);
