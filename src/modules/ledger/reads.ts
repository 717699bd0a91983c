// Reads of the ledger: transactions with their entries (newest first), balances, reconciliation.
import type { UseCaseContext } from '../../core/context.ts';
import { formatMoney, Money } from '../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import type { Executor } from '../../db/database.ts';
import * as repo from './repository.ts';

export interface LedgerEntryView {
  account: string;
  currency: string;
  /** Signed decimal string: a debit is positive, a credit negative. */
  amount: string;
}

export interface LedgerTransactionView {
  id: string;
  kind: string;
  resourceType: string;
  resourceId: string;
  invoiceId: string | null;
  customerId: string | null;
  createdAt: Date;
  entries: LedgerEntryView[];
}

export interface LedgerBalanceView {
  account: string;
  currency: string;
  customerId: string | null;
  balance: string;
}

const money = (value: string, currency: string) => {
  try {
    return formatMoney(value, currency);
  } catch {
    return new Money(value).toFixed();
  }
};

export async function listLedgerTransactions(ex: Executor, ctx: UseCaseContext, filter: repo.TransactionFilter, page: PageRequest): Promise<Page<LedgerTransactionView>> {
  const result = toPage(await repo.listTransactions(ex, ctx.tenant, filter, page.limit, page.afterId), page.limit);
  const entries = await repo.entriesOf(ex, ctx.tenant, result.items.map((t) => t.id));
  const byTransaction = new Map<string, LedgerEntryView[]>();
  for (const e of entries) {
    const list = byTransaction.get(e.transaction_id) ?? [];
    list.push({ account: e.code, currency: e.currency, amount: money(e.amount, e.currency) });
    byTransaction.set(e.transaction_id, list);
  }
  return {
    items: result.items.map((t) => ({
      id: t.id,
      kind: t.kind,
      resourceType: t.resource_type,
      resourceId: t.resource_id,
      invoiceId: t.invoice_id,
      customerId: t.customer_id,
      createdAt: t.created_at,
      entries: byTransaction.get(t.id) ?? [],
    })),
    nextCursor: result.nextCursor,
  };
}

export async function ledgerBalances(ex: Executor, ctx: UseCaseContext, customerId?: string): Promise<LedgerBalanceView[]> {
  const rows = await repo.balances(ex, ctx.tenant, customerId);
  return rows.map((r) => ({ account: r.code, currency: r.currency, customerId: r.customer_id, balance: money(r.balance, r.currency) }));
}

/** The receivable balance of one invoice (its entries on customers' receivable accounts). */
export async function invoiceReceivable(ex: Executor, ctx: UseCaseContext, invoiceId: string): Promise<string> {
  return repo.invoiceReceivable(ex, ctx.tenant, invoiceId);
}

export interface MismatchView {
  check: string;
  resourceType: string;
  resourceId: string;
  currency: string;
  expected: string;
  actual: string;
}

export interface ReconciliationView {
  reconciled: boolean;
  checkedAt: Date;
  checks: string[];
  transactions: number;
  mismatches: MismatchView[];
}

export const RECONCILIATION_CHECKS = ['transaction_balanced', 'invoice_receivable', 'payment_refunds', 'prepaid_balance', 'customer_balance', 'commitment_carried'];

/** The account's invariants (docs/ledger.md, Reconciliation) and every mismatch found. */
export async function reconcile(ex: Executor, ctx: UseCaseContext): Promise<ReconciliationView> {
  const found = [
    ...(await repo.unbalancedTransactions(ex, ctx.tenant)),
    ...(await repo.invoiceReceivableMismatches(ex, ctx.tenant)),
    ...(await repo.paymentRefundMismatches(ex, ctx.tenant)),
    ...(await repo.prepaidBalanceMismatches(ex, ctx.tenant)),
    ...(await repo.customerBalanceMismatches(ex, ctx.tenant)),
    ...(await repo.commitmentCarriedMismatches(ex, ctx.tenant)),
  ];
  return {
    reconciled: found.length === 0,
    checkedAt: ctx.now,
    checks: RECONCILIATION_CHECKS,
    transactions: await repo.countTransactions(ex, ctx.tenant),
    mismatches: found.map((m) => ({
      check: m.check,
      resourceType: m.resource_type,
      resourceId: m.resource_id,
      currency: m.currency,
      expected: money(m.expected, m.currency),
      actual: money(m.actual, m.currency),
    })),
  };
}
