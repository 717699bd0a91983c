import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../../../test/harness.ts';
import { configureRail, railProduct, SELLER_WALLET, settingsBody, USDC } from '../../../test/rail/fixtures.ts';
import { windowSeconds } from './networks.ts';

let t: TestContext;
let acme: SeededAccount;
let other: SeededAccount;

beforeAll(async () => {
  t = await startTestApp();
  acme = await seedAccount(t.client, 'Acme');
  other = await seedAccount(t.client, 'Other');
});
afterAll(() => t.close());

describe('PUT/GET /rail/settings', () => {
  it('answers 409 rail_not_configured before any PUT, then stores and reads the settings per environment', async () => {
    const before = await t.client.get('/rail/settings', acme.key);
    expect(before.status).toBe(409);
    expect(before.body.error_code).toBe('rail_not_configured');
    const put = await t.client.put('/rail/settings', acme.key, settingsBody({}, { maxPerAgent: '00030000' }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ network: 'eip155:84532', asset: USDC, assetDecimals: 6, payTo: SELLER_WALLET, assetDomain: null });
    expect(put.body.grace.maxPerAgent).toBe('30000');
    expect((await t.client.get('/rail/settings', acme.key)).body).toEqual(put.body);
    // Production and another account see nothing of it.
    expect((await t.client.get('/rail/settings', acme.liveKey)).status).toBe(409);
    expect((await t.client.get('/rail/settings', other.key)).status).toBe(409);
    const again = await t.client.put('/rail/settings', acme.key, settingsBody({ assetDecimals: 6 }, { queueLimit: 7 }));
    expect(again.body.grace.queueLimit).toBe(7);
    expect(again.body.createdAt).toBe(put.body.createdAt);
  });

  it('reports one error per invalid field', async () => {
    const res = await t.client.put(
      '/rail/settings',
      acme.key,
      settingsBody(
        { network: 'base', asset: 'USDC', payTo: 'nope', assetDecimals: 37, facilitator: { provider: 'Bad Provider', indexesForDiscovery: true } },
        { window: '10 minutes', maxPerAgent: '1.5', maxTotal: '-3', queueLimit: -1, clockSkewSeconds: 99999 },
      ),
    );
    expect(res.status).toBe(422);
    const fields = res.body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['asset', 'assetDecimals', 'facilitator.provider', 'grace.clockSkewSeconds', 'grace.maxPerAgent', 'grace.maxTotal', 'grace.queueLimit', 'grace.window', 'network'].sort());
    expect(res.body.errors.find((e: { field: string }) => e.field === 'network').description).toContain('eip155:<chain id>');
  });

  it('checks EVM addresses: 40 hex digits, EIP-55 when mixed case; lower case passes', async () => {
    const badChecksum = USDC.replace('036CbD', '036cBD');
    const res = await t.client.put('/rail/settings', acme.key, settingsBody({ asset: badChecksum, payTo: '0x1234' }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ field: 'asset', constraint: 'eip55_checksum' }),
      expect.objectContaining({ field: 'payTo', constraint: 'evm_address' }),
    ]);
    expect((await t.client.put('/rail/settings', acme.key, settingsBody({ asset: USDC.toLowerCase(), payTo: SELLER_WALLET.toLowerCase() }))).status).toBe(200);
  });

  it('checks Solana mints and wallets as base58 of 32 to 44 characters', async () => {
    const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
    const mint = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';
    const ok = await t.client.put('/rail/settings', other.key, settingsBody({ network: devnet, asset: mint, payTo: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }));
    expect(ok.status).toBe(200);
    const bad = await t.client.put('/rail/settings', other.key, settingsBody({ network: devnet, asset: '0OIl' + mint.slice(4), payTo: USDC }));
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['asset', 'payTo']);
    expect((await t.client.put('/rail/settings', other.key, settingsBody({ network: 'solana' }))).body.errors[0].field).toBe('network');
  });

  it('needs the EIP-712 domain of an EVM asset @x402/evm does not know', async () => {
    const unknownToken = '0x' + 'ab'.repeat(20);
    const res = await t.client.put('/rail/settings', other.key, settingsBody({ asset: unknownToken }));
    expect(res.body.errors[0]).toMatchObject({ field: 'assetDomain', constraint: 'required' });
    const ok = await t.client.put('/rail/settings', other.key, settingsBody({ asset: unknownToken, assetDomain: { name: 'Token', version: '1' } }));
    expect(ok.status).toBe(200);
    expect(ok.body.assetDomain).toEqual({ name: 'Token', version: '1' });
  });

  it('reads grace windows as ISO 8601 durations or <n>s|m|h', () => {
    expect(windowSeconds('10m')).toBe(600);
    expect(windowSeconds('45s')).toBe(45);
    expect(windowSeconds('2h')).toBe(7200);
    expect(windowSeconds('PT10M')).toBe(600);
    expect(windowSeconds('P1DT1S')).toBe(86_401);
    expect(windowSeconds('P1W')).toBe(604_800);
    for (const bad of ['P', 'PT', 'P1M', 'P1Y', '0s', '10', 'm', '1.5h', 'PT0S']) expect(windowSeconds(bad)).toBeNull();
  });
});

