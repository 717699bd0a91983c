// Key management may not escalate: a key creates only keys whose scopes it holds, and revokes only
// itself, keys whose scopes it holds, and (with every scope) publishable keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
let acme: SeededAccount;
let globex: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  globex = await seedAccount(t.client, 'Globex');
});
afterAll(() => t.close());

interface Key {
  id: string;
  key: string;
}

async function restrictedKey(scopes: string[], by = acme.key): Promise<Key> {
  const res = await t.client.post('/account/keys', by, { scopes });
  expect(res.status).toBe(201);
  return { id: res.body.id, key: res.body.key };
}

async function keyIdOf(key: string, lister = acme.key): Promise<string> {
  const res = await t.client.get('/account/keys?limit=100', lister);
  const suffix = key.slice(-4);
  const found = res.body.keys.find((k: { redactedKey: string }) => k.redactedKey === `${key.slice(0, 8)}...${suffix}`);
  return found.id;
}

describe('creating keys', () => {
  it('refuses a key with scopes the calling key lacks, naming them, and creates nothing', async () => {
    const writer = await restrictedKey(['account:write']);
    const before = await t.client.get('/account/keys?limit=100', acme.key);
    const res = await t.client.post('/account/keys', writer.key, { scopes: ['account:write', 'billing:write', 'catalog:read'] });
    expect(res.status).toBe(403);
    expect(res.body.error_code).toBe('forbidden');
    expect(res.body.message).toContain('catalog:read, billing:write');
    expect(res.body.message).not.toContain('account:write,');
    const after = await t.client.get('/account/keys?limit=100', acme.key);
    expect(after.body.keys.length).toBe(before.body.keys.length);
  });

  it('refuses every scope to a key holding only account:write', async () => {
    const writer = await restrictedKey(['account:write']);
    const all = ['catalog:read', 'catalog:write', 'customers:read', 'customers:write', 'metering:write', 'metering:read', 'billing:read',
      'billing:write', 'account:read', 'account:write', 'storefronts:read', 'storefronts:write', 'rail:read'];
    const res = await t.client.post('/account/keys', writer.key, { scopes: all });
    expect(res.status).toBe(403);
  });

  it('creates keys with a subset of the calling key\'s scopes', async () => {
    const manager = await restrictedKey(['account:write', 'billing:read', 'catalog:read']);
    const res = await t.client.post('/account/keys', manager.key, { name: 'reports', scopes: ['billing:read', 'catalog:read'] });
    expect(res.status).toBe(201);
    expect(res.body.scopes).toEqual(['billing:read', 'catalog:read']);
    const same = await t.client.post('/account/keys', manager.key, { scopes: ['account:write'] });
    expect(same.status).toBe(201);
  });

  it('lets the full secret key create any restricted key', async () => {
    const res = await t.client.post('/account/keys', acme.key, { scopes: ['rail:read', 'storefronts:write'] });
    expect(res.status).toBe(201);
  });

  it('does not store the 403: the same Idempotency-Key runs once the request is allowed', async () => {
    const writer = await restrictedKey(['account:write']);
    const idempotencyKey = 'escalation-retry-1';
    const refused = await t.client.post('/account/keys', writer.key, { scopes: ['billing:write'] }, { idempotencyKey });
    expect(refused.status).toBe(403);
    const allowed = await t.client.post('/account/keys', writer.key, { scopes: ['account:write'] }, { idempotencyKey });
    expect(allowed.status).toBe(201);
  });
});

describe('revoking keys', () => {
  it('refuses to revoke the account\'s full secret key with a restricted key, which keeps working', async () => {
    const writer = await restrictedKey(['account:write']);
    const fullKeyId = await keyIdOf(acme.key);
    const res = await t.client.delete(`/account/keys/${fullKeyId}`, writer.key);
    expect(res.status).toBe(403);
    expect(res.body.error_code).toBe('forbidden');
    expect(res.body.message).toContain('catalog:read');
    expect(res.body.message).toContain('rail:read');
    expect((await t.client.get('/account/tenant', acme.key)).status).toBe(200);
  });

  it('refuses to revoke a key holding a scope the caller lacks, allows one whose scopes it holds', async () => {
    const writer = await restrictedKey(['account:write', 'billing:read']);
    const wider = await restrictedKey(['billing:read', 'billing:write']);
    const narrower = await restrictedKey(['billing:read']);
    const refused = await t.client.delete(`/account/keys/${wider.id}`, writer.key);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('billing:write');
    expect(refused.body.message).not.toContain('billing:read');
    expect((await t.client.get('/billing/invoices', wider.key)).status).not.toBe(401);

    const revoked = await t.client.delete(`/account/keys/${narrower.id}`, writer.key);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    expect((await t.client.get('/billing/invoices', narrower.key)).status).toBe(401);
  });

  it('lets a restricted key revoke itself', async () => {
    const writer = await restrictedKey(['account:write']);
    const res = await t.client.delete(`/account/keys/${writer.id}`, writer.key);
    expect(res.status).toBe(200);
    expect((await t.client.delete(`/account/keys/${writer.id}`, writer.key)).status).toBe(401);
  });

  it('lets only a key with every scope revoke a publishable key', async () => {
    const publishableId = await keyIdOf(acme.publishableKey);
    const almostAll = await restrictedKey(['account:write', 'account:read', 'billing:read', 'billing:write', 'catalog:read', 'catalog:write']);
    const refused = await t.client.delete(`/account/keys/${publishableId}`, almostAll.key);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('publishable');
    expect(refused.body.message).toContain('rail:read');
    const listed = await t.client.get('/account/keys?limit=100', acme.key);
    expect(listed.body.keys.find((k: { id: string }) => k.id === publishableId).revokedAt).toBeNull();
  });

  it('answers 404 for another account\'s key and for the other environment\'s key, whatever the scopes', async () => {
    const globexKeyId = await keyIdOf(globex.key, globex.key);
    expect((await t.client.delete(`/account/keys/${globexKeyId}`, acme.key)).status).toBe(404);
    const liveKeyId = await keyIdOf(acme.liveKey, acme.liveKey);
    const writer = await restrictedKey(['account:write']);
    const res = await t.client.delete(`/account/keys/${liveKeyId}`, writer.key);
    expect(res.status).toBe(404);
    expect(res.body.resource).toBe('api_key');
    expect((await t.client.get('/account/tenant', globex.key)).status).toBe(200);
  });

  it('lets a restricted key with account:read list the keys of its environment, redacted', async () => {
    const reader = await restrictedKey(['account:read']);
    const res = await t.client.get('/account/keys?limit=100', reader.key);
    expect(res.status).toBe(200);
    expect(res.raw).not.toContain(acme.key);
    expect(res.raw).not.toContain(reader.key);
  });
});
