// What this process knows of API keys it authenticated: the facts of a key that never change (its
// id, type, account, environment and scopes), by the hash of the key. Used only on routes whose
// write reads the key's row in its own transaction (route config `keyFromMemory`: usage
// ingestion), so that a request of a busy client does not wait for a lookup of its key before its
// write. What can change (revoked? account still active?) is never remembered: it is read from the
// database for every request, by the write or before the answer leaves (docs/ARCHITECTURE.md,
// "Keys confirmed by the write").
//
// The account's sandbox test clock moves, so a sandbox key whose account has one is never remembered
// (its requests read the clock with the key); one remembered before its account's clock was set is
// found by the write's call ('clocked', metering_ingest_v7 step 0), forgotten, and the request is
// checked again on the clock.
//
// Only keys found live are remembered, so unknown keys cannot fill it. Bounded: past the capacity
// the oldest entry goes (a Map iterates in insertion order).
import type { KeyType } from './tables.ts';
import type { Environment } from '../../core/context.ts';

/** A key's facts that no request can change. */
export interface KeyFacts {
  keyId: string;
  keyType: KeyType;
  accountId: string;
  environment: Environment;
  scopes: readonly string[];
}

/** Keys remembered at most: far above the keys a process sees in use at one time. */
export const KEY_MEMORY_CAPACITY = 10_000;

export class KeyMemory {
  private readonly keys = new Map<string, KeyFacts>();

  constructor(private readonly capacity = KEY_MEMORY_CAPACITY) {}

  get(hash: string): KeyFacts | undefined {
    return this.keys.get(hash);
  }

  /** A key just read from the database and found live. */
  remember(hash: string, facts: KeyFacts): void {
    if (this.keys.has(hash)) return;
    if (this.keys.size >= this.capacity) this.keys.delete(this.keys.keys().next().value!);
    this.keys.set(hash, facts);
  }

  /** A key found revoked, or of an account no longer active: the next request reads it again. */
  forget(hash: string): void {
    this.keys.delete(hash);
  }

  get size(): number {
    return this.keys.size;
  }
}
