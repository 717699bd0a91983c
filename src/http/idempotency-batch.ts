// Set-based idempotency for commit groups (usage ingestion): the same rules as idempotency.ts, but
// one statement checks, locks or stores the keys of every request in the group.
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import { lockNameOf } from './idempotency.ts';

export interface KeyRef {
  scope: string;
  key: string;
}

export interface StoredResponse {
  fingerprint: string;
  status_code: number;
  response_body: string;
  expires_at: Date;
}

/** Transaction-scoped advisory locks on each (scope, key); false where another transaction holds it. */
export async function tryLockKeys(tx: Tx, lockNames: string[]): Promise<boolean[]> {
  const result = await sql<{ ok: boolean }>`
    select pg_try_advisory_xact_lock(hashtextextended(name, 0)) as ok
    from unnest(${lockNames}::text[]) with ordinality as t(name, n) order by n`.execute(tx);
  return result.rows.map((r) => r.ok);
}

export async function findStoredResponses(tx: Tx, refs: KeyRef[]): Promise<Map<string, StoredResponse>> {
  const found = new Map<string, StoredResponse>();
  if (refs.length === 0) return found;
  const result = await sql<StoredResponse & KeyRef>`
    select k.scope, k.key, k.fingerprint, k.status_code, k.response_body, k.expires_at
    from unnest(${refs.map((r) => r.scope)}::text[], ${refs.map((r) => r.key)}::text[]) as r(scope, key)
    join idempotency_keys k on k.scope = r.scope and k.key = r.key`.execute(tx);
  for (const row of result.rows) found.set(lockNameOf(row.scope, row.key), row);
  return found;
}

export interface ResponseToStore extends KeyRef {
  fingerprint: string;
  status: number;
  body: string;
}

export async function storeResponses(tx: Tx, rows: ResponseToStore[], now: Date, expiresAt: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('idempotency_keys')
    .values(
      rows.map((r) => ({
        scope: r.scope,
        key: r.key,
        fingerprint: r.fingerprint,
        status_code: r.status,
        response_body: r.body,
        created_at: now,
        expires_at: expiresAt,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['scope', 'key']).doUpdateSet((eb) => ({
        fingerprint: eb.ref('excluded.fingerprint'),
        status_code: eb.ref('excluded.status_code'),
        response_body: eb.ref('excluded.response_body'),
        created_at: eb.ref('excluded.created_at'),
        expires_at: eb.ref('excluded.expires_at'),
      })),
    )
    .execute();
}
