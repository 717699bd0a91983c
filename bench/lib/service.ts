// The real service as a child process (`node --import tsx src/main.ts`, through
// lib/service-entry.ts, which only imports it), on PostgreSQL or on
// embedded PGlite. `withDatabase` gives the benchmark SQL access for seeding and checks: on
// PostgreSQL beside the running service; on PGlite, which one process at a time may open, by
// stopping the service, opening its data folder, and starting the service again.
import { pgliteSql, postgresSql, type Sql } from './database.ts';
import { startServer, type RunningServer } from './processes.ts';
import { ADMIN_TOKEN } from './setup.ts';

export interface ServiceUnderTest {
  kind: 'postgres' | 'pglite';
  readonly url: string;
  withDatabase<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
  /** Null while the service runs; how it died otherwise. */
  exitReport(): string | null;
  /**
   * PGlite only (one process at a time may open it, so no second process can start beside it):
   * restarts the service with these settings added, kept across `withDatabase`; `{}` restores its own.
   */
  restartWith?(env: Record<string, string>): Promise<void>;
}

/** Rate limits far above anything a 2-core machine can send: the benchmark measures the work, not the limiter. */
const SERVICE_ENTRY = 'bench/lib/service-entry.ts';

const NO_RATE_LIMITS = {
  RATE_LIMIT_SANDBOX_PER_SECOND: '100000000',
  RATE_LIMIT_PRODUCTION_PER_SECOND: '100000000',
  RATE_LIMIT_PUBLIC_PER_SECOND: '100000000',
};

function serviceEnv(dataDir: string, poolSize: number, databaseUrl?: string): Record<string, string> {
  return {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    DATABASE_POOL_SIZE: String(poolSize),
    ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    // Scenario 10's webhook receiver listens on 127.0.0.1.
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    ...NO_RATE_LIMITS,
  };
}

/** extra: the name and more settings of another process of the same service. */
export async function startPostgresService(databaseUrl: string, dataDir: string, poolSize: number, extra?: { name: string; env: Record<string, string> }): Promise<ServiceUnderTest> {
  const server = await startServer({
    name: extra?.name ?? 'service (PostgreSQL)',
    script: SERVICE_ENTRY,
    env: { ...serviceEnv(dataDir, poolSize, databaseUrl), ...extra?.env },
    readyPath: '/readyz',
  });
  const sql = postgresSql(databaseUrl);
  return {
    kind: 'postgres',
    url: server.url,
    withDatabase: (work) => work(sql),
    exitReport: () => server.exitReport(),
    async stop() {
      await server.stop();
      await sql.close();
    },
  };
}

export async function startPgliteService(dataDir: string, poolSize: number): Promise<ServiceUnderTest> {
  let extraEnv: Record<string, string> = {};
  const spec = () => ({ name: 'service (PGlite)', script: SERVICE_ENTRY, env: { ...serviceEnv(dataDir, poolSize), ...extraEnv }, readyPath: '/readyz', readyTimeoutMs: 120_000 });
  let server: RunningServer | null = await startServer(spec());
  return {
    kind: 'pglite',
    get url() {
      if (!server) throw new Error('the PGlite service is stopped');
      return server.url;
    },
    async withDatabase(work) {
      await server?.stop();
      server = null;
      const sql = await pgliteSql(dataDir);
      try {
        return await work(sql);
      } finally {
        await sql.close();
        server = await startServer(spec());
      }
    },
    async restartWith(env) {
      await server?.stop();
      server = null;
      extraEnv = env;
      server = await startServer(spec());
    },
    exitReport: () => server?.exitReport() ?? null,
    async stop() {
      await server?.stop();
      server = null;
    },
  };
}
