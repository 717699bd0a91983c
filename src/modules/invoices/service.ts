// Invoices: what a customer owes. The use cases other areas call (all take the caller's
// transaction and never open their own; all record their event in it):
//
//   createDraftInvoice(tx, ctx, {customerId? (enrollment id), payerId? (customer id),
//       subscriptionId?, currency, periodStart?, periodEnd?, dueDate?,
//       lines: [{type, meterId?, priceId?, productId?, description, quantity, unitPrice, amount?, proration?}],
//       successUrl?, cancelUrl?})                     -> draft InvoiceView       (invoice.created)
//     Line amounts are `amount` when given (tiered prices) or quantity x unitPrice, rounded half-up
//     to the currency's minor unit; subtotal/total/amountDue are sums of the rounded lines; tax 0
//     (core/invoice-arithmetic.ts computes them all).
//     404 `enrollment` / `customer` for ids of another tenant.
//   finalizeInvoice(tx, ctx, id)  draft -> open: gap-free number, finalizedAt, dueDate (+7 days
//     when unset); an invoice with nothing due becomes paid at once            (invoice.finalized[, invoice.paid])
//   sendInvoice(tx, ctx, id)      emails an open invoice (outbox)              (invoice.sent)
//   voidInvoice, markInvoiceUncollectible(tx, ctx, id)                         (invoice.voided, invoice.marked_uncollectible)
//   markInvoicePaid(tx, ctx, id, paidAt)  open|uncollectible -> paid, amountDue 0 (invoice.paid)
//   getInvoice(ex, ctx, id), listInvoices(ex, ctx, filter, page)
//
// Illegal moves throw 409 `conflict` naming the current status. `ctx.baseUrl` must be set (it is
// for every request) because views carry `invoiceUrl`, the hosted invoice page link.
import type { Executor, Tx } from '../../db/database.ts';
import { notFound } from '../../core/errors.ts';
import type { InvoiceRow } from './tables.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import * as repo from './repository.ts';
import { loadInvoiceView, presentInvoices, type InvoiceView } from './invoice-view.ts';

export { createDraftInvoice, createOneOffInvoice, type DraftInvoiceInput, type DraftLineInput, type OneOffInvoiceInput } from './create-invoice.ts';
export { finalizeInvoice, markInvoicePaid, markInvoiceUncollectible, voidInvoice, formatInvoiceNumber, DEFAULT_DUE_DAYS } from './invoice-transitions.ts';
export { sendInvoice } from './send-invoice.ts';
export { issueInvoices, numberInvoices, type IssueInvoiceInput, type IssuedInvoice, type PendingNumbers } from './issue-invoices.ts';
export {
  getCreditNote,
  listCreditNotes,
  recordCreditNote,
  formatCreditNoteNumber,
  type CreditNoteInput,
  type CreditNoteLineInput,
  type CreditNoteView,
  type RecordedCreditNote,
} from './credit-notes.ts';
export { hostedInvoiceUrl, type InvoiceView, type LineItemView } from './invoice-view.ts';
export type { InvoiceFilter } from './repository.ts';
export type { InvoiceRow, InvoiceStatus } from './tables.ts';

export async function getInvoice(ex: Executor, ctx: UseCaseContext, id: string): Promise<InvoiceView> {
  return loadInvoiceView(ex, ctx, id);
}

/** The tenant's invoices, newest first; `customerId` matches an enrollment id or a payer's customer id. */
export async function listInvoices(ex: Executor, ctx: UseCaseContext, filter: repo.InvoiceFilter, page: PageRequest): Promise<Page<InvoiceView>> {
  const rows = await repo.listInvoices(ex, ctx.tenant, filter, page.limit, page.afterId);
  const result = toPage(rows, page.limit);
  return { items: await presentInvoices(ex, ctx, result.items), nextCursor: result.nextCursor };
}

/**
 * Locks the tenant's invoice for the payments area, which always locks an invoice before its
 * payments (no lock cycles); 404 `invoice` when it is not the tenant's.
 */
export async function lockInvoice(tx: Tx, ctx: UseCaseContext, id: string): Promise<InvoiceRow> {
  const row = await repo.findInvoice(tx, ctx.tenant, id, { forUpdate: true });
  if (!row) throw notFound('invoice');
  return row;
}

/** The tenant's invoice row as stored (no lock), or 404 `invoice`. */
export async function findInvoiceRow(ex: Executor, ctx: UseCaseContext, id: string): Promise<InvoiceRow> {
  const row = await repo.findInvoice(ex, ctx.tenant, id);
  if (!row) throw notFound('invoice');
  return row;
}
