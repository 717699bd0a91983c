// Once per `npm test` on embedded PGlite: initdb and every migration run here, once, and the
// migrated cluster is saved as a tarball; each test file's database opens a copy of it in memory
// (test/harness.ts openTestDatabase). initdb in a fresh worker process took about 2 s of every
// file's start; opening the copy takes about 0.7 s. On PostgreSQL (DATABASE_URL) nothing happens
// here: each file migrates its own schema.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { adminQuery } from './harness.ts';

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

/** The schemas of this run the workers still kept, and any a crashed worker left. */
async function dropSchemas(url: string, prefix: string): Promise<void> {
  await adminQuery(
    url,
    `do $$ declare name text; begin
       for name in select nspname from pg_namespace where starts_with(nspname, '${prefix}') loop
         execute format('drop schema %I cascade', name);
       end loop;
     end $$`,
  );
}
