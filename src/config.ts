// Settings come from the environment only, and are checked once at start with clear messages.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DEFAULT_DATABASE_TIMEOUTS } from './db/database.ts';
import { StorageEnv, storageConfig, type StorageConfig } from './storage-config.ts';
import { parseTrustProxy, type TrustProxy } from './core/trust-proxy.ts';

const Port = Type.Integer({ minimum: 0, maximum: 65535 });
const Positive = Type.Integer({ minimum: 1 });
/** "billing@example.com" or "Example Billing <billing@example.com>". */
/** 32 bytes in base64 (44 characters with padding). */
const BASE64_KEY = '^[A-Za-z0-9+/]{43}=$';
const MAIL_FROM_PATTERN = '^([^<>@\\r\\n]+ <[^\\s<>@]+@[^\\s<>@]+>|[^\\s<>@]+@[^\\s<>@]+)$';

const EnvSchema = Type.Object({
  PORT: Type.Optional(Port),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  BASE_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+[^/\\s]$' })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_POOL_SIZE: Type.Optional(Positive),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  REDIS_KEY_PREFIX: Type.Optional(Type.String({ maxLength: 100 })),
  ADMIN_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  LOG_LEVEL: Type.Optional(Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)))),
  // pretty: plain lines for people; json: pino's lines. Default: pretty on a terminal (src/start-output.ts).
  LOG_FORMAT: Type.Optional(Type.Union([Type.Literal('pretty'), Type.Literal('json')])),
  IDEMPOTENCY_RETENTION_HOURS: Type.Optional(Positive),
  RATE_LIMIT_SANDBOX_PER_SECOND: Type.Optional(Positive),
  RATE_LIMIT_PRODUCTION_PER_SECOND: Type.Optional(Positive),
  RATE_LIMIT_PUBLIC_PER_SECOND: Type.Optional(Positive),
  TEST_ACCOUNTS_PER_HOUR: Type.Optional(Positive),
  TEST_ACCOUNTS_TOTAL_PER_HOUR: Type.Optional(Positive),
  DASHBOARD_SIGN_IN_ATTEMPTS: Type.Optional(Positive),
  KEYLESS_BUDGET_PER_ADDRESS: Type.Optional(Positive),
  KEYLESS_BUDGET_PER_SELLER: Type.Optional(Positive),
  KEYLESS_BUDGET_TOTAL: Type.Optional(Positive),
  KEYLESS_BUDGET_WINDOW_SECONDS: Type.Optional(Type.Integer({ minimum: 1, maximum: 3600 })),
  KEYLESS_REFUSAL_DELAY_MS: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  KEYLESS_WRITES_AT_ONCE: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  BODY_LIMIT_BYTES: Type.Optional(Positive),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^\\s]+$' })),
  MAIL_FROM: Type.Optional(Type.String({ pattern: MAIL_FROM_PATTERN, maxLength: 320 })),
  METERING_BATCH_MAX_EVENTS: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  METERING_BATCH_MAX_BYTES: Type.Optional(Positive),
  METERING_WRITE_GROUPS: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
  METERING_QUEUE_MAX_EVENTS: Type.Optional(Positive),
  METERING_USAGE_LOCK_WAIT_MS: Type.Optional(Type.Integer({ minimum: 0, maximum: 600_000 })),
  // Database waits (PostgreSQL; milliseconds, 0 for no limit).
  DATABASE_STATEMENT_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 0 })),
  DATABASE_LOCK_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 0 })),
  ...StorageEnv.properties,
  // Operations: see src/core/trust-proxy.ts.
  TRUST_PROXY: Type.Optional(Type.String()),
  // Background jobs (src/jobs/) and webhooks (docs/webhooks.md).
  JOBS_CONCURRENCY: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  JOBS_POLL_MS: Type.Optional(Type.Integer({ minimum: 50, maximum: 600_000 })),
  JOBS_LEASE_SECONDS: Type.Optional(Type.Integer({ minimum: 15, maximum: 86_400 })),
  // Fairness (docs/reliability.md): jobs of one account, and deliveries to one endpoint, at once over all processes.
  JOBS_ACCOUNT_SHARE: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  WEBHOOKS_ENDPOINT_CONCURRENCY: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  SUBSCRIPTION_BATCHES: Type.Optional(Type.Union([Type.Literal('on'), Type.Literal('off')])),
  // Processor connections (docs/providers.md): the master key of secrets at rest, base64 of 32 bytes,
  // or a file holding it; the previous key(s) while `secrets rotate` re-wraps (comma separated).
  SECRETS_KEY: Type.Optional(Type.String({ pattern: BASE64_KEY })),
  SECRETS_KEY_FILE: Type.Optional(Type.String({ minLength: 1 })),
  SECRETS_KEY_PREVIOUS: Type.Optional(Type.String({ pattern: `^${BASE64_KEY.slice(1, -1)}(,${BASE64_KEY.slice(1, -1)})*$` })),
  PROCESSOR_A_API_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  PROCESSOR_B_API_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  PROCESSOR_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 100, maximum: 120_000 })),
  MANAGED_PROVIDERS_ACCOUNT_ID: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F-]{36}$' })),
  // Rail settlement on chain (docs/rail.md, `facilitator.provider: "self"`): the JSON-RPC URL of
  // each EVM network the service settles on, as JSON {"eip155:8453": "https://..."}; the
  // confirmations a settlement waits for; the longest wait for its receipt; the relayer balance
  // (wei) under which `rail.relayer_low_balance` is recorded.
  RAIL_RPC_URLS: Type.Optional(Type.String({ minLength: 2 })),
  RAIL_CONFIRMATIONS: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
  RAIL_RECEIPT_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 1_000, maximum: 900_000 })),
  RAIL_RELAYER_MIN_BALANCE_WEI: Type.Optional(Type.String({ pattern: '^[0-9]{1,78}$' })),
  RAIL_FEE_PAYER_MIN_BALANCE_LAMPORTS: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$' })),
});

