// The schema's history (src/db/migrations/README.md): each stored function's text is in one file;
// migrations 0008, 0009, 0011 and 0012 no longer carry copies of metering_ingest, and yet a fresh
// install ends with exactly the schema and functions their old texts gave, and a database migrated
// by the old texts (at any point of them) upgrades to the same. The old texts come from git.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../../test/harness.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { FUNCTIONS_DIR } from './functions.ts';
import { migrate, MIGRATION_FILE, MIGRATIONS_DIR, type MigrationSources } from './migrate.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DB_DIR = fileURLToPath(new URL('./', import.meta.url));

/** The last commit to change migrations 0008-0012 while they carried metering_ingest's bodies. */
const OLD_TEXTS_COMMIT = 'd1743bc5038a4955fcb1e83bd5f807a8ef1c2a94';
/** The migrations whose function bodies were taken out. */
const SLIMMED = ['0008_metering_ingest.sql', '0009_metering_ingest_subjects.sql', '0011_metering_ingest_known_resends.sql', '0012_metering_ingest_key_check.sql'];
/** Files of src/db/functions/ whose text came out of those migrations (the old texts create these themselves). */
const MOVED_OUT = ['metering_ingest.sql'];
/** The numbers never used (README.md says why); a gap must not be filled. */
const UNUSED_NUMBERS = ['0014', '0016', '0029', '0030'];

const scratch = mkdtempSync(join(tmpdir(), 'migrations-test-'));
/** The migrations as they were before: today's files, with 0008-0012's texts of OLD_TEXTS_COMMIT. */
const OLD_MIGRATIONS = join(scratch, 'old-migrations');
/** The stored functions the old texts come with: today's, minus the ones those texts created themselves. */
const OLD_FUNCTIONS = join(scratch, 'old-functions');

