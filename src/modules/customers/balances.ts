// A customer's credit balance, per currency (Stripe's customer balance, Lago's wallets; the
// decision is in docs/decisions/credit-notes.md). Credit notes with outcome `credit` (and an
// invoice whose lines total below zero) add to it; the finalization of the customer's next invoice
// in that currency draws it, up to what the invoice asks. Its ledger account is
// customers:<id>:credit (the caller posts the movement in the same transaction); reconciliation
// checks that the two agree. Each movement locks the balance row, so concurrent draws take turns
// and the balance never goes below zero (a check constraint backs it).
import type { Tenant } from '../../core/context.ts';
import { formatMoney, Money } from '../../core/money.ts';
import type { Executor, Tx } from '../../db/database.ts';
import * as repo from './balance-repository.ts';

export interface CustomerBalanceView {
  currency: string;
  /** Decimal string: credit the customer holds, applied to its next invoice in the currency. */
  amount: string;
}

/** Adds a positive amount to the customer's balance in the currency. */
export async function creditCustomerBalance(tx: Tx, tenant: Tenant, customerId: string, currency: string, amount: string, now: Date): Promise<void> {
  if (!new Money(amount).gt(0)) throw new Error(`a customer balance credit must be positive, not ${amount}`);
  await repo.addToBalance(tx, tenant, customerId, currency, new Money(amount).toFixed(), now);
}

/** Takes up to `upTo` from the customer's balance in the currency; answers what it took ("0" when none). */
export async function drawCustomerBalance(tx: Tx, tenant: Tenant, customerId: string, currency: string, upTo: string, now: Date): Promise<string> {
  if (!new Money(upTo).gt(0)) return '0';
  const row = await repo.lockBalance(tx, tenant, customerId, currency);
  if (!row || !new Money(row.balance).gt(0)) return '0';
  const taken = Money.min(row.balance, upTo);
  await repo.setBalance(tx, tenant, customerId, currency, new Money(row.balance).minus(taken).toFixed(), now);
  return taken.toFixed();
}

/** The balances of these customers (currencies with a balance row, zero ones included), by customer id. */
export async function customerBalances(ex: Executor, tenant: Tenant, customerIds: readonly string[]): Promise<Map<string, CustomerBalanceView[]>> {
  const byCustomer = new Map<string, CustomerBalanceView[]>();
  for (const row of await repo.balancesOf(ex, tenant, customerIds)) {
    const list = byCustomer.get(row.customer_id) ?? [];
    list.push({ currency: row.currency, amount: money(row.balance, row.currency) });
    byCustomer.set(row.customer_id, list);
  }
  return byCustomer;
}

function money(value: string, currency: string): string {
  try {
    return formatMoney(value, currency);
  } catch {
    return new Money(value).toFixed();
  }
}
