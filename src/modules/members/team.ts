// The members of an account as its owners and admins manage them: invitations (a member without a
// password and a one-time link that sets it), roles, removal, and who may do it. An account always
// keeps an owner: the last one can be neither demoted nor removed. Every change is of the acting
// session's own account: a member id of another account is not found.
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { createLink, useLink } from './links.ts';
import { hashPassword } from './passwords.ts';
import { checkNewPassword } from './passwords-reset.ts';
import { normaliseEmail, toMemberView, type MemberView } from './members.ts';
import * as repo from './repository.ts';
import type { MemberRole } from './tables.ts';

export type TeamMember = MemberView & { pending: boolean };

/** The roles that manage members (the members page and its actions). */
const MANAGERS: readonly MemberRole[] = ['owner', 'admin'];

/** Throws 403 unless the role is one of `allowed`: the guard of every role-restricted action. */
export function requireRole(role: MemberRole, allowed: readonly MemberRole[]): void {
  if (!allowed.includes(role)) throw new AppError('forbidden', 'Your role cannot do this.');
}

export function requireMemberManager(role: MemberRole): void {
  requireRole(role, MANAGERS);
}

/** The account's members, oldest first; pending: invited, no password set yet. */
export async function listTeam(ex: Executor, accountId: string): Promise<TeamMember[]> {
  return (await repo.listMembers(ex, accountId)).map((row) => ({ ...toMemberView(row), pending: row.password_hash === null }));
}

/**
 * Invites an email with a role: a member without a password and an invitation link (72 hours)
 * that sets it. Only an owner invites an owner. 409 when the email is a member already.
 */
export async function inviteMember(tx: Tx, actor: MemberView, input: { email: string; role: MemberRole }, now: Date): Promise<{ member: MemberView; token: string }> {
  requireMemberManager(actor.role);
  if (input.role === 'owner') requireRole(actor.role, ['owner']);
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw new AppError('validation_failed', 'The email is not valid.');
  const row = { id: newId(), account_id: actor.accountId, email, role: input.role, password_hash: null, created_at: now };
  try {
    await repo.insertMember(tx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', `${email} is a member already.`);
    throw error;
  }
  const member = toMemberView(row);
  return { member, token: await createLink(tx, member, 'invite', now) };
}

/** The member of the actor's account with this id, the account's members locked; 404 otherwise. */
async function targetOf(tx: Tx, actor: MemberView, memberId: string): Promise<{ target: MemberView; owners: number }> {
  const members = await repo.listMembers(tx, actor.accountId, true);
  const row = members.find((m) => m.id === memberId);
  if (!row) throw new AppError('not_found', 'No such member.', { resource: 'member' });
  return { target: toMemberView(row), owners: members.filter((m) => m.role === 'owner').length };
}

/** Only an owner changes an owner or makes one; the last owner keeps the role. */
export async function changeRole(tx: Tx, actor: MemberView, memberId: string, role: MemberRole): Promise<void> {
  requireMemberManager(actor.role);
  const { target, owners } = await targetOf(tx, actor, memberId);
  if (target.role === 'owner' || role === 'owner') requireRole(actor.role, ['owner']);
  if (target.role === 'owner' && role !== 'owner' && owners === 1) throw new AppError('conflict', 'The account needs an owner: make another member owner first.');
  await repo.setRole(tx, memberId, role);
}

/** Removes a member with its sessions and links; never the last owner. */
export async function removeMember(tx: Tx, actor: MemberView, memberId: string): Promise<void> {
  requireMemberManager(actor.role);
  const { target, owners } = await targetOf(tx, actor, memberId);
  if (target.role === 'owner') requireRole(actor.role, ['owner']);
  if (target.role === 'owner' && owners === 1) throw new AppError('conflict', 'The last owner cannot be removed.');
  await repo.deleteMember(tx, memberId);
}

/** The pending member (no password yet) of the actor's account with this id; 404 otherwise. */
async function pendingTarget(tx: Tx, actor: MemberView, memberId: string): Promise<{ target: MemberView; owners: number }> {
  requireMemberManager(actor.role);
  const { target, owners } = await targetOf(tx, actor, memberId);
  if (!(await hasNoPassword(tx, target.id))) throw new AppError('not_found', 'No such invitation.', { resource: 'member' });
  if (target.role === 'owner') requireRole(actor.role, ['owner']);
  return { target, owners };
}

async function hasNoPassword(tx: Tx, memberId: string): Promise<boolean> {
  return (await repo.findMember(tx, memberId))?.password_hash === null;
}

/** A fresh invitation link (72 hours) for a pending member; every earlier one stops working. */
export async function resendInvitation(tx: Tx, actor: MemberView, memberId: string, now: Date): Promise<{ member: MemberView; token: string }> {
  const { target: member } = await pendingTarget(tx, actor, memberId);
  await repo.expireLinks(tx, member.id, 'invite', now);
  return { member, token: await createLink(tx, member, 'invite', now) };
}

/** Revokes a pending invitation: the member without a password goes, its links with it; never the last owner. */
export async function revokeInvitation(tx: Tx, actor: MemberView, memberId: string): Promise<MemberView> {
  const { target: member, owners } = await pendingTarget(tx, actor, memberId);
  if (member.role === 'owner' && owners === 1) throw new AppError('conflict', 'The last owner cannot be removed.');
  await repo.deleteMember(tx, member.id);
  return member;
}

/** Accepts an invitation once: sets the member's password; the member, or undefined when the link is gone. */
export async function acceptInvitation(tx: Tx, token: string, password: string, now: Date): Promise<{ id: string; accountId: string } | undefined> {
  checkNewPassword(password);
  const member = await useLink(tx, token, 'invite', now);
  if (!member) return undefined;
  await repo.setPasswordHash(tx, member.id, await hashPassword(password));
  return member;
}
