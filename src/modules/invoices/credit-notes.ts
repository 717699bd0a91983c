// Credit notes: money taken off a finalized invoice (docs/decisions/credit-notes.md).
// Invariants:
//   - only an open or paid invoice takes one (409 otherwise), locked by the caller;
//   - a credit note never credits more than what is left of the invoice: total - creditedAmount
//     (and, on an open invoice, amountDue; per line, the line's amount less what earlier credit
//     notes took of it): 422 credit_note_exceeds_invoice;
//   - numbers CN-000001.. are gap-free per account and environment (the counter row's lock);
//   - on a paid invoice the credit note's money becomes the customer's: credit_notes <-
//     customers:<c>:credit. Outcome `credit` keeps it as the customer's balance (applied to its
//     next invoice); outcome `refund` is paid out at once by the caller's refunds, whose postings
//     take it from customers:<c>:credit to the provider's clearing;
//   - on an open invoice (outcome credit only) it lowers what is owed: credit_notes <- the
//     receivable, amountDue - amount; an invoice left with nothing due is paid;
//   - an invoice whose lines total below zero is finalized paid, and its negative total becomes
//     the customer's balance through a credit note of its own (creditNegativeTotal).
// Every posting is in the caller's transaction, keyed by the credit note, with `credit_note.created`.
import type { Decimal } from 'decimal.js';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, notFound, validationError, type FieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { currencyExponent, formatDecimal, formatMoney, isDecimalString, isKnownCurrency, Money, roundMoney, sumAmounts, toAmount, wireMoney } from '../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { creditCustomerBalance, drawCustomerBalance } from '../customers/index.ts';
import { recordEvent } from '../events/index.ts';
import { chart, postTransaction } from '../ledger/index.ts';
import * as repo from './credit-note-repository.ts';
import { receivableAccount, receivableCustomerOf } from './invoice-postings.ts';
import { presentInvoice } from './invoice-view.ts';
import * as invoiceRepo from './repository.ts';
import type { CreditNoteLineRow, CreditNoteOutcome, CreditNoteRow, InvoiceRow } from './tables.ts';

export interface CreditNoteLineInput {
  lineItemId: string;
  /** What to credit of the line; or `quantity`. */
  amount?: string;
  /** Units of the line to credit, at its unit price; or `amount`. */
  quantity?: string;
}

export interface CreditNoteInput {
  lines?: CreditNoteLineInput[];
  amount?: string;
  reason: string;
  outcome: CreditNoteOutcome;
}

export interface CreditNoteLineView {
  id: string;
  lineItemId: string;
  description: string;
  quantity: string | null;
  amount: string;
}

export interface CreditNoteView {
  id: string;
  number: string;
  invoiceId: string;
  customerId: string | null;
  currency: string;
  amount: string;
  reason: string;
  outcome: CreditNoteOutcome;
  lines: CreditNoteLineView[];
  createdAt: Date;
}

/** "CN-000042": zero-padded to six digits, longer once past 999999. */
export function formatCreditNoteNumber(sequence: bigint): string {
  return `CN-${sequence.toString().padStart(6, '0')}`;
}

const neg = (value: string | Decimal) => new Money(0).minus(value);

