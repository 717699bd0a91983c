// The invoice as the API shows it: amounts formatted to the currency's minor unit, quantities and
// unit prices at full precision, fields that do not apply as null, and the hosted page link.
import type { Executor } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { formatDecimal, wireMoney } from '../../core/money.ts';
import { getTenant } from '../accounts/index.ts';
import * as repo from './repository.ts';
import type { InvoiceLineItemRow, InvoiceRow, InvoiceStatus } from './tables.ts';

export interface LineItemView {
  id: string;
  type: string;
  meterId: string | null;
  priceId: string | null;
  productId: string | null;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  proration: boolean;
}

export interface InvoiceView {
  id: string;
  customerId: string | null;
  payerId: string | null;
  subscriptionId: string | null;
  invoiceNumber: string | null;
  status: InvoiceStatus;
  currency: string;
  subtotal: string;
  tax: string;
  total: string;
  amountDue: string;
  creditedAmount: string;
  appliedBalance: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  dueDate: Date | null;
  finalizedAt: Date | null;
  paidAt: Date | null;
  successUrl: string | null;
  cancelUrl: string | null;
  invoiceUrl: string;
  createdAt: Date;
  lineItems: LineItemView[];
}

/** `{BASE_URL}/pay/{accountSlug}/invoices/{invoiceID}?token=...`, the hosted invoice page. */
export function hostedInvoiceUrl(baseUrl: string, accountSlug: string, invoiceId: string, token: string): string {
  return `${baseUrl}/pay/${encodeURIComponent(accountSlug)}/invoices/${invoiceId}?token=${encodeURIComponent(token)}`;
}

export function baseUrlOf(ctx: UseCaseContext): string {
  if (!ctx.baseUrl) throw new Error('UseCaseContext.baseUrl is required to build invoice links');
  return ctx.baseUrl;
}

function toLineItemView(row: InvoiceLineItemRow, currency: string): LineItemView {
  return {
    id: row.id,
    type: row.type,
    meterId: row.meter_id,
    priceId: row.price_id,
    productId: row.product_id,
    description: row.description,
    quantity: formatDecimal(row.quantity),
    unitPrice: wireMoney(row.unit_price, currency),
    amount: wireMoney(row.amount, currency),
    proration: row.proration,
  };
}

export function toInvoiceView(row: InvoiceRow, lines: InvoiceLineItemRow[], invoiceUrl: string): InvoiceView {
  const money = (value: string) => wireMoney(value, row.currency);
  return {
    id: row.id,
    customerId: row.customer_id,
    payerId: row.payer_id,
    subscriptionId: row.subscription_id,
    invoiceNumber: row.invoice_number,
    status: row.status,
    currency: row.currency,
    subtotal: money(row.subtotal),
    tax: money(row.tax),
    total: money(row.total),
    amountDue: money(row.amount_due),
    creditedAmount: money(row.credited_amount),
    appliedBalance: money(row.applied_balance),
    periodStart: row.period_start,
    periodEnd: row.period_end,
    dueDate: row.due_date,
    finalizedAt: row.finalized_at,
    paidAt: row.paid_at,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    invoiceUrl,
    createdAt: row.created_at,
    lineItems: lines.map((line) => toLineItemView(line, row.currency)),
  };
}

/** The account's slug for invoice links: the one the caller read (ctx.knownAccount), else read now. */
async function accountSlugOf(ex: Executor, ctx: UseCaseContext): Promise<string> {
  if (ctx.knownAccount?.id === ctx.tenant.accountId) return ctx.knownAccount.slug;
  return (await getTenant(ex, ctx)).slug;
}

/**
 * Views of several invoices of the tenant, with their lines and links, in the order given.
 * `knownLines`: all of these invoices' line rows, when the caller holds them (it wrote or read
 * them in this transaction); otherwise they are read.
 */
export async function presentInvoices(ex: Executor, ctx: UseCaseContext, rows: InvoiceRow[], knownLines?: readonly InvoiceLineItemRow[]): Promise<InvoiceView[]> {
  if (rows.length === 0) return [];
  const baseUrl = baseUrlOf(ctx);
  const slug = await accountSlugOf(ex, ctx);
  const lines = knownLines ?? (await repo.listLineItems(ex, ctx.tenant, rows.map((r) => r.id)));
  const byInvoice = new Map<string, InvoiceLineItemRow[]>();
  for (const line of lines) {
    const group = byInvoice.get(line.invoice_id);
    if (group) group.push(line);
    else byInvoice.set(line.invoice_id, [line]);
  }
  return rows.map((row) => toInvoiceView(row, byInvoice.get(row.id) ?? [], hostedInvoiceUrl(baseUrl, slug, row.id, row.access_token)));
}

/** `knownLines`: the invoice's line rows in position order, when the caller holds them. */
export async function presentInvoice(ex: Executor, ctx: UseCaseContext, row: InvoiceRow, knownLines?: readonly InvoiceLineItemRow[]): Promise<InvoiceView> {
  const [view] = await presentInvoices(ex, ctx, [row], knownLines);
  return view!;
}

/** Loads one invoice of the tenant as a view; another tenant's id is a 404. */
export async function loadInvoiceView(ex: Executor, ctx: UseCaseContext, id: string): Promise<InvoiceView> {
  const row = await repo.findInvoice(ex, ctx.tenant, id);
  if (!row) throw notFound('invoice');
  return presentInvoice(ex, ctx, row);
}
