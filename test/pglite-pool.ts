// The test files' embedded databases, kept per worker. Opening a copy of the run's migrated dump
// costs about 2 s (unpacking the cluster into memory, then starting PostgreSQL); emptying a
// database a finished file gave back costs about 0.2 s. So a worker keeps the databases its files
// closed, empties them (every table but the migration records, identities restarted, the session
// reset) and lends them to its next files. A database whose schema a test changed (a table,
// function or trigger the migrations did not make) is not lent again: it is closed. Files in the
// `isolated` project start with an empty pool, as each has its own module registry.
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_PARSERS } from '../src/db/database.ts';

const KEPT_TABLES = ['schema_migrations', 'schema_functions'];

/** What the migrations made: relations, functions and triggers, by name and text. */
const SCHEMA_PRINT = `select
  (select md5(string_agg(c.relname::text || c.relkind::text, ',' order by c.relname, c.relkind)) from pg_class c
     join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')) as relations,
  (select md5(string_agg(p.proname::text || md5(p.prosrc), ',' order by p.proname, p.oid)) from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')) as functions,
  (select md5(coalesce(string_agg(t.tgname::text, ',' order by t.tgname), '')) from pg_trigger t where not t.tgisinternal) as triggers`;

const idle: PGlite[] = [];
let dumpBlob: Promise<Blob> | undefined;
let migratedPrint: string | undefined;
let emptyAll: string | undefined;

async function schemaPrint(client: PGlite): Promise<string> {
  return JSON.stringify((await client.query(SCHEMA_PRINT)).rows[0]);
}

/** A migrated, empty database: one a finished file gave back, or a new copy of the dump. */
export async function lendPglite(dumpFile: string): Promise<PGlite> {
  const kept = idle.pop();
  if (kept) return kept;
  dumpBlob ??= readFile(dumpFile).then((bytes) => new Blob([bytes]));
  const client = await PGlite.create({ loadDataDir: await dumpBlob, parsers: PGLITE_PARSERS });
  if (migratedPrint === undefined) {
    migratedPrint = await schemaPrint(client);
    const tables = await client.query<{ name: string }>(
      `select format('%I', tablename) as name from pg_tables where schemaname = 'public' and tablename <> all($1) order by tablename`,
      [KEPT_TABLES],
    );
    emptyAll = `truncate ${tables.rows.map((t) => t.name).join(', ')} restart identity cascade`;
  }
  return client;
}

/** Takes a database back from a finished file: emptied and lent again, or closed if its schema changed. */
export async function returnPglite(client: PGlite): Promise<void> {
  try {
    await client.exec('rollback; discard all;').catch(() => client.exec('discard all'));
    if ((await schemaPrint(client)) !== migratedPrint) throw new Error('schema changed');
    await client.exec(emptyAll!);
    idle.push(client);
  } catch {
    await client.close().catch(() => undefined);
  }
}
