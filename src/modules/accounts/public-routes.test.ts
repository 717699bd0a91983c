// The keyless account routes: branding by slug shows nothing else, and a throwaway test account
// holds one sk_test_ key, never a live one, limited per address and per hour.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp({ env: { TEST_ACCOUNTS_PER_HOUR: '3', TEST_ACCOUNTS_TOTAL_PER_HOUR: '50' } });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

/** The same client address for each call, as one browser would be (inject's default is 127.0.0.1). */
function fromAddress(address: string) {
  return async (idempotencyKey = randomUUID(), body: unknown = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/public/test-accounts',
      remoteAddress: address,
      headers: { 'idempotency-key': idempotencyKey, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
}

describe('GET /public/accounts/{slug}', () => {
  it('shows the branding the account set, and nothing else', async () => {
    const patch = await t.client.patch('/account/tenant', acme.key, {
      supportEmail: 'help@acme.example',
      termsUrl: 'https://acme.example/terms',
      logoUrl: 'https://acme.example/logo.png',
      cnpj: '11.222.333/0001-81',
    });
    expect(patch.status).toBe(200);
    const res = await t.client.get(`/public/accounts/${acme.slug}`, null);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      slug: acme.slug,
      name: 'Acme',
      logoUrl: 'https://acme.example/logo.png',
      supportEmail: 'help@acme.example',
      cnpj: '11222333000181',
      termsUrl: 'https://acme.example/terms',
    });
    expect(res.raw).not.toContain(acme.id);
  });

  it('takes a CNPJ only with valid check digits, and null removes it', async () => {
    const wrong = await t.client.patch('/account/tenant', acme.key, { cnpj: '11.222.333/0001-82' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'cnpj', constraint: 'cnpj' });
    const short = await t.client.patch('/account/tenant', acme.key, { cnpj: '123' });
    expect(short.status).toBe(422);
    expect((await t.client.get('/account/tenant', acme.key)).body.cnpj).toBe('11222333000181');
    const removed = await t.client.patch('/account/tenant', acme.key, { cnpj: null });
    expect(removed.status).toBe(200);
    expect(removed.body.cnpj).toBeNull();
    expect((await t.client.get(`/public/accounts/${acme.slug}`, null)).body.cnpj).toBeNull();
  });

  it('answers 404 naming the account for unknown, malformed and reserved slugs', async () => {
    for (const slug of ['no-such-shop-here', 'UPPER', 'pay', 'a', '%E2%80%AE']) {
      const res = await t.client.get(`/public/accounts/${slug}`, null);
      expect(res.status, slug).toBe(404);
      expect(res.body.resource).toBe('account');
      expect(res.body.tracer_id).toBeTruthy();
    }
  });
});

describe('POST /public/test-accounts', () => {
  it('makes a sandbox-only account whose one sk_test_ key works, and no live key exists', async () => {
    const create = fromAddress('198.51.100.1');
    const res = await create(randomUUID(), { name: 'Trying it out' });
    expect(res.status).toBe(201);
    expect(res.body.account.name).toBe('Trying it out');
    expect(res.body.account.slug).toMatch(/^test-[a-z0-9]{16}$/);
    expect(res.body.key.key).toMatch(/^sk_test_/);
    expect(res.body.key.environment).toBe('sandbox');
    const key = res.body.key.key as string;

    const customer = await t.client.post('/customers', key, { name: 'First customer', email: 'first@example.com' });
    expect(customer.status).toBe(201);

    const listed = await t.client.get('/account/keys?limit=100', key);
    expect(listed.status).toBe(200);
    expect(listed.body.keys).toHaveLength(1);
    const rows = await t.database.db
      .selectFrom('api_keys')
      .select(['environment', 'type'])
      .where('account_id', '=', res.body.account.id)
      .execute();
    expect(rows).toEqual([{ environment: 'sandbox', type: 'secret' }]);

    // A key made by the test key is a sandbox key too.
    const restricted = await t.client.post('/account/keys', key, { scopes: ['customers:read'] });
    expect(restricted.status).toBe(201);
    expect(restricted.body.key).toMatch(/^sk_test_/);
  });

  it('replays the same account to the same address and key, and to no other address', async () => {
    const idempotencyKey = randomUUID();
    const first = await fromAddress('198.51.100.2')(idempotencyKey);
    const again = await fromAddress('198.51.100.2')(idempotencyKey);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.key.key).toBe(first.body.key.key);

    const elsewhere = await fromAddress('198.51.100.3')(idempotencyKey);
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.key.key).not.toBe(first.body.key.key);
    expect(elsewhere.body.account.id).not.toBe(first.body.account.id);
  });

  it('refuses more than the hourly limit from one address with 429 and Retry-After, other addresses unaffected', async () => {
    const create = fromAddress('203.0.113.9');
    for (let i = 0; i < 3; i++) expect((await create()).status).toBe(201);
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect((await fromAddress('203.0.113.10')()).status).toBe(201);
  });

  it('refuses beyond the service-wide hourly limit, whatever the address', async () => {
    const small = await startTestApp({ env: { TEST_ACCOUNTS_PER_HOUR: '100', TEST_ACCOUNTS_TOTAL_PER_HOUR: '2', REDIS_KEY_PREFIX: `small-${randomUUID()}:` }, database: t.database });
    try {
      const statuses: number[] = [];
      for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
        const res = await small.app.inject({
          method: 'POST',
          url: '/public/test-accounts',
          remoteAddress: address,
          headers: { 'idempotency-key': randomUUID() },
          payload: {},
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await small.close();
    }
  });

  it('refuses unknown fields and needs an Idempotency-Key', async () => {
    const res = await fromAddress('198.51.100.4')(randomUUID(), { name: 'x', live: true });
    expect(res.status).toBe(422);
    const missing = await t.app.inject({ method: 'POST', url: '/public/test-accounts', remoteAddress: '198.51.100.4', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('idempotency_key_missing');
  });
});
