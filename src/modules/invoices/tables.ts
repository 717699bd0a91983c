import type { TenantColumns } from '../../db/schema.ts';

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export interface InvoiceRow extends TenantColumns {
  id: string;
  customer_id: string | null;
  payer_id: string | null;
  subscription_id: string | null;
  invoice_number: string | null;
  status: InvoiceStatus;
  currency: string;
  subtotal: string;
  tax: string;
  total: string;
  amount_due: string;
  /** What credit notes took off the invoice (their sum). */
  credited_amount: string;
  /** What of the customer's balance was applied to the invoice at finalization. */
  applied_balance: string;
  period_start: Date | null;
  period_end: Date | null;
  due_date: Date | null;
  finalized_at: Date | null;
  paid_at: Date | null;
  success_url: string | null;
  cancel_url: string | null;
  access_token: string;
  created_at: Date;
  updated_at: Date;
}

export interface InvoiceLineItemRow extends TenantColumns {
  id: string;
  invoice_id: string;
  position: number;
  type: string;
  meter_id: string | null;
  price_id: string | null;
  product_id: string | null;
  description: string;
  quantity: string;
  unit_price: string;
  amount: string;
  proration: boolean;
  created_at: Date;
}

export interface InvoiceNumberCounterRow extends TenantColumns {
  last_number: string;
}

export type CreditNoteOutcome = 'refund' | 'credit';

export interface CreditNoteRow extends TenantColumns {
  id: string;
  invoice_id: string;
  customer_id: string | null;
  number: string;
  currency: string;
  amount: string;
  reason: string;
  outcome: CreditNoteOutcome;
  created_at: Date;
}

export interface CreditNoteLineRow extends TenantColumns {
  id: string;
  credit_note_id: string;
  position: number;
  line_item_id: string;
  description: string;
  quantity: string | null;
  amount: string;
  created_at: Date;
}

export interface InvoiceTables {
  credit_notes: CreditNoteRow;
  credit_note_lines: CreditNoteLineRow;
  credit_note_number_counters: InvoiceNumberCounterRow;
  invoices: InvoiceRow;
  invoice_line_items: InvoiceLineItemRow;
  invoice_number_counters: InvoiceNumberCounterRow;
}
