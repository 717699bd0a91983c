// SQL for subscriptions, their items and billed periods. Every function takes the executor first.
import { sql, type RawBuilder } from 'kysely';
import { intArrayLiteral, plainArrayLiteral, textArrayLiteral } from '../../db/array-literal.ts';
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { DraftLineInput } from '../../modules/invoices/index.ts';
import type { SubscriptionItemRow, SubscriptionPauseRow, SubscriptionPeriodRow, SubscriptionRow, SubscriptionStatus } from './tables.ts';

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
 * their account's clock (read first, one account after another).
 */
export async function claimDueSubscription(ex: Executor, now: Date, only?: Tenant, waitForLocked = false): Promise<{ row: SubscriptionRow; asOf: Date } | undefined> {
  const lock = <Q extends { forUpdate(of?: 's'): Q; skipLocked(): Q }>(query: Q): Q => (waitForLocked ? query.forUpdate('s') : query.forUpdate('s').skipLocked());
  const onClock = sql<boolean>`(s.environment = 'sandbox' and exists (select 1 from accounts a where a.id = s.account_id and a.sandbox_clock is not null))`;
  let real = ex
    .selectFrom('subscriptions as s')
    .selectAll('s')
    .where((eb) => eb.or([eb('s.next_billing_at', '<=', now), eb('s.next_retry_at', '<=', now)]))
    // A paused subscription has no next_billing_at: it is claimed for a dunning retry only.
    .where('s.status', '<>', 'canceled')
    .where(sql<boolean>`not ${onClock}`);
  if (only) real = real.where(forTenant(only, 's'));
  const found = await lock(real.limit(1)).executeTakeFirst();
  if (found) return { row: found, asOf: now };

  // Accounts with a test clock, then each one's sandbox as of its clock: a constant bound, so the
  // due indexes read only the rows due (a bound read from the joined account scanned all the
  // sandbox's subscriptions at every claim, quadratic in them over a cycle close).
  if (only && only.environment !== 'sandbox') return undefined;
  let accounts = ex.selectFrom('accounts').select(['id', 'sandbox_clock']).where('sandbox_clock', 'is not', null);
  if (only) accounts = accounts.where('id', '=', only.accountId);
  for (const account of await accounts.execute()) {
    const asOf = new Date(account.sandbox_clock!);
    const clocked = ex
      .selectFrom('subscriptions as s')
      .selectAll('s')
      .where(forTenant({ accountId: account.id, environment: 'sandbox' }, 's'))
      .where((eb) => eb.or([eb('s.next_billing_at', '<=', asOf), eb('s.next_retry_at', '<=', asOf)]))
      .where('s.status', '<>', 'canceled');
    const due = await lock(clocked.limit(1)).executeTakeFirst();
    if (due) return { row: due, asOf };
  }
  return undefined;
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

/** The invoice that billed the period starting at `periodStart`, if any. */
export async function findBilledPeriodInvoice(ex: Executor, subscriptionId: string, periodStart: Date): Promise<string | null> {
  const found = await ex.selectFrom('subscription_periods').select('invoice_id').where('subscription_id', '=', subscriptionId).where('period_start', '=', periodStart).executeTakeFirst();
  return found?.invoice_id ?? null;
}

export async function insertPause(ex: Executor, subscriptionId: string, pausedAt: Date): Promise<void> {
  await ex.insertInto('subscription_pauses').values({ subscription_id: subscriptionId, paused_at: pausedAt, ended_at: null, credit_line: null, credited_invoice_id: null }).execute();
}

/** Ends the pause under way (at the resume, or the cancel of a paused subscription); answers it. */
export async function endPause(ex: Executor, subscriptionId: string, at: Date): Promise<SubscriptionPauseRow | undefined> {
  return ex.updateTable('subscription_pauses').set({ ended_at: at }).where('subscription_id', '=', subscriptionId).where('ended_at', 'is', null).returningAll().executeTakeFirst();
}

export async function setPauseCredit(ex: Executor, subscriptionId: string, pausedAt: Date, line: DraftLineInput): Promise<void> {
  await ex.updateTable('subscription_pauses').set({ credit_line: JSON.stringify(line) as never }).where('subscription_id', '=', subscriptionId).where('paused_at', '=', pausedAt).execute();
}

/** The pauses that overlap [from, to), oldest first (one under way counts up to its end, none yet). */
export async function pausesOverlapping(ex: Executor, subscriptionId: string, from: Date, to: Date): Promise<SubscriptionPauseRow[]> {
  return ex
    .selectFrom('subscription_pauses')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('paused_at', '<', to)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', from)]))
    .orderBy('paused_at')
    .execute();
}

/** Advance: the pause credits not yet on an invoice, oldest first. */
export async function pendingPauseCredits(ex: Executor, subscriptionId: string): Promise<Array<{ pausedAt: Date; line: DraftLineInput }>> {
  const rows = await ex
    .selectFrom('subscription_pauses')
    .select(['paused_at', 'credit_line'])
    .where('subscription_id', '=', subscriptionId)
    .where('credit_line', 'is not', null)
    .where('credited_invoice_id', 'is', null)
    .orderBy('paused_at')
    .execute();
  return rows.map((row) => ({ pausedAt: row.paused_at, line: (typeof row.credit_line === 'string' ? JSON.parse(row.credit_line) : row.credit_line) as DraftLineInput }));
}

export async function markPauseCredited(ex: Executor, subscriptionId: string, pausedAt: Date, invoiceId: string): Promise<void> {
  await ex.updateTable('subscription_pauses').set({ credited_invoice_id: invoiceId }).where('subscription_id', '=', subscriptionId).where('paused_at', '=', pausedAt).execute();
}

// ---- the cycle runner's batch (batch-billing.ts) ----

/**
 * Up to `limit` due subscriptions of the plain case, each with the instant it is due as of, locked
 * for this transaction (rows other runners hold are skipped): active, send_invoice, one price for
 * the whole period (no coupon left to apply, pause, rate card, version change or commitment credit), no dunning
 * retry due, no cancel at the period's end. The rest is billed one subscription at a time. `skip`:
 * ids this run already left to that path. Reads rate_cards (customers') to leave out a card's
 * enrollment: the join is the point of the query. Same two steps as claimDueSubscription.
 */
export async function claimPlainDueSubscriptions(ex: Executor, now: Date, limit: number, skip: readonly string[], only?: Tenant): Promise<Array<{ row: SubscriptionRow; asOf: Date }>> {
  const plain = (clock: RawBuilder<unknown>) => sql<boolean>`(
    s.next_billing_at <= ${clock} and s.status = 'active' and s.collection_method = 'send_invoice'
    and (s.coupon_id is null or s.coupon_periods_left = 0)
    and not s.cancel_at_period_end and s.previous_version_id is null and s.period_index >= 0 and s.commitment_credit = 0
    and (s.next_retry_at is null or s.next_retry_at > ${clock})
    and not exists (select 1 from subscription_pauses p where p.subscription_id = s.id)
    and not exists (select 1 from rate_cards r where r.enrollment_id = s.id)
    and not exists (select 1 from subscription_items i where i.subscription_id = s.id and i.product_version_id <> s.product_version_id)
    ${skip.length > 0 ? sql`and s.id <> all(${textArrayLiteral(skip)}::uuid[])` : sql``})`;
  const onClock = sql<boolean>`(s.environment = 'sandbox' and exists (select 1 from accounts a where a.id = s.account_id and a.sandbox_clock is not null))`;
  let real = ex
    .selectFrom('subscriptions as s')
    .selectAll('s')
    .where(plain(sql`${now}::timestamptz`))
    .where(sql<boolean>`not ${onClock}`);
  if (only) real = real.where(forTenant(only, 's'));
  const claimed = (await real.limit(limit).forUpdate('s').skipLocked().execute()).map((row) => ({ row, asOf: now }));
  if (claimed.length >= limit) return claimed;
  // Accounts with a test clock, then each one's sandbox as of its clock: a constant bound, so the
  // due index reads only the rows due (a bound read from the joined account would scan them all).
  let accounts = ex.selectFrom('accounts').select(['id', 'sandbox_clock']).where('sandbox_clock', 'is not', null);
  if (only) accounts = accounts.where('id', '=', only.accountId);
  if (only && only.environment !== 'sandbox') return claimed;
  for (const account of await accounts.execute()) {
    if (claimed.length >= limit) break;
    const asOf = new Date(account.sandbox_clock!);
    const rows = await ex
      .selectFrom('subscriptions as s')
      .selectAll('s')
      .where(forTenant({ accountId: account.id, environment: 'sandbox' }, 's'))
      .where(plain(sql`${asOf}::timestamptz`))
      .limit(limit - claimed.length)
      .forUpdate('s')
      .skipLocked()
      .execute();
    for (const row of rows) claimed.push({ row, asOf });
  }
  return claimed;
}

/** The periods' once-only records in one insert; answers how many were new (a period billed already is not). */
export async function recordBilledPeriods(ex: Executor, rows: readonly SubscriptionPeriodRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await ex.insertInto('subscription_periods').values([...rows]).onConflict((oc) => oc.columns(['subscription_id', 'period_start']).doNothing()).returning('invoice_id').execute();
  return inserted.length;
}

export interface BilledPeriodMove {
  id: string;
  periodIndex: number;
  nextBillingAt: Date;
  nextRetryAt: Date | null;
}

/** The subscriptions moved to their next period in one update (what billOnePeriod and the runner write for each). */
export async function moveToNextPeriods(ex: Executor, moves: readonly BilledPeriodMove[], now: Date): Promise<void> {
  if (moves.length === 0) return;
  await sql`
    update subscriptions s
    set period_index = u.period_index, next_billing_at = u.next_billing_at, next_retry_at = u.next_retry_at,
        previous_version_id = null, version_changed_at = null, updated_at = ${now}::timestamptz
    from unnest(${textArrayLiteral(moves.map((m) => m.id))}::uuid[], ${intArrayLiteral(moves.map((m) => m.periodIndex))}::int[],
                ${plainArrayLiteral(moves.map((m) => m.nextBillingAt.toISOString()))}::timestamptz[],
                ${moves.map((m) => m.nextRetryAt?.toISOString() ?? null)}::timestamptz[]) as u(id, period_index, next_billing_at, next_retry_at)
    where s.id = u.id`.execute(ex);
}
