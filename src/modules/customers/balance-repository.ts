// SQL for customers' credit balances (customer_balances). Every query filters by the tenant.
import { sql } from 'kysely';
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { forTenant, tenantColumns } from '../../db/tenancy.ts';
import type { CustomerBalanceRow } from './tables.ts';

/** Adds `amount` to the customer's balance in the currency (made on first use); the row stays locked until the transaction ends. */
export async function addToBalance(ex: Executor, tenant: Tenant, customerId: string, currency: string, amount: string, now: Date): Promise<CustomerBalanceRow> {
  return ex
    .insertInto('customer_balances')
    .values({ ...tenantColumns(tenant), customer_id: customerId, currency, balance: amount, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['account_id', 'environment', 'customer_id', 'currency']).doUpdateSet({ balance: sql<string>`customer_balances.balance + excluded.balance`, updated_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The customer's balance row in the currency, locked until the transaction ends; undefined when it never had one. */
export async function lockBalance(ex: Executor, tenant: Tenant, customerId: string, currency: string): Promise<CustomerBalanceRow | undefined> {
  return ex
    .selectFrom('customer_balances')
    .selectAll()
    .where(forTenant(tenant))
    .where('customer_id', '=', customerId)
    .where('currency', '=', currency)
    .forUpdate()
    .executeTakeFirst();
}

export async function setBalance(ex: Executor, tenant: Tenant, customerId: string, currency: string, balance: string, now: Date): Promise<void> {
  await ex
    .updateTable('customer_balances')
    .set({ balance, updated_at: now })
    .where(forTenant(tenant))
    .where('customer_id', '=', customerId)
    .where('currency', '=', currency)
    .execute();
}

/** The balances of these customers, by currency. */
export async function balancesOf(ex: Executor, tenant: Tenant, customerIds: readonly string[]): Promise<CustomerBalanceRow[]> {
  if (customerIds.length === 0) return [];
  return ex
    .selectFrom('customer_balances')
    .selectAll()
    .where(forTenant(tenant))
    .where('customer_id', 'in', customerIds)
    .orderBy('customer_id')
    .orderBy('currency')
    .execute();
}
