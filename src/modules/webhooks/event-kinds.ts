// The event kinds the service records today (docs/webhooks.md shows a payload of each). An
// endpoint subscribes to some of them or to "*"; `webhook.test` goes only to the endpoint tested.
export const EVENT_KINDS = [
  'account.updated',
  'api_key.created',
  'api_key.revoked',
  'customer.created',
  'product.created',
  'product.version_published',
  'deliverable.granted',
  'deliverable.updated',
  'deliverable.deleted',
  'invoice.created',
  'invoice.finalized',
  'invoice.sent',
  'invoice.paid',
  'invoice.voided',
  'invoice.marked_uncollectible',
  'credit_note.created',
  'payment.created',
  'payment.confirmed',
  'payment.failed',
  'payment.refunded',
  'payment.charged_back',
  'pix_mandate.created',
  'pix_mandate.updated',
  'coupon.created',
  'subscription.created',
  'subscription.updated',
  'subscription.canceled',
  'coupon.archived',
  'storefront.created',
  'storefront.updated',
  'storefront.order_created',
  'checkout.completed',
  'webhook_endpoint.disabled',
  'ledger.mismatch',
  'rail.relayer_low_balance',
  'webhook.test',
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

export const ALL_EVENTS = '*';

const KNOWN: ReadonlySet<string> = new Set(EVENT_KINDS);

export function isEventKind(value: string): value is EventKind {
  return KNOWN.has(value);
}
