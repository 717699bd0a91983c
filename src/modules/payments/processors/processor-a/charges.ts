// Charges through Adyen's Checkout API: a card is a session (`POST /sessions`) the browser's card
// form completes; Pix and boleto are `POST /payments` whose action carries the QR data or the
// voucher; a saved card is an off-session `POST /payments` with the stored method. The payment id
// is the `reference` Adyen echoes in notifications (`merchantReference`).
import adyen from '@adyen/api-library';
import type { CardSessionAction } from '../../card-action.ts';
import { ProcessorError, type ProcessorCharge, type ProcessorChargeRequest, type ProcessorConnection, type ProcessorFailureCode, type ProcessorSettings } from '../types.ts';
import { toAdyenAmount } from './amounts.ts';
import { billingAddressOf } from './billing-address.ts';
import { barcodeFromLine } from './boleto-line.ts';
import { checkoutApi } from './client.ts';
import { readCredentials } from './credentials.ts';
import { failureCodeOf } from './declines.ts';

type Checkout = typeof adyen.Types.checkout;
type PaymentRequest = adyen.Types.checkout.PaymentRequest;
type PaymentResponse = adyen.Types.checkout.PaymentResponse;

const DAY_MS = 86_400_000;
/** A boleto without an invoice due date is payable for this long (Adyen's own default is 5 days). */
const BOLETO_DEFAULT_DAYS = 3;

/** Adyen redirects the shopper back here after a redirect step: the service's public origin (the connection's webhook URL is on it). */
function returnUrlOf(connection: ProcessorConnection): string {
  return `${new URL(connection.webhookUrl).origin}/`;
}

/** Adyen wants a first and a last name: the first word, then the rest. */
function shopperNameOf(name: string | null): { firstName: string; lastName: string } | undefined {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return { firstName: words[0]!, lastName: words.slice(1).join(' ') };
}

