import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/modules/events/service.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';

let t: TestContext;
let acme: SeededAccount;
let rival: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  rival = await seedAccount(t.client, 'Rival');
});
afterAll(() => t.close());

describe('cursor pagination', () => {
  it('walks every item once, newest first, and ends with a null cursor', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await t.client.post('/account/keys', acme.key, { name: `k${i}`, scopes: ['billing:read'] });
      expect(res.status).toBe(201);
    }
    const seen: string[] = [];
    const names: Array<string | null> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { keys: Array<{ id: string; name: string | null }>; nextCursor: string | null } } = await t.client.get(
        `/account/keys?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
        acme.key,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.keys.map((k) => k.id));
      names.push(...res.body.keys.map((k) => k.name));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(seen.length).toBe(27); // 25 + the account's sandbox secret and publishable keys
    expect(new Set(seen).size).toBe(27);
    expect(pages).toBe(3);
    expect(names[0]).toBe('k24');
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('defaults to 20 and refuses a forged cursor', async () => {
    const res = await t.client.get('/account/keys', acme.key);
    expect(res.body.keys.length).toBe(20);
    const forged = await t.client.get('/account/keys?cursor=bm90LWEtdXVpZA', acme.key);
    expect(forged.status).toBe(400);
    expect(forged.body.error_code).toBe('bad_request');
  });
});

describe('tenancy', () => {
  it("another account's key id answers 404 like an unknown id", async () => {
    const created = await t.client.post('/account/keys', rival.key, { scopes: ['billing:read'] });
    const res = await t.client.delete(`/account/keys/${created.body.id}`, acme.key);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error_code: 'not_found', resource: 'api_key' });
    // ...and the rival's key still works.
    expect((await t.client.get('/account/keys', created.body.key)).status).toBe(403);
  });

  it("the other environment's ids answer 404 too", async () => {
    const live = await t.client.post('/account/keys', acme.liveKey, { scopes: ['billing:read'] });
    expect((await t.client.delete(`/account/keys/${live.body.id}`, acme.key)).status).toBe(404);
    expect((await t.client.delete(`/account/keys/${live.body.id}`, acme.liveKey)).status).toBe(200);
  });

  it('events are visible only to their account and environment', async () => {
    const eventId = await t.database.db.transaction().execute((tx) =>
      recordEvent(tx, { tenant: { accountId: acme.id, environment: 'sandbox' }, now: new Date() }, 'test.happened', { n: 1 }),
    );
    const mine = await t.client.get(`/account/events/${eventId}`, acme.key);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: eventId, type: 'test.happened', data: { n: 1 }, environment: 'sandbox' });
    expect((await t.client.get(`/account/events/${eventId}`, rival.key)).status).toBe(404);
    expect((await t.client.get(`/account/events/${eventId}`, acme.liveKey)).status).toBe(404);
    const list = await t.client.get('/account/events?type=test.happened', acme.key);
    expect(list.body.events.map((e: { id: string }) => e.id)).toEqual([eventId]);
    expect((await t.client.get('/account/events?type=test.happened', rival.key)).body.events).toEqual([]);
  });

  it('an event recorded in a transaction that rolls back does not exist', async () => {
    const ctx = { tenant: { accountId: acme.id, environment: 'sandbox' as const }, now: new Date() };
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        await recordEvent(tx, ctx, 'test.rolled_back', {});
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await t.client.get('/account/events?type=test.rolled_back', acme.key)).body.events).toEqual([]);
  });
});