describe('GET /rail/config', () => {
  it('gives the settings and one route per meter price, in atomic units, from the default version', async () => {
    const seller = await seedAccount(t.client, 'Seller');
    const product = await railProduct(t.client, seller.key, '0.25');
    expect((await t.client.get(`/rail/config?product=${product.productKey}`, seller.key)).body.error_code).toBe('rail_not_configured');
    await configureRail(t.client, seller.key);
    const res = await t.client.get(`/rail/config?product=${product.productKey}`, seller.key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ network: 'eip155:84532', asset: USDC, assetDecimals: 6, payTo: SELLER_WALLET, facilitator: { provider: 'service', indexesForDiscovery: false } });
    expect(res.body.outputSchema.routes).toEqual([
      {
        meter: product.meterKey,
        description: product.meterKey,
        unitPrice: '0.25',
        currency: 'USD',
        accepts: [{ scheme: 'exact', network: 'eip155:84532', asset: USDC, amount: '250000', payTo: SELLER_WALLET, maxTimeoutSeconds: 300, extra: { name: 'USDC', version: '2', product: product.productKey, meter: product.meterKey } }],
      },
    ]);
    expect(res.body.outputSchema.product).toMatchObject({ key: product.productKey, currency: 'USD' });
  });

  it('answers 422 without product, 404 for an unknown one (or another account\'s), 422 naming product for BRL or inexact prices', async () => {
    const seller = await seedAccount(t.client, 'Seller 2');
    await configureRail(t.client, seller.key, { assetDecimals: 1 });
    const missing = await t.client.get('/rail/config', seller.key);
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: 'product', constraint: 'required' });
    const unknown = await t.client.get('/rail/config?product=nope', seller.key);
    expect(unknown.status).toBe(404);
    expect(unknown.body.resource).toBe('product');
    const foreign = await railProduct(t.client, acme.key);
    expect((await t.client.get(`/rail/config?product=${foreign.productKey}`, seller.key)).status).toBe(404);
    const brl = await railProduct(t.client, seller.key, '0.10', 'BRL');
    const inBrl = await t.client.get(`/rail/config?product=${brl.productKey}`, seller.key);
    expect(inBrl.status).toBe(422);
    expect(inBrl.body.errors[0]).toMatchObject({ field: 'product', constraint: 'currency' });
    // One decimal of asset: 0.05 is half an atomic unit.
    const fine = await railProduct(t.client, seller.key, '0.05');
    const inexact = await t.client.get(`/rail/config?product=${fine.productKey}`, seller.key);
    expect(inexact.status).toBe(422);
    expect(inexact.body.errors[0]).toMatchObject({ field: 'product', constraint: 'atomic_units' });
    const whole = await railProduct(t.client, seller.key, '0.10');
    expect((await t.client.get(`/rail/config?product=${whole.productKey}`, seller.key)).body.outputSchema.routes[0].accepts[0].amount).toBe('1');
  });

  it('prices below a cent exactly, down to the receipts\' six decimals', async () => {
    const seller = await seedAccount(t.client, 'Seller 3');
    await configureRail(t.client, seller.key, { assetDecimals: 18 });
    const tenth = await railProduct(t.client, seller.key, '0.001');
    const ok = await t.client.get(`/rail/config?product=${tenth.productKey}`, seller.key);
    expect(ok.status).toBe(200);
    expect(ok.body.outputSchema.routes[0].accepts[0].amount).toBe('1000000000000000');
    const finer = await railProduct(t.client, seller.key, '0.0000001');
    const refused = await t.client.get(`/rail/config?product=${finer.productKey}`, seller.key);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ field: 'product', constraint: 'receipt_precision' });
  });
});
