// Starts the service: settings, database (PostgreSQL or embedded), migrations, HTTP server.
import { ConfigError, loadConfig } from './config.ts';
import { startApp } from './server.ts';
import { ensureDevelopmentAccount } from './dev-account.ts';
import { startBackgroundJobs } from './background.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, database } = await startApp(config);
  if (!config.databaseUrl) {
    const key = await ensureDevelopmentAccount(app.deps.db, config.dataDir, app.deps.clock.now());
    if (key) app.log.info(`Development account created. Sandbox secret key: ${key}`);
  }
  const jobs = await startBackgroundJobs(app.deps, database, app.log);
  // A connection burst (clients opening hundreds of connections at once while the event loop is
  // busy) can overflow Node's default accept queue of 511: the kernel drops the SYNs and those
  // clients wait for TCP's 1 s retransmission. The kernel caps this at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  app.log.info(`Database: ${config.databaseUrl ? 'PostgreSQL' : `embedded (${config.dataDir})`}. API reference at ${config.baseUrl}/docs`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    // Jobs running finish (up to 10 s) before the database closes; the rest wait for the next process.
    await jobs.stop();
    // close() stops accepting connections, waits for in-flight requests, then closes the database.
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  // Another process on the embedded database is an operator's situation, not a crash: no stack.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
