// Starts the service: settings, database (PostgreSQL or embedded), migrations, HTTP server.
import { ConfigError, loadConfig } from './config.ts';
import { startApp } from './server.ts';
import { DEV_OWNER_EMAIL, ensureDevelopmentAccount } from './dev-account.ts';
import { startBackgroundJobs } from './background.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { startOutput } from './start-output.ts';

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
  // Plain lines on a terminal, JSON lines otherwise (src/start-output.ts).
  const output = startOutput({ level: config.logLevel, format: config.logFormat, isTTY: process.stdout.isTTY === true });
  const { app, database } = await startApp(config, { logger: output.logger, progress: output.step });
  let account = null;
  if (!config.databaseUrl) account = await ensureDevelopmentAccount(app.deps.db, config.dataDir, config.baseUrl, app.deps.clock.now());
  const jobs = await startBackgroundJobs(app.deps, database, app.log);
  // A connection burst (clients opening hundreds of connections at once while the event loop is
  // busy) can overflow Node's default accept queue of 511: the kernel drops the SYNs and those
  // clients wait for TCP's 1 s retransmission. The kernel caps this at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });

  const base = config.baseUrl;
  output.step(`Ready: ${base}`, { url: base, docs: `${base}/docs`, openapi: `${base}/openapi.json` });
  output.detail(`  Start page      ${base}/`);
  output.detail(`  API reference   ${base}/docs`);
  output.detail(`  OpenAPI         ${base}/openapi.json`);
  if (account?.sandboxKey) output.step(`Development account created. Sandbox secret key: ${account.sandboxKey}`, { devAccountFile: account.file });
  if (account?.ownerSignInUrl) output.step(`Dashboard owner ${DEV_OWNER_EMAIL}: sign in once (24 hours) at ${account.ownerSignInUrl}`, { dashboardSignInUrl: account.ownerSignInUrl });
  if (account?.file) output.detail(`  Every key of the development account is in ${account.file} (readable by you only).`);

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