/** The credit note's amount and lines from the request (validation: 422), before the invoice's limits. */
async function creditedAmount(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow, input: CreditNoteInput): Promise<{ amount: Decimal; lines: Omit<CreditNoteLineRow, 'credit_note_id'>[] }> {
  const currency = invoice.currency;
  const exponent = currencyExponent(currency);
  const errors: FieldError[] = [];
  const positive = (field: string, value: string, minorUnit: boolean): Decimal | null => {
    if (!isDecimalString(value) || !toAmount(value).gt(0)) {
      errors.push({ field, value, constraint: 'positive', description: 'must be a decimal string greater than 0' });
      return null;
    }
    if (minorUnit && toAmount(value).decimalPlaces() > exponent) {
      errors.push({ field, value, constraint: 'minor_unit', description: `${currency} amounts have at most ${exponent} decimal places` });
      return null;
    }
    return toAmount(value);
  };
  if ((input.lines === undefined) === (input.amount === undefined)) {
    throw validationError([{ field: 'amount', value: input.amount ?? '', constraint: 'lines_or_amount', description: 'give either lines or amount, not both and not neither' }]);
  }
  if (input.amount !== undefined) {
    const amount = positive('amount', input.amount, true);
    if (!amount) throw validationError(errors);
    return { amount, lines: [] };
  }
  const requested = input.lines ?? [];
  const items = new Map((await invoiceRepo.listLineItems(tx, ctx.tenant, [invoice.id])).map((line) => [line.id, line]));
  const credited = await repo.creditedByLine(tx, ctx.tenant, requested.map((line) => line.lineItemId));
  const seen = new Set<string>();
  const lines: Omit<CreditNoteLineRow, 'credit_note_id'>[] = [];
  requested.forEach((line, i) => {
    const field = `lines[${i}]`;
    const item = items.get(line.lineItemId);
    if (!item) return void errors.push({ field: `${field}.lineItemId`, value: line.lineItemId, constraint: 'invoice_line', description: 'is not a line of this invoice' });
    if (seen.has(line.lineItemId)) return void errors.push({ field: `${field}.lineItemId`, value: line.lineItemId, constraint: 'unique', description: 'names a line given before' });
    seen.add(line.lineItemId);
    if ((line.amount === undefined) === (line.quantity === undefined)) {
      return void errors.push({ field, value: '', constraint: 'amount_or_quantity', description: 'give either amount or quantity' });
    }
    let amount: Decimal | null;
    let quantity: string | null = null;
    if (line.amount !== undefined) amount = positive(`${field}.amount`, line.amount, true);
    else {
      let units = positive(`${field}.quantity`, line.quantity!, false);
      if (units && units.gt(item.quantity)) {
        errors.push({ field: `${field}.quantity`, value: line.quantity!, constraint: 'line_quantity', description: `is more than the line's quantity, ${formatDecimal(item.quantity)}` });
        units = null;
      }
      amount = units ? roundMoney(units.mul(item.unit_price), currency) : null;
      quantity = units ? units.toFixed() : null;
      if (amount && !amount.gt(0)) {
        errors.push({ field: `${field}.quantity`, value: line.quantity!, constraint: 'positive', description: 'credits nothing at the line unit price' });
        amount = null;
      }
    }
    if (!amount) return;
    const left = toAmount(item.amount).minus(credited.get(item.id) ?? '0');
    if (amount.gt(left)) {
      throw new AppError(
        'credit_note_exceeds_invoice',
        `${field}: ${formatMoney(amount, currency)} is more than what is left to credit of the line, ${formatMoney(Money.max(left, 0), currency)}.`,
      );
    }
    lines.push({ id: newId(), ...tenantOf(ctx), position: i, line_item_id: item.id, description: item.description, quantity, amount: amount.toFixed(), created_at: ctx.now });
  });
  if (errors.length > 0) throw validationError(errors);
  return { amount: sumAmounts(lines.map((line) => line.amount)), lines };
}

const tenantOf = (ctx: UseCaseContext) => ({ account_id: ctx.tenant.accountId, environment: ctx.tenant.environment });

async function insertNumbered(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow, customerId: string | null, fields: { amount: Decimal; reason: string; outcome: CreditNoteOutcome; lines: Omit<CreditNoteLineRow, 'credit_note_id'>[] }): Promise<CreditNoteRow> {
  const row: CreditNoteRow = {
    id: newId(),
    ...tenantOf(ctx),
    invoice_id: invoice.id,
    customer_id: customerId,
    number: formatCreditNoteNumber(await repo.takeNextCreditNoteNumber(tx, ctx.tenant)),
    currency: invoice.currency,
    amount: fields.amount.toFixed(),
    reason: fields.reason,
    outcome: fields.outcome,
    created_at: ctx.now,
  };
  await repo.insertCreditNote(tx, row, fields.lines.map((line) => ({ ...line, credit_note_id: row.id })));
  return row;
}

async function post(tx: Tx, ctx: UseCaseContext, note: CreditNoteRow, debit: string, credit: string): Promise<void> {
  const customerId = note.customer_id;
  await postTransaction(tx, ctx, {
    key: `credit_note:${note.id}`,
    kind: 'credit_note.created',
    resource: { type: 'credit_note', id: note.id },
    invoiceId: note.invoice_id,
    customerId,
    entries: [
      { account: debit, currency: note.currency, amount: note.amount, customerId: debit.startsWith('customers:') ? customerId : null },
      { account: credit, currency: note.currency, amount: neg(note.amount), customerId: credit.startsWith('customers:') ? customerId : null },
    ],
  });
}