type Env = Static<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  baseUrl: string;
  /** PostgreSQL URL; when absent the embedded database in `dataDir` is used. */
  databaseUrl: string | null;
  databasePoolSize: number;
  dataDir: string;
  redisUrl: string | null;
  /** Put before every Redis key this service writes (several services, or test runs, on one Redis). */
  redisKeyPrefix: string;
  /** Operator token for /admin routes; those routes answer 404 when it is unset. */
  adminToken: string | null;
  logLevel: string;
  /** null: pretty when stdout is a terminal, JSON otherwise. */
  logFormat: 'pretty' | 'json' | null;
  idempotencyRetentionHours: number;
  rateLimits: {
    sandboxPerSecond: number;
    productionPerSecond: number;
    publicPerSecond: number;
    /** POST /public/test-accounts: per client address and for the whole service, per hour. */
    testAccountsPerHour: number;
    testAccountsTotalPerHour: number;
    /** Dashboard sign-in attempts per client address and email, per 15 minutes. */
    dashboardSignInAttempts: number;
    /**
     * Cost budgets of keyless routes (/public, /pay, /shop), in cost units per window: per client
     * address, per seller (a shop's or an account's slug) and for the whole service.
     */
    keyless: { perAddress: number; perSeller: number; total: number; windowSeconds: number; refusalDelayMs: number; writesAtOnce: number };
  };
  bodyLimitBytes: number;
  /** SMTP server for outgoing email (smtp:// or smtps://, credentials in the URL); null keeps emails in the outbox table. */
  smtpUrl: string | null;
  /** Sender of outgoing email; defaults to no-reply@ the host of BASE_URL. */
  mailFrom: string;
  /** Object storage (local disk or S3), upload limits and URL lifetimes. */
  storage: StorageConfig;
  /**
   * Usage ingestion: limits of POST /metering/events/batch (events per request, body size), groups
   * written at once, events waiting at most (503 past it), and how long a request waits for an
   * invoice to release its enrollment's usage lock (503 after).
   */
  metering: { batchMaxEvents: number; batchMaxBytes: number; writeGroups: number; queueMaxEvents: number; usageLockWaitMs: number };
  /** PostgreSQL statement_timeout and lock_timeout of every connection (ms, 0: none); a statement past them answers 503. */
  databaseTimeouts: { statementMs: number; lockMs: number };
  /** Which proxies' X-Forwarded-For is believed for the client address (off, or their addresses). */
  trustProxy: TrustProxy;
  /**
   * Job runner of each process: jobs at once, longest idle sleep (a NOTIFY wakes it sooner), and
   * how long a claimed job is reserved (more than a webhook attempt's 10 s timeout).
   */
  jobs: { concurrency: number; pollMs: number; leaseMs: number; fairness: { accountShare: number; keyLimit: number } };
  /** Webhook URLs may be http:// and private or loopback addresses: development only (default: on with the embedded database). */
  webhooksAllowPrivateTargets: boolean;
  /** The cycle runner bills plain subscriptions in batches (default); off: one at a time, as before (to compare). */
  subscriptionBatches: boolean;
  /**
   * Master key of processor credentials at rest (AES-256-GCM envelope, src/modules/providers/):
   * SECRETS_KEY or SECRETS_KEY_FILE; previous keys only while rotating. With neither, the embedded
   * database derives a development key in DATA_DIR, and with DATABASE_URL connections are refused.
   */
  secrets: { key: string | null; keyFile: string | null; previousKeys: string[] };
  /** Processors' API base URLs (null: the real endpoints) and the longest wait for one call. */
  processors: { processorAApiUrl: string | null; processorBApiUrl: string | null; timeoutMs: number };
  /** `collectionMode: managed`: the operator's account whose connections serve every managed account (null: managed charges answer 409). */
  managedProvidersAccountId: string | null;
  /** On-chain Rail settlement (`self`): RPC URL per CAIP-2 network, confirmations, receipt wait, low-balance threshold in wei. */
  rail: { rpcUrls: Record<string, string>; confirmations: number; receiptTimeoutMs: number; relayerMinBalanceWei: string; feePayerMinBalanceLamports: string };
}

