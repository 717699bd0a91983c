// The test files' databases, kept per worker. A new one costs 1.5 to 2 s: on PGlite a copy of the
// run's migrated dump is unpacked into memory and PostgreSQL starts; on PostgreSQL a new schema
// runs every migration. Emptying one a finished file gave back costs about 0.2 s. So a worker
// keeps the databases its files closed, empties them (every table but the migration records,
// identities restarted) and lends them to its next files. One whose schema a test changed (a
// table, function or trigger the migrations did not make, a trigger turned off, a migration record
// taken out to replay it) is not lent again: it is dropped. Files of the `isolated` project start
// with an empty pool, as each has its own module registry.
import type { DatabaseHandle } from '../src/db/database.ts';

export type TestDatabase = DatabaseHandle & { drop(): Promise<void> };

const KEPT_TABLES = `'schema_migrations', 'schema_functions'`;

/** What the migrations made in the database's schema (relations, functions and triggers, by name and text) and their records. */
const SCHEMA_PRINT = `select
  (select md5(string_agg(c.relname::text || c.relkind::text, ',' order by c.relname, c.relkind)) from pg_class c
     where c.relnamespace = current_schema()::regnamespace) as relations,
  (select md5(coalesce(string_agg(p.proname::text || md5(p.prosrc), ',' order by p.proname, p.oid), '')) from pg_proc p
     where p.pronamespace = current_schema()::regnamespace) as functions,
  (select md5(coalesce(string_agg(t.tgname::text || t.tgenabled::text, ',' order by t.tgname), '')) from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace) as triggers,
  (select md5(string_agg(name, ',' order by name)) from schema_migrations) as migrations,
  (select md5(coalesce(string_agg(name || sha256, ',' order by name), '')) from schema_functions) as stored_functions`;

const EMPTY_ALL = `select 'truncate ' || string_agg(format('%I', tablename), ', ' order by tablename) || ' restart identity cascade' as statement
  from pg_tables where schemaname = current_schema() and tablename not in (${KEPT_TABLES})`;

interface Pooled {
  database: TestDatabase;
  print: string;
  emptyAll: string;
}

const idle: Pooled[] = [];

/** A migrated, empty database: one a finished file gave back, or a new one from `open`. */
export async function lendDatabase(open: () => Promise<TestDatabase>): Promise<TestDatabase> {
  const pooled = idle.pop() ?? (await fresh(await open()));
  let returned = false;
  return {
    ...pooled.database,
    drop: async () => {
      if (returned) return;
      returned = true;
      await giveBack(pooled);
    },
  };
}

async function fresh(database: TestDatabase): Promise<Pooled> {
  return database.withScriptRunner(async (run) => ({
    database,
    print: JSON.stringify((await run(SCHEMA_PRINT))[0]),
    emptyAll: String((await run(EMPTY_ALL))[0]?.statement),
  }));
}

/** Emptied and kept for the next file, or dropped if its schema changed or it cannot be emptied. */
async function giveBack(pooled: Pooled): Promise<void> {
  try {
    const clean = await pooled.database.withScriptRunner(async (run) => {
      if (pooled.database.kind === 'pglite') await run('discard all'); // its one session: settings, prepared statements, locks
      if (JSON.stringify((await run(SCHEMA_PRINT))[0]) !== pooled.print) return false;
      await run(pooled.emptyAll);
      return true;
    });
    if (clean) {
      idle.push(pooled);
      return;
    }
  } catch {
    // dropped below
  }
  await pooled.database.drop().catch(() => undefined);
}
