import type { TenantColumns } from '../../db/schema.ts';

export interface PrepaidBalanceRow extends TenantColumns {
  enrollment_id: string;
  currency: string;
  /** numeric: decimal strings in and out. */
  balance: string;
  floor: string;
  updated_at: Date;
}

export interface PrepaidRateRow {
  enrollment_id: string;
  meter_id: string;
  unit_price: string;
}

export interface PrepaidCreditRow {
  invoice_id: string;
  enrollment_id: string;
  amount: string;
  /** What refunds and chargebacks of the invoice's payment took back of `amount` (migration 0036). */
  taken_back: string;
  created_at: Date;
}

export interface PrepaidTables {
  prepaid_balances: PrepaidBalanceRow;
  prepaid_rates: PrepaidRateRow;
  prepaid_credits: PrepaidCreditRow;
}
