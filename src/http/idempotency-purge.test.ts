// The hourly purge of expired Idempotency-Key records deletes in bounded chunks, one statement each.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import { purgeExpiredKeys } from './idempotency-purge.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

it('deletes every expired record, at most chunkRows per statement, and keeps the live ones', async () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
  const row = (key: string, expiresAt: Date) => ({ scope: 'acct:sandbox', key, fingerprint: 'f', status_code: 200, response_body: '{}', created_at: at(-30), expires_at: expiresAt });
  await database.db
    .insertInto('idempotency_keys')
    .values([
      ...Array.from({ length: 12 }, (_, i) => row(`expired-${i}`, at(-i))),
      ...Array.from({ length: 3 }, (_, i) => row(`live-${i}`, at(i + 1))),
    ])
    .execute();

  expect(await purgeExpiredKeys(database.db, now, 5)).toEqual({ removed: 12, chunks: 3 });
  const left = await database.db.selectFrom('idempotency_keys').select('key').orderBy('key').execute();
  expect(left.map((r) => r.key)).toEqual(['live-0', 'live-1', 'live-2']);
  // Nothing left to do: one statement finds nothing.
  expect(await purgeExpiredKeys(database.db, now, 5)).toEqual({ removed: 0, chunks: 1 });
});

it('an exact multiple of the chunk takes one more statement to see that nothing is left', async () => {
  // The same moment as above: the records left live there stay live.
  const now = new Date('2026-05-10T12:00:00Z');
  await database.db
    .insertInto('idempotency_keys')
    .values(Array.from({ length: 4 }, (_, i) => ({ scope: 'acct:sandbox', key: `k-${i}`, fingerprint: 'f', status_code: 200, response_body: '{}', created_at: now, expires_at: now })))
    .execute();
  expect(await purgeExpiredKeys(database.db, now, 2)).toEqual({ removed: 4, chunks: 3 });
});
