// What the dashboard's invoice page shows (issue #32): the invoice with its lines and totals, its
// payments, its credit notes with their ledger lines and its customer, read through the invoices,
// payments, ledger and customers doors in the session's tenant. Undefined for a malformed id or one of no invoice of this tenant
// (another account's or environment's included): the page answers 404 alike.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { Executor } from '../../db/database.ts';
import { getCustomer, type CustomerView } from '../../modules/customers/index.ts';
import { findInvoiceRow, listCreditNotes, loadInvoiceView, type CreditNoteView, type InvoiceView } from '../../modules/invoices/index.ts';
import { listLedgerTransactions, type LedgerTransactionView } from '../../modules/ledger/index.ts';
import { listPayments, type PaymentView } from '../../modules/payments/index.ts';

/** How many payments and credit notes of one invoice the page lists, the newest first. */
export const INVOICE_PAGE_ROWS = 50;

export interface CreditNoteWithLedger {
  creditNote: CreditNoteView;
  ledger: LedgerTransactionView[];
}

export interface InvoiceDetail {
  invoice: InvoiceView;
  customer: CustomerView | null;
  payments: PaymentView[];
  /** Each with its ledger transactions (resource `credit_note`), as the payment page shows them. */
  creditNotes: CreditNoteWithLedger[];
}

/** The value of a read, or undefined when the tenant has no such resource. */
export async function unlessNotFound<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  }
}

export async function loadInvoiceDetail(ex: Executor, ctx: UseCaseContext, id: string): Promise<InvoiceDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const invoice = await unlessNotFound(loadInvoiceView(ex, ctx, id));
  if (!invoice) return undefined;
  const firstPage = { limit: INVOICE_PAGE_ROWS, afterId: null };
  const [payments, creditNotes, customer] = await Promise.all([
    listPayments(ex, ctx, { invoiceId: id }, firstPage),
    listCreditNotes(ex, ctx, id, firstPage),
    // The payer is a customer; customerId may name an enrollment (invoices of subscriptions).
    invoice.payerId ? unlessNotFound(getCustomer(ex, ctx, invoice.payerId)) : Promise.resolve(undefined),
  ]);
  const ledgerOf = async (creditNoteId: string) =>
    (await listLedgerTransactions(ex, ctx, { resourceType: 'credit_note', resourceId: creditNoteId }, { limit: INVOICE_PAGE_ROWS, afterId: null })).items;
  const notes = await Promise.all(creditNotes.items.map(async (creditNote) => ({ creditNote, ledger: await ledgerOf(creditNote.id) })));
  return { invoice, customer: customer ?? null, payments: payments.items, creditNotes: notes };
}

/** Whether the id is of an invoice of the tenant (an action's check before it calls the API). */
export async function invoiceExists(ex: Executor, ctx: UseCaseContext, id: string): Promise<boolean> {
  return isUuid(id) && (await unlessNotFound(findInvoiceRow(ex, ctx, id))) !== undefined;
}
