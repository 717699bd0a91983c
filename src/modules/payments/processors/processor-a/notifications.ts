// Adyen's standard notifications (JSON, `{live, notificationItems: [{NotificationRequestItem}]}`),
// each item signed with the merchant's HMAC key in `additionalData.hmacSignature` and verified with
// the library's own validator. One bad or unsigned item refuses the whole call: Adyen retries it.
import adyen from '@adyen/api-library';
import { ProcessorError, type ProcessorConnection, type ProcessorEvent, type ProcessorWebhookRequest } from '../types.ts';
import { fromAdyenAmount } from './amounts.ts';
import { readCredentials } from './credentials.ts';
import { failureCodeOf } from './declines.ts';

type NotificationRequestItem = adyen.Types.notification.NotificationRequestItem;

function itemsOf(rawBody: Buffer): NotificationRequestItem[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new ProcessorError('invalid_signature', 'processor_a notification is not JSON');
  }
  const items = (body as { notificationItems?: unknown }).notificationItems;
  if (!Array.isArray(items) || items.length === 0) throw new ProcessorError('invalid_signature', 'processor_a notification has no items');
  return items.map((entry) => {
    const item = (entry as { NotificationRequestItem?: NotificationRequestItem } | null)?.NotificationRequestItem;
    if (!item || typeof item !== 'object') throw new ProcessorError('invalid_signature', 'processor_a notification item is malformed');
    return item;
  });
}

function verify(item: NotificationRequestItem, hmacKey: string): void {
  let valid = false;
  try {
    valid = new adyen.hmacValidator().validateHMAC(item, hmacKey);
  } catch {
    // The validator throws on a missing signature (or a body it cannot sign): unsigned.
    valid = false;
  }
  if (!valid) throw new ProcessorError('invalid_signature', 'processor_a notification signature does not verify');
}

/** `{pspReference}:{eventCode}:{success}`: Adyen resends the same item until it is accepted. */
function eventIdOf(item: NotificationRequestItem): string {
  return `${item.pspReference}:${item.eventCode}:${item.success}`;
}

function amountOf(item: NotificationRequestItem): string | null {
  if (item.amount?.value === undefined || !item.amount.currency) return null;
  return fromAdyenAmount(item.amount.value, item.amount.currency);
}

export function eventOf(item: NotificationRequestItem, merchantAccount: string): ProcessorEvent {
  const eventId = eventIdOf(item);
  const success = String(item.success) === 'true';
  if (item.merchantAccountCode !== merchantAccount) return { kind: 'ignored', eventId, reason: `merchant account ${item.merchantAccountCode} is not this connection's` };
  switch (String(item.eventCode)) {
    case 'AUTHORISATION':
      return success
        ? { kind: 'charge.confirmed', eventId, providerId: item.pspReference, paymentId: item.merchantReference || null, amount: amountOf(item) }
        : { kind: 'charge.failed', eventId, providerId: item.pspReference, paymentId: item.merchantReference || null, failureCode: failureCodeOf(item.reason) };
    case 'REFUND': {
      const providerId = item.originalReference ?? '';
      if (!success) return { kind: 'refund.failed', eventId, providerId, providerRefundId: item.pspReference };
      return { kind: 'refund.succeeded', eventId, providerId, providerRefundId: item.pspReference, amount: amountOf(item) ?? '0' };
    }
    // The refund did not reach the shopper (REFUND_FAILED) or came back (REFUNDED_REVERSED).
    case 'REFUND_FAILED':
    case 'REFUNDED_REVERSED':
      return { kind: 'refund.failed', eventId, providerId: item.originalReference ?? '', providerRefundId: item.pspReference };
    case 'NOTIFICATION_OF_CHARGEBACK':
    case 'CHARGEBACK':
      return { kind: 'charge.disputed', eventId, providerId: item.originalReference || item.pspReference };
    default:
      return { kind: 'ignored', eventId, reason: `eventCode ${String(item.eventCode)} is not used` };
  }
}

export function parseNotifications(connection: ProcessorConnection, request: ProcessorWebhookRequest): ProcessorEvent[] {
  const { hmacKey, merchantAccount } = readCredentials(connection);
  const items = itemsOf(request.rawBody);
  for (const item of items) verify(item, hmacKey);
  return items.map((item) => eventOf(item, merchantAccount));
}
