import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let acme: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

describe('bearer authentication', () => {
  it('accepts a sandbox secret key and reads the account', async () => {
    const res = await t.client.get('/account/tenant', acme.key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: acme.id, slug: acme.slug, name: 'Acme', status: 'active', collectionMode: 'byop' });
    expect(res.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('answers 401 in the standard body when the key is missing', async () => {
    const res = await t.client.get('/account/tenant', null);
    expect(res.status).toBe(401);
    expect(Object.keys(res.body).sort()).toEqual(['error_code', 'message', 'tracer_id']);
    expect(res.body.error_code).toBe('unauthorized');
    expect(res.body.tracer_id).toBe(res.headers['x-request-id']);
  });

  it.each([
    ['not a bearer scheme', { authorization: `Basic ${acme?.key}` }],
    ['a malformed key', { authorization: 'Bearer sk_test_short' }],
    ['an unknown prefix', { authorization: `Bearer sk_prod_${'a'.repeat(43)}` }],
    ['a well-formed unknown key', { authorization: `Bearer sk_test_${'a'.repeat(43)}` }],
  ])('answers 401 for %s', async (_name, headers) => {
    const res = await t.client.request('GET', '/account/tenant', { headers });
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe('unauthorized');
  });

  it('answers 403 for a publishable key on a secret route', async () => {
    const res = await t.client.get('/account/tenant', acme.publishableKey);
    expect(res.status).toBe(403);
    expect(res.body.error_code).toBe('forbidden');
  });

  it('answers 403 for a restricted key without the scope, 200 with it', async () => {
    const created = await t.client.post('/account/keys', acme.key, { name: 'reader', scopes: ['billing:read'] });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^sk_test_/);
    expect(created.body.scopes).toEqual(['billing:read']);
    const denied = await t.client.get('/account/tenant', created.body.key);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('account:read');

    const reader = await t.client.post('/account/keys', acme.key, { scopes: ['account:read'] });
    expect((await t.client.get('/account/tenant', reader.body.key)).status).toBe(200);
  });

  it('revoked keys answer 401 at once', async () => {
    const created = await t.client.post('/account/keys', acme.key, { scopes: ['account:read'] });
    expect((await t.client.get('/account/tenant', created.body.key)).status).toBe(200);
    const revoked = await t.client.delete(`/account/keys/${created.body.id}`, acme.key);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const after = await t.client.get('/account/tenant', created.body.key);
    expect(after.status).toBe(401);
    expect(after.body.message).toContain('revoked');
  });

  it('never lists the full key, only its redacted form', async () => {
    const res = await t.client.get('/account/keys?limit=100', acme.key);
    expect(res.status).toBe(200);
    expect(res.raw).not.toContain(acme.key);
    expect(res.body.keys.every((k: { redactedKey: string; environment: string }) => k.redactedKey.includes('...') && k.environment === 'sandbox')).toBe(true);
  });

  it('a live key sees the production environment of the same account', async () => {
    const res = await t.client.get('/account/tenant', acme.liveKey);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(acme.id);
    const keys = await t.client.get('/account/keys', acme.liveKey);
    expect(keys.body.keys.every((k: { environment: string }) => k.environment === 'production')).toBe(true);
  });
});

describe('operator API', () => {
  it('refuses a wrong admin token with 401', async () => {
    const res = await t.client.post('/admin/accounts', 'wrong-token-xxxxxxxxxxxx', { name: 'X' });
    expect(res.status).toBe(401);
  });

  it('answers 404 when ADMIN_TOKEN is not set', async () => {
    const other = await startTestApp({ env: { ADMIN_TOKEN: '' }, database: t.database });
    try {
      const res = await other.client.post('/admin/accounts', ADMIN_TOKEN, { name: 'X' });
      expect(res.status).toBe(404);
      expect(res.body.error_code).toBe('not_found');
    } finally {
      await other.app.close();
    }
  });

  it('creates an account with one secret and one publishable key per environment', async () => {
    const res = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name: 'Loja da Ana', slug: 'loja-da-ana' });
    expect(res.status).toBe(201);
    expect(res.body.account.slug).toBe('loja-da-ana');
    const shapes = res.body.keys.map((k: { type: string; environment: string; key: string }) => `${k.type}/${k.environment}/${k.key.slice(0, 8)}`).sort();
    expect(shapes).toEqual(['publishable/production/pk_live_', 'publishable/sandbox/pk_test_', 'secret/production/sk_live_', 'secret/sandbox/sk_test_']);
    const again = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name: 'Other', slug: 'loja-da-ana' });
    expect(again.status).toBe(409);
    const reserved = await t.client.post('/admin/accounts', ADMIN_TOKEN, { name: 'Other', slug: 'sandbox' });
    expect(reserved.status).toBe(422);
  });
});
