// Per-key rate limits (per client address on keyless routes), in memory or shared through Redis.
// rate-limiter-flexible counts fixed one-second windows; with REDIS_URL every process shares them.
// Keyless routes with a cost also spend cost budgets (keyless-budgets.ts), shared the same way.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../core/errors.ts';
import { RefusalHold, spendKeylessBudget, type KeylessBudgets } from './keyless-budgets.ts';
import type { App, AppDeps } from './types.ts';

export interface RateLimiters {
  sandbox: RateLimiterAbstract;
  production: RateLimiterAbstract;
  public: RateLimiterAbstract;
  /** Throwaway accounts (POST /public/test-accounts): per address and in total, per hour. */
  testAccounts: RateLimiterAbstract;
  testAccountsTotal: RateLimiterAbstract;
  /** Dashboard sign-in attempts (POST /dashboard/login): per client address and email, per 15 minutes. */
  dashboardSignIn: RateLimiterAbstract;
  /** Cost budgets of keyless routes: per address, per seller, service-wide. */
  keyless: KeylessBudgets;
  /**
   * Resolves once the shared store is connected (at once without Redis), or after `timeoutMs`:
   * until then limits are counted in this process only, so a fresh process waits for it before
   * answering rather than splitting its first counts between two stores.
   */
  ready(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const SIGN_IN_WINDOW_SECONDS = 15 * 60;

export function createRateLimiters(config: AppDeps['config']): RateLimiters {
  const { sandboxPerSecond, productionPerSecond, publicPerSecond, testAccountsPerHour, testAccountsTotalPerHour, dashboardSignInAttempts, keyless } = config.rateLimits;
  if (!config.redisUrl) {
    return {
      sandbox: new RateLimiterMemory({ points: sandboxPerSecond, duration: 1 }),
      production: new RateLimiterMemory({ points: productionPerSecond, duration: 1 }),
      public: new RateLimiterMemory({ points: publicPerSecond, duration: 1 }),
      testAccounts: new RateLimiterMemory({ points: testAccountsPerHour, duration: 3600 }),
      testAccountsTotal: new RateLimiterMemory({ points: testAccountsTotalPerHour, duration: 3600 }),
      dashboardSignIn: new RateLimiterMemory({ points: dashboardSignInAttempts, duration: SIGN_IN_WINDOW_SECONDS }),
      keyless: {
        address: new RateLimiterMemory({ points: keyless.perAddress, duration: keyless.windowSeconds }),
        seller: new RateLimiterMemory({ points: keyless.perSeller, duration: keyless.windowSeconds }),
        total: new RateLimiterMemory({ points: keyless.total, duration: keyless.windowSeconds }),
        hold: new RefusalHold(keyless.refusalDelayMs),
      },
      ready: async () => undefined,
      close: async () => undefined,
    };
  }
  const redis = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', () => undefined); // the in-memory insurance limiter covers outages
  const make = (points: number, prefix: string, duration = 1) =>
    new RateLimiterRedis({
      storeClient: redis,
      points,
      duration,
      keyPrefix: `${config.redisKeyPrefix}rl:${prefix}`,
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });
  return {
    sandbox: make(sandboxPerSecond, 'sandbox'),
    production: make(productionPerSecond, 'production'),
    public: make(publicPerSecond, 'public'),
    testAccounts: make(testAccountsPerHour, 'test-accounts', 3600),
    testAccountsTotal: make(testAccountsTotalPerHour, 'test-accounts-total', 3600),
    dashboardSignIn: make(dashboardSignInAttempts, 'dashboard-sign-in', SIGN_IN_WINDOW_SECONDS),
    keyless: {
      address: make(keyless.perAddress, 'keyless-address', keyless.windowSeconds),
      seller: make(keyless.perSeller, 'keyless-seller', keyless.windowSeconds),
      total: make(keyless.total, 'keyless-total', keyless.windowSeconds),
      hold: new RefusalHold(keyless.refusalDelayMs),
    },
    ready: (timeoutMs = 5_000) => connected(redis, timeoutMs),
    close: async () => {
      redis.disconnect();
    },
  };
}

export function registerRateLimit(app: App, limiters: RateLimiters): void {
  // Runs after the auth hook, so a keyed request is counted against its key.
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 || request.routeOptions.config.rateLimit === false) return;
    const mode = request.routeOptions.config.auth ?? 'secret';
    if (mode === 'admin') return;
    const auth = request.auth;
    const limiter = auth ? limiters[auth.environment] : limiters.public;
    const subject = auth ? `key:${auth.keyId}` : `ip:${request.ip}`;
    let result: RateLimiterRes;
    try {
      result = await limiter.consume(subject);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      setHeaders(reply, limiter.points, 0, retryAfter);
      if (!auth) await limiters.keyless.hold.hold(reply, request.ip, rejection.msBeforeNext);
      throw new AppError('rate_limited', `Too many requests; retry after ${retryAfter} s.`, { retryAfterSeconds: retryAfter });
    }
    setHeaders(reply, limiter.points, result.remainingPoints, Math.max(1, Math.ceil(result.msBeforeNext / 1000)));
    if (!auth) await spendKeylessBudget(request, reply, limiters.keyless);
  });
}

/** Waits for the client's 'ready' (or the timeout: a Redis outage must not stop the service starting). */
function connected(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}

/** Takes one point from each limiter in turn; the first that refuses answers 429 with its wait. */
export async function consumeOrRefuse(entries: Array<{ limiter: RateLimiterAbstract; subject: string; what: string }>): Promise<void> {
  for (const { limiter, subject, what } of entries) {
    try {
      await limiter.consume(subject);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw new AppError('rate_limited', `Too many ${what}; retry after ${retryAfter} s.`, { retryAfterSeconds: retryAfter });
    }
  }
}

function setHeaders(reply: { header(name: string, value: string): unknown }, limit: number, remaining: number, resetSeconds: number): void {
  reply.header('ratelimit-limit', String(limit));
  reply.header('ratelimit-remaining', String(remaining));
  reply.header('ratelimit-reset', String(resetSeconds));
}
