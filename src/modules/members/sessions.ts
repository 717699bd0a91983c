// Dashboard sessions: a random token in the browser's cookie, its SHA-256 in the database, a CSRF
// secret for the session's forms, a fixed lifetime, and revocation at sign-out. Every sign-in makes
// a new session (a token presented before signing in is never promoted: no session fixation).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Environment } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import * as repo from './repository.ts';
import type { MemberView } from './members.ts';
import { newToken, tokenHash } from './tokens.ts';

export const SESSION_HOURS = 12;

export interface DashboardSession {
  /** The SHA-256 of the token (the row's id). */
  id: string;
  memberId: string;
  accountId: string;
  environment: Environment;
  csrfToken: string;
  expiresAt: Date;
}

/** A new session for the member; the token goes into the cookie and nowhere else. */
export async function startSession(ex: Executor, member: Pick<MemberView, 'id' | 'accountId'>, now: Date): Promise<{ token: string; session: DashboardSession }> {
  const token = newToken();
  const row = {
    id: tokenHash(token),
    member_id: member.id,
    account_id: member.accountId,
    environment: 'sandbox' as const,
    csrf_secret: randomBytes(32).toString('base64url'),
    created_at: now,
    expires_at: new Date(now.getTime() + SESSION_HOURS * 3_600_000),
    revoked_at: null,
  };
  await repo.insertSession(ex, row);
  return { token, session: { id: row.id, memberId: row.member_id, accountId: row.account_id, environment: row.environment, csrfToken: row.csrf_secret, expiresAt: row.expires_at } };
}

/** The live session of a cookie's token, or undefined (unknown, expired or signed out). */
export async function findSession(ex: Executor, token: string, now: Date): Promise<DashboardSession | undefined> {
  const row = await repo.findLiveSession(ex, tokenHash(token), now);
  if (!row) return undefined;
  return { id: row.id, memberId: row.member_id, accountId: row.account_id, environment: row.environment, csrfToken: row.csrf_secret, expiresAt: row.expires_at };
}

export function csrfMatches(session: DashboardSession, presented: string | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(session.csrfToken);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function endSession(ex: Executor, session: DashboardSession, now: Date): Promise<void> {
  await repo.revokeSession(ex, session.id, now);
}

export async function switchEnvironment(ex: Executor, session: DashboardSession, environment: Environment): Promise<void> {
  await repo.setSessionEnvironment(ex, session.id, environment);
}

/** Uses a one-time sign-in link: its member, once; undefined when unknown, used or expired. */
export async function useSignInLink(ex: Executor, token: string, now: Date): Promise<{ id: string; accountId: string } | undefined> {
  const link = await repo.useLink(ex, tokenHash(token), 'sign_in', now);
  return link && { id: link.member_id, accountId: link.account_id };
}

export async function signInLinkUsable(ex: Executor, token: string, now: Date): Promise<boolean> {
  return (await repo.findUsableLink(ex, tokenHash(token), 'sign_in', now)) !== undefined;
}
