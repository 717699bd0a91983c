// Who may manage which key (docs/decisions/accounts.md). A key can hand out, and take away, only
// power it holds itself: a key holding `account:write` and nothing else must not mint a key with
// every scope, nor revoke the account's full secret key to lock its owner out.
import { AppError } from '../../core/errors.ts';
import { SCOPES } from './keys.ts';
import type { KeyType } from './tables.ts';

/** The key making a key-management request. */
export interface CallingKey {
  keyId: string;
  scopes: readonly string[];
}

/** The key a request would revoke. */
export interface TargetKey {
  id: string;
  type: KeyType;
  scopes: readonly string[];
}

/** The scopes of `wanted` that `held` lacks, in the order of SCOPES (so messages read the same every time). */
export function missingScopes(held: readonly string[], wanted: readonly string[]): string[] {
  const have = new Set(held);
  const want = new Set(wanted);
  const ordered = SCOPES.filter((scope) => want.has(scope) && !have.has(scope));
  // A stored scope unknown to this version (never expected) still counts as missing.
  const unknown = [...want].filter((scope) => !have.has(scope) && !(SCOPES as readonly string[]).includes(scope)).sort();
  return [...ordered, ...unknown];
}

/** Refuses (403) a new key with a scope the calling key lacks. */
export function assertMayGrant(caller: CallingKey, scopes: readonly string[]): void {
  const missing = missingScopes(caller.scopes, scopes);
  if (missing.length > 0) {
    throw new AppError('forbidden', `A key can only create keys with scopes it holds itself; this key lacks ${missing.join(', ')}.`);
  }
}

/**
 * Refuses (403) revoking a key with a scope the calling key lacks. A publishable key has no scopes,
 * but it is the account's own browser key (issued with the account, never by this API), so only a
 * key holding every scope may revoke it. Revoking the calling key itself is always allowed.
 */
export function assertMayRevoke(caller: CallingKey, target: TargetKey): void {
  if (target.id === caller.keyId) return;
  const needed = target.type === 'publishable' ? SCOPES : target.scopes;
  const missing = missingScopes(caller.scopes, needed);
  if (missing.length === 0) return;
  const what = target.type === 'publishable' ? 'a publishable key needs every scope' : 'a key can only revoke keys whose scopes it holds itself';
  throw new AppError('forbidden', `To revoke this key, ${what}; this key lacks ${missing.join(', ')}.`);
}
