// Prepaid balances of subscriptions to products priced `prepaid` (migration 0028). A paid
// prepaid invoice credits the enrollment's balance with what was paid for its `prepaid_credit`
// lines (once per invoice: prepaid_credits' key); ingestion draws each recorded event's value x its
// meter's per-unit rate down from it, posts the draws in the ledger, and refuses usage that would
// take it below the floor (metering_ingest_v7, steps 3b and 3c). Money of a paid prepaid invoice
// that goes back (refund, chargeback) takes its credit back in the same share (takeBackCredit).
// This module holds no rule of ingestion: it keeps the rows the stored function reads.
// docs/decisions/subscriptions.md, "Prepaid credit and money that goes back".
import type { Executor, Tx } from '../../db/database.ts';
import { tenantColumns } from '../../db/tenancy.ts';
import * as repo from './repository.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { formatMoney, Money, sumAmounts, wireMoney } from '../../core/money.ts';
import { DISCOUNT_LINE } from '../../core/invoice-arithmetic.ts';
import type { Decimal } from 'decimal.js';
import { chart, postTransaction } from '../ledger/index.ts';

/** The line type of a prepaid invoice's credit: what paying the invoice adds to the balance. */
export const PREPAID_CREDIT_LINE = 'prepaid_credit';

export interface PrepaidRate {
  meterId: string;
  unitPrice: string;
}

export interface BalanceView {
  balance: string;
  currency: string;
  /** The floor below which usage is refused (the version's consumptionFloor). */
  consumptionFloor: string;
  updatedAt: Date;
}

/** Opens the balance of a new prepaid subscription (0), with its version's floor and rates. */
export async function openBalance(tx: Tx, ctx: UseCaseContext, enrollmentId: string, currency: string, floor: string, rates: PrepaidRate[]): Promise<void> {
  await repo.insertBalance(tx, { enrollment_id: enrollmentId, ...tenantColumns(ctx.tenant), currency, balance: '0', floor, updated_at: ctx.now });
  await repo.insertRates(tx, enrollmentId, rates);
}

/** A version change: its floor and rates apply to usage recorded from now on. */
export async function changeTerms(tx: Tx, ctx: UseCaseContext, enrollmentId: string, floor: string, rates: PrepaidRate[]): Promise<void> {
  await repo.updateFloor(tx, enrollmentId, floor, ctx.now);
  await repo.deleteRates(tx, enrollmentId);
  await repo.insertRates(tx, enrollmentId, rates);
}

/** What a paid invoice may credit: its enrollment and its lines (`prepaid_credit`, `discount`, others). */
export interface PaidCredit {
  invoiceId: string;
  enrollmentId: string | null;
  lines: ReadonlyArray<{ type: string; amount: string }>;
  /** The enrollment's customer, for its ledger account (?customerId=). */
  customerId?: string | null;
}

/**
 * What paying the invoice bought of credit: the face value of its `prepaid_credit` lines less their
 * share of its discount lines (a coupon's amount is spread over the lines it applies to in
 * proportion to their amounts; on a prepaid invoice, whose only lines are credit, the credit is
 * the total paid). Rounded to the currency's minor unit. 100.00 of credit with a 20% coupon
 * (-20.00) credits 80.00; with a 100% coupon, nothing. Also the face value and the discount taken.
 */
export function paidCreditOf(lines: PaidCredit['lines'], currency: string): { face: Decimal; credit: string; discount: Decimal } {
  const face = sumAmounts(lines.filter((l) => l.type === PREPAID_CREDIT_LINE).map((l) => l.amount));
  const discounts = sumAmounts(lines.filter((l) => l.type === DISCOUNT_LINE).map((l) => l.amount)); // negative
  const before = sumAmounts(lines.filter((l) => l.type !== DISCOUNT_LINE).map((l) => l.amount));
  const share = before.isZero() ? new Money(0) : discounts.times(face).dividedBy(before);
  const credit = Money.max(new Money(0), new Money(formatMoney(face.plus(share), currency)));
  return { face, credit: formatMoney(credit, currency), discount: face.minus(credit) };
}

/**
 * When an invoice is paid: what was paid for its `prepaid_credit` lines credits its enrollment's
 * balance, once (paidCreditOf: a coupon lowers the credit with what is paid).
 */
