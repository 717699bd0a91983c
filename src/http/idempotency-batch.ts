// Storing the answers of several requests under their Idempotency-Keys in one statement (usage
// ingestion stores the refusals of a commit group this way; its other answers are stored by the
// metering_ingest function in the group's own transaction). Same record as idempotency.ts writes.
import type { Tx } from '../db/database.ts';

export interface ResponseToStore {
  scope: string;
  key: string;
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
    // Only an expired record is replaced: these answers are stored after their request's lock was
    // released, so a retry may have stored its own answer meanwhile, and that one stands.
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet((eb) => ({
          fingerprint: eb.ref('excluded.fingerprint'),
          status_code: eb.ref('excluded.status_code'),
          response_body: eb.ref('excluded.response_body'),
          created_at: eb.ref('excluded.created_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('idempotency_keys.expires_at', '<=', now),
    )
    .execute();
}
