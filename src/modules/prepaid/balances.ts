// Prepaid balances of subscriptions to products priced `prepaid` (migration 0028). A paid
// prepaid invoice credits the enrollment's balance with its `prepaid_credit` lines (once per
// invoice: prepaid_credits' key); ingestion draws each recorded event's value x its meter's
// per-unit rate down from it, and refuses usage that would take it below the floor
// (metering_ingest_v6, step 3b). This module holds no rule of ingestion: it keeps the rows the
// stored function reads.
import type { Executor, Tx } from '../../db/database.ts';
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
  await tx
    .insertInto('prepaid_balances')
    .values({ enrollment_id: enrollmentId, account_id: ctx.tenant.accountId, environment: ctx.tenant.environment, currency, balance: '0', floor, updated_at: ctx.now })
    .execute();
  await setRates(tx, enrollmentId, rates);
}

/** A version change: its floor and rates apply to usage recorded from now on. */
export async function changeTerms(tx: Tx, ctx: UseCaseContext, enrollmentId: string, floor: string, rates: PrepaidRate[]): Promise<void> {
  await tx.updateTable('prepaid_balances').set({ floor, updated_at: ctx.now }).where('enrollment_id', '=', enrollmentId).execute();
  await tx.deleteFrom('prepaid_rates').where('enrollment_id', '=', enrollmentId).execute();
  await setRates(tx, enrollmentId, rates);
}

async function setRates(tx: Tx, enrollmentId: string, rates: PrepaidRate[]): Promise<void> {
  if (rates.length === 0) return;
  await tx
    .insertInto('prepaid_rates')
    .values(rates.map((rate) => ({ enrollment_id: enrollmentId, meter_id: rate.meterId, unit_price: rate.unitPrice })))
    .execute();
}

/**
 * When an invoice is paid: its `prepaid_credit` lines credit its enrollment's balance, once. The
 * face value is credited (a coupon lowers what is paid, not what is credited).
 */
export async function creditPaidInvoice(tx: Tx, ctx: UseCaseContext, invoiceId: string): Promise<void> {
  const lines = await tx.selectFrom('invoice_line_items').select(['amount']).where('invoice_id', '=', invoiceId).where('type', '=', PREPAID_CREDIT_LINE).execute();
  if (lines.length === 0) return;
  const invoice = await tx.selectFrom('invoices').select(['customer_id']).where('id', '=', invoiceId).executeTakeFirstOrThrow();
  const account = await tx.selectFrom('prepaid_balances').select(['enrollment_id', 'currency']).where('enrollment_id', '=', invoice.customer_id).forUpdate().executeTakeFirst();
  if (!account) return; // not a prepaid subscription's invoice
  const amount = sumAmounts(lines.map((line) => line.amount));
  const credited = await tx
    .insertInto('prepaid_credits')
    .values({ invoice_id: invoiceId, enrollment_id: account.enrollment_id, amount: formatMoney(amount, account.currency), created_at: ctx.now })
    .onConflict((oc) => oc.column('invoice_id').doNothing())
    .returning('invoice_id')
    .executeTakeFirst();
  if (!credited) return;
  await tx
    .updateTable('prepaid_balances')
    .set((eb) => ({ balance: eb('balance', '+', formatMoney(amount, account.currency)), updated_at: ctx.now }))
    .where('enrollment_id', '=', account.enrollment_id)
    .execute();
  // The ledger: the credit invoiced (prepaid:invoiced, posted at finalization) becomes the enrollment's balance.
  const enrollment = await tx.selectFrom('enrollments').select(['customer_id']).where('id', '=', account.enrollment_id).executeTakeFirst();
  const credit = formatMoney(amount, account.currency);
  await postTransaction(tx, ctx, {
    key: `prepaid:${invoiceId}:credited`,
    kind: 'prepaid.credited',
    resource: { type: 'invoice', id: invoiceId },
    invoiceId,
    customerId: enrollment?.customer_id ?? null,
    entries: [
      { account: chart.prepaidInvoiced, currency: account.currency, amount: credit },
      { account: chart.prepaid(account.enrollment_id), currency: account.currency, amount: new Money(0).minus(credit), customerId: enrollment?.customer_id ?? null },
    ],
  });
}

/** The balance of a prepaid subscription; 404 for another kind of subscription. */
export async function getBalance(ex: Executor, tenant: Tenant, enrollmentId: string): Promise<BalanceView> {
  const row = await ex
    .selectFrom('prepaid_balances')
    .selectAll()
    .where('enrollment_id', '=', enrollmentId)
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'This subscription has no prepaid balance (its product is not priced prepaid).', { resource: 'balance' });
  return { balance: formatMoney(new Money(row.balance), row.currency), currency: row.currency, consumptionFloor: new Money(row.floor).toFixed(), updatedAt: row.updated_at };
}

/** Balances of enrollments, by id ("0" for those without one). */
export async function balancesOf(ex: Executor, enrollmentIds: readonly string[]): Promise<Map<string, string>> {
  if (enrollmentIds.length === 0) return new Map();
  const rows = await ex.selectFrom('prepaid_balances').select(['enrollment_id', 'balance', 'currency']).where('enrollment_id', 'in', enrollmentIds).execute();
  return new Map(rows.map((row) => [row.enrollment_id, formatMoney(new Money(row.balance), row.currency)]));
}