function oldText(file: string): string {
  try {
    return execFileSync('git', ['show', `${OLD_TEXTS_COMMIT}:src/db/migrations/${file}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`this test reads the old migration texts from git (commit ${OLD_TEXTS_COMMIT}; a shallow clone needs 'git fetch --unshallow'): ${(error as Error).message}`);
  }
}

/** A folder holding the old migrations up to `last` (inclusive; all of them when null). */
function oldMigrationsUpTo(last: string | null): string {
  if (last === null) return OLD_MIGRATIONS;
  const dir = join(scratch, `old-migrations-to-${last}`);
  mkdirSync(dir);
  for (const file of readdirSync(OLD_MIGRATIONS).filter((f) => f.slice(0, 4) <= last)) copyFileSync(join(OLD_MIGRATIONS, file), join(dir, file));
  return dir;
}

type Scratch = DatabaseHandle & { drop(): Promise<void> };

/** An empty database of the kind this run tests (PGlite in memory, or a new schema on DATABASE_URL). */
async function emptyDatabase(): Promise<Scratch> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    return { ...handle, drop: () => handle.close() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', schema, poolSize: 2 });
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await adminQuery(url, `drop schema ${schema} cascade`);
    },
  };
}

async function migrated(sources: MigrationSources): Promise<{ database: Scratch; ran: string[] }> {
  const database = await emptyDatabase();
  try {
    return { database, ran: await migrate(database, sources) };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * What a database's schema holds, one line per object: relations, columns (type, null, collation,
 * default, compression), indexes, constraints, types, triggers, views and functions (argument
 * types, result, language, settings and a digest of the body). Schema names are taken out, so
 * two schemas of one PostgreSQL compare.
 */
async function catalog(database: DatabaseHandle): Promise<string[]> {
  const rows = await sql<{ kind: string; name: string; detail: string | null }>`
    with ns as (select oid from pg_namespace where nspname = current_schema())
    select 'relation' as kind, c.relname::text as name, c.relkind::text as detail
    from pg_class c where c.relnamespace = (select oid from ns) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    union all
    select 'column', c.relname || '.' || a.attname,
      concat_ws(' ', format_type(a.atttypid, a.atttypmod), case when a.attnotnull then 'not null' end, 'collate ' || co.collname,
        'default ' || pg_get_expr(d.adbin, d.adrelid), 'identity ' || nullif(a.attidentity::text, ''),
        'generated ' || nullif(a.attgenerated::text, ''), 'compression ' || nullif(a.attcompression::text, ''))
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    left join pg_collation co on co.oid = a.attcollation
    where c.relnamespace = (select oid from ns) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c') and a.attnum > 0 and not a.attisdropped
    union all
    select 'index', i.relname, pg_get_indexdef(i.oid)
    from pg_index x join pg_class i on i.oid = x.indexrelid where i.relnamespace = (select oid from ns)
    union all
    select 'constraint', coalesce(c.relname, '') || '.' || k.conname, pg_get_constraintdef(k.oid)
    from pg_constraint k left join pg_class c on c.oid = k.conrelid where k.connamespace = (select oid from ns)
    union all
    select 'type', t.typname, t.typtype::text
    from pg_type t where t.typnamespace = (select oid from ns) and t.typtype in ('c', 'e', 'd', 'r', 'm')
      and (t.typrelid = 0 or exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c'))
    union all
    select 'enum', t.typname || '.' || e.enumlabel, e.enumsortorder::text
    from pg_enum e join pg_type t on t.oid = e.enumtypid where t.typnamespace = (select oid from ns)
    union all
    select 'trigger', c.relname || '.' || g.tgname, pg_get_triggerdef(g.oid)
    from pg_trigger g join pg_class c on c.oid = g.tgrelid where c.relnamespace = (select oid from ns) and not g.tgisinternal
    union all
    select 'view', c.relname, pg_get_viewdef(c.oid) from pg_class c where c.relnamespace = (select oid from ns) and c.relkind in ('v', 'm')
    union all
    select 'function', p.proname || '(' || oidvectortypes(p.proargtypes) || ')',
      concat_ws(' ', 'returns ' || pg_get_function_result(p.oid), l.lanname, p.prokind::text, p.provolatile::text, p.proparallel::text,
        case when p.proisstrict then 'strict' end, array_to_string(p.proconfig, ','), 'body ' || md5(p.prosrc))
    from pg_proc p join pg_language l on l.oid = p.prolang where p.pronamespace = (select oid from ns)
  `.execute(database.db);
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s;
  const unqualified = (text: string) => text.replaceAll(`"${schema}".`, '').replaceAll(`${schema}.`, '');
  return rows.rows.map((r) => unqualified(`${r.kind} ${r.name}: ${r.detail ?? ''}`)).sort();
}

/** Function lines of a catalog, without the body digest: which functions exist, and with what signature. */
const functionsOf = (lines: string[]) => lines.filter((l) => l.startsWith('function ')).map((l) => l.slice(0, l.indexOf(': ')));

/** The catalog of a fresh install by the old texts, and by today's files. */
let before: string[];
let after: string[];

beforeAll(async () => {
  mkdirSync(OLD_MIGRATIONS);
  for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => MIGRATION_FILE.test(f))) {
    writeFileSync(join(OLD_MIGRATIONS, file), SLIMMED.includes(file) ? oldText(file) : readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
  }
  mkdirSync(OLD_FUNCTIONS);
  for (const file of readdirSync(FUNCTIONS_DIR).filter((f) => f.endsWith('.sql') && !MOVED_OUT.includes(f))) copyFileSync(join(FUNCTIONS_DIR, file), join(OLD_FUNCTIONS, file));
  before = await catalogOf({ migrations: OLD_MIGRATIONS, functions: OLD_FUNCTIONS });
  after = await catalogOf({});
}, 240_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function catalogOf(sources: MigrationSources): Promise<string[]> {
  const { database } = await migrated(sources);
  try {
    return await catalog(database);
  } finally {
    await database.drop();
  }
}

describe('a fresh install', () => {
  it('read the old texts: 0008-0012 each created a metering_ingest, and 0012’s is the one kept', () => {
    for (const file of SLIMMED) expect(readFileSync(join(OLD_MIGRATIONS, file), 'utf8'), file).toMatch(/^create function metering_ingest\(/m);
    expect(functionsOf(before).filter((f) => f.startsWith('function metering_ingest('))).toHaveLength(1);
  });

  // Nothing is retired by the change: each form the copies created was already dropped by the next migration.
  it('has the tables, columns, indexes, constraints, types and functions (bodies too) the old texts gave', () => {
    expect(after).toEqual(before);
    expect(after.length).toBeGreaterThan(300);
    expect(functionsOf(after)).toEqual(
      expect.arrayContaining([
        'function api_instant(timestamp with time zone)',
        expect.stringMatching(/^function metering_ingest\(/),
        expect.stringMatching(/^function metering_ingest_v5\(/),
        expect.stringMatching(/^function metering_ingest_v6\(/),
        expect.stringMatching(/^function metering_ingest_v7\(/),
      ]),
    );
  });
});

describe('a database migrated by the old texts upgrades to what a fresh install has', () => {
  // Stopped after 0008, 0009, 0011 or 0012 (the previous release; migrate applied no stored-function
  // files yet), or migrated by all of them with today's stored functions but for the moved ones.
  for (const last of ['0008', '0009', '0011', '0012', null]) {
    it(last ? `up to ${last}` : 'all of them, with the stored functions', async () => {
      const old = await migrated({ migrations: oldMigrationsUpTo(last), functions: last ? null : OLD_FUNCTIONS });
      try {
        const ran = await migrate(old.database);
        // The slimmed migrations after the stop run (their drops remove the form the stop left);
        // a database migrated to the end runs only the moved function's file.
        if (last === null) expect(ran).toEqual(MOVED_OUT.map((f) => `functions/${f}`));
        else expect(ran.filter((f) => SLIMMED.includes(f))).toEqual(SLIMMED.filter((f) => f.slice(0, 4) > last));
        expect(await catalog(old.database)).toEqual(after);
        expect(await migrate(old.database)).toEqual([]);
      } finally {
        await old.database.drop();
      }
    }, 120_000);
  }
});

/** Every `create [or replace] function name(args)` of the SQL files under src/db, by file. */
function functionDefinitions(): Array<{ file: string; name: string; signature: string }> {
  const files = [MIGRATIONS_DIR, FUNCTIONS_DIR].flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.sql')).map((f) => join(dir, f)));
  const found: Array<{ file: string; name: string; signature: string }> = [];
  for (const path of files) {
    const text = readFileSync(path, 'utf8').replace(/--[^\n]*/g, '');
    for (const match of text.matchAll(/\bcreate\s+(?:or\s+replace\s+)?function\s+([a-z_][a-z0-9_]*)\s*\(/gi)) {
      const start = match.index + match[0].length;
      let depth = 1;
      let end = start;
      for (; end < text.length && depth > 0; end++) {
        if (text[end] === '(') depth++;
        else if (text[end] === ')') depth--;
      }
      const args = splitTopLevel(text.slice(start, end - 1)).map(argumentType).filter((t) => t !== null);
      const name = match[1]!.toLowerCase();
      found.push({ file: relative(DB_DIR, path), name, signature: `${name}(${args.join(', ')})` });
    }
  }
  return found;
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  if (list.trim()) parts.push(list.slice(start));
  return parts;
}

/** Spellings PostgreSQL prints otherwise (oidvectortypes). */
const TYPE_NAMES: Record<string, string> = {
  int: 'integer',
  int4: 'integer',
  int2: 'smallint',
  int8: 'bigint',
  bool: 'boolean',
  float8: 'double precision',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  varchar: 'character varying',
};

/** The type of one declared argument (`[mode] [name] type [default ...]`); null for an out argument. */
function argumentType(declaration: string): string | null {
  const words = declaration.replace(/\s+(default\b|=).*$/is, '').trim().split(/\s+/);
  const mode = words[0]!.toLowerCase();
  if (mode === 'out') return null;
  if (['in', 'inout', 'variadic'].includes(mode)) words.shift();
  // Every argument here is named, so the type is what follows the name.
  const type = (words.length > 1 ? words.slice(1) : words).join(' ').toLowerCase();
  const array = /(\[\])+$/.exec(type)?.[0] ?? '';
  const base = type.slice(0, type.length - array.length);
  return (TYPE_NAMES[base] ?? base) + array;
}

describe('one text per stored function version', () => {
  const definitions = functionDefinitions();

  it('each function signature is created by exactly one file of src/db', () => {
    const filesOf = new Map<string, string[]>();
    for (const d of definitions) filesOf.set(d.signature, [...(filesOf.get(d.signature) ?? []), d.file]);
    const repeated = [...filesOf].filter(([, files]) => files.length > 1);
    expect(repeated).toEqual([]);
  });

  it('each function name is created by one file: another version takes another name (CONTRIBUTING.md)', () => {
    const filesOf = new Map<string, Set<string>>();
    for (const d of definitions) filesOf.set(d.name, (filesOf.get(d.name) ?? new Set()).add(d.file));
    const repeated = [...filesOf].filter(([, files]) => files.size > 1).map(([name, files]) => [name, [...files]]);
    expect(repeated).toEqual([]);
  });

  it('the scan sees every function a fresh install has', () => {
    const installed = functionsOf(after).map((f) => f.slice('function '.length));
    expect(installed.length).toBeGreaterThan(0);
    expect(definitions.map((d) => d.signature)).toEqual(expect.arrayContaining(installed));
  });
});

describe('migration numbers', () => {
  const numbers = readdirSync(MIGRATIONS_DIR).filter((f) => MIGRATION_FILE.test(f)).map((f) => f.slice(0, 4));

  it('are unique, and the only gaps are the unused numbers README.md explains (never filled)', () => {
    expect(new Set(numbers).size).toBe(numbers.length);
    const highest = Math.max(...numbers.map(Number));
    const missing = Array.from({ length: highest }, (_, i) => String(i + 1).padStart(4, '0')).filter((n) => !numbers.includes(n));
    expect(missing).toEqual(UNUSED_NUMBERS);
    const readme = readFileSync(join(MIGRATIONS_DIR, 'README.md'), 'utf8');
    for (const n of UNUSED_NUMBERS) expect(readme).toContain(n);
  });
});