export interface RecordedCreditNote {
  creditNote: CreditNoteView;
  invoice: InvoiceRow;
}

/**
 * Records a credit note on an invoice the caller has locked (lockInvoice) and posts it. Outcome
 * `refund` is only recorded here: the caller refunds the invoice's payments for its amount in the
 * same transaction (flows/credit-notes; a refund of POST /billing/payments/{id}/refunds records
 * its own credit note through here).
 */
export async function recordCreditNote(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow, input: CreditNoteInput): Promise<RecordedCreditNote> {
  if (invoice.status !== 'open' && invoice.status !== 'paid') {
    throw new AppError('conflict', `The invoice is ${invoice.status}; only an open or paid invoice takes credit notes.`);
  }
  if (invoice.status === 'open' && input.outcome === 'refund') {
    throw new AppError('conflict', 'The invoice is open: nothing was paid to refund. A credit note with outcome credit lowers its amountDue.');
  }
  const { amount, lines } = await creditedAmount(tx, ctx, invoice, input);
  const currency = invoice.currency;
  const left = toAmount(invoice.total).minus(invoice.credited_amount);
  if (amount.gt(left)) {
    throw new AppError('credit_note_exceeds_invoice', `${formatMoney(amount, currency)} is more than what is left to credit of the invoice: total ${formatMoney(invoice.total, currency)} - credited ${formatMoney(invoice.credited_amount, currency)} = ${formatMoney(Money.max(left, 0), currency)}.`);
  }
  if (invoice.status === 'open' && amount.gt(invoice.amount_due)) {
    throw new AppError('credit_note_exceeds_invoice', `${formatMoney(amount, currency)} is more than the open invoice's amountDue, ${formatMoney(invoice.amount_due, currency)}.`);
  }
  const customerId = await receivableCustomerOf(tx, ctx, invoice);
  const note = await insertNumbered(tx, ctx, invoice, customerId, { amount, reason: input.reason, outcome: input.outcome, lines });
  const credited = toAmount(invoice.credited_amount).plus(amount).toFixed();
  let updated: InvoiceRow;
  if (invoice.status === 'open') {
    const due = toAmount(invoice.amount_due).minus(amount);
    updated = await invoiceRepo.updateInvoice(tx, ctx.tenant, invoice.id, { credited_amount: credited, amount_due: due.toFixed(), updated_at: ctx.now });
    await post(tx, ctx, note, chart.creditNotes, receivableAccount(customerId));
  } else {
    updated = await invoiceRepo.updateInvoice(tx, ctx.tenant, invoice.id, { credited_amount: credited, updated_at: ctx.now });
    if (input.outcome === 'credit' && !customerId) throw new AppError('conflict', 'The invoice has no customer to hold the credit.');
    await post(tx, ctx, note, chart.creditNotes, chart.customerCredit(customerId ?? 'none'));
    if (input.outcome === 'credit') await creditCustomerBalance(tx, ctx.tenant, customerId!, currency, note.amount, ctx.now);
  }
  const view = present(note, lines.map((line) => ({ ...line, credit_note_id: note.id })));
  await recordEvent(tx, ctx, 'credit_note.created', view);
  if (updated.status === 'open' && toAmount(updated.amount_due).isZero()) {
    // Credited in full: nothing is owed any more (no money came, so no prepaid credit is added).
    updated = await invoiceRepo.updateInvoice(tx, ctx.tenant, invoice.id, { status: 'paid', paid_at: ctx.now, updated_at: ctx.now });
    await recordEvent(tx, ctx, 'invoice.paid', await presentInvoice(tx, ctx, updated));
  }
  return { creditNote: view, invoice: updated };
}

/**
 * An invoice being finalized whose lines total below zero (an advance downgrade's proration
 * credit): its negative total becomes the customer's balance through a credit note (outcome
 * credit), and nothing is due. Posts customers:<c>:receivable <- customers:<c>:credit, so the
 * invoice's receivable (-total at finalization) comes back to zero.
 */
