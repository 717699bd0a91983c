// A member's password after the first sign-in: setting it (a member signed in by a link has none),
// changing it, and resetting it by a one-time emailed link (an hour), which signs every session out.
import { AppError } from '../../core/errors.ts';
import type { Tx, Executor } from '../../db/database.ts';
import { createLink, useLink } from './links.ts';
import { PASSWORD_MIN_LENGTH, normaliseEmail, toMemberView, type MemberView } from './members.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';

export function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > 200) {
    throw new AppError('validation_failed', `The password needs ${PASSWORD_MIN_LENGTH} to 200 characters.`);
  }
}

export interface ResetRequest {
  member: MemberView;
  token: string;
}

/**
 * Reset links for every membership of an email (an email may be a member of several accounts);
 * none for an unknown one. The caller answers the same either way and mails what this returns.
 */
export async function requestPasswordReset(tx: Tx, email: string, now: Date): Promise<ResetRequest[]> {
  const members = await repo.findMembersByEmail(tx, normaliseEmail(email));
  const requests: ResetRequest[] = [];
  for (const row of members) {
    const member = toMemberView(row);
    requests.push({ member, token: await createLink(tx, member, 'reset', now) });
  }
  return requests;
}

/** Uses a reset link once: sets the new password and revokes every session of the member. */
export async function resetPassword(tx: Tx, token: string, password: string, now: Date): Promise<{ id: string; accountId: string } | undefined> {
  checkNewPassword(password);
  const member = await useLink(tx, token, 'reset', now);
  if (!member) return undefined;
  await repo.setPasswordHash(tx, member.id, await hashPassword(password));
  await repo.revokeMemberSessions(tx, member.id, now);
  return member;
}

/**
 * A signed-in member's new password. When one is set, the current one is asked too (a session
 * left open is not enough to take the account over). False when the current one is wrong.
 */
export async function changePassword(ex: Executor, memberId: string, current: string | undefined, password: string): Promise<boolean> {
  checkNewPassword(password);
  const row = await repo.findMember(ex, memberId);
  if (!row) return false;
  if (row.password_hash !== null && !(current && (await verifyPassword(current, row.password_hash)))) return false;
  await repo.setPasswordHash(ex, memberId, await hashPassword(password));
  return true;
}

export async function hasPassword(ex: Executor, memberId: string): Promise<boolean> {
  return (await repo.findMember(ex, memberId))?.password_hash != null;
}
