// Posting: one transaction per money movement, in the caller's database transaction. Its entries
// must sum to zero per currency (an unbalanced posting is a bug: it throws, and the movement rolls
// back with it); its key makes it idempotent (a retried flow posts once). Entries are never
// changed afterwards: reverseTransaction posts the mirror image of an earlier one.
import type { Decimal } from 'decimal.js';
import type { UseCaseContext } from '../../core/context.ts';
import { newId } from '../../core/ids.ts';
import { Money, sumAmounts } from '../../core/money.ts';
import type { Tx } from '../../db/database.ts';
import { tenantColumns } from '../../db/tenancy.ts';
import * as repo from './repository.ts';
import type { LedgerTransactionRow } from './tables.ts';

export interface LedgerEntryInput {
  /** A code of the chart of accounts (chart.ts). */
  account: string;
  currency: string;
  /** Signed: a debit is positive, a credit negative. */
  amount: string | Decimal;
  /** The customer the ledger account belongs to (customer accounts), for ?customerId=. */
  customerId?: string | null;
}

export interface PostingInput {
  /** The movement's own key, unique per tenant: `invoice:<id>:finalized`, `refund:<id>`, ... */
  key: string;
  /** The event that made it: invoice.finalized, payment.confirmed, payment.refunded, ... */
  kind: string;
  resource: { type: string; id: string };
  /** The invoice the movement concerns (its receivable is read by it). */
  invoiceId?: string | null;
  customerId?: string | null;
  entries: LedgerEntryInput[];
}

export interface Posted {
  transactionId: string;
  /** False when the key was posted before (nothing new was written). */
  posted: boolean;
}

export class UnbalancedTransactionError extends Error {}

/** Throws unless the entries sum to zero in each currency. */
export function assertBalanced(entries: readonly { currency: string; amount: string | Decimal }[]): void {
  const byCurrency = new Map<string, Array<string | Decimal>>();
  for (const entry of entries) byCurrency.set(entry.currency, [...(byCurrency.get(entry.currency) ?? []), entry.amount]);
  for (const [currency, amounts] of byCurrency) {
    const sum = sumAmounts(amounts);
    if (!sum.isZero()) throw new UnbalancedTransactionError(`ledger transaction does not balance: ${currency} entries sum to ${sum.toFixed()}`);
  }
}

export async function postTransaction(tx: Tx, ctx: UseCaseContext, input: PostingInput): Promise<Posted> {
  const entries = input.entries.map((e) => ({ ...e, amount: new Money(e.amount) })).filter((e) => !e.amount.isZero());
  assertBalanced(entries);
  const transaction = {
    id: newId(),
    ...tenantColumns(ctx.tenant),
    key: input.key,
    kind: input.kind,
    resource_type: input.resource.type,
    resource_id: input.resource.id,
    invoice_id: input.invoiceId ?? null,
    customer_id: input.customerId ?? null,
    created_at: ctx.now,
  };
  const lines = entries.map((e) => ({ id: newId(), code: e.account, currency: e.currency, amount: e.amount.toFixed(), newAccountId: newId(), customerId: e.customerId ?? null }));
  const transactionId = lines.length === 0 ? ((await repo.insertTransaction(tx, transaction))?.id ?? null) : await repo.insertPosting(tx, transaction, lines);
  if (transactionId !== null) return { transactionId, posted: true };
  return { transactionId: (await repo.findTransactionByKey(tx, ctx.tenant, input.key))!.id, posted: false };
}

/**
 * Posts the mirror image of the transaction of `originalKey` under `key` (a void reverses a
 * finalization). Nothing when that transaction was never posted.
 */
export async function reverseTransaction(tx: Tx, ctx: UseCaseContext, originalKey: string, input: Omit<PostingInput, 'entries'>): Promise<Posted | null> {
  const original = await repo.findTransactionByKey(tx, ctx.tenant, originalKey);
  if (!original) return null;
  const lines = await repo.entriesWithOwners(tx, ctx.tenant, original.id);
  return postTransaction(tx, ctx, {
    ...input,
    entries: lines.map((line) => ({ account: line.code, currency: line.currency, amount: new Money(0).minus(line.amount), customerId: line.customer_id })),
  });
}

/**
 * Many postings in the caller's transaction set-wise (the cycle runner bills a batch of
 * subscriptions): the same transactions and entries postTransaction would write for each, each
 * balanced and keyed, in three statements whatever their number. Answers how many were written
 * (a key posted before writes nothing, as with postTransaction).
 */
export async function postTransactions(tx: Tx, ctx: UseCaseContext, inputs: readonly PostingInput[]): Promise<number> {
  const transactions: LedgerTransactionRow[] = [];
  const lines: repo.BatchPostingEntry[] = [];
  for (const input of inputs) {
    const entries = input.entries.map((e) => ({ ...e, amount: new Money(e.amount) })).filter((e) => !e.amount.isZero());
    assertBalanced(entries);
    const id = newId();
    transactions.push({
      id,
      ...tenantColumns(ctx.tenant),
      key: input.key,
      kind: input.kind,
      resource_type: input.resource.type,
      resource_id: input.resource.id,
      invoice_id: input.invoiceId ?? null,
      customer_id: input.customerId ?? null,
      created_at: ctx.now,
    });
    for (const e of entries) {
      lines.push({ id: newId(), transactionId: id, code: e.account, currency: e.currency, amount: e.amount.toFixed(), newAccountId: newId(), customerId: e.customerId ?? null });
    }
  }
  return repo.insertPostings(tx, ctx.tenant, ctx.now, transactions, lines);
}
