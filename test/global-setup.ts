// Once per `npm test` on embedded PGlite: initdb and every migration run here, once, and the
// migrated cluster is saved as a tarball; each test file's database opens a copy of it in memory
// (test/harness.ts openTestDatabase). initdb in a fresh worker process took about 2 s of every
// file's start; opening the copy takes about 0.7 s. On PostgreSQL (DATABASE_URL) nothing happens
// here: each file migrates its own schema.
//
// On both databases, the service and the CLI are bundled once (scripts/bundle.ts) for the tests that
// start them as child processes: a start from the bundle reads one file, where `--import tsx`
// transformed and loaded about 1,500 (a service's restart 5.4 s -> 2.5 s, a CLI command 1.2 s ->
// 0.3 s; docs/decisions/operations.md, "The suite's time").
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { bundle } from '../scripts/bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite cluster's tarball, or '' on PostgreSQL. */
    pgliteDump: string;
    /** PostgreSQL: the prefix of this run's schemas, dropped when the run ends (workers keep theirs: test/database-pool.ts). */
    schemaPrefix: string;
    /** The folder of this run's bundle of src/main.ts (main.js) and src/cli.ts (cli.js). */
    serviceBundle: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  // esbuild bundles in its own process while this one migrates the embedded database.
  const [bundled, migrated] = await Promise.allSettled([bundleForChildProcesses(), url ? null : migratedPgliteDump()]);
  if (bundled.status === 'rejected' || migrated.status === 'rejected') {
    // One failed: remove what the other made, then fail the run with the first error.
    if (bundled.status === 'fulfilled') await rm(bundled.value, { recursive: true, force: true });
    if (migrated.status === 'fulfilled' && migrated.value) await rm(migrated.value.folder, { recursive: true, force: true });
    throw bundled.status === 'rejected' ? bundled.reason : migrated.status === 'rejected' ? migrated.reason : undefined;
  }
  const bundleFolder = bundled.value;
  const database = migrated.value;
  project.provide('serviceBundle', bundleFolder);
  project.provide('pgliteDump', database?.file ?? '');
  if (url) {
    const prefix = `test_${randomBytes(4).toString('hex')}_`;
    project.provide('schemaPrefix', prefix);
    return async () => {
      await dropSchemas(url, prefix);
      await rm(bundleFolder, { recursive: true, force: true });
    };
  }
  project.provide('schemaPrefix', '');
  return async () => {
    await rm(database!.folder, { recursive: true, force: true });
    await rm(bundleFolder, { recursive: true, force: true });
  };
}

/** initdb and every migration on an embedded database, saved as a tarball in a folder of this run. */
async function migratedPgliteDump(): Promise<{ folder: string; file: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'test-pglite-'));
  const handle = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  try {
    await migrate(handle);
    const file = join(folder, 'migrated.tar.gz');
    await writeFile(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    return { folder, file };
  } finally {
    await handle.close();
  }
}

/**
 * Bundles src/main.ts and src/cli.ts into a folder of this run under node_modules/.cache (the
 * packages left outside the bundle resolve from there). Bundled code finds its neighbours
 * (migrations, package.json) at the sources' own places.
 */
async function bundleForChildProcesses(): Promise<string> {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const folder = join(root, 'node_modules', '.cache', `test-bundle-${randomBytes(4).toString('hex')}`);
  await bundle({ entryPoints: { main: join(root, 'src/main.ts'), cli: join(root, 'src/cli.ts') }, outdir: folder, placeOf: (path) => path });
  return folder;
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