export class ConfigError extends Error {}

/** Reads settings from an environment map; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const converted = Value.Convert(EnvSchema, raw);
  // A malformed key is not echoed: it may be a real key with a typo.
  const shown = (path: string, value: unknown) => (path.startsWith('/SECRETS_KEY') ? '' : ` (got "${String(value)}")`);
  const problems = [...Value.Errors(EnvSchema, converted)].map((e) => `${e.path.slice(1)}: ${e.message}${shown(e.path, e.value)}`);
  if (problems.length > 0) throw new ConfigError(`Invalid settings:\n  ${problems.join('\n  ')}`);
  const e = converted as Env;
  const storage = storageConfig(e, e.DATA_DIR ?? './data');
  if (typeof storage === 'string') throw new ConfigError(`Invalid settings:\n  ${storage}`);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy)) throw new ConfigError(`Invalid settings:\n  ${trustProxy.problem}`);
  if (e.SECRETS_KEY && e.SECRETS_KEY_FILE) throw new ConfigError('Invalid settings:\n  SECRETS_KEY and SECRETS_KEY_FILE: set one, not both');
  const rpcUrls = parseRpcUrls(e.RAIL_RPC_URLS);
  if (typeof rpcUrls === 'string') throw new ConfigError(`Invalid settings:\n  ${rpcUrls}`);
  const port = e.PORT ?? 4000;
  const baseUrl = e.BASE_URL ?? `http://localhost:${port}`;
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    baseUrl,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? 10,
    dataDir: e.DATA_DIR ?? './data',
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX ?? '',
    adminToken: e.ADMIN_TOKEN ?? null,
    logLevel: e.LOG_LEVEL ?? 'info',
    logFormat: e.LOG_FORMAT ?? null,
    idempotencyRetentionHours: e.IDEMPOTENCY_RETENTION_HOURS ?? 24,
    rateLimits: {
      sandboxPerSecond: e.RATE_LIMIT_SANDBOX_PER_SECOND ?? 100,
      productionPerSecond: e.RATE_LIMIT_PRODUCTION_PER_SECOND ?? 1000,
      publicPerSecond: e.RATE_LIMIT_PUBLIC_PER_SECOND ?? 20,
      testAccountsPerHour: e.TEST_ACCOUNTS_PER_HOUR ?? 5,
      testAccountsTotalPerHour: e.TEST_ACCOUNTS_TOTAL_PER_HOUR ?? 200,
      dashboardSignInAttempts: e.DASHBOARD_SIGN_IN_ATTEMPTS ?? 10,
      keyless: {
        perAddress: e.KEYLESS_BUDGET_PER_ADDRESS ?? 60,
        perSeller: e.KEYLESS_BUDGET_PER_SELLER ?? 1000,
        total: e.KEYLESS_BUDGET_TOTAL ?? 2500,
        windowSeconds: e.KEYLESS_BUDGET_WINDOW_SECONDS ?? 10,
        // A keyless 429 is held this long before it is sent (http/keyless-budgets.ts, RefusalHold).
        refusalDelayMs: e.KEYLESS_REFUSAL_DELAY_MS ?? 1_000,
        // Keyless writes at once per process (http/keyless-writes.ts): the embedded database has one connection.
        writesAtOnce: e.KEYLESS_WRITES_AT_ONCE ?? (e.DATABASE_URL ? 4 : 1),
      },
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES ?? 1024 * 1024,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `no-reply@${hostnameOf(baseUrl)}`,
    storage,
    metering: {
      batchMaxEvents: e.METERING_BATCH_MAX_EVENTS ?? 1000,
      batchMaxBytes: e.METERING_BATCH_MAX_BYTES ?? 2 * 1024 * 1024,
      writeGroups: e.METERING_WRITE_GROUPS ?? 2,
      queueMaxEvents: e.METERING_QUEUE_MAX_EVENTS ?? 100_000,
      usageLockWaitMs: e.METERING_USAGE_LOCK_WAIT_MS ?? 5_000,
    },
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS ?? DEFAULT_DATABASE_TIMEOUTS.statementMs,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS ?? DEFAULT_DATABASE_TIMEOUTS.lockMs,
    },
    trustProxy,
    jobs: {
      concurrency: e.JOBS_CONCURRENCY ?? 32,
      pollMs: e.JOBS_POLL_MS ?? 1_000,
      leaseMs: (e.JOBS_LEASE_SECONDS ?? 60) * 1000,
      // Defaults: DEFAULT_FAIRNESS of src/jobs/queue.ts.
      fairness: { accountShare: e.JOBS_ACCOUNT_SHARE ?? 16, keyLimit: e.WEBHOOKS_ENDPOINT_CONCURRENCY ?? 8 },
    },
    webhooksAllowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS === undefined ? !e.DATABASE_URL : e.WEBHOOKS_ALLOW_PRIVATE_TARGETS === 'true',
    subscriptionBatches: e.SUBSCRIPTION_BATCHES !== 'off',
    secrets: { key: e.SECRETS_KEY ?? null, keyFile: e.SECRETS_KEY_FILE ?? null, previousKeys: e.SECRETS_KEY_PREVIOUS ? e.SECRETS_KEY_PREVIOUS.split(',') : [] },
    processors: {
      processorAApiUrl: e.PROCESSOR_A_API_URL ?? null,
      processorBApiUrl: e.PROCESSOR_B_API_URL ?? null,
      timeoutMs: e.PROCESSOR_TIMEOUT_MS ?? 15_000,
    },
    managedProvidersAccountId: e.MANAGED_PROVIDERS_ACCOUNT_ID?.toLowerCase() ?? null,
    rail: {
      rpcUrls,
      confirmations: e.RAIL_CONFIRMATIONS ?? 1,
      receiptTimeoutMs: e.RAIL_RECEIPT_TIMEOUT_MS ?? 120_000,
      // 0.005 ETH: a few hundred transferWithAuthorization on an L2, a handful on Ethereum.
      relayerMinBalanceWei: e.RAIL_RELAYER_MIN_BALANCE_WEI ?? '5000000000000000',
      // 0.05 SOL: about ten thousand settlements' fees at 5,000 lamports each.
      feePayerMinBalanceLamports: e.RAIL_FEE_PAYER_MIN_BALANCE_LAMPORTS ?? '50000000',
    },
  };
}

const RPC_NETWORK = /^(?:eip155:[1-9][0-9]{0,17}|solana:[1-9A-HJ-NP-Za-km-z]{32})$/;

/** RAIL_RPC_URLS: a JSON object of CAIP-2 network (EVM or Solana) -> http(s) URL; a problem as text. */
function parseRpcUrls(text: string | undefined): Record<string, string> | string {
  if (text === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'RAIL_RPC_URLS: must be a JSON object such as {"eip155:8453":"https://..."}';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'RAIL_RPC_URLS: must be a JSON object such as {"eip155:8453":"https://..."}';
  const urls: Record<string, string> = {};
  for (const [network, url] of Object.entries(parsed)) {
    if (!RPC_NETWORK.test(network)) return `RAIL_RPC_URLS: ${network} is not a CAIP-2 network the Rail settles on (eip155:<chain id> or solana:<genesis reference>)`;
    // The URL may carry a provider's API key: it is never echoed.
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) return `RAIL_RPC_URLS: the URL of ${network} must be http(s)`;
    urls[network] = url;
  }
  return urls;
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}
