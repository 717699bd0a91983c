// Idempotency as api.md section 1: replay, reuse, in-flight, what is stored and what is not.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let acme: SeededAccount;
const clock = new ManualClock('2026-03-01T12:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ clock });
  acme = await seedAccount(t.client);
});
afterAll(() => t.close());

async function countKeys(name: string): Promise<number> {
  const rows = await t.database.db.selectFrom('api_keys').select('id').where('account_id', '=', acme.id).where('name', '=', name).execute();
  return rows.length;
}

describe('idempotency', () => {
  it('a retry with the same key replays the stored response byte for byte, once', async () => {
    const key = randomUUID();
    const first = await t.client.post('/account/keys', acme.key, { name: 'replay', scopes: ['billing:read'] }, { idempotencyKey: key });
    const second = await t.client.post('/account/keys', acme.key, { name: 'replay', scopes: ['billing:read'] }, { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.raw).toBe(first.raw);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countKeys('replay')).toBe(1);
  });

  it('the same key with another body answers 422 idempotency_key_reused, nested', async () => {
    const key = randomUUID();
    await t.client.post('/account/keys', acme.key, { name: 'reuse', scopes: ['billing:read'] }, { idempotencyKey: key });
    const res = await t.client.post('/account/keys', acme.key, { name: 'reuse', scopes: ['catalog:read'] }, { idempotencyKey: key });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('idempotency_key_reused');
    expect(await countKeys('reuse')).toBe(1);
  });

  it('the body is compared as sent: the same text replays, the same fields spaced otherwise are a reuse', async () => {
    const key = randomUUID();
    const send = (body: string) =>
      t.client.request('POST', '/account/keys', { key: acme.key, idempotencyKey: key, headers: { 'content-type': 'application/json; charset=utf-8' }, body });
    const first = await send('{"name":"bytes","scopes":["billing:read"]}');
    const again = await send('{"name":"bytes","scopes":["billing:read"]}');
    const spaced = await send('{"name": "bytes", "scopes": ["billing:read"]}');
    expect([first.status, again.status, spaced.status]).toEqual([201, 201, 422]);
    expect(again.raw).toBe(first.raw);
    expect(spaced.body.error.code).toBe('idempotency_key_reused');
    expect(await countKeys('bytes')).toBe(1);
  });

  it('the same key on another path is a reuse too', async () => {
    const key = randomUUID();
    await t.client.patch('/account/tenant', acme.key, { name: 'Acme' }, { idempotencyKey: key });
    const res = await t.client.post('/account/keys', acme.key, { name: 'Acme', scopes: ['billing:read'] }, { idempotencyKey: key });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('idempotency_key_reused');
  });

  it('keys are scoped per account and environment', async () => {
    const other = await seedAccount(t.client, 'Other');
    const key = randomUUID();
    const a = await t.client.post('/account/keys', acme.key, { name: 'scoped', scopes: ['billing:read'] }, { idempotencyKey: key });
    const b = await t.client.post('/account/keys', other.key, { name: 'scoped', scopes: ['billing:read'] }, { idempotencyKey: key });
    const c = await t.client.post('/account/keys', acme.liveKey, { name: 'scoped', scopes: ['billing:read'] }, { idempotencyKey: key });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(3);
    expect(c.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a business error is stored and replayed; its change is rolled back', async () => {
    const other = await seedAccount(t.client, 'Slug owner');
    const key = randomUUID();
    const first = await t.client.patch('/account/tenant', acme.key, { name: 'Renamed', slug: other.slug }, { idempotencyKey: key });
    expect(first.status).toBe(409);
    const tenant = await t.client.get('/account/tenant', acme.key);
    expect(tenant.body.name).not.toBe('Renamed');
    const replay = await t.client.patch('/account/tenant', acme.key, { name: 'Renamed', slug: other.slug }, { idempotencyKey: key });
    expect(replay.status).toBe(409);
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('schema failures and auth failures are not stored: the key stays usable', async () => {
    const key = randomUUID();
    const invalid = await t.client.post('/account/keys', acme.key, { scopes: [] }, { idempotencyKey: key });
    expect(invalid.status).toBe(422);
    const unauthorized = await t.client.post('/account/keys', 'sk_test_' + 'x'.repeat(43), { scopes: ['billing:read'] }, { idempotencyKey: key });
    expect(unauthorized.status).toBe(401);
    const ok = await t.client.post('/account/keys', acme.key, { name: 'later', scopes: ['billing:read'] }, { idempotencyKey: key });
    expect(ok.status).toBe(201);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
  });

  it('50 concurrent identical requests have exactly one effect', async () => {
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.client.post('/account/keys', acme.key, { name: 'burst', scopes: ['billing:read'] }, { idempotencyKey: key })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = results.filter((r) => r.status === 201);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    for (const busy of results.filter((r) => r.status === 409)) expect(busy.body.error.code).toBe('idempotency_key_in_use');
    expect(await countKeys('burst')).toBe(1);
    // Once the first finished, a retry replays it.
    const retry = await t.client.post('/account/keys', acme.key, { name: 'burst', scopes: ['billing:read'] }, { idempotencyKey: key });
    expect(retry.body.id).toBe(created[0]!.body.id);
  });

  it('records expire after the retention and are purged; the key can then be used again', async () => {
    const key = randomUUID();
    const first = await t.client.post('/account/keys', acme.key, { name: 'expiring', scopes: ['billing:read'] }, { idempotencyKey: key });
    clock.advance(25 * 3_600_000);
    expect(await t.app.deps.idempotency.purgeExpired()).toBeGreaterThan(0);
    const again = await t.client.post('/account/keys', acme.key, { name: 'expiring', scopes: ['billing:read'] }, { idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
  });

  it('reads need no key and are never stored', async () => {
    const res = await t.client.get('/account/tenant', acme.key);
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });
});
