// Once per `npm test` on embedded PGlite: initdb and every migration run here, once, and the
// migrated cluster is saved as a tarball; each test file's database opens a copy of it in memory
// (test/harness.ts openTestDatabase). initdb in a fresh worker process took about 2 s of every
// file's start; opening the copy takes about 0.7 s. On PostgreSQL (DATABASE_URL) nothing happens
// here: each file migrates its own schema.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite cluster's tarball, or '' on PostgreSQL. */
    pgliteDump: string;
    /** PostgreSQL: the prefix of this run's schemas, dropped when the run ends (workers keep theirs: test/database-pool.ts). */
    schemaPrefix: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const prefix = `test_${randomBytes(4).toString('hex')}_`;
    project.provide('pgliteDump', '');
    project.provide('schemaPrefix', prefix);
    return () => dropSchemas(url, prefix);
  }
  project.provide('schemaPrefix', '');
  const folder = await mkdtemp(join(tmpdir(), 'test-pglite-'));
  const handle = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  try {
    await migrate(handle);
    const file = join(folder, 'migrated.tar.gz');
    await writeFile(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    project.provide('pgliteDump', file);
  } finally {
    await handle.close();
  }
  return () => rm(folder, { recursive: true, force: true });
}

/**
 * The schemas of this run the workers still kept, and any a crashed worker left. Each is dropped in
 * its own transaction: one transaction dropping them all takes a lock per table of every schema
 * and, with three workers' pools, ran out of shared memory (max_locks_per_transaction).
 */
async function dropSchemas(url: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('select nspname as name from pg_namespace where starts_with(nspname, $1)', [prefix]);
    for (const { name } of rows) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
  } finally {
    await client.end();
  }
}
