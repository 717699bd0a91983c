// The authenticated caller and the port that resolves bearer keys: the HTTP layer's auth hook calls
// an Authenticator, which the accounts area implements (modules/accounts/authenticator.ts) and
// app.ts hands over, so src/http imports no area.
import type { Tenant } from './context.ts';

/** What a restricted key may do; a route names the one it needs (route config `scope`). */
export const SCOPES = [
  'catalog:read',
  'catalog:write',
  'customers:read',
  'customers:write',
  'metering:write',
  'metering:read',
  'billing:read',
  'billing:write',
  'account:read',
  'account:write',
  'storefronts:read',
  'storefronts:write',
  'rail:read',
] as const;
export type Scope = (typeof SCOPES)[number];

/** The kinds of key: secret (server side) or publishable (browsers; charge creation only). */
export type KeyType = 'secret' | 'publishable';

export interface AuthContext extends Tenant {
  keyId: string;
  keyType: KeyType;
  scopes: readonly string[];
  /** Set when the key's facts came from memory: its row is still to be read for this request. Null otherwise. */
  unconfirmed: UnconfirmedKey | null;
  /**
   * The account's sandbox test clock, read with the key (null: the real clock). A key answered from
   * memory (usage ingestion) is one whose account had no test clock when it was read; the write's
   * call finds a clock set since ('clocked'), and the request is checked again on it.
   */
  sandboxClock: Date | null;
  /**
   * Set when a dashboard member calls the API through its session (flows/dashboard/api-call.ts):
   * who acts, for the audit log. An API key's call leaves it unset (the key is the actor).
   */
  member?: { id: string; email: string; role: string };
}

/**
 * A key taken from memory whose row (revoked? account active?) is still to be read for this
 * request. The route's write reads it in its own transaction and settles it; when nothing did, the
 * auth hook reads it before the answer leaves.
 */
export interface UnconfirmedKey {
  hash: string;
  /** 'clocked': live, but its account has a sandbox test clock now, so it is no longer answered from memory. */
  state: 'unconfirmed' | 'live' | 'refused' | 'clocked';
}

export interface Authenticator {
  /** Reads the key's row; throws 401 for anything that is not a live key, 403 for an account not active. */
  authenticate(presented: string): Promise<AuthContext>;
  /**
   * The same, but a key found live before is answered from memory (KeyMemory) with `unconfirmed`
   * set: the caller must have its row read before answering (the write's transaction or `confirm`).
   */
  authenticateFromMemory(presented: string): Promise<AuthContext>;
  /** Reads the row of a key taken from memory: throws, and forgets the key, when it no longer authenticates. */
  confirm(key: UnconfirmedKey): Promise<void>;
  /** Forgets a key that a write found refused. */
  forget(hash: string): void;
}
