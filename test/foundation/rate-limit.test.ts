import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, usingRedis, type TestContext } from '../harness.ts';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp({ env: { RATE_LIMIT_SANDBOX_PER_SECOND: '5' } });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('answers 429 past the per-key limit, nested, with Retry-After and RateLimit headers', async () => {
    const acme = await seedAccount(t.client);
    const results = await Promise.all(Array.from({ length: 12 }, () => t.client.get('/account/tenant', acme.key)));
    const limited = results.filter((r) => r.status === 429);
    const allowed = results.filter((r) => r.status === 200);
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.length).toBeLessThanOrEqual(10); // at most two one-second windows
    expect(limited.length).toBeGreaterThan(0);
    const one = limited[0]!;
    expect(one.body.error.code).toBe('rate_limited');
    expect(one.body.error.request_id).toBe(one.headers['x-request-id']);
    expect(Number(one.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(one.headers['ratelimit-limit']).toBe('5');
    expect(one.headers['ratelimit-remaining']).toBe('0');
    expect(allowed[0]!.headers['ratelimit-limit']).toBe('5');
  });

  it('counts each key separately', async () => {
    const a = await seedAccount(t.client, 'A');
    const b = await seedAccount(t.client, 'B');
    await Promise.all(Array.from({ length: 8 }, () => t.client.get('/account/tenant', a.key)));
    expect((await t.client.get('/account/tenant', b.key)).status).toBe(200);
  });

  it('production keys have their own, higher limit', async () => {
    const acme = await seedAccount(t.client);
    const results = await Promise.all(Array.from({ length: 12 }, () => t.client.get('/account/tenant', acme.liveKey)));
    expect(results.every((r) => r.status === 200)).toBe(true);
  });

  it('limits keyless routes per client address', async () => {
    const publicApp = await startTestApp({ env: { RATE_LIMIT_PUBLIC_PER_SECOND: '3' }, database: t.database });
    try {
      // Signed object URLs take no key; a bad signature answers 403 until the address is over its limit.
      const url = '/storage/objects/not-a-real-key?expires=1&signature=x';
      const results = await Promise.all(Array.from({ length: 8 }, () => publicApp.client.get(url, null)));
      expect(results.filter((r) => r.status === 429).length).toBeGreaterThan(0);
      expect(results.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(6);
      const limited = results.find((r) => r.status === 429)!;
      expect(limited.body.error.code).toBe('rate_limited');
      expect(limited.headers['ratelimit-limit']).toBe('3');
    } finally {
      await publicApp.app.close();
    }
  });

  it.runIf(usingRedis)('shares the count across processes through Redis', async () => {
    const second = await startTestApp({ env: { RATE_LIMIT_SANDBOX_PER_SECOND: '5' }, database: t.database });
    try {
      const acme = await seedAccount(t.client);
      const first = await Promise.all(Array.from({ length: 5 }, () => t.client.get('/account/tenant', acme.key)));
      const other = await Promise.all(Array.from({ length: 5 }, () => second.client.get('/account/tenant', acme.key)));
      expect(first.filter((r) => r.status === 200).length).toBe(5);
      // Same key, other process, same second: the shared counter is spent.
      expect(other.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    } finally {
      await second.app.close();
    }
  });

  it('starts within its wait when Redis cannot be reached, and limits each process on its own', async () => {
    // Port 1 refuses at once: the app waits at most 5 s for the shared store, then answers, and the
    // in-memory insurance limiter keeps counting.
    const started = Date.now();
    const alone = await startTestApp({ env: { RATE_LIMIT_SANDBOX_PER_SECOND: '5', REDIS_URL: 'redis://127.0.0.1:1' }, database: t.database });
    try {
      const acme = await seedAccount(alone.client);
      expect(Date.now() - started).toBeLessThan(60_000);
      const results = await Promise.all(Array.from({ length: 12 }, () => alone.client.get('/account/tenant', acme.key)));
      expect(results.filter((r) => r.status === 200).length).toBeGreaterThan(0);
      expect(results.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    } finally {
      await alone.app.close();
    }
  });
});
