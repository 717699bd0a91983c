// Refunds (`POST /payments/{pspReference}/refunds`). Adyen only acknowledges the request
// (`status: received`); the REFUND notification says whether it went through.
import { ProcessorError, type ProcessorConnection, type ProcessorRefund, type ProcessorRefundRequest, type ProcessorSettings } from '../types.ts';
import { toAdyenAmount } from './amounts.ts';
import { checkoutApi } from './client.ts';
import { readCredentials } from './credentials.ts';

/** A card charge's providerId is its session id (`CS…`) until the AUTHORISATION notification names the payment's pspReference. */
export function isSessionId(providerId: string): boolean {
  return /^CS[0-9A-Z]/.test(providerId);
}

export async function refund(connection: ProcessorConnection, settings: ProcessorSettings, request: ProcessorRefundRequest): Promise<ProcessorRefund> {
  const credentials = readCredentials(connection);
  const pspReference = request.payment.providerId;
  if (isSessionId(pspReference)) {
    throw new ProcessorError('provider_rejected', 'processor_a refunds a payment by its pspReference; this card charge has only its session id (no AUTHORISATION notification yet)', 'psp_reference_unknown');
  }
  const answer = await checkoutApi(connection, settings).ModificationsApi.refundCapturedPayment(
    pspReference,
    { merchantAccount: credentials.merchantAccount, amount: toAdyenAmount(request.amount, request.payment.currency), reference: request.refundId },
    { idempotencyKey: request.idempotencyKey },
  );
  if (!answer.pspReference) throw new ProcessorError('provider_rejected', 'processor_a answered a refund without a pspReference');
  return { providerRefundId: answer.pspReference, status: 'pending' };
}
