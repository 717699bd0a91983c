// An enrollment's usage lock, one name for every holder: ingestion (metering_ingest_v7 tries it
// shared as 'usage:' || id) and rate card changes hold it shared until they commit; an invoice of
// the enrollment's usage holds it exclusively from its cut-off to commit, so the two take turns.
import { sql } from 'kysely';
import type { Executor } from './database.ts';

export async function lockUsage(tx: Executor, enrollmentId: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const name = `usage:${enrollmentId}`;
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(hashtextextended(${name}, 0))`.execute(tx);
  else await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(tx);
}