export async function creditPaidInvoice(tx: Tx, ctx: UseCaseContext, paid: PaidCredit): Promise<void> {
  if (!paid.lines.some((l) => l.type === PREPAID_CREDIT_LINE) || !paid.enrollmentId) return;
  const account = await repo.lockBalance(tx, paid.enrollmentId);
  if (!account) return; // not a prepaid subscription's invoice
  const { face, credit: amount, discount } = paidCreditOf(paid.lines, account.currency);
  if (!(await repo.recordCredit(tx, { invoice_id: paid.invoiceId, enrollment_id: account.enrollment_id, amount, taken_back: '0', created_at: ctx.now }))) return;
  if (!new Money(amount).isZero()) await repo.addToBalance(tx, account.enrollment_id, amount, ctx.now);
  // The ledger: the credit invoiced at face value (prepaid:invoiced, posted at finalization) becomes
  // the enrollment's balance for what was paid; the coupon's part of it leaves `discounts`, which
  // the finalization debited (the coupon took credit off, not revenue: revenue comes from draws).
  const customerId = paid.customerId ?? null;
  await postTransaction(tx, ctx, {
    key: `prepaid:${paid.invoiceId}:credited`,
    kind: 'prepaid.credited',
    resource: { type: 'invoice', id: paid.invoiceId },
    invoiceId: paid.invoiceId,
    customerId,
    entries: [
      { account: chart.prepaidInvoiced, currency: account.currency, amount: face },
      { account: chart.prepaid(account.enrollment_id), currency: account.currency, amount: new Money(0).minus(amount), customerId },
      { account: chart.discounts, currency: account.currency, amount: new Money(0).minus(discount) },
    ],
  });
}

/** Money paid for an invoice that went back to the buyer: a refund, or the bank's chargeback. */
export interface MoneyReturned {
  invoiceId: string;
  /** The payment's amount, and how much of it has gone back so far, this movement included. */
  paid: string;
  returned: string;
  /** The movement: `refund:<refundId>` or `payment:<id>:charged_back` (the take-back's key is derived from it). */
  movement: string;
  /** Where the money went: `refunds`, `chargebacks` or `credit_notes` (the ledger account the take-back credits). */
  via: 'refund' | 'chargeback' | 'credit_note';
  customerId?: string | null;
}

/**
 * Money of a paid prepaid invoice went back: its credit goes back in the same share (a full refund
 * or a chargeback takes back all of it; a partial refund, credit x refunded / paid, cumulative so
 * the shares add up to the whole). The balance may go below zero (then usage is refused by the
 * floor). Nothing for an invoice that credited no balance. Posts `enrollments:E:prepaid` debit /
 * `refunds`, `chargebacks` or `credit_notes` credit: the money given back was the customer's
 * credit, not a loss. A credit note's share is creditedAmount / total of the invoice.
 */
export async function takeBackCredit(tx: Tx, ctx: UseCaseContext, back: MoneyReturned): Promise<void> {
  const credit = await repo.lockCredit(tx, back.invoiceId);
  if (!credit) return;
  const account = await repo.lockBalance(tx, credit.enrollment_id);
  if (!account) return;
  const paid = new Money(back.paid);
  const share = paid.isZero() ? new Money(1) : Money.min(new Money(1), new Money(back.returned).dividedBy(paid));
  const target = new Money(formatMoney(new Money(credit.amount).times(share), account.currency));
  const amount = target.minus(credit.taken_back);
  if (amount.lte(0)) return;
  await repo.addTakenBack(tx, back.invoiceId, amount.toFixed());
  await repo.addToBalance(tx, account.enrollment_id, amount.negated().toFixed(), ctx.now);
  const customerId = back.customerId ?? null;
  await postTransaction(tx, ctx, {
    key: `prepaid:${back.invoiceId}:taken_back:${back.movement}`,
    kind: 'prepaid.taken_back',
    resource: { type: 'invoice', id: back.invoiceId },
    invoiceId: back.invoiceId,
    customerId,
    entries: [
      { account: chart.prepaid(account.enrollment_id), currency: account.currency, amount, customerId },
      { account: { refund: chart.refunds, chargeback: chart.chargebacks, credit_note: chart.creditNotes }[back.via], currency: account.currency, amount: amount.negated() },
    ],
  });
}

/** Whether the enrollment draws usage from a prepaid balance. */
export async function hasBalance(ex: Executor, enrollmentId: string): Promise<boolean> {
  return (await repo.lockBalance(ex, enrollmentId, false)) !== undefined;
}

/** The balance of a prepaid subscription; 404 for another kind of subscription. */
export async function getBalance(ex: Executor, tenant: Tenant, enrollmentId: string): Promise<BalanceView> {
  const row = await repo.findBalance(ex, tenant, enrollmentId);
  if (!row) throw new AppError('not_found', 'This subscription has no prepaid balance (its product is not priced prepaid).', { resource: 'balance' });
  return { balance: formatMoney(new Money(row.balance), row.currency), currency: row.currency, consumptionFloor: wireMoney(row.floor, row.currency), updatedAt: row.updated_at };
}

/** Balances of enrollments, by id ("0" for those without one). */
export async function balancesOf(ex: Executor, enrollmentIds: readonly string[]): Promise<Map<string, string>> {
  if (enrollmentIds.length === 0) return new Map();
  const rows = await repo.findBalances(ex, enrollmentIds);
  return new Map(rows.map((row) => [row.enrollment_id, formatMoney(new Money(row.balance), row.currency)]));
}
