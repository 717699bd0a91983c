import type { TenantColumns } from '../../db/schema.ts';
import type { BillingCycle } from './periods.ts';

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'paused' | 'canceled';
export type CollectionMethod = 'charge_automatically' | 'send_invoice';
export type BillingMode = 'advance' | 'arrears';

export interface SubscriptionRow extends TenantColumns {
  id: string;
  customer_id: string;
  product_version_id: string;
  status: SubscriptionStatus;
  billing_cycle: BillingCycle;
  collection_method: CollectionMethod;
  billing_mode: BillingMode;
  anchor: Date;
  trial_ends_at: Date | null;
  period_index: number;
  next_billing_at: Date | null;
  cancel_at_period_end: boolean;
  coupon_id: string | null;
  coupon_periods_left: number | null;
  /** charge_automatically: the saved method (sandbox: a test card number or a Pix mandate). */
  payment_method: string | null;
  dunning_started_at: Date | null;
  retry_count: number;
  next_retry_at: Date | null;
  /** Arrears: the version billed before a prorated change inside the current period, and when it changed. */
  previous_version_id: string | null;
  version_changed_at: Date | null;
  /** Usage is invoiced up to here (null: the version prices no usage yet, or nothing started). */
  usage_billed_to: Date | null;
  /** commitmentResets false: the minimum paid and not yet used, drawn down by later usage first. */
  commitment_credit: string;
  started_at: Date;
  paused_at: Date | null;
  canceled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface SubscriptionItemRow {
  id: string;
  subscription_id: string;
  kind: string;
  timing: string;
  product_version_id: string;
  created_at: Date;
  canceled_at: Date | null;
}

export interface SubscriptionPeriodRow {
  subscription_id: string;
  period_start: Date;
  period_end: Date;
  invoice_id: string;
  created_at: Date;
}

/** One pause: [paused_at, ended_at); ended_at null while it lasts. */
export interface SubscriptionPauseRow {
  subscription_id: string;
  paused_at: Date;
  ended_at: Date | null;
  /** Advance: the credit for the paused part of the period paid, an invoice line (set at the resume). */
  credit_line: unknown;
  credited_invoice_id: string | null;
}

export interface SubscriptionTables {
  subscriptions: SubscriptionRow;
  subscription_pauses: SubscriptionPauseRow;
  subscription_items: SubscriptionItemRow;
  subscription_periods: SubscriptionPeriodRow;
}
