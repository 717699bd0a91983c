// SQL for the email outbox. Every function takes the executor (root or transaction) first.
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { EmailRow } from './tables.ts';

export async function insertEmail(ex: Executor, row: EmailRow): Promise<void> {
  await ex.insertInto('emails').values(row).execute();
}

export async function insertEmails(ex: Executor, rows: readonly EmailRow[]): Promise<void> {
  if (rows.length > 0) await ex.insertInto('emails').values([...rows]).execute();
}

export async function listEmails(ex: Executor, tenant: Tenant, filter: { to?: string }, limit: number, afterId: string | null): Promise<EmailRow[]> {
  let query = ex.selectFrom('emails').selectAll().where(forTenant(tenant));
  if (filter.to) query = query.where('to_address', '=', filter.to);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

/** Counts an attempt on an email not sent yet and returns it (undefined when sent or unknown). */
export async function startEmailAttempt(ex: Executor, id: string): Promise<EmailRow | undefined> {
  return ex
    .updateTable('emails')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function markEmailSent(ex: Executor, id: string, sentAt: Date): Promise<void> {
  await ex.updateTable('emails').set({ sent_at: sentAt, next_attempt_at: null, error: null }).where('id', '=', id).execute();
}

/** Records a failed attempt; `nextAttemptAt` null means the dispatcher gives up on this email. */
export async function markEmailFailed(ex: Executor, id: string, error: string, nextAttemptAt: Date | null): Promise<void> {
  await ex.updateTable('emails').set({ error, next_attempt_at: nextAttemptAt }).where('id', '=', id).execute();
}
