// The periodic relayer gas watch (job `rail.relayers.watch`, src/flows/rail/relayer-watch.ts) on
// the local chain: each `self` relayer's native balance is read and `rail.relayer_low_balance` is
// recorded once per fall under RAIL_RELAYER_MIN_BALANCE_WEI, not on every run, again only after
// the balance was back over it. Relayers of tenants that do not settle with `self` are not read.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { systemClock } from '../../src/core/clock.ts';
import { watchRelayers } from '../../src/flows/rail/index.ts';
import { deployUsdc, type DeployedUsdc } from '../chain/fiat-token.ts';
import { DEPLOYER_KEY, startLocalChain, type LocalChain } from '../chain/local-chain.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { configureRail } from './fixtures.ts';

/** 1 ETH: the threshold under which a relayer is low. */
const THRESHOLD = 10n ** 18n;

let chain: LocalChain;
let usdc: DeployedUsdc;
let t: TestContext;
let seller: SeededAccount;
const relayerKey = generatePrivateKey();
const relayer = privateKeyToAccount(relayerKey);

beforeAll(async () => {
  chain = await startLocalChain();
  usdc = await deployUsdc(chain);
  t = await startTestApp({ env: { RAIL_RPC_URLS: JSON.stringify({ [chain.network]: chain.url }), RAIL_RELAYER_MIN_BALANCE_WEI: THRESHOLD.toString(), SECRETS_KEY: randomBytes(32).toString('base64') } });
  seller = await seedAccount(t.client, 'Relayer watch seller');
  const settings = { network: chain.network, asset: usdc.address, payTo: privateKeyToAccount(generatePrivateKey()).address, assetDomain: usdc.domain, facilitator: { provider: 'self', indexesForDiscovery: false } };
  await configureRail(t.client, seller.key, settings);
  expect((await t.client.put('/rail/relayer', seller.key, { privateKey: relayerKey })).status).toBe(200);
  // The same relayer key in production, where the account settles with `remote`: not watched there.
  await configureRail(t.client, seller.liveKey, { ...settings, facilitator: { provider: 'remote', indexesForDiscovery: false } });
  expect((await t.client.put('/rail/relayer', seller.liveKey, { privateKey: relayerKey })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const lowEvents = async (key = seller.key) => (await t.client.get('/account/events?type=rail.relayer_low_balance', key)).body.events as Array<{ data: Record<string, string> }>;
const fund = (wei: bigint) => chain.wallet(privateKeyToAccount(DEPLOYER_KEY)).sendTransaction({ to: relayer.address, value: wei });

describe('the relayer gas watch', () => {
  it('records the low balance once per fall under the threshold, read on the chain', async () => {
    // Funded 0.5 ETH: under the 1 ETH threshold. Two runs: one event.
    await fund(THRESHOLD / 2n);
    expect((await watchRelayers(t.database.db, systemClock, t.config)).failed).toEqual([]);
    await watchRelayers(t.database.db, systemClock, t.config);
    const first = await lowEvents();
    expect(first).toEqual([expect.objectContaining({ data: { network: chain.network, address: relayer.address, balance: (THRESHOLD / 2n).toString(), threshold: THRESHOLD.toString() } })]);

    // Topped up to 1.5 ETH: over it, no event; the crossing is cleared.
    await fund(THRESHOLD);
    await watchRelayers(t.database.db, systemClock, t.config);
    expect(await lowEvents()).toHaveLength(1);
    expect((await t.database.db.selectFrom('rail_relayers').select('low_balance_since').where('account_id', '=', seller.id).where('environment', '=', 'sandbox').executeTakeFirstOrThrow()).low_balance_since).toBeNull();

    // The relayer's funds leave it (1.5 ETH - 1 ETH sent - gas < 1 ETH): under again, a second event, once.
    await chain.wallet(relayer).sendTransaction({ to: privateKeyToAccount(DEPLOYER_KEY).address, value: THRESHOLD });
    await watchRelayers(t.database.db, systemClock, t.config);
    await watchRelayers(t.database.db, systemClock, t.config);
    const events = await lowEvents();
    expect(events).toHaveLength(2);
    expect(BigInt(events[0]!.data.balance!)).toBeLessThan(THRESHOLD / 2n);

    // Production settles with `remote`: its relayer row is not read, no event there.
    expect(await lowEvents(seller.liveKey)).toEqual([]);
  });

  it('is a recurring job of the queue', async () => {
    const { railRelayerWatchJob } = await import('../../src/flows/rail/index.ts');
    expect(railRelayerWatchJob(t.database.db, systemClock, t.config, { info: () => undefined, error: () => undefined })).toMatchObject({ queue: 'rail.relayers.watch', everySeconds: 600 });
  });
});
