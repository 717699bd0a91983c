// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite in a folder.
// Both speak the same SQL, so every query and migration runs unchanged on either.
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { seedFromTemplate } from './pglite-template.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** What repositories take as their first argument: the root handle or an open transaction. */
export type Executor = Db | Tx;

/** Runs multi-statement SQL text (migrations) on one dedicated connection. */
export type ScriptRunner = (text: string) => Promise<Array<Record<string, unknown>>>;

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Lends one connection that accepts whole SQL scripts; used by migrations, not by requests. */
  withScriptRunner<T>(work: (run: ScriptRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL schema to use instead of `public` (tests isolate themselves this way). */
  schema?: string;
  /** PostgreSQL: statement_timeout and lock_timeout of every pooled connection, in ms (0: none). */
  timeouts?: DatabaseTimeouts;
}

export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
}

/**
 * No request waits without bound: a statement running past statementMs, or a lock not granted
 * within lockMs, fails (57014 / 55P03; the HTTP layer answers 503 with Retry-After). PGlite accepts
 * both settings but enforces neither; it has one connection, so it never waits for a lock anyway.
 */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementMs: 30_000, lockMs: 5_000 };

const INT8_OID = 20;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.schema, options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number, schema: string | undefined, timeouts: DatabaseTimeouts): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Sent at connection start (0 sends nothing: the server's default, no limit).
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its server emits 'error'; log-and-replace instead of crashing the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    async withScriptRunner(work) {
      const client = await pool.connect();
      try {
        // Migrations may build indexes for minutes and wait for another process's migration lock.
        await client.query('set statement_timeout = 0; set lock_timeout = 0');
        // Without parameters node-postgres uses the simple protocol, which accepts several statements.
        return await work(async (text) => {
          const result = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(result) ? result[result.length - 1] : result;
          return (last?.rows ?? []) as Array<Record<string, unknown>>;
        });
      } finally {
        // Back to the connection's start values before the pool lends it to requests.
        await client.query('reset statement_timeout; reset lock_timeout').catch(() => undefined);
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // One process at a time on a folder (src/db/data-dir-lock.ts); held until close.
  const lock = inMemory ? null : lockDataDir(dataDir);
  let client: PGlite;
  try {
    if (!inMemory) seedFromTemplate(dataDir);
    // Same value types as node-postgres: int8 as a string (numeric already is one).
    client = await PGlite.create({ dataDir: inMemory ? undefined : dataDir, parsers: { [INT8_OID]: (value: string) => value } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    async withScriptRunner(work) {
      return work(async (text) => {
        const results = await client.exec(text);
        return (results[results.length - 1]?.rows ?? []) as Array<Record<string, unknown>>;
      });
    },
    close: async () => {
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
