// Ingestion takes a key found live before from memory (accounts/key-memory.ts) and reads its row in
// the group's own transaction (metering_ingest, step 0), or before the answer leaves when the
// request fails before its group. A revoked key, or an account no longer active, stops ingestion at
// once: in this process and in another one that still remembers the key.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupUsageProduct, type UsageSetup } from '../../../test/factories/usage.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

let t: TestContext;
/** A second process on the same database, with a memory of keys of its own. */
let other: TestContext;
let acme: SeededAccount;
let usage: UsageSetup;

beforeAll(async () => {
  t = await startTestApp();
  other = await startTestApp({ database: t.database });
  acme = await seedAccount(t.client);
  usage = await setupUsageProduct(t.client, acme.key, [{ key: 'api_calls' }]);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const event = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  meter: 'api_calls',
  productId: usage.productId,
  customerId: usage.customerId,
  value: '1',
  eventId: randomUUID(),
  ...over,
});

async function recorded(eventIds: string[]): Promise<number> {
  const rows = await t.database.db.selectFrom('usage_events').select('event_id').where('account_id', '=', acme.id).where('event_id', 'in', eventIds).execute();
  return rows.length;
}

/** A new restricted key that may write usage, used once by each process so that both remember it. */
async function rememberedKey(): Promise<{ id: string; key: string }> {
  const created = await t.client.post('/account/keys', acme.key, { scopes: ['metering:write'] });
  expect(created.status, created.raw).toBe(201);
  for (const app of [t, other]) expect((await app.client.post('/metering/events', created.body.key, event())).status).toBe(201);
  return { id: created.body.id, key: created.body.key };
}

async function setAccountStatus(status: 'active' | 'suspended' | 'closed'): Promise<void> {
  await t.database.db.updateTable('accounts').set({ status }).where('id', '=', acme.id).execute();
}

describe('keys remembered by ingestion', () => {
  it('refuses a key revoked by another process, in the group that would have written its events', async () => {
    const { id, key } = await rememberedKey();
    expect((await other.client.delete(`/account/keys/${id}`, acme.key)).status).toBe(200);
    const single = event();
    const batch = [event(), event()];
    const one = await t.client.post('/metering/events', key, single);
    const many = await t.client.post('/metering/events/batch', key, { events: batch });
    for (const res of [one, many]) {
      expect(res.status, res.raw).toBe(401);
      expect(res.body).toMatchObject({ error_code: 'unauthorized', message: 'The API key was revoked.' });
    }
    expect(await recorded([single.eventId, ...batch.map((e) => e.eventId)] as string[])).toBe(0);
    // The process that revoked it has it in memory too: its group reads the row as well.
    expect((await other.client.post('/metering/events', key, event())).status).toBe(401);
  });

  it('answers a revoked key with 401 rather than the answer stored with its Idempotency-Key', async () => {
    const { id, key } = await rememberedKey();
    const idempotencyKey = randomUUID();
    const body = event();
    expect((await t.client.post('/metering/events', key, body, { idempotencyKey })).status).toBe(201);
    expect((await t.client.delete(`/account/keys/${id}`, acme.key)).status).toBe(200);
    const replay = await t.client.post('/metering/events', key, body, { idempotencyKey });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('The API key was revoked.');
  });

  it('reads the key before answering a request that fails before its group (422 becomes 401)', async () => {
    const { id, key } = await rememberedKey();
    const invalid = event({ value: 'ten' });
    expect((await t.client.post('/metering/events', key, invalid)).status).toBe(422);
    expect((await t.client.delete(`/account/keys/${id}`, acme.key)).status).toBe(200);
    for (const app of [t, other]) {
      const res = await app.client.post('/metering/events', key, invalid);
      expect(res.status, res.raw).toBe(401);
      expect(res.body).toMatchObject({ error_code: 'unauthorized', message: 'The API key was revoked.' });
      expect(res.headers['content-type']).toContain('application/json');
    }
    const tooFar = await t.client.post('/metering/events/batch', key, { events: [event({ timestamp: '2999-01-01T00:00:00Z' })] });
    expect(tooFar.status).toBe(401);
  });

  it('refuses the keys of an account suspended meanwhile with 403, and accepts them again once it is active', async () => {
    const { key } = await rememberedKey();
    await setAccountStatus('suspended');
    try {
      const single = event();
      for (const app of [t, other]) {
        const res = await app.client.post('/metering/events', key, single);
        expect(res.status, res.raw).toBe(403);
        expect(res.body).toMatchObject({ error_code: 'forbidden', message: 'The account is suspended.' });
      }
      const invalid = await t.client.post('/metering/events/batch', key, { events: [] });
      expect(invalid.status).toBe(403);
      expect(await recorded([single.eventId as string])).toBe(0);
    } finally {
      await setAccountStatus('active');
    }
    expect((await t.client.post('/metering/events', key, event())).status).toBe(201);
    expect((await other.client.post('/metering/events/batch', key, { events: [event()] })).status).toBe(200);
  });

  it('answers a key without the scope 403 while it is live, and 401 once revoked', async () => {
    const reader = await t.client.post('/account/keys', acme.key, { scopes: ['billing:read'] });
    for (let i = 0; i < 2; i += 1) {
      const res = await t.client.post('/metering/events', reader.body.key, event());
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('metering:write');
    }
    expect((await other.client.delete(`/account/keys/${reader.body.id}`, acme.key)).status).toBe(200);
    const res = await t.client.post('/metering/events', reader.body.key, event());
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('The API key was revoked.');
  });

  it('answers the requests of live keys in the same group as a revoked one', async () => {
    const { id, key } = await rememberedKey();
    expect((await other.client.delete(`/account/keys/${id}`, acme.key)).status).toBe(200);
    const live = Array.from({ length: 5 }, () => event());
    const dead = Array.from({ length: 5 }, () => event());
    // Sent together: the queue groups what arrives while a group is being written.
    const answers = await Promise.all([
      ...live.map((e) => t.client.post('/metering/events', acme.key, e)),
      ...dead.map((e) => t.client.post('/metering/events', key, e)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([...live.map(() => 201), ...dead.map(() => 401)]);
    expect(await recorded(live.map((e) => e.eventId as string))).toBe(5);
    expect(await recorded(dead.map((e) => e.eventId as string))).toBe(0);
  });
});
