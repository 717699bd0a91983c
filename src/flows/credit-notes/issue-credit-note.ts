// POST /billing/invoices/{invoiceID}/credit-notes: a credit note on an open or paid invoice
// (docs/decisions/credit-notes.md), in one transaction:
//   1. the invoice is locked (before its payments, as everywhere);
//   2. the credit note is recorded and posted (modules/invoices, credit-notes.ts): its limits, its
//      gap-free number, the invoice's creditedAmount, the ledger, the customer's balance for
//      outcome credit;
//   3. outcome refund: the invoice's confirmed payments are refunded for its amount, each through
//      the provider's refund path (flows/payment-confirmation, refundInvoicePayments);
//   4. on an open invoice, a pending charge (made for the amountDue before) fails as superseded:
//      the next charge asks for what is owed now; on a paid prepaid invoice, the enrollment's
//      credit is taken back in the share credited (modules/prepaid).
import type { UseCaseContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { lockInvoice, recordCreditNote, type CreditNoteInput, type CreditNoteView } from '../../modules/invoices/index.ts';
import { failPendingAsSuperseded } from '../../modules/payments/index.ts';
import { refundInvoicePayments, takeBackCreditOfCreditNote } from '../payment-confirmation/index.ts';

export async function issueCreditNote(tx: Tx, ctx: UseCaseContext, invoiceId: string, input: CreditNoteInput): Promise<CreditNoteView> {
  const invoice = await lockInvoice(tx, ctx, invoiceId);
  const { creditNote, invoice: after } = await recordCreditNote(tx, ctx, invoice, input);
  if (input.outcome === 'refund') await refundInvoicePayments(tx, ctx, after, creditNote.amount, input.reason);
  if (invoice.status === 'open') await failPendingAsSuperseded(tx, ctx, invoice.id);
  // A paid prepaid invoice credited: its prepaid credit goes back in the same share.
  if (invoice.status === 'paid') await takeBackCreditOfCreditNote(tx, ctx, after, creditNote.id);
  return creditNote;
}
