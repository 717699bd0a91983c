// The remote provider's configuration: its URL passes the webhook URL rules, its headers are
// sealed and never echoed, and the discovery extension reaches it only when the seller allows
// indexing. Settling through a real remote facilitator is test/rail/remote-facilitator.test.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { fakeLookup } from '../../../test/webhooks/fake-dns.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import { forRemote, remoteClientOf } from './remote.ts';
import type { RailSettingsRow } from './tables.ts';

let t: TestContext;
let acme: SeededAccount;
/** The DNS the service sees; a test points a name elsewhere after its URL was accepted. */
const dns: Record<string, string[]> = { 'facilitator.example.com': ['93.184.216.34'] };

beforeAll(async () => {
  // Private targets refused, as in production; the facilitator's name resolves to a public address.
  t = await startTestApp({ env: { SECRETS_KEY: randomBytes(32).toString('base64'), WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' }, webhookLookup: fakeLookup(dns) });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

describe('PUT /rail/remote-facilitator', () => {
  it('refuses URLs the service must not call and headers it cannot send, echoing no value', async () => {
    const local = await t.client.put('/rail/remote-facilitator', acme.key, { url: 'http://127.0.0.1:8080/facilitator', headers: {} });
    expect(local.status).toBe(422);
    expect(local.body.errors[0]).toMatchObject({ field: 'url', constraint: 'facilitator_url' });
    const secret = 'Bearer top-secret-value';
    const bad = await t.client.put('/rail/remote-facilitator', acme.key, { url: 'https://facilitator.example.com/x402', headers: { 'Bad Name': secret, Authorization: `${secret}\r\nX: y` } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { constraint: string }) => e.constraint).sort()).toEqual(['header_name', 'header_value']);
    expect(bad.raw).not.toContain('top-secret');
  });

  it('stores the headers sealed and shows their last four characters, per environment', async () => {
    const put = await t.client.put('/rail/remote-facilitator', acme.key, { url: 'https://facilitator.example.com/x402/', headers: { Authorization: 'Bearer abcdefgh1234' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ url: 'https://facilitator.example.com/x402', headers: { Authorization: '••••1234' } });
    const row = await t.database.db.selectFrom('rail_remote_facilitators').selectAll().where('account_id', '=', acme.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('abcdefgh1234');
    expect((await t.client.get('/rail/remote-facilitator', acme.liveKey)).status).toBe(404);
    expect((await t.client.delete('/rail/remote-facilitator', acme.key)).status).toBe(200);
    expect((await t.client.get('/rail/remote-facilitator', acme.key)).status).toBe(404);
  });
});

describe('calling the remote facilitator', () => {
  it('connects only where the policy allows at call time: a name that resolves inside now is refused before connecting', async () => {
    const put = await t.client.put('/rail/remote-facilitator', acme.key, { url: 'https://facilitator.example.com/x402', headers: { Authorization: 'Bearer abcdefgh1234' } });
    expect(put.status).toBe(200);
    const row = await t.database.db.selectFrom('rail_remote_facilitators').selectAll().where('account_id', '=', acme.id).where('environment', '=', 'sandbox').executeTakeFirstOrThrow();
    dns['facilitator.example.com'] = ['127.0.0.1'];
    try {
      const client = await remoteClientOf(keyringOf(t.config)!, row, { allowPrivateTargets: false, lookup: fakeLookup(dns) });
      const error = (await client.getSupported().then(
        () => null,
        (e: unknown) => e,
      )) as (Error & { cause?: { code?: string; address?: string } }) | null;
      expect(error?.cause).toMatchObject({ code: 'ERR_WEBHOOK_TARGET_REFUSED', address: '127.0.0.1' });
    } finally {
      dns['facilitator.example.com'] = ['93.184.216.34'];
      await t.client.delete('/rail/remote-facilitator', acme.key);
    }
  });
});

describe('the discovery extension', () => {
  const settings = (indexesForDiscovery: boolean) => ({ facilitator: { provider: 'remote', indexesForDiscovery } }) as RailSettingsRow;
  const payload = { x402Version: 2, extensions: { bazaar: { info: { input: {} } }, other: { kept: true } } };

  it('reaches the remote facilitator only when the seller allows indexing', () => {
    expect(forRemote(settings(true), payload)).toEqual(payload);
    expect(forRemote(settings(false), payload)).toEqual({ x402Version: 2, extensions: { other: { kept: true } } });
  });
});
