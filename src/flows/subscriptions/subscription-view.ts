// The Subscription resource as the API answers it (interface fields, then ours).
import type { Executor } from '../../db/database.ts';
import * as repo from './repository.ts';
import type { SubscriptionItemRow, SubscriptionRow } from './tables.ts';
import type { BillingCycle } from './periods.ts';

export interface SubscriptionItemView {
  id: string;
  kind: string;
  timing: string;
  productVersionId: string;
  createdAt: Date;
  canceledAt: Date | null;
}

export interface SubscriptionView {
  id: string;
  customerId: string;
  productVersionId: string;
  status: SubscriptionRow['status'];
  billingCycle: BillingCycle;
  collectionMethod: SubscriptionRow['collection_method'];
  billingMode: SubscriptionRow['billing_mode'];
  anchor: Date;
  nextBillingDate: Date | null;
  startedAt: Date;
  canceledAt: Date | null;
  items: SubscriptionItemView[];
  trialEndsAt: Date | null;
  cancelAtPeriodEnd: boolean;
  pausedAt: Date | null;
  couponId: string | null;
  /** charge_automatically: the saved method, masked (a card shows its last four digits). */
  paymentMethod: string | null;
  /** past_due: when the next automatic retry charges the open invoices. */
  nextRetryAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toSubscriptionView(row: SubscriptionRow, items: SubscriptionItemRow[]): SubscriptionView {
  return {
    id: row.id,
    customerId: row.customer_id,
    productVersionId: row.product_version_id,
    status: row.status,
    billingCycle: row.billing_cycle,
    collectionMethod: row.collection_method,
    billingMode: row.billing_mode,
    anchor: row.anchor,
    nextBillingDate: row.next_billing_at,
    startedAt: row.started_at,
    canceledAt: row.canceled_at,
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      timing: item.timing,
      productVersionId: item.product_version_id,
      createdAt: item.created_at,
      canceledAt: item.canceled_at,
    })),
    trialEndsAt: row.trial_ends_at,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    pausedAt: row.paused_at,
    couponId: row.coupon_id,
    paymentMethod: row.payment_method === null ? null : /^\d+$/.test(row.payment_method) ? `card ending ${row.payment_method.slice(-4)}` : row.payment_method,
    nextRetryAt: row.next_retry_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function presentSubscription(ex: Executor, row: SubscriptionRow): Promise<SubscriptionView> {
  return toSubscriptionView(row, await repo.itemsOf(ex, [row.id]));
}