export async function creditNegativeTotal(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow): Promise<InvoiceRow> {
  const amount = neg(invoice.total);
  const customerId = await receivableCustomerOf(tx, ctx, invoice);
  if (!customerId) throw new Error(`invoice ${invoice.id}: a negative total needs a customer to hold the credit`);
  const note = await insertNumbered(tx, ctx, invoice, customerId, { amount, reason: 'The invoice lines total below zero: the difference is credited to the customer balance.', outcome: 'credit', lines: [] });
  const updated = await invoiceRepo.updateInvoice(tx, ctx.tenant, invoice.id, { credited_amount: amount.toFixed(), amount_due: '0', updated_at: ctx.now });
  await post(tx, ctx, note, receivableAccount(customerId), chart.customerCredit(customerId));
  await creditCustomerBalance(tx, ctx.tenant, customerId, invoice.currency, note.amount, ctx.now);
  await recordEvent(tx, ctx, 'credit_note.created', present(note, []));
  return updated;
}

/**
 * Applies the customer's balance in the invoice's currency to an invoice being finalized, up to
 * its amountDue: amountDue - applied, appliedBalance = applied; posts customers:<c>:credit ->
 * customers:<c>:receivable under the invoice (its receivable stays its amountDue). Receipts of
 * the Rail (settlement assets, paid on-chain before they are invoiced) take no balance.
 */
/** `customerId`: the invoice's receivable customer (receivableCustomerOf), read by the caller. */
export async function applyCustomerBalance(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow, customerId: string | null): Promise<InvoiceRow> {
  if (!toAmount(invoice.amount_due).gt(0)) return invoice;
  if (!isKnownCurrency(invoice.currency)) return invoice;
  if (!customerId) return invoice;
  const taken = await drawCustomerBalance(tx, ctx.tenant, customerId, invoice.currency, invoice.amount_due, ctx.now);
  if (toAmount(taken).isZero()) return invoice;
  const updated = await invoiceRepo.updateInvoice(tx, ctx.tenant, invoice.id, {
    applied_balance: taken,
    amount_due: toAmount(invoice.amount_due).minus(taken).toFixed(),
    updated_at: ctx.now,
  });
  await postTransaction(tx, ctx, {
    key: `invoice:${invoice.id}:balance_applied`,
    kind: 'invoice.balance_applied',
    resource: { type: 'invoice', id: invoice.id },
    invoiceId: invoice.id,
    customerId,
    entries: [
      { account: chart.customerCredit(customerId), currency: invoice.currency, amount: taken, customerId },
      { account: receivableAccount(customerId), currency: invoice.currency, amount: neg(taken), customerId },
    ],
  });
  return updated;
}

function present(row: CreditNoteRow, lines: CreditNoteLineRow[]): CreditNoteView {
  const money = (value: string) => wireMoney(value, row.currency);
  return {
    id: row.id,
    number: row.number,
    invoiceId: row.invoice_id,
    customerId: row.customer_id,
    currency: row.currency,
    amount: money(row.amount),
    reason: row.reason,
    outcome: row.outcome,
    lines: lines.map((line) => ({ id: line.id, lineItemId: line.line_item_id, description: line.description, quantity: line.quantity === null ? null : formatDecimal(line.quantity), amount: money(line.amount) })),
    createdAt: row.created_at,
  };
}

async function presentAll(ex: Executor, ctx: UseCaseContext, rows: CreditNoteRow[]): Promise<CreditNoteView[]> {
  const lines = await repo.listCreditNoteLines(ex, ctx.tenant, rows.map((row) => row.id));
  return rows.map((row) => present(row, lines.filter((line) => line.credit_note_id === row.id)));
}

/** GET /billing/credit-notes/{id}: another tenant's id is a 404 `credit_note`. */
export async function getCreditNote(ex: Executor, ctx: UseCaseContext, id: string): Promise<CreditNoteView> {
  const row = await repo.findCreditNote(ex, ctx.tenant, id);
  if (!row) throw notFound('credit_note');
  const [view] = await presentAll(ex, ctx, [row]);
  return view!;
}

/** GET /billing/invoices/{invoiceID}/credit-notes, newest first: 404 `invoice` for another tenant's invoice. */
export async function listCreditNotes(ex: Executor, ctx: UseCaseContext, invoiceId: string, page: PageRequest): Promise<Page<CreditNoteView>> {
  if (!(await invoiceRepo.findInvoice(ex, ctx.tenant, invoiceId))) throw notFound('invoice');
  const result = toPage(await repo.listCreditNotes(ex, ctx.tenant, invoiceId, page.limit, page.afterId), page.limit);
  return { items: await presentAll(ex, ctx, result.items), nextCursor: result.nextCursor };
}
