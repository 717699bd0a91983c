// Tenant and key changes record events in the event log (GET /account/events), with no secret.
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

async function eventsOf(key: string, type: string) {
  const res = await t.client.get(`/account/events?type=${type}&limit=100`, key);
  expect(res.status).toBe(200);
  return { events: res.body.events as Array<{ id: string; type: string; environment: string; data: any }>, raw: res.raw };
}

describe('account and key events', () => {
  it('records account.updated in both environments, with the account as it is after the change', async () => {
    const res = await t.client.patch('/account/tenant', acme.key, { name: 'Acme Ltda', supportEmail: 'help@acme.example' });
    expect(res.status).toBe(200);
    const sandbox = await eventsOf(acme.key, 'account.updated');
    expect(sandbox.events).toHaveLength(1);
    expect(sandbox.events[0]).toMatchObject({ environment: 'sandbox', data: { id: acme.id, name: 'Acme Ltda', supportEmail: 'help@acme.example', collectionMode: 'byop' } });
    const production = await eventsOf(acme.liveKey, 'account.updated');
    expect(production.events).toHaveLength(1);
    expect(production.events[0]).toMatchObject({ environment: 'production', data: { id: acme.id, name: 'Acme Ltda' } });
    expect((await eventsOf(globex.key, 'account.updated')).events).toHaveLength(0);
  });

  it('records nothing when the update fails (a slug taken)', async () => {
    const before = (await eventsOf(acme.key, 'account.updated')).events.length;
    const res = await t.client.patch('/account/tenant', acme.key, { slug: globex.slug });
    expect(res.status).toBe(409);
    expect((await eventsOf(acme.key, 'account.updated')).events).toHaveLength(before);
  });

  it('records api_key.created with the redacted key only', async () => {
    const created = await t.client.post('/account/keys', acme.key, { name: 'ci', scopes: ['billing:read'] });
    expect(created.status).toBe(201);
    const { events, raw } = await eventsOf(acme.key, 'api_key.created');
    const event = events.find((e) => e.data.id === created.body.id)!;
    expect(event.data).toEqual({
      id: created.body.id,
      type: 'secret',
      environment: 'sandbox',
      name: 'ci',
      redactedKey: `${created.body.key.slice(0, 8)}...${created.body.key.slice(-4)}`,
      scopes: ['billing:read'],
      createdAt: created.body.createdAt,
      revokedAt: null,
    });
    expect(raw).not.toContain(created.body.key);
    expect(raw).not.toContain(created.body.key.slice(8));
    const stored = await t.database.db.selectFrom('events').select('data').where('type', '=', 'api_key.created').execute();
    expect(JSON.stringify(stored)).not.toContain(created.body.key.slice(8, 30));
    expect((await eventsOf(acme.liveKey, 'api_key.created')).events.find((e) => e.data.id === created.body.id)).toBeUndefined();
  });

  it('records api_key.revoked once, when the key stops working', async () => {
    const created = await t.client.post('/account/keys', acme.key, { scopes: ['billing:read'] });
    expect((await t.client.delete(`/account/keys/${created.body.id}`, acme.key)).status).toBe(200);
    expect((await t.client.delete(`/account/keys/${created.body.id}`, acme.key)).status).toBe(200);
    const { events, raw } = await eventsOf(acme.key, 'api_key.revoked');
    const mine = events.filter((e) => e.data.id === created.body.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data.revokedAt).not.toBeNull();
    expect(raw).not.toContain(created.body.key);
    expect((await eventsOf(globex.key, 'api_key.revoked')).events).toHaveLength(0);
  });

  it('records nothing for a refused key change', async () => {
    const writer = await t.client.post('/account/keys', acme.key, { scopes: ['account:write', 'account:read'] });
    const before = (await eventsOf(acme.key, 'api_key.created')).events.length;
    const refused = await t.client.post('/account/keys', writer.body.key, { scopes: ['billing:write'] });
    expect(refused.status).toBe(403);
    expect((await eventsOf(acme.key, 'api_key.created')).events).toHaveLength(before);
  });
});

describe('dunning settings', () => {
  it('GET /account/tenant shows the defaults; PATCH changes what it is sent, and account.updated carries them', async () => {
    const initech = await seedAccount(t.client, 'Initech');
    const defaults = await t.client.get('/account/tenant', initech.key);
    expect(defaults.status).toBe(200);
    expect(defaults.body.dunning).toEqual({ retryDays: [1, 3, 5, 7], finalAction: 'cancel' });
    expect((await t.client.get('/account/tenant', initech.liveKey)).body.dunning).toEqual({ retryDays: [1, 3, 5, 7], finalAction: 'cancel' });

    const patched = await t.client.patch('/account/tenant', initech.key, { dunning: { finalAction: 'leave_past_due' } });
    expect(patched.status, patched.raw).toBe(200);
    expect(patched.body.dunning).toEqual({ retryDays: [1, 3, 5, 7], finalAction: 'leave_past_due' });
    const again = await t.client.patch('/account/tenant', initech.key, { name: 'Initech SA', dunning: { retryDays: [2, 5, 9] } });
    expect(again.body).toMatchObject({ name: 'Initech SA', dunning: { retryDays: [2, 5, 9], finalAction: 'leave_past_due' } });
    // One account for both environments: the live key sees the same settings.
    expect((await t.client.get('/account/tenant', initech.liveKey)).body.dunning).toEqual({ retryDays: [2, 5, 9], finalAction: 'leave_past_due' });
    const { events } = await eventsOf(initech.key, 'account.updated');
    expect(events[0]!.data.dunning).toEqual({ retryDays: [2, 5, 9], finalAction: 'leave_past_due' });

    const refused = await t.client.patch('/account/tenant', initech.key, { dunning: { retryDays: [5, 3] } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ field: 'dunning.retryDays', constraint: 'strictly_increasing' });
  });
});
