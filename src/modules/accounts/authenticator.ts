// Bearer keys to an AuthContext: one batched row read per presented key (DataLoader), or the key
// memory for ingestion routes; a key's account status and sandbox clock come with its row.
import DataLoader from 'dataloader';
import type { Db } from '../../db/database.ts';
import type { Authenticator } from '../../core/auth.ts';
import { AppError } from '../../core/errors.ts';
import * as repo from './repository.ts';
import { hashKey, parseKey } from './keys.ts';
import { KeyMemory, type KeyFacts } from './key-memory.ts';
import type { AccountRow } from './tables.ts';

export type { AuthContext, Authenticator, UnconfirmedKey } from '../../core/auth.ts';

/** What the database says of a presented key: live, or why it does not authenticate (its account's status last). */
export type KeyState = 'live' | KeyRefusedState;
export type KeyRefusedState = 'unknown' | 'revoked' | Exclude<AccountRow['status'], 'active'>;

/** The answer to a key that does not authenticate. */
export function keyRefusal(state: KeyRefusedState): AppError {
  switch (state) {
    case 'unknown':
      return new AppError('unauthorized', 'The API key is not valid.');
    case 'revoked':
      return new AppError('unauthorized', 'The API key was revoked.');
    default:
      return new AppError('forbidden', `The account is ${state}.`);
  }
}

function keyStateOf(row: repo.KeyWithAccountStatus | undefined): KeyState {
  if (!row) return 'unknown';
  if (row.revoked_at) return 'revoked';
  return row.account_status === 'active' ? 'live' : row.account_status;
}

/**
 * Resolves bearer keys. Keys of requests that arrive in the same turn of the event loop are looked
 * up in one query (DataLoader, no cache): every lookup reads the key's row.
 */
export function createAuthenticator(db: Db, memory = new KeyMemory()): Authenticator {
  const loader = new DataLoader<string, repo.KeyWithAccountStatus | undefined>(
    async (hashes) => {
      // Without a cache DataLoader passes one hash per request; concurrent requests mostly present
      // the same key, so each distinct one is asked for once (28 hashes, 1 distinct, per query
      // under single-event load: 27 rows fewer to send and parse).
      const rows = new Map((await repo.findKeysByHashes(db, [...new Set(hashes)])).map((row) => [row.key_hash, row]));
      return hashes.map((hash) => rows.get(hash));
    },
    // setImmediate, not the default nextTick: requests read from different sockets in one turn of
    // the event loop then share a query.
    { cache: false, maxBatchSize: 500, batchScheduleFn: (callback) => setImmediate(callback) },
  );

  /** The key's facts, from its row read now; throws when it does not authenticate. */
  async function lookUp(hash: string): Promise<KeyFacts & { sandboxClock: Date | null }> {
    const row = await loader.load(hash);
    const state = keyStateOf(row);
    if (state !== 'live') throw keyRefusal(state);
    const sandboxClock = row!.environment === 'sandbox' ? row!.sandbox_clock : null;
    return { keyId: row!.id, keyType: row!.type, accountId: row!.account_id, environment: row!.environment, scopes: row!.scopes, sandboxClock };
  }

  function hashOf(presented: string): string {
    if (!parseKey(presented)) throw new AppError('unauthorized', 'The API key is malformed. Send "Authorization: Bearer sk_test_..." or sk_live_.');
    return hashKey(presented);
  }

  return {
    async authenticate(presented) {
      return { ...(await lookUp(hashOf(presented))), unconfirmed: null };
    },
    async authenticateFromMemory(presented) {
      const hash = hashOf(presented);
      const known = memory.get(hash);
      if (known) return { ...known, sandboxClock: null, unconfirmed: { hash, state: 'unconfirmed' } };
      const { sandboxClock, ...facts } = await lookUp(hash);
      // A key whose account has a sandbox test clock is read every time: the clock moves (B6).
      if (!sandboxClock) memory.remember(hash, facts);
      return { ...facts, sandboxClock, unconfirmed: null };
    },
    async confirm(key) {
      try {
        if ((await lookUp(key.hash)).sandboxClock) memory.forget(key.hash);
        key.state = 'live';
      } catch (error) {
        if (error instanceof AppError) {
          key.state = 'refused';
          memory.forget(key.hash);
        }
        throw error;
      }
    },
    forget(hash) {
      memory.forget(hash);
    },
  };
}
