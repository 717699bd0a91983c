// Requests sent together over real connections go together in few groups (ingest-queue.ts), on
// PGlite too, where the database works in the service's own thread: a group started as soon as its
// first request was read once left every other request to a group of its own. Each group's call stamps its events with the clock's time once, so a clock that
// moves on every reading tells the groups apart.
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Clock } from '../../core/clock.ts';
import { setupUsageProduct, type UsageSetup } from '../../../test/factories/usage.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';

/** A clock that is one millisecond later at every reading. */
class TickingClock implements Clock {
  private ms = Date.parse('2026-05-10T12:00:00Z');
  now(): Date {
    this.ms += 1;
    return new Date(this.ms);
  }
}

let t: TestContext;
let acme: SeededAccount;
let usage: UsageSetup;
let url: string;

beforeAll(async () => {
  t = await startTestApp({ clock: new TickingClock() });
  acme = await seedAccount(t.client);
  usage = await setupUsageProduct(t.client, acme.key, [{ key: 'api_calls' }]);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

it('writes single events sent together on many connections in a few groups', async () => {
  const requests = 64;
  const pool = new Pool(url, { connections: requests });
  const ids = Array.from({ length: requests }, () => randomUUID());
  const send = (eventId: string) =>
    pool.request({
      method: 'POST',
      path: '/metering/events',
      headers: { authorization: `Bearer ${acme.key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ meter: 'api_calls', productId: usage.productId, customerId: usage.customerId, value: '1', eventId, timestamp: '2026-05-10T11:00:00Z' }),
    });
  try {
    // Open every connection first (the key is then remembered, as under steady load).
    await Promise.all(Array.from({ length: requests }, async () => (await send(randomUUID())).body.dump()));
    const answers = await Promise.all(ids.map(async (id) => {
      const response = await send(id);
      await response.body.dump();
      return response.statusCode;
    }));
    expect(answers.every((status) => status === 201)).toBe(true);
  } finally {
    await pool.close();
  }
  const groups = await t.database.db
    .selectFrom('usage_events')
    .select((eb) => eb.fn.count<string>('received_at').distinct().as('groups'))
    .where('account_id', '=', acme.id)
    .where('event_id', 'in', ids)
    .executeTakeFirstOrThrow();
  expect(Number(groups.groups)).toBeGreaterThanOrEqual(1);
  expect(Number(groups.groups)).toBeLessThanOrEqual(8);
});
