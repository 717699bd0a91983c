// Invoice state moves: draft -> open (finalize), draft|open -> void, open -> uncollectible,
// open -> paid. Each locks the invoice row first, so two concurrent moves of one invoice take
// turns and the second sees the first's result (a 409 when it no longer applies). Each records
// its event in the same transaction. Illegal moves answer 409 `conflict` naming the status.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { toAmount } from '../../core/money.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './repository.ts';
import { presentInvoice, type InvoiceView } from './invoice-view.ts';
import type { InvoiceLineItemRow, InvoiceRow, InvoiceStatus } from './tables.ts';
import { creditPaidInvoice, PREPAID_CREDIT_LINE } from '../prepaid/index.ts';
import { postFinalized, postVoided, postWriteOffRecovered, postWrittenOff, receivableCustomerOf } from './invoice-postings.ts';
import { applyCustomerBalance, creditNegativeTotal } from './credit-notes.ts';

/** A paid invoice's `prepaid_credit` lines credit its enrollment's prepaid balance (modules/prepaid). */
async function creditPrepaidLines(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow, knownLines?: InvoiceLineItemRow[]): Promise<void> {
  const lines = knownLines ?? (await repo.listLineItems(tx, ctx.tenant, [invoice.id]));
  if (!lines.some((line) => line.type === PREPAID_CREDIT_LINE)) return;
  await creditPaidInvoice(tx, ctx, { invoiceId: invoice.id, enrollmentId: invoice.customer_id, lines, customerId: await receivableCustomerOf(tx, ctx, invoice) });
}

/** Days from finalization to the due date when the invoice does not set one. */
export const DEFAULT_DUE_DAYS = 7;
const DAY_MS = 86_400_000;

/** "INV-000042": zero-padded to six digits, longer once past 999999. */
export function formatInvoiceNumber(sequence: bigint): string {
  return `INV-${sequence.toString().padStart(6, '0')}`;
}

/** Locks the tenant's invoice and checks it may leave its status; 404 or 409 otherwise. */
export async function lockInvoiceIn(tx: Tx, ctx: UseCaseContext, id: string, allowed: InvoiceStatus[], action: string): Promise<InvoiceRow> {
  const row = await repo.findInvoice(tx, ctx.tenant, id, { forUpdate: true });
  if (!row) throw notFound('invoice');
  if (!allowed.includes(row.status)) {
    const statuses = allowed.join(' or ');
    const article = /^[aeiou]/.test(statuses) ? 'an' : 'a';
    throw new AppError('conflict', `The invoice is ${row.status}; only ${article} ${statuses} invoice can be ${action}.`);
  }
  return row;
}

/**
 * draft -> open: assigns the next invoice number of the tenant (gap-free, see
 * repository.takeNextInvoiceNumber), `finalizedAt`, and `dueDate` when unset (+7 days). The
 * customer's balance in the currency is applied first (appliedBalance, amountDue less it). An
 * invoice with nothing to pay is paid at once (as with Stripe): `invoice.paid` follows. An invoice
 * whose lines total below zero is paid too, its negative total credited to the customer's balance
 * by a credit note (credit-notes.ts, creditNegativeTotal): nothing ever charges it.
 */
export async function finalizeInvoice(tx: Tx, ctx: UseCaseContext, id: string): Promise<InvoiceView> {
  const row = await lockInvoiceIn(tx, ctx, id, ['draft'], 'finalized');
  const sequence = await repo.takeNextInvoiceNumber(tx, ctx.tenant);
  let updated = await repo.updateInvoice(tx, ctx.tenant, id, {
    status: 'open',
    invoice_number: formatInvoiceNumber(sequence),
    finalized_at: ctx.now,
    due_date: row.due_date ?? new Date(ctx.now.getTime() + DEFAULT_DUE_DAYS * DAY_MS),
    updated_at: ctx.now,
  });
  // The customer whose receivable it is, read once for both postings (an enrollment lookup for a subscription's invoice).
  const customerId = await receivableCustomerOf(tx, ctx, updated);
  // The lines, read once: finalizing changes the invoice row, never its lines.
  const lines = await repo.listLineItems(tx, ctx.tenant, [id]);
  await postFinalized(tx, ctx, updated, customerId, lines);
  updated = await applyCustomerBalance(tx, ctx, updated, customerId);
  await recordEvent(tx, ctx, 'invoice.finalized', await presentInvoice(tx, ctx, updated, lines));
  if (toAmount(updated.total).isNegative()) updated = await creditNegativeTotal(tx, ctx, updated);
  if (toAmount(updated.amount_due).isZero()) {
    updated = await repo.updateInvoice(tx, ctx.tenant, id, { status: 'paid', paid_at: ctx.now, updated_at: ctx.now });
    await creditPrepaidLines(tx, ctx, updated, lines);
    await recordEvent(tx, ctx, 'invoice.paid', await presentInvoice(tx, ctx, updated, lines));
  }
  return presentInvoice(tx, ctx, updated, lines);
}

/** draft|open -> void: canceled; nothing is owed any more (`amountDue` 0). */
export async function voidInvoice(tx: Tx, ctx: UseCaseContext, id: string): Promise<InvoiceView> {
  const before = await lockInvoiceIn(tx, ctx, id, ['draft', 'open'], 'voided');
  const updated = await repo.updateInvoice(tx, ctx.tenant, id, { status: 'void', amount_due: '0', updated_at: ctx.now });
  if (before.status === 'open') await postVoided(tx, ctx, updated);
  const view = await presentInvoice(tx, ctx, updated);
  await recordEvent(tx, ctx, 'invoice.voided', view);
  return view;
}

/** open -> uncollectible: written off. `amountDue` stays, as the debt is not forgiven. */
export async function markInvoiceUncollectible(tx: Tx, ctx: UseCaseContext, id: string): Promise<InvoiceView> {
  await lockInvoiceIn(tx, ctx, id, ['open'], 'marked uncollectible');
  const updated = await repo.updateInvoice(tx, ctx.tenant, id, { status: 'uncollectible', updated_at: ctx.now });
  await postWrittenOff(tx, ctx, updated);
  const view = await presentInvoice(tx, ctx, updated);
  await recordEvent(tx, ctx, 'invoice.marked_uncollectible', view);
  return view;
}

/**
 * open|uncollectible -> paid, for the payments area when a charge is confirmed: `paidAt`,
 * `amountDue` 0. A written-off invoice whose charge is paid after all is settled, not refunded.
 */
export async function markInvoicePaid(tx: Tx, ctx: UseCaseContext, invoiceId: string, paidAt: Date): Promise<InvoiceView> {
  const before = await lockInvoiceIn(tx, ctx, invoiceId, ['open', 'uncollectible'], 'paid');
  if (before.status === 'uncollectible') await postWriteOffRecovered(tx, ctx, before);
  const updated = await repo.updateInvoice(tx, ctx.tenant, invoiceId, { status: 'paid', paid_at: paidAt, amount_due: '0', updated_at: ctx.now });
  await creditPrepaidLines(tx, ctx, updated);
  const view = await presentInvoice(tx, ctx, updated);
  await recordEvent(tx, ctx, 'invoice.paid', view);
  return view;
}
