// `secrets rotate` for the Rail's sealed secrets: the relayer's private key and the remote
// facilitator's headers get their data keys re-wrapped under the new master key, stay readable
// with the new key alone, and a service holding only the old key can no longer open them.
import { randomBytes } from 'node:crypto';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, testConfig, type TestContext } from '../../../test/harness.ts';
import { fakeLookup } from '../../../test/webhooks/fake-dns.ts';
import { keyringOf, openSecrets, type Keyring } from '../../modules/providers/index.ts';
import { openRelayerKey, rotateRelayerKeys } from './relayer.ts';
import { rotateRemoteFacilitatorKeys } from './remote.ts';

const OLD = randomBytes(32).toString('base64');
const NEW = randomBytes(32).toString('base64');
const keyring = (env: Record<string, string>): Keyring => keyringOf(testConfig(env))!;

let t: TestContext;
const relayerKey = generatePrivateKey();
const headers = { Authorization: 'Bearer rotation-secret-4242' };

beforeAll(async () => {
  t = await startTestApp({ env: { SECRETS_KEY: OLD, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' }, webhookLookup: fakeLookup({ 'facilitator.example.com': ['93.184.216.34'] }) });
});
afterAll(() => t.close());

describe('secrets rotate and the Rail', () => {
  it('re-wraps the relayer key and the remote headers; the new key alone opens them, the old one no longer does', async () => {
    const acme = await seedAccount(t.client, 'Acme');
    expect((await t.client.put('/rail/relayer', acme.key, { privateKey: relayerKey })).status).toBe(200);
    expect((await t.client.put('/rail/remote-facilitator', acme.key, { url: 'https://facilitator.example.com/x402', headers })).status).toBe(200);
    const db = t.database.db;
    const relayerRow = () => db.selectFrom('rail_relayers').selectAll().where('account_id', '=', acme.id).executeTakeFirstOrThrow();
    const remoteRow = () => db.selectFrom('rail_remote_facilitators').selectAll().where('account_id', '=', acme.id).executeTakeFirstOrThrow();
    const openHeaders = (ring: Keyring, row: Awaited<ReturnType<typeof remoteRow>>) =>
      openSecrets(ring, row.id, { ciphertext: row.headers_sealed, dataKey: row.data_key_sealed, keyId: row.key_id });

    const rotating = keyring({ SECRETS_KEY: NEW, SECRETS_KEY_PREVIOUS: OLD });
    // One relayer and one remote facilitator sealed under the old key: both re-wrapped, then none.
    expect(await rotateRelayerKeys(db, rotating)).toBe(1);
    expect(await rotateRemoteFacilitatorKeys(db, rotating)).toBe(1);
    expect(await rotateRelayerKeys(db, rotating)).toBe(0);
    expect(await rotateRemoteFacilitatorKeys(db, rotating)).toBe(0);

    const newOnly = keyring({ SECRETS_KEY: NEW });
    const [relayer, remote] = [await relayerRow(), await remoteRow()];
    expect(relayer.key_id).toBe(newOnly.current.id);
    expect(remote.key_id).toBe(newOnly.current.id);
    expect(openRelayerKey(newOnly, relayer)).toBe(relayerKey);
    expect(openHeaders(newOnly, remote)).toEqual(headers);

    const oldOnly = keyring({ SECRETS_KEY: OLD });
    expect(() => openRelayerKey(oldOnly, relayer)).toThrow(/no master key with id/);
    expect(() => openHeaders(oldOnly, remote)).toThrow(/no master key with id/);
  });
});
