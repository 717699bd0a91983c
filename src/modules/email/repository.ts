// SQL for the email outbox. Every function takes the executor (root or transaction) first.
import type { Executor } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import type { EmailRow } from './tables.ts';

export async function insertEmail(ex: Executor, row: EmailRow): Promise<void> {
  await ex.insertInto('emails').values(row).execute();
}

export async function listEmails(ex: Executor, tenant: Tenant, filter: { to?: string }, limit: number, afterId: string | null): Promise<EmailRow[]> {
  let query = ex.selectFrom('emails').selectAll().where('account_id', '=', tenant.accountId).where('environment', '=', tenant.environment);
  if (filter.to) query = query.where('to_address', '=', filter.to);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

/**
 * Claims up to `limit` emails due at `now` for one dispatcher: `for update skip locked` keeps two
 * dispatchers off the same rows, and moving next_attempt_at to `leaseUntil` keeps the claim after
 * this statement commits, so nothing is sent twice while a send is in progress. A dispatcher that
 * dies mid-send leaves the lease to expire, and the email is retried then.
 */
export async function claimDueEmails(ex: Executor, now: Date, leaseUntil: Date, limit: number): Promise<EmailRow[]> {
  return ex
    .updateTable('emails')
    .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('emails')
        .select('id')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

export async function markEmailSent(ex: Executor, id: string, sentAt: Date): Promise<void> {
  await ex.updateTable('emails').set({ sent_at: sentAt, next_attempt_at: null, error: null }).where('id', '=', id).execute();
}

/** Records a failed attempt; `nextAttemptAt` null means the dispatcher gives up on this email. */
export async function markEmailFailed(ex: Executor, id: string, error: string, nextAttemptAt: Date | null): Promise<void> {
  await ex.updateTable('emails').set({ error, next_attempt_at: nextAttemptAt }).where('id', '=', id).execute();
}
