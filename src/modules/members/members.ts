// Account members: the first owner (made with its account) and signing in by email and password.
import type { Executor, Tx } from '../../db/database.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';
import type { MemberRole, MemberRow } from './tables.ts';
import { newToken, tokenHash } from './tokens.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const SIGN_IN_LINK_HOURS = 24;

export interface MemberView {
  id: string;
  accountId: string;
  email: string;
  role: MemberRole;
  createdAt: Date;
}

export interface CreatedOwner extends MemberView {
  /** Without a password: the token of a one-time sign-in link (shown once, 24 h). */
  signInToken: string | null;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toMemberView(row: MemberRow): MemberView {
  return { id: row.id, accountId: row.account_id, email: row.email, role: row.role, createdAt: row.created_at };
}

/** The owner of a new account, in the account's transaction; without a password, a sign-in link. */
export async function createOwner(tx: Tx, accountId: string, input: { email: string; password?: string }, now: Date): Promise<CreatedOwner> {
  if (input.password !== undefined && input.password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('validation_failed', `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  const row: MemberRow = {
    id: newId(),
    account_id: accountId,
    email: normaliseEmail(input.email),
    role: 'owner',
    password_hash: input.password === undefined ? null : await hashPassword(input.password),
    created_at: now,
  };
  try {
    await repo.insertMember(tx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', `A member with the email ${row.email} exists.`);
    throw error;
  }
  let signInToken: string | null = null;
  if (row.password_hash === null) {
    signInToken = newToken();
    const expires = new Date(now.getTime() + SIGN_IN_LINK_HOURS * 3_600_000);
    await repo.insertSignInLink(tx, { id: tokenHash(signInToken), member_id: row.id, account_id: accountId, created_at: now, expires_at: expires, used_at: null, purpose: 'sign_in' });
  }
  return { ...toMemberView(row), signInToken };
}

/**
 * The member whose email and password these are, or null. An email may belong to members of
 * several accounts: the oldest membership the password opens is signed in (choosing among them
 * is for a later account switcher). An unknown email costs the same hashing as a known one.
 */
export async function verifyCredentials(ex: Executor, email: string, password: string): Promise<MemberView | null> {
  const candidates = (await repo.findMembersByEmail(ex, normaliseEmail(email))).filter((m) => m.password_hash !== null);
  if (candidates.length === 0) {
    await verifyPassword(password, await decoyHash());
    return null;
  }
  for (const member of candidates) {
    if (await verifyPassword(password, member.password_hash!)) return toMemberView(member);
  }
  return null;
}

export async function findMemberView(ex: Executor, id: string): Promise<MemberView | undefined> {
  const row = await repo.findMember(ex, id);
  return row && toMemberView(row);
}
