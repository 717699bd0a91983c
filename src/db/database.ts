// Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite in a folder.
// Both speak the same SQL, so every query and migration runs unchanged on either.
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import { keepNeededParsers } from './pglite-parsers.ts';
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
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (LISTEN on a dedicated connection, re-opened if
   * lost); resolves once listening, with a function that stops. Channels are database-wide:
   * schemas sharing a database (tests) hear each other's notifications, which costs a wasted wake.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** PGlite: the whole cluster as a gzipped tarball (`memoryFrom` opens a copy of it). */
  dump?(): Promise<Blob>;
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
  /**
   * PGlite in memory: start from this dump (`DatabaseHandle.dump`) instead of running initdb. The
   * tests open every file's database from one migrated dump (test/global-setup.ts).
   */
  memoryFrom?: Blob;
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
  return openPglite(options.dataDir, options.memoryFrom);
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
    listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
    close: () => db.destroy(),
  };
}

const RELISTEN_DELAY_MS = 1_000;

/** LISTEN on its own client (a pooled one would be lent to requests); reconnects after a loss. */
async function listenOnPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', () => onNotify());
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped) return;
      // Lost: listen again after a pause; the workers' polling covers the gap.
      setTimeout(() => void connect().catch(() => undefined), RELISTEN_DELAY_MS).unref();
    });
    await next.connect();
    await next.query(`listen "${channel}"`);
    client = next;
    onNotify(); // anything notified while not listening is picked up now
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

async function openPglite(dataDir: string, memoryFrom?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (memoryFrom && !inMemory) throw new Error('memoryFrom is for an in-memory database');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // One process at a time on a folder (src/db/data-dir-lock.ts); held until close.
  const lock = inMemory ? null : lockDataDir(dataDir);
  let client: PGlite;
  try {
    if (!inMemory) seedFromTemplate(dataDir);
    // Same value types as node-postgres: int8 as a string (numeric already is one).
    const parsers = { [INT8_OID]: (value: string) => value };
    client = await PGlite.create({ dataDir: inMemory ? undefined : dataDir, ...(memoryFrom ? { loadDataDir: memoryFrom } : {}), parsers });
    await keepNeededParsers(client, parsers);
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
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, () => onNotify());
      return async () => {
        await stop().catch(() => undefined); // already closed with the database
      };
    },
    dump: () => client.dumpDataDir('gzip') as Promise<Blob>,
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
