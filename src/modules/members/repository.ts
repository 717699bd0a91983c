// SQL for account members, their dashboard sessions and sign-in links. Members belong to an
// account, not to a tenant (account + environment): rows are found by their own id, token hash
// or email, and the account a caller sees is the one the row names (test/foundation/
// tenancy-filters.test.ts lists these tables as read without the tenant helper, and why).
import type { Executor } from '../../db/database.ts';
import type { Environment } from '../../core/context.ts';
import type { DashboardSessionRow, LinkPurpose, MemberRole, MemberRow, SignInLinkRow } from './tables.ts';

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

/** Marks an unused, unexpired link of this purpose used and returns it; undefined when it was not (a second use). */
export async function useLink(ex: Executor, id: string, purpose: LinkPurpose, now: Date): Promise<SignInLinkRow | undefined> {
  return ex
    .updateTable('member_sign_in_links')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Ends every live link of this purpose of a member (a resent invitation: the old link stops working). */
export async function expireLinks(ex: Executor, memberId: string, purpose: LinkPurpose, now: Date): Promise<void> {
  await ex.updateTable('member_sign_in_links').set({ expires_at: now }).where('member_id', '=', memberId).where('purpose', '=', purpose).where('used_at', 'is', null).where('expires_at', '>', now).execute();
}

/** An unused, unexpired link of this purpose, without using it (the page that shows its form). */
export async function findUsableLink(ex: Executor, id: string, purpose: LinkPurpose, now: Date): Promise<SignInLinkRow | undefined> {
  return ex
    .selectFrom('member_sign_in_links')
    .selectAll()
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * The members of an account, oldest first; locked (for update) when a change must see every owner.
 * The one filter of members by account: the account is the signed-in session's own.
 */
export async function listMembers(ex: Executor, accountId: string, lock = false): Promise<MemberRow[]> {
  const query = ex.selectFrom('account_members').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id');
  return lock ? query.forUpdate().execute() : query.execute();
}

export async function setPasswordHash(ex: Executor, memberId: string, hash: string): Promise<void> {
  await ex.updateTable('account_members').set({ password_hash: hash }).where('id', '=', memberId).execute();
}

export async function setRole(ex: Executor, memberId: string, role: MemberRole): Promise<void> {
  await ex.updateTable('account_members').set({ role }).where('id', '=', memberId).execute();
}

/** Revokes every live session of a member (a password reset, a removal). */
export async function revokeMemberSessions(ex: Executor, memberId: string, now: Date): Promise<void> {
  await ex.updateTable('dashboard_sessions').set({ revoked_at: now }).where('member_id', '=', memberId).where('revoked_at', 'is', null).execute();
}

/** Deletes a member with its sessions and links (they reference it). */
export async function deleteMember(ex: Executor, memberId: string): Promise<void> {
  await ex.deleteFrom('dashboard_sessions').where('member_id', '=', memberId).execute();
  await ex.deleteFrom('member_sign_in_links').where('member_id', '=', memberId).execute();
  await ex.deleteFrom('account_members').where('id', '=', memberId).execute();
}
