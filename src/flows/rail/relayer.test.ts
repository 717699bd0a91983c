// The self provider's configuration: the relayer key (sealed, never answered, per environment),
// the closed list of providers, and the 409 that says what `self` still lacks. Settling on a
// chain is test/rail/self-settlement.test.ts.
import { randomBytes } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { agent, configureRail, railProduct, settingsBody, signPayment } from '../../../test/rail/fixtures.ts';
import { solanaKeypair } from '../../../test/rail/official-svm-facilitator.ts';

let t: TestContext;
let acme: SeededAccount;
const relayerKey = generatePrivateKey();
/** Base Sepolia has an RPC URL here (nothing listens: these tests never reach a chain). */
const RPC_URLS = JSON.stringify({ 'eip155:84532': 'http://127.0.0.1:9' });

beforeAll(async () => {
  // SECRETS_KEY set: on PostgreSQL the service seals nothing without one (PUT answers 503).
  t = await startTestApp({ env: { RAIL_RPC_URLS: RPC_URLS, SECRETS_KEY: randomBytes(32).toString('base64') } });
  acme = await seedAccount(t.client, 'Acme');
});
afterAll(() => t.close());

describe('PUT/GET/DELETE /rail/relayer', () => {
  it('takes the key once, answers its address only, per environment', async () => {
    expect((await t.client.get('/rail/relayer', acme.key)).status).toBe(404);
    const bad = await t.client.put('/rail/relayer', acme.key, { privateKey: `0x${'zz'.repeat(32)}` });
    expect(bad.status).toBe(422);
    // The value sent is never echoed: it may be a real key with a typo.
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'privateKey', value: '', constraint: 'evm_private_key' })]);
    const zero = await t.client.put('/rail/relayer', acme.key, { privateKey: `0x${'0'.repeat(64)}` });
    expect(zero.status).toBe(422);

    const put = await t.client.put('/rail/relayer', acme.key, { privateKey: relayerKey });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ address: privateKeyToAccount(relayerKey).address, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(put.raw).not.toContain(relayerKey.slice(2));
    expect((await t.client.get('/rail/relayer', acme.key)).body).toEqual(put.body);
    expect((await t.client.get('/rail/relayer', acme.liveKey)).status).toBe(404);

    const row = await t.database.db.selectFrom('rail_relayers').selectAll().where('account_id', '=', acme.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(relayerKey.slice(2));

    // A Solana fee payer: base58 of the 64 bytes, or the keypair file's JSON array (the same key).
    const solana = await solanaKeypair();
    const notAKey = await t.client.put('/rail/relayer', acme.liveKey, { privateKey: 'not a key' });
    expect(notAKey.body.errors).toEqual([expect.objectContaining({ field: 'privateKey', value: '', constraint: 'private_key' })]);
    const tampered = Uint8Array.from(solana.secret);
    tampered[63] = tampered[63]! ^ 1;
    const mismatched = await t.client.put('/rail/relayer', acme.liveKey, { privateKey: JSON.stringify([...tampered]) });
    expect(mismatched.body.errors).toEqual([expect.objectContaining({ field: 'privateKey', value: '', constraint: 'solana_secret_key' })]);
    const fromFile = await t.client.put('/rail/relayer', acme.liveKey, { privateKey: JSON.stringify([...solana.secret]) });
    expect(fromFile.status).toBe(200);
    expect(fromFile.body.address).toBe(solana.signer.address);
    const fromBase58 = await t.client.put('/rail/relayer', acme.liveKey, { privateKey: solana.base58 });
    expect(fromBase58.body.address).toBe(solana.signer.address);
    const sealed = await t.database.db.selectFrom('rail_relayers').selectAll().where('account_id', '=', acme.id).where('environment', '=', 'production').executeTakeFirstOrThrow();
    expect(JSON.stringify(sealed)).not.toContain(solana.base58);
    expect((await t.client.delete('/rail/relayer', acme.liveKey)).status).toBe(200);

    const deleted = await t.client.delete('/rail/relayer', acme.liveKey);
    expect(deleted.status).toBe(404);
  });
});

describe('facilitator.provider', () => {
  it('is one of sandbox, service, self, remote; self settles on Solana too, with a Solana fee payer', async () => {
    const unknown = await t.client.put('/rail/settings', acme.key, settingsBody({ facilitator: { provider: 'coinbase', indexesForDiscovery: false } }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'facilitator.provider', constraint: 'enum' })]);
    const solana = await t.client.put(
      '/rail/settings',
      acme.key,
      settingsBody({ network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', asset: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU', payTo: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', facilitator: { provider: 'self', indexesForDiscovery: false } }),
    );
    // No RPC URL for Solana here: the settings are taken (payTo's token account is checked only with one), settling is not.
    expect(solana.status).toBe(200);
    const supported = await t.client.get('/rail/supported', acme.key);
    expect(supported.body).toEqual({ kinds: [], extensions: [], signers: {} });
    for (const provider of ['sandbox', 'service', 'self']) {
      expect((await t.client.put('/rail/settings', acme.key, settingsBody({ facilitator: { provider, indexesForDiscovery: false } }))).status).toBe(200);
    }
  });

  it('answers 409 naming what self lacks, and reads a name stored before the list was closed as sandbox', async () => {
    const other = await seedAccount(t.client, 'Other');
    const product = await railProduct(t.client, other.key, '0.001');
    await configureRail(t.client, other.key, { facilitator: { provider: 'self', indexesForDiscovery: false } });
    const accepted = (await t.client.get(`/rail/config?product=${product.productKey}`, other.key)).body.outputSchema.routes[0].accepts[0];
    const body = { x402Version: 2, paymentPayload: await signPayment(agent(), accepted), paymentRequirements: accepted };

    const noRelayer = await t.client.post('/rail/settle', other.key, body, { idempotencyKey: null });
    expect(noRelayer.status).toBe(409);
    expect(noRelayer.body).toMatchObject({ error_code: 'provider_not_configured' });
    expect(noRelayer.body.message).toContain('PUT /rail/relayer');
    expect((await t.client.get('/rail/supported', other.key)).body).toEqual({ kinds: [], extensions: [], signers: {} });

    // Another network: no RPC URL for it.
    await t.client.put('/rail/relayer', other.key, { privateKey: generatePrivateKey() });
    const sepolia = { network: 'eip155:11155111', asset: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238', assetDomain: { name: 'USDC', version: '2' }, facilitator: { provider: 'self', indexesForDiscovery: false } };
    expect((await t.client.put('/rail/settings', other.key, settingsBody(sepolia))).status).toBe(200);
    const noRpc = await t.client.post('/rail/verify', other.key, body, { idempotencyKey: null });
    expect(noRpc.status).toBe(409);
    expect(noRpc.body.message).toContain('RAIL_RPC_URLS');

    // A provider name written before the list was closed settles as the simulator did.
    await configureRail(t.client, other.key);
    await t.database.db.updateTable('rail_settings').set({ facilitator: JSON.stringify({ provider: 'legacy', indexesForDiscovery: false }) as never }).where('account_id', '=', other.id).execute();
    const legacy = await t.client.post('/rail/settle', other.key, body, { idempotencyKey: null });
    expect(legacy.body).toMatchObject({ success: true });
  });

  it('lists the networks with an RPC URL to callers without a key', async () => {
    const supported = await t.client.get('/rail/supported', null);
    expect(supported.body.kinds).toContainEqual({ x402Version: 2, scheme: 'exact', network: 'eip155:84532' });
  });
});
