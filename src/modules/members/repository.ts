// SQL for account members, their dashboard sessions and sign-in links. Members belong to an
// account, not to a tenant (account + environment): rows are found by their own id, token hash
// or email, and the account a caller sees is the one the row names (test/foundation/
// tenancy-filters.test.ts lists these tables as read without the tenant helper, and why).
import type { Executor } from '../../db/database.ts';
import type { Environment } from '../../core/context.ts';
import type { DashboardSessionRow, MemberRow, SignInLinkRow } from './tables.ts';

export async function insertMember(ex: Executor, row: MemberRow): Promise<void> {
  await ex.insertInto('account_members').values(row).execute();
}

/** Every member with this email, in any account, oldest first. */
export async function findMembersByEmail(ex: Executor, email: string): Promise<MemberRow[]> {
  return ex.selectFrom('account_members').selectAll().where('email', '=', email).orderBy('id').execute();
}

export async function findMember(ex: Executor, id: string): Promise<MemberRow | undefined> {
  return ex.selectFrom('account_members').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSession(ex: Executor, row: DashboardSessionRow): Promise<void> {
  await ex.insertInto('dashboard_sessions').values(row).execute();
}

/** The session of a token hash while it is neither revoked nor expired. */
export async function findLiveSession(ex: Executor, id: string, now: Date): Promise<DashboardSessionRow | undefined> {
  return ex
    .selectFrom('dashboard_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function revokeSession(ex: Executor, id: string, now: Date): Promise<void> {
  await ex.updateTable('dashboard_sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function setSessionEnvironment(ex: Executor, id: string, environment: Environment): Promise<void> {
  await ex.updateTable('dashboard_sessions').set({ environment }).where('id', '=', id).execute();
}

export async function insertSignInLink(ex: Executor, row: SignInLinkRow): Promise<void> {
  await ex.insertInto('member_sign_in_links').values(row).execute();
}

/** Marks an unused, unexpired link used and returns it; undefined when it was not (a second use). */
export async function useSignInLink(ex: Executor, id: string, now: Date): Promise<SignInLinkRow | undefined> {
  return ex
    .updateTable('member_sign_in_links')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** An unused, unexpired link, without using it (the page that shows its button). */
export async function findUsableSignInLink(ex: Executor, id: string, now: Date): Promise<SignInLinkRow | undefined> {
  return ex
    .selectFrom('member_sign_in_links')
    .selectAll()
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
