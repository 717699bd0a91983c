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

export interface InvoiceTables {
  invoices: InvoiceRow;
  invoice_line_items: InvoiceLineItemRow;
  invoice_number_counters: InvoiceNumberCounterRow;
}
