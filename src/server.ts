// Opens the database, applies migrations and builds the app: shared by main.ts and the tests.
import type { Config } from './config.ts';
import { buildApp, type BuildOptions } from './app.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { wireAreas } from './wiring.ts';

/** Also wires the areas (src/wiring.ts): the CLI's use cases run without an app. */
export async function openMigratedDatabase(config: Config, schema?: string): Promise<DatabaseHandle> {
  wireAreas();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    schema,
    timeouts: config.databaseTimeouts,
  });
  await migrate(database);
  return database;
}

export async function startApp(config: Config, options: Omit<BuildOptions, 'config' | 'database'> = {}) {
  const database = await openMigratedDatabase(config);
  const app = await buildApp({ config, database, ...options });
  app.addHook('onClose', async () => database.close());
  return { app, database };
}
