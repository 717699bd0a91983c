// SQL for subscriptions, their items and billed periods. Every function takes the executor first.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { SubscriptionItemRow, SubscriptionPeriodRow, SubscriptionRow, SubscriptionStatus } from './tables.ts';

export async function insertSubscription(ex: Executor, row: SubscriptionRow, item: SubscriptionItemRow): Promise<void> {
  await ex.insertInto('subscriptions').values(row).execute();
  await ex.insertInto('subscription_items').values(item).execute();
}

export async function findSubscription(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<SubscriptionRow | undefined> {
  let query = ex.selectFrom('subscriptions').selectAll().where(forTenant(tenant)).where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface SubscriptionFilter {
  customerId?: string;
  status?: SubscriptionStatus;
}

export async function listSubscriptions(ex: Executor, tenant: Tenant, filter: SubscriptionFilter, limit: number, afterId: string | null): Promise<SubscriptionRow[]> {
  let query = ex.selectFrom('subscriptions').selectAll().where(forTenant(tenant));
  if (filter.customerId) query = query.where('customer_id', '=', filter.customerId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function itemsOf(ex: Executor, ids: readonly string[]): Promise<SubscriptionItemRow[]> {
  if (ids.length === 0) return [];
  return ex.selectFrom('subscription_items').selectAll().where('subscription_id', 'in', ids).orderBy('created_at').execute();
}

export async function updateSubscription(ex: Executor, id: string, changes: Partial<Omit<SubscriptionRow, 'id' | 'account_id' | 'environment'>>): Promise<SubscriptionRow> {
  return ex.updateTable('subscriptions').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function insertItem(ex: Executor, item: SubscriptionItemRow): Promise<void> {
  await ex.insertInto('subscription_items').values(item).execute();
}

export async function cancelItems(ex: Executor, subscriptionId: string, at: Date): Promise<void> {
  await ex.updateTable('subscription_items').set({ canceled_at: at }).where('subscription_id', '=', subscriptionId).where('canceled_at', 'is', null).execute();
}

/**
 * One due subscription with the instant it is due as of, locked for this transaction; rows other
 * runners hold are skipped (two runners share the work), or waited for with `waitForLocked` (a row
 * another runner just billed is then no longer due). Two index-friendly steps: subscriptions on
 * the real clock (`now`), then sandbox subscriptions of the few accounts with a test clock, as of
 * their account's clock.
 */
export async function claimDueSubscription(ex: Executor, now: Date, only?: Tenant, waitForLocked = false): Promise<{ row: SubscriptionRow; asOf: Date } | undefined> {
  const lock = <Q extends { forUpdate(of?: 's'): Q; skipLocked(): Q }>(query: Q): Q => (waitForLocked ? query.forUpdate('s') : query.forUpdate('s').skipLocked());
  const onClock = sql<boolean>`(s.environment = 'sandbox' and exists (select 1 from accounts a where a.id = s.account_id and a.sandbox_clock is not null))`;
  let real = ex
    .selectFrom('subscriptions as s')
    .selectAll('s')
    .where((eb) => eb.or([eb('s.next_billing_at', '<=', now), eb('s.next_retry_at', '<=', now)]))
    .where('s.status', 'not in', ['paused', 'canceled'])
    .where(sql<boolean>`not ${onClock}`);
  if (only) real = real.where(forTenant(only, 's'));
  const found = await lock(real.limit(1)).executeTakeFirst();
  if (found) return { row: found, asOf: now };

  let clocked = ex
    .selectFrom('subscriptions as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .selectAll('s')
    .select('a.sandbox_clock')
    .where('a.sandbox_clock', 'is not', null)
    .where('s.environment', '=', 'sandbox')
    .where((eb) => eb.or([eb('s.next_billing_at', '<=', eb.ref('a.sandbox_clock')), eb('s.next_retry_at', '<=', eb.ref('a.sandbox_clock'))]))
    .where('s.status', 'not in', ['paused', 'canceled']);
  if (only) clocked = clocked.where(forTenant(only, 's'));
  const due = await lock(clocked.limit(1)).executeTakeFirst();
  if (!due) return undefined;
  const { sandbox_clock, ...row } = due;
  return { row: row as SubscriptionRow, asOf: new Date(sandbox_clock!) };
}

/** The period's once-only record; false when it was billed already. */
export async function recordBilledPeriod(ex: Executor, row: SubscriptionPeriodRow): Promise<boolean> {
  const inserted = await ex.insertInto('subscription_periods').values(row).onConflict((oc) => oc.columns(['subscription_id', 'period_start']).doNothing()).returning('invoice_id').executeTakeFirst();
  return inserted !== undefined;
}

/** Where a live subscription of the enrollment has billed its usage to, when that is before `to`. */
export async function findUsageBilledBefore(ex: Executor, tenant: Tenant, enrollmentId: string, to: Date): Promise<Date | null> {
  const live = await ex
    .selectFrom('subscriptions')
    .select('usage_billed_to')
    .where(forTenant(tenant))
    .where('id', '=', enrollmentId)
    .where('status', '<>', 'canceled')
    .where('usage_billed_to', '<', to)
    .executeTakeFirst();
  return live?.usage_billed_to ?? null;
}
