// Prepaid balances of subscriptions to products priced `prepaid` (migration 0028). A paid
// prepaid invoice credits the enrollment's balance with its `prepaid_credit` lines (once per
// invoice: prepaid_credits' key); ingestion draws each recorded event's value x its meter's
// per-unit rate down from it, and refuses usage that would take it below the floor
// (metering_ingest_v6, step 3b). This module holds no rule of ingestion: it keeps the rows the
// stored function reads.
import type { Executor, Tx } from '../../db/database.ts';
import { tenantColumns } from '../../db/tenancy.ts';
import * as repo from './repository.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { formatMoney, Money, sumAmounts } from '../../core/money.ts';
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

/** What a paid invoice may credit: its enrollment and the amounts of its `prepaid_credit` lines. */
export interface PaidCredit {
  invoiceId: string;
  enrollmentId: string | null;
  amounts: string[];
  /** The enrollment's customer, for its ledger account (?customerId=). */
  customerId?: string | null;
}

/**
 * When an invoice is paid: its `prepaid_credit` lines credit its enrollment's balance, once. The
 * face value is credited (a coupon lowers what is paid, not what is credited).
 */
export async function creditPaidInvoice(tx: Tx, ctx: UseCaseContext, paid: PaidCredit): Promise<void> {
  if (paid.amounts.length === 0 || !paid.enrollmentId) return;
  const account = await repo.lockBalance(tx, paid.enrollmentId);
  if (!account) return; // not a prepaid subscription's invoice
  const amount = formatMoney(sumAmounts(paid.amounts), account.currency);
  if (!(await repo.recordCredit(tx, { invoice_id: paid.invoiceId, enrollment_id: account.enrollment_id, amount, created_at: ctx.now }))) return;
  await repo.addToBalance(tx, account.enrollment_id, amount, ctx.now);
  // The ledger: the credit invoiced (prepaid:invoiced, posted at finalization) becomes the enrollment's balance.
  const customerId = paid.customerId ?? null;
  await postTransaction(tx, ctx, {
    key: `prepaid:${paid.invoiceId}:credited`,
    kind: 'prepaid.credited',
    resource: { type: 'invoice', id: paid.invoiceId },
    invoiceId: paid.invoiceId,
    customerId,
    entries: [
      { account: chart.prepaidInvoiced, currency: account.currency, amount },
      { account: chart.prepaid(account.enrollment_id), currency: account.currency, amount: new Money(0).minus(amount), customerId },
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
  return { balance: formatMoney(new Money(row.balance), row.currency), currency: row.currency, consumptionFloor: new Money(row.floor).toFixed(), updatedAt: row.updated_at };
}

/** Balances of enrollments, by id ("0" for those without one). */
export async function balancesOf(ex: Executor, enrollmentIds: readonly string[]): Promise<Map<string, string>> {
  if (enrollmentIds.length === 0) return new Map();
  const rows = await repo.findBalances(ex, enrollmentIds);
  return new Map(rows.map((row) => [row.enrollment_id, formatMoney(new Money(row.balance), row.currency)]));
}
