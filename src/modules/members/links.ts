// One-time links sent to a member: a random token (in the URL only), its SHA-256 in the database,
// a purpose the link is only good for, and an expiry. Using one marks it used in the same update
// that checks it, so two uses racing cannot both succeed.
import type { Executor } from '../../db/database.ts';
import * as repo from './repository.ts';
import type { LinkPurpose } from './tables.ts';
import { newToken, tokenHash } from './tokens.ts';

/** How long each kind of link lives. */
export const LINK_HOURS: Record<LinkPurpose, number> = { sign_in: 24, reset: 1, invite: 72 };

/** A new link for the member; answers its token (to put in the URL, never stored). */
export async function createLink(ex: Executor, member: { id: string; accountId: string }, purpose: LinkPurpose, now: Date): Promise<string> {
  const token = newToken();
  const expires = new Date(now.getTime() + LINK_HOURS[purpose] * 3_600_000);
  await repo.insertSignInLink(ex, { id: tokenHash(token), member_id: member.id, account_id: member.accountId, created_at: now, expires_at: expires, used_at: null, purpose });
  return token;
}

export async function linkUsable(ex: Executor, token: string, purpose: LinkPurpose, now: Date): Promise<boolean> {
  return (await repo.findUsableLink(ex, tokenHash(token), purpose, now)) !== undefined;
}

/** Uses a link once: its member, or undefined when unknown, of another purpose, used or expired. */
export async function useLink(ex: Executor, token: string, purpose: LinkPurpose, now: Date): Promise<{ id: string; accountId: string } | undefined> {
  const link = await repo.useLink(ex, tokenHash(token), purpose, now);
  return link && { id: link.member_id, accountId: link.account_id };
}
