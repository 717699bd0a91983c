// Forward-only SQL migrations, applied in file-name order at start. An advisory lock lets several
// processes start at once on one PostgreSQL: one applies, the others wait and find nothing to do.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { DatabaseHandle } from './database.ts';
import { applyFunctions, FUNCTIONS_DIR } from './functions.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_LOCK = 728431001;
/** A migration's file name: its number, then its name (README.md of migrations/ has the rules). */
export const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

/** Where migrate reads its files: this module's folders unless told otherwise (migrations.test.ts replays old texts). */
export interface MigrationSources {
  migrations?: string;
  /** null: no stored functions, as migrate did before migration 0013 made src/db/functions/. */
  functions?: string | null;
}

/**
 * Applies the migrations not yet applied, then the stored functions whose text changed; returns their file names.
 * `onPending` hears how many migrations are about to run (a start says so before a long wait).
 */
export async function migrate(handle: DatabaseHandle, sources: MigrationSources = {}, onPending?: (count: number) => void): Promise<string[]> {
  const migrationsDir = sources.migrations ?? MIGRATIONS_DIR;
  const files = readdirSync(migrationsDir).filter((f) => MIGRATION_FILE.test(f)).sort();
  return handle.withScriptRunner(async (run) => {
    await run(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await run('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
      const applied = new Set((await run('select name from schema_migrations')).map((r) => String(r.name)));
      const ran: string[] = [];
      onPending?.(files.filter((file) => !applied.has(file)).length);
      for (const file of files) {
        if (applied.has(file)) continue;
        const text = readFileSync(join(migrationsDir, file), 'utf8');
        // File names are checked above, so the name can be inlined safely.
        try {
          await run(`begin;\n${text}\n;insert into schema_migrations (name) values ('${file}');\ncommit;`);
        } catch (error) {
          await run('rollback');
          throw new Error(`migration ${file} failed: ${(error as Error).message}`);
        }
        ran.push(file);
      }
      // The stored functions after the migrations they rely on, under the same lock (db/functions.ts).
      if (sources.functions !== null) ran.push(...(await applyFunctions(run, sources.functions ?? FUNCTIONS_DIR)));
      return ran;
    } finally {
      await run(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
