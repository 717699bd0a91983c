// Deleting expired Idempotency-Key records in bounded chunks. Stored batch answers are large (see
// docs/metering.md, "Stored answers: sizing"), and a day of them expiring together in one delete
// would hold its locks, its WAL and its dead rows in one long transaction; a chunk per statement
// lets autovacuum and the other writers keep up between chunks.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Records deleted per statement. */
export const PURGE_CHUNK_ROWS = 5_000;

export interface PurgeResult {
  removed: number;
  /** Delete statements run (each its own transaction). */
  chunks: number;
}

/** Deletes every record expired at `now`, at most `chunkRows` per statement, until none is left. */
export async function purgeExpiredKeys(db: Db, now: Date, chunkRows: number = PURGE_CHUNK_ROWS): Promise<PurgeResult> {
  let removed = 0;
  let chunks = 0;
  for (;;) {
    // The oldest first, found through the expiry index; each statement is its own transaction.
    const result = await sql`
      delete from idempotency_keys where (scope, key) in (
        select scope, key from idempotency_keys where expires_at <= ${now} order by expires_at limit ${chunkRows}
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    chunks += 1;
    removed += deleted;
    if (deleted < chunkRows) return { removed, chunks };
  }
}
