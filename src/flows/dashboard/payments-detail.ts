// What the dashboard's payment page shows (issue #32): the payment (with the processor's
// reference), its refunds, its ledger transactions, and the refund credit notes of its invoice with
// theirs, read through the payments, invoices and ledger doors in the session's tenant. Undefined
// for a malformed id or one of no payment of this tenant: the page answers 404 alike.
import type { UseCaseContext } from '../../core/context.ts';
import { isUuid } from '../../core/ids.ts';
import type { Executor } from '../../db/database.ts';
import { listCreditNotes } from '../../modules/invoices/index.ts';
import { listLedgerTransactions, type LedgerTransactionView } from '../../modules/ledger/index.ts';
import { findInvoiceNumber, getPayment, listRefunds, type PaymentView, type RefundView } from '../../modules/payments/index.ts';
import { unlessNotFound, type CreditNoteWithLedger } from './invoices-detail.ts';

/** How many refunds, credit notes and ledger transactions the page lists, the newest first. */
export const PAYMENT_PAGE_ROWS = 100;

export interface PaymentDetail {
  payment: PaymentView;
  /** The number of the invoice it pays; null while a draft. */
  invoiceNumber: string | null;
  refunds: RefundView[];
  ledger: LedgerTransactionView[];
  creditNotes: CreditNoteWithLedger[];
}

export async function loadPaymentDetail(ex: Executor, ctx: UseCaseContext, id: string): Promise<PaymentDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const payment = await unlessNotFound(getPayment(ex, ctx, id));
  if (!payment) return undefined;
  const firstPage = { limit: PAYMENT_PAGE_ROWS, afterId: null };
  const ledgerOf = async (resourceType: string, resourceId: string) => (await listLedgerTransactions(ex, ctx, { resourceType, resourceId }, firstPage)).items;
  const [refunds, ledger, notes, invoiceNumber] = await Promise.all([
    listRefunds(ex, ctx, id, firstPage),
    ledgerOf('payment', id),
    listCreditNotes(ex, ctx, payment.invoiceId, firstPage),
    findInvoiceNumber(ex, ctx.tenant, payment.invoiceId),
  ]);
  // A refund of a paid invoice makes a credit note (outcome refund) on the invoice; the record
  // names no refund, so the page shows the invoice's refund credit notes (docs/decisions/dashboard.md).
  const refundNotes = notes.items.filter((note) => note.outcome === 'refund');
  const creditNotes = await Promise.all(refundNotes.map(async (creditNote) => ({ creditNote, ledger: await ledgerOf('credit_note', creditNote.id) })));
  return { payment, invoiceNumber, refunds: refunds.items, ledger, creditNotes };
}

/** Whether the id is of a payment of the tenant (the refund's check before it calls the API). */
export async function paymentExists(ex: Executor, ctx: UseCaseContext, id: string): Promise<boolean> {
  return isUuid(id) && (await unlessNotFound(getPayment(ex, ctx, id))) !== undefined;
}
