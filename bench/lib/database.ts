// The benchmark's own database access: a fresh PostgreSQL database per run (dropped at the end,
// even on failure), and one small query interface over pg and PGlite, so seeding and the
// correctness checks are the same SQL on both.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

export function postgresSql(url: string): Sql {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as Row[];
    },
    close: () => pool.end(),
  };
}

/** Opens the embedded database of a stopped service (PGlite allows one process at a time). */
export async function pgliteSql(dataDir: string): Promise<Sql> {
  const db = await PGlite.create(dataDir);
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      return (await db.query<Row>(text, params)).rows;
    },
    close: () => db.close(),
  };
}

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates `bench_<random>` next to the database of `serverUrl`; durability settings are the server's. */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // `with (force)` ends connections a killed server may have left behind.
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface PostgresFacts {
  version: string;
  fsync: string;
  synchronousCommit: string;
  sharedBuffers: string;
}

export async function postgresFacts(sql: Sql): Promise<PostgresFacts> {
  const [row] = await sql.query<{ version: string; fsync: string; sc: string; sb: string }>(
    `select current_setting('server_version') as version, current_setting('fsync') as fsync,
            current_setting('synchronous_commit') as sc, current_setting('shared_buffers') as sb`,
  );
  return { version: row!.version, fsync: row!.fsync, synchronousCommit: row!.sc, sharedBuffers: row!.sb };
}