function shopperFields(request: ProcessorChargeRequest): Partial<PaymentRequest> {
  const name = shopperNameOf(request.payer.name);
  const document = request.payer.document?.replace(/\D/g, '') ?? '';
  return {
    ...(name ? { shopperName: name } : {}),
    ...(document ? { socialSecurityNumber: document } : {}),
    ...(request.payer.email ? { shopperEmail: request.payer.email } : {}),
  };
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function requirePspReference(response: PaymentResponse): string {
  if (!response.pspReference) throw new ProcessorError('provider_rejected', 'processor_a answered without a pspReference', response.resultCode ?? null);
  return response.pspReference;
}

/** A final refusal in a `/payments` answer, or null when the payment goes on. */
function refusalOf(response: PaymentResponse): ProcessorFailureCode | null {
  const result = String(response.resultCode ?? '');
  if (result === 'Refused') return failureCodeOf(response.refusalReason, response.refusalReasonCode);
  if (result === 'Error') return 'provider_error';
  if (result === 'Cancelled') return 'card_declined';
  return null;
}

async function cardSession(connection: ProcessorConnection, settings: ProcessorSettings, request: ProcessorChargeRequest): Promise<ProcessorCharge> {
  const credentials = readCredentials(connection);
  const amount = toAdyenAmount(request.amount, request.currency);
  const checkout = checkoutApi(connection, settings);
  const name = shopperNameOf(request.payer.name);
  const session = await checkout.PaymentsApi.sessions(
    {
      merchantAccount: credentials.merchantAccount,
      amount,
      reference: request.paymentId,
      merchantOrderReference: request.invoice.id,
      returnUrl: returnUrlOf(connection),
      countryCode: 'BR',
      shopperLocale: 'pt-BR',
      allowedPaymentMethods: ['scheme'],
      ...(name ? { shopperName: name } : {}),
      ...(request.payer.email ? { shopperEmail: request.payer.email } : {}),
    },
    { idempotencyKey: request.idempotencyKey },
  );
  if (!session.id || !session.sessionData) throw new ProcessorError('provider_rejected', 'processor_a answered a session without id or sessionData');
  const nextAction: CardSessionAction = {
    type: 'processor_a_session',
    session: { id: session.id, sessionData: session.sessionData },
    clientKey: credentials.clientKey,
    environment: credentials.region,
    countryCode: 'BR',
    locale: 'pt-BR',
    amount,
  };
  // The session id stands for the charge until the AUTHORISATION notification names its pspReference.
  return { providerId: session.id, status: 'pending', failureCode: null, card: { nextAction, clientSecret: null, publishableKey: credentials.clientKey } };
}

async function payments(connection: ProcessorConnection, settings: ProcessorSettings, request: ProcessorChargeRequest, fields: Partial<PaymentRequest>): Promise<PaymentResponse> {
  const credentials = readCredentials(connection);
  const body = {
    merchantAccount: credentials.merchantAccount,
    amount: toAdyenAmount(request.amount, request.currency),
    reference: request.paymentId,
    merchantOrderReference: request.invoice.id,
    returnUrl: returnUrlOf(connection),
    countryCode: 'BR',
    shopperLocale: 'pt-BR',
    ...fields,
  } as PaymentRequest;
  return checkoutApi(connection, settings).PaymentsApi.payments(body, { idempotencyKey: request.idempotencyKey });
}

async function savedCard(connection: ProcessorConnection, settings: ProcessorSettings, request: ProcessorChargeRequest): Promise<ProcessorCharge> {
  const saved = request.savedMethod!;
  if (!saved.customerRef) throw new ProcessorError('provider_rejected', 'processor_a charges a saved card for its shopperReference, which is missing', 'shopper_reference_missing');
  const types: Checkout = adyen.Types.checkout;
  const response = await payments(connection, settings, request, {
    paymentMethod: { type: types.CardDetails.TypeEnum.Scheme, storedPaymentMethodId: saved.methodRef },
    shopperReference: saved.customerRef,
    shopperInteraction: types.PaymentRequest.ShopperInteractionEnum.ContAuth,
    recurringProcessingModel: types.PaymentRequest.RecurringProcessingModelEnum.Subscription,
    ...shopperFields(request),
  });
  const providerId = requirePspReference(response);
  const refusal = refusalOf(response);
  if (refusal) return { providerId, status: 'failed', failureCode: refusal };
  const result = String(response.resultCode ?? '');
  if (result === 'Authorised') return { providerId, status: 'confirmed', failureCode: null };
  // The bank wants the shopper (3DS) while the shopper is away.
  if (result === 'RedirectShopper' || result === 'ChallengeShopper' || result === 'IdentifyShopper') return { providerId, status: 'failed', failureCode: 'authentication_required' };
  return { providerId, status: 'pending', failureCode: null };
}

async function pix(connection: ProcessorConnection, settings: ProcessorSettings, request: ProcessorChargeRequest): Promise<ProcessorCharge> {
  const response = await payments(connection, settings, request, {
    paymentMethod: { type: adyen.Types.checkout.PixDetails.TypeEnum.Pix },
    ...shopperFields(request),
  });
  const providerId = requirePspReference(response);
  const refusal = refusalOf(response);
  if (refusal) return { providerId, status: 'failed', failureCode: refusal };
  const action = response.action as { type?: string; qrCodeData?: string; expiresAt?: string } | null | undefined;
  if (!action?.qrCodeData) throw new ProcessorError('provider_rejected', `processor_a answered a Pix payment without QR data (${String(response.resultCode)})`, String(response.resultCode ?? ''));
  const expiresAt = parseDate(action.expiresAt) ?? new Date(request.now.getTime() + request.pixExpiresInSeconds * 1000);
  return { providerId, status: 'pending', failureCode: null, pix: { payload: action.qrCodeData, expiresAt } };
}

async function boleto(connection: ProcessorConnection, settings: ProcessorSettings, request: ProcessorChargeRequest): Promise<ProcessorCharge> {
  const dueDate = request.invoice.dueDate ?? new Date(request.now.getTime() + BOLETO_DEFAULT_DAYS * DAY_MS);
  const response = await payments(connection, settings, request, {
    paymentMethod: { type: adyen.Types.checkout.PaymentDetails.TypeEnum.Boletobancario },
    // Adyen's boleto due date.
    deliveryDate: dueDate,
    shopperStatement: request.description.slice(0, 60),
    // Adyen requires it for boleto; without one it refuses the payment (provider_rejected).
    ...(request.payer.address ? { billingAddress: billingAddressOf(request.payer.address) } : {}),
    ...shopperFields(request),
  });
  const providerId = requirePspReference(response);
  const refusal = refusalOf(response);
  if (refusal) return { providerId, status: 'failed', failureCode: refusal };
  const action = response.action as { reference?: string; downloadUrl?: string; expiresAt?: string } | null | undefined;
  const line = action?.reference?.replace(/\D/g, '') ?? '';
  const barcode = barcodeFromLine(line);
  if (!barcode) throw new ProcessorError('provider_rejected', `processor_a answered a boleto without a digitable line (${String(response.resultCode)})`, String(response.resultCode ?? ''));
  return {
    providerId,
    status: 'pending',
    failureCode: null,
    boleto: { line, barcode, url: action?.downloadUrl ?? null, dueDate: parseDate(action?.expiresAt) ?? dueDate },
  };
}

export async function createCharge(connection: ProcessorConnection, settings: ProcessorSettings, request: ProcessorChargeRequest): Promise<ProcessorCharge> {
  if (!connection.methods.includes(request.method)) {
    throw new ProcessorError('provider_rejected', `this processor_a connection does not serve ${request.method}`, 'method_not_connected');
  }
  switch (request.method) {
    case 'card':
      return request.savedMethod ? savedCard(connection, settings, request) : cardSession(connection, settings, request);
    case 'pix':
      return pix(connection, settings, request);
    case 'boleto':
      return boleto(connection, settings, request);
    default:
      throw new ProcessorError('provider_rejected', `processor_a does not serve ${request.method}`, 'method_not_supported');
  }
}
