// Opens the database, applies migrations and builds the app: shared by main.ts and the tests.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';
import { buildApp, type BuildOptions } from './app.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { wireAreas } from './wiring.ts';

/** A step of opening the database, for a start to print (src/start-output.ts). */
export type StartProgress = (message: string, fields?: Record<string, unknown>) => void;

/** Also wires the areas (src/wiring.ts): the CLI's use cases run without an app. */
export async function openMigratedDatabase(config: Config, schema?: string, progress?: StartProgress): Promise<DatabaseHandle> {
  wireAreas();
  progress?.(...openingStep(config));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    schema,
    timeouts: config.databaseTimeouts,
  });
  const ran = await migrate(database, {}, (count) => {
    if (count > 0) progress?.(`Migrating the database: ${count} migration${count === 1 ? '' : 's'} to apply...`, { migrations: count });
  });
  progress?.('Database ready.', { applied: ran });
  return database;
}

/** What opening the database is about to do: create the embedded one (the long first start), open it, or connect. */
function openingStep(config: Config): [string, Record<string, unknown>] {
  if (config.databaseUrl) return ['Connecting to PostgreSQL...', { database: 'postgresql' }];
  if (config.dataDir.startsWith('memory://')) return ['Creating an in-memory embedded database...', { database: 'embedded', dataDir: config.dataDir }];
  if (existsSync(join(config.dataDir, 'PG_VERSION'))) return [`Opening the embedded database in ${config.dataDir}...`, { database: 'embedded', dataDir: config.dataDir }];
  return [`Creating the embedded database in ${config.dataDir} (first start: this can take a minute)...`, { database: 'embedded', dataDir: config.dataDir, created: true }];
}

export async function startApp(config: Config, options: Omit<BuildOptions, 'config' | 'database'> & { progress?: StartProgress } = {}) {
  const { progress, ...buildOptions } = options;
  const database = await openMigratedDatabase(config, undefined, progress);
  const app = await buildApp({ config, database, ...buildOptions });
  app.addHook('onClose', async () => database.close());
  return { app, database };
}
