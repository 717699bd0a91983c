// TRUST_PROXY: X-Forwarded-For decides the client address (the per-address limit of keyless routes)
// only when the request comes from a proxy the setting names. Requests here arrive from 127.0.0.1.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { startTestApp, type TestContext } from '../harness.ts';

// A keyless route: a bad signature answers 403 until the address is over its limit (429).
const KEYLESS = '/storage/objects/not-a-real-key?expires=1&signature=x';
const LIMIT = '3';

/** Eight requests at once, each with the X-Forwarded-For that `forwardedFor(i)` gives. */
async function burst(t: TestContext, forwardedFor: (i: number) => string): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.client.get(KEYLESS, null, { headers: { 'x-forwarded-for': forwardedFor(i) } })));
  return answers.map((a) => a.status);
}

/** A documentation-range address no other test uses (the count may be shared through Redis). */
const someAddress = () => `198.51.${randomInt(256)}.${randomInt(256)}`;

describe('by default X-Forwarded-For is not believed', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PUBLIC_PER_SECOND: LIMIT } });
  });
  afterAll(() => t.close());

  it('a client sending a new X-Forwarded-For each time is still counted as one address', async () => {
    const statuses = await burst(t, () => someAddress());
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe('TRUST_PROXY naming the proxy the requests come from', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PUBLIC_PER_SECOND: LIMIT, TRUST_PROXY: '127.0.0.1/8' } });
  });
  afterAll(() => t.close());

  it('counts each forwarded client address on its own', async () => {
    const statuses = await burst(t, () => someAddress());
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });

  it('still limits one forwarded client address', async () => {
    const client = someAddress();
    const statuses = await burst(t, () => `${client}, 127.0.0.1`);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe('TRUST_PROXY naming another proxy', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PUBLIC_PER_SECOND: LIMIT, TRUST_PROXY: '10.0.0.5, 192.168.0.0/16' } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from a client that is not one of them', async () => {
    const statuses = await burst(t, () => someAddress());
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe('the TRUST_PROXY setting', () => {
  it('is off when unset or false, and takes addresses, CIDR ranges and presets', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback, fd00::/8' }).trustProxy).toEqual(['10.0.0.1', '172.16.0.0/12', 'loopback', 'fd00::/8']);
  });

  it.each(['true', '1', '10.0.0.300', '10.0.0.0/33', 'proxy.internal', '10.0.0.1,,10.0.0.2'])('refuses %s with a message naming TRUST_PROXY', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
