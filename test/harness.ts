// Test harness: a fresh database per test file (embedded PGlite in memory, or a new schema on the
// PostgreSQL of DATABASE_URL), the real app on top, and a small client around app.inject.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { LookupFunction } from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Clock } from '../src/core/clock.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { lendDatabase, type TestDatabase } from './database-pool.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const usingPostgres = Boolean(process.env.DATABASE_URL);
export const usingRedis = Boolean(process.env.REDIS_URL);

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestContext {
  app: TestApp;
  database: DatabaseHandle;
  config: Config;
  client: ApiClient;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Reuse an existing database (a second app on the same data, as a second process would). */
  database?: DatabaseHandle;
  /** DNS lookup for webhook URL checks. */
  webhookLookup?: LookupFunction;
  /** Fastify's logger option (default false: silent). */
  logger?: boolean | object;
}

/** A migrated, empty database of the kind this run tests (kept per worker: test/database-pool.ts). */
export async function openTestDatabase(): Promise<TestDatabase> {
  return lendDatabase(openNewTestDatabase);
}

async function openNewTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL ?? null;
  if (!url) {
    // A copy of the run's migrated cluster (test/global-setup.ts); migrate then finds nothing to do.
    const dump = inject('pgliteDump');
    const memoryFrom = dump ? await dumpBlob(dump) : undefined;
    const handle = await openDatabase({ databaseUrl: null, dataDir: 'memory://', ...(memoryFrom ? { memoryFrom } : {}) });
    await migrate(handle);
    return { ...handle, drop: () => handle.close() };
  }
  const schema = `${inject('schemaPrefix') || 'test_'}${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', schema, poolSize: 10 });
  await migrate(handle);
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      await adminQuery(url, `drop schema ${schema} cascade`);
    },
  };
}

let dumpRead: Promise<Blob> | undefined;
const dumpBlob = (file: string) => (dumpRead ??= readFile(file).then((bytes) => new Blob([bytes])));

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Rate limits on a shared Redis are counted apart: no leftovers of earlier runs (testConfig's default). */
const REDIS_PREFIX = `test-${randomUUID().slice(0, 8)}:`;

/**
 * Each test app counts its rate limits under its own Redis prefix, shared only with the apps a file
 * starts on the same database (two processes of one service). A worker runs many files in one
 * module registry (vitest.config.ts, isolate: false), so a prefix per module would carry one
 * file's sign-in lockout (15 minutes) into the next file that signs in as the same email.
 */
const redisPrefixes = new WeakMap<object, string>();

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    RATE_LIMIT_SANDBOX_PER_SECOND: '100000',
    RATE_LIMIT_PRODUCTION_PER_SECOND: '100000',
    RATE_LIMIT_PUBLIC_PER_SECOND: '100000',
    KEYLESS_BUDGET_PER_ADDRESS: '10000000',
    KEYLESS_BUDGET_PER_SELLER: '10000000',
    KEYLESS_BUDGET_TOTAL: '10000000',
    // Webhook URLs are not resolved (no DNS in tests): the SSRF tests turn this off explicitly.
    WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: REDIS_PREFIX } : {}),
    ...env,
  });
}

export async function startTestApp(options: StartOptions = {}): Promise<TestContext> {
  const owned = options.database ? null : await openTestDatabase();
  const database = options.database ?? owned!;
  if (owned) redisPrefixes.set(database, `test-${randomUUID().slice(0, 8)}:`);
  const prefix = redisPrefixes.get(database);
  const config = testConfig({ ...(process.env.REDIS_URL && prefix ? { REDIS_KEY_PREFIX: prefix } : {}), ...options.env });
  const app = await buildApp({ config, database, clock: options.clock, logger: options.logger ?? false, webhookLookup: options.webhookLookup });
  await app.ready();
  return {
    app,
    database,
    config,
    client: new ApiClient(app),
    close: async () => {
      await app.close();
      if (owned) await owned.drop();
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  raw: string;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Idempotency-Key to send; writes get a random one unless this is `null`. */
  idempotencyKey?: string | null;
  headers?: Record<string, string>;
}

export class ApiClient {
  constructor(private readonly app: TestApp) {}

  async request<T = any>(method: string, url: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    const isWrite = method !== 'GET' && method !== 'HEAD';
    if (isWrite && options.idempotencyKey !== null) headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
    const response = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    let body: unknown = undefined;
    try {
      body = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      body = response.body;
    }
    return { status: response.statusCode, body: body as T, raw: response.body, headers: response.headers };
  }

  get<T = any>(url: string, key: string | null, options: Omit<RequestOptions, 'key'> = {}) {
    return this.request<T>('GET', url, { ...options, key });
  }
  post<T = any>(url: string, key: string | null, body?: unknown, options: Omit<RequestOptions, 'key' | 'body'> = {}) {
    return this.request<T>('POST', url, { ...options, key, body });
  }
  patch<T = any>(url: string, key: string | null, body?: unknown, options: Omit<RequestOptions, 'key' | 'body'> = {}) {
    return this.request<T>('PATCH', url, { ...options, key, body });
  }
  put<T = any>(url: string, key: string | null, body?: unknown, options: Omit<RequestOptions, 'key' | 'body'> = {}) {
    return this.request<T>('PUT', url, { ...options, key, body });
  }
  delete<T = any>(url: string, key: string | null, options: Omit<RequestOptions, 'key'> = {}) {
    return this.request<T>('DELETE', url, { ...options, key });
  }
}

export interface SeededAccount {
  id: string;
  slug: string;
  /** Sandbox secret key (sk_test_). */
  key: string;
  /** Production secret key (sk_live_). */
  liveKey: string;
  publishableKey: string;
  livePublishableKey: string;
}

/** A new account through the operator API, as every test seeds its own tenant. */
export async function seedAccount(client: ApiClient, name = 'Test account'): Promise<SeededAccount> {
  const res = await client.post('/admin/accounts', ADMIN_TOKEN, { name });
  if (res.status !== 201) throw new Error(`seedAccount failed: ${res.status} ${res.raw}`);
  const keys = res.body.keys as Array<{ type: string; environment: string; key: string }>;
  const find = (type: string, environment: string) => keys.find((k) => k.type === type && k.environment === environment)!.key;
  return {
    id: res.body.account.id,
    slug: res.body.account.slug,
    key: find('secret', 'sandbox'),
    liveKey: find('secret', 'production'),
    publishableKey: find('publishable', 'sandbox'),
    livePublishableKey: find('publishable', 'production'),
  };
}
