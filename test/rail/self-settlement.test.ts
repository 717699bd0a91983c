// `facilitator.provider: "self"` against a real chain: Hardhat's node with Circle's USDC
// (test/chain/). A seller on the official @x402/express middleware with HTTPFacilitatorClient
// pointed at the service, paid by the official @x402/fetch client; the service settles with the
// account's relayer through RAIL_RPC_URLS. Every case ends with the ledger equal to the chain: the
// crypto clearing account's balance (USDC, six decimals) is exactly what reached payTo on chain.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLogs, parseSignature, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactEvmScheme as ServerExactEvmScheme } from '@x402/evm/exact/server';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { deployUsdc, type DeployedUsdc } from '../chain/fiat-token.ts';
import { DEPLOYER_KEY, startLocalChain, type LocalChain } from '../chain/local-chain.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { clearingAtomicUnits, configureRail, railProduct, signPayment, type RailProduct } from './fixtures.ts';
import { listenService } from './servers.ts';

/** 1 ETH to the relayer; the low-balance threshold is 2 ETH, so the first settlement raises the event. */
const RELAYER_FUNDS = 10n ** 18n;
const LOW_BALANCE_WEI = 2n * 10n ** 18n;
/** $0.001 per request: 1,000 atomic units of a six-decimal token. */
const PRICE_ATOMIC = 1000n;

let chain: LocalChain;
let usdc: DeployedUsdc;
let t: TestContext;
let seller: SeededAccount;
let product: RailProduct;
let sellerUrl: string;
let serviceUrl: string;
let closeSeller: () => Promise<void>;
const relayerKey = generatePrivateKey();
const relayer = privateKeyToAccount(relayerKey);
const payTo = privateKeyToAccount(generatePrivateKey()).address;
const secretsKey = randomBytes(32).toString('base64');

beforeAll(async () => {
  chain = await startLocalChain();
  usdc = await deployUsdc(chain);
  await chain.wallet(privateKeyToAccount(DEPLOYER_KEY)).sendTransaction({ to: relayer.address, value: RELAYER_FUNDS });
  t = await startTestApp({
    env: {
      RAIL_RPC_URLS: JSON.stringify({ [chain.network]: chain.url }),
      RAIL_CONFIRMATIONS: '1',
      RAIL_RELAYER_MIN_BALANCE_WEI: LOW_BALANCE_WEI.toString(),
      SECRETS_KEY: secretsKey,
    },
  });
  serviceUrl = await listenService(t);
  seller = await seedAccount(t.client, 'On-chain seller');
  product = await railProduct(t.client, seller.key, '0.001');
  await configureRail(t.client, seller.key, { network: chain.network, asset: usdc.address, payTo, assetDomain: usdc.domain, facilitator: { provider: 'self', indexesForDiscovery: false } });
  const relayerSet = await t.client.put('/rail/relayer', seller.key, { privateKey: relayerKey });
  expect(relayerSet.status).toBe(200);

  ({ url: sellerUrl, close: closeSeller } = await startSeller(seller.key, payTo));
});

/** A seller's server on the official middleware, its facilitator the service under `key` (sk_test_ or sk_live_), GET /weather paid to `wallet`. */
async function startSeller(key: string, wallet: Address): Promise<{ url: string; close: () => Promise<void> }> {
  const auth = { Authorization: `Bearer ${key}` };
  const facilitator = new HTTPFacilitatorClient({ url: `${serviceUrl}/rail`, createAuthHeaders: async () => ({ verify: auth, settle: auth, supported: auth }) });
  const resourceServer = new x402ResourceServer(facilitator).register(chain.network as `${string}:${string}`, new ServerExactEvmScheme());
  const app = express();
  const price = { amount: PRICE_ATOMIC.toString(), asset: usdc.address, extra: usdc.domain };
  app.use(paymentMiddleware({ 'GET /weather': { accepts: { scheme: 'exact', price, network: chain.network as `${string}:${string}`, payTo: wallet }, description: 'Weather' } }, resourceServer));
  app.get('/weather', (_req: unknown, res: { json(body: unknown): void }) => {
    res.json({ forecast: 'sunny' });
  });
  const server: Server = app.listen(0, '127.0.0.1');
  // An idle kept-alive connection is never closed under a request the client sends on it (a
  // busy machine made that race an ECONNRESET): the server keeps idle sockets until close().
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
afterAll(async () => {
  await closeSeller?.();
  await t?.close();
  await chain?.stop();
});

async function fundedAgent(atomic: bigint): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  if (atomic > 0n) await usdc.mint(account.address, atomic);
  return account;
}

/** The official client paying GET /weather; the PAYMENT-SIGNATURE it sent is kept for replays. */
async function payWeather(agent: PrivateKeyAccount, url = sellerUrl): Promise<{ response: Response; paymentSignature: string | null }> {
  let paymentSignature: string | null = null;
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    paymentSignature = request.headers.get('payment-signature') ?? paymentSignature;
    return fetch(request);
  };
  // The local token is no default asset of @x402/evm: the agent allows it, capped at the price.
  const client = new x402Client().setSpendControls({ allowedAssets: [{ network: chain.network as `${string}:${string}`, asset: usdc.address, maxAmountPerPayment: PRICE_ATOMIC.toString() }] });
  client.register(chain.network as `${string}:${string}`, new ExactEvmScheme(agent));
  const response = await wrapFetchWithPayment(recording, client)(`${url}/weather`);
  return { response, paymentSignature };
}

const settlements = () => t.database.db.selectFrom('rail_settlements').selectAll().where('account_id', '=', seller.id).orderBy('created_at').execute();

/** Ledger = chain: the clearing accounts' USDC balance x 10^6 equals the wallet's token balance (each environment's payTo only ever receives through its settlements here). */
async function expectLedgerEqualsChain(environment: 'sandbox' | 'production' = 'sandbox', wallet: Address = payTo): Promise<void> {
  expect(await clearingAtomicUnits(t.database.db, seller.id, environment, 'USDC')).toBe((await usdc.balanceOf(wallet)).toString());
}

/** The requirements the seller's middleware publishes (for authorizations signed by hand). */
async function requirements(): Promise<Record<string, any>> {
  const unpaid = await fetch(`${sellerUrl}/weather`);
  expect(unpaid.status).toBe(402);
  const required = JSON.parse(Buffer.from(unpaid.headers.get('payment-required')!, 'base64').toString('utf8'));
  return required.accepts[0];
}

const settle = (payload: Record<string, unknown>, accepted: Record<string, unknown>) =>
  t.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: accepted }, { idempotencyKey: null });

describe('facilitator.provider "self" on a local chain', () => {
  it('keeps the relayer key sealed and lists the relayer as the signer', async () => {
    const shown = await t.client.get('/rail/relayer', seller.key);
    expect(shown.body).toEqual({ address: relayer.address, createdAt: expect.any(String), updatedAt: expect.any(String) });
    const row = await t.database.db.selectFrom('rail_relayers').selectAll().where('account_id', '=', seller.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(relayerKey.slice(2));
    const supported = await t.client.get('/rail/supported', seller.key);
    expect(supported.body).toEqual({ kinds: [{ x402Version: 2, scheme: 'exact', network: chain.network, extra: { asset: usdc.address, payTo } }], extensions: [], signers: { 'eip155:*': [relayer.address] } });
  });

  it('settles a paid request on chain: real balances move and the real hash is recorded once', async () => {
    // The agent holds 0.005 USDC (5,000 units); one request costs 1,000: 4,000 left, payTo +1,000.
    const agent = await fundedAgent(5000n);
    const { response, paymentSignature } = await payWeather(agent);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ forecast: 'sunny' });
    const answer = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    expect(answer).toMatchObject({ success: true, network: chain.network, payer: agent.address });
    expect(await usdc.balanceOf(agent.address)).toBe(4000n);
    expect(await usdc.balanceOf(payTo)).toBe(PRICE_ATOMIC);

    const receipt = await chain.publicClient.getTransactionReceipt({ hash: answer.transaction as `0x${string}` });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(relayer.address.toLowerCase());
    const transfers = parseEventLogs({ abi: usdc.abi, logs: receipt.logs, eventName: 'Transfer' }) as unknown as Array<{ args: { from: Address; to: Address; value: bigint } }>;
    expect(transfers.map((log) => log.args)).toEqual([{ from: agent.address, to: payTo, value: PRICE_ATOMIC }]);

    const rows = await settlements();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'settled', transaction: answer.transaction, amount: '1000', payer: agent.address.toLowerCase(), meter_id: product.meterId, product_id: product.productId });
    const payments = (await t.client.get('/billing/payments?method=crypto', seller.key)).body.payments;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: rows[0]!.payment_id, status: 'confirmed', amount: '0.001000', currency: 'USDC' });

    // The same PAYMENT-SIGNATURE again: the nonce was used, nothing more is recorded or moved.
    const replay = await fetch(`${sellerUrl}/weather`, { headers: { 'PAYMENT-SIGNATURE': paymentSignature! } });
    expect(replay.status).toBe(402);
    expect(await settlements()).toHaveLength(1);
    expect(await usdc.balanceOf(agent.address)).toBe(4000n);
    await expectLedgerEqualsChain();
  });

  it('raises rail.relayer_low_balance once while the relayer stays under the threshold', async () => {
    // 1 ETH funded, less gas, is under the 2 ETH threshold since the first settlement; a second one adds no event.
    const agent = await fundedAgent(1000n);
    expect((await payWeather(agent)).response.status).toBe(200);
    const list = (await t.client.get('/account/events?type=rail.relayer_low_balance', seller.key)).body.events as any[];
    expect(list).toHaveLength(1);
    expect(list[0].data).toMatchObject({ network: chain.network, address: relayer.address, threshold: LOW_BALANCE_WEI.toString() });
    expect(BigInt(list[0].data.balance)).toBeLessThan(RELAYER_FUNDS);
    await expectLedgerEqualsChain();
  });

  it('fails cleanly when the token refuses: an agent without balance, a nonce cancelled on chain', async () => {
    const accepted = await requirements();
    const before = (await settlements()).length;
    const payToBefore = await usdc.balanceOf(payTo);

    const broke = await fundedAgent(0n);
    const unfunded = await settle(await signPayment(broke, accepted), accepted);
    expect(unfunded.status).toBe(200);
    expect(unfunded.body).toMatchObject({ success: false, transaction: '', errorReason: 'invalid_exact_evm_insufficient_balance' });
    expect(unfunded.body.amount).toBeUndefined();

    // The agent cancels its authorization's nonce on chain (EIP-3009 cancelAuthorization) before the seller settles it.
    const agent = await fundedAgent(1000n);
    const nonce = `0x${randomBytes(32).toString('hex')}` as const;
    const payload = await signPayment(agent, accepted, { nonce });
    const cancel = await agent.signTypedData({
      domain: { ...usdc.domain, chainId: chain.chain.id, verifyingContract: usdc.address },
      types: { CancelAuthorization: [{ name: 'authorizer', type: 'address' }, { name: 'nonce', type: 'bytes32' }] },
      primaryType: 'CancelAuthorization',
      message: { authorizer: agent.address, nonce },
    });
    const { v, r, s } = parseSignature(cancel);
    const hash = await chain.wallet(privateKeyToAccount(DEPLOYER_KEY)).writeContract({ address: usdc.address, abi: usdc.abi, functionName: 'cancelAuthorization', args: [agent.address, nonce, Number(v), r, s] } as never);
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    const cancelled = await settle(payload, accepted);
    expect(cancelled.body).toMatchObject({ success: false, transaction: '', errorReason: 'invalid_exact_evm_nonce_already_used' });

    // Nothing recorded, nothing moved, and the reservations were freed.
    expect(await settlements()).toHaveLength(before);
    expect(await usdc.balanceOf(payTo)).toBe(payToBefore);
    expect(await usdc.balanceOf(agent.address)).toBe(1000n);
    await expectLedgerEqualsChain();
  });

  it('settles one of concurrent settles of the same authorization in two processes, on chain once', async () => {
    // A second process of the service on the same database (its own viem clients and nonce manager).
    const second = await startTestApp({ database: t.database, env: { RAIL_RPC_URLS: JSON.stringify({ [chain.network]: chain.url }), RAIL_RELAYER_MIN_BALANCE_WEI: LOW_BALANCE_WEI.toString(), SECRETS_KEY: secretsKey } });
    const accepted = await requirements();
    const agent = await fundedAgent(3000n);
    const payload = await signPayment(agent, accepted);
    const body = { x402Version: 2, paymentPayload: payload, paymentRequirements: accepted };
    const answers = await Promise.all([
      ...Array.from({ length: 2 }, () => settle(payload, accepted)),
      ...Array.from({ length: 2 }, () => second.client.post('/rail/settle', seller.key, body, { idempotencyKey: null })),
    ]).finally(() => second.close());
    // 3,000 - 1,000 = 2,000 left: only one transfer happened.
    expect(answers.filter((a) => a.body.success === true)).toHaveLength(1);
    for (const lost of answers.filter((a) => a.body.success !== true)) expect(lost.body).toMatchObject({ success: false, transaction: '' });
    expect(await usdc.balanceOf(agent.address)).toBe(2000n);
    const mine = (await settlements()).filter((row) => row.payer === agent.address.toLowerCase());
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ state: 'settled', transaction: answers.find((a) => a.body.success)!.body.transaction });
    await expectLedgerEqualsChain();
  });

  it('answers a settlement not mined in time as failed, then records it once when a later settle finds it mined', async () => {
    // A second process of the service on the same database, waiting at most 1 s for a receipt; the
    // chain stops mining, so the wait ends without one whatever the machine's speed.
    const impatient = await startTestApp({
      database: t.database,
      env: { RAIL_RPC_URLS: JSON.stringify({ [chain.network]: chain.url }), RAIL_RECEIPT_TIMEOUT_MS: '1000', RAIL_RELAYER_MIN_BALANCE_WEI: LOW_BALANCE_WEI.toString(), SECRETS_KEY: secretsKey },
    });
    try {
      const accepted = await requirements();
      const agent = await fundedAgent(1000n);
      const payload = await signPayment(agent, accepted);
      const before = (await settlements()).length;
      await chain.testClient.setAutomine(false);
      let pending;
      try {
        pending = await impatient.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: accepted }, { idempotencyKey: null });
      } finally {
        await chain.testClient.setAutomine(true);
      }
      expect(pending.body).toMatchObject({ success: false, transaction: '', errorReason: 'invalid_transaction_state' });
      const reserved = (await settlements()).filter((row) => row.payer === agent.address.toLowerCase());
      expect(reserved).toEqual([expect.objectContaining({ state: 'submitting', payment_id: null })]);
      expect(reserved[0]!.transaction).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await settlements()).toHaveLength(before + 1);

      await chain.testClient.mine({ blocks: 1 });
      const resumed = await settle(payload, accepted);
      expect(resumed.body).toMatchObject({ success: true, transaction: reserved[0]!.transaction, amount: '1000' });
      const again = await settle(payload, accepted);
      expect(again.body).toMatchObject({ success: false, transaction: '', extra: { alreadySettled: true, paymentId: resumed.body.extra.paymentId } });
      expect((await settlements()).filter((row) => row.payer === agent.address.toLowerCase())).toEqual([expect.objectContaining({ state: 'settled', payment_id: resumed.body.extra.paymentId })]);
      expect(await usdc.balanceOf(agent.address)).toBe(0n);
      await expectLedgerEqualsChain();
    } finally {
      await impatient.close();
    }
  });

  it('waits for RAIL_CONFIRMATIONS blocks before recording', async () => {
    // A process configured for 3 confirmations: the transaction's block and two more. The test
    // mines the two only once the transaction is on chain, so the settle cannot answer before.
    const careful = await startTestApp({
      database: t.database,
      env: { RAIL_RPC_URLS: JSON.stringify({ [chain.network]: chain.url }), RAIL_CONFIRMATIONS: '3', RAIL_RELAYER_MIN_BALANCE_WEI: LOW_BALANCE_WEI.toString(), SECRETS_KEY: secretsKey },
    });
    try {
      const accepted = await requirements();
      const agent = await fundedAgent(1000n);
      const payload = await signPayment(agent, accepted);
      let answered = false;
      const settling = careful.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: accepted }, { idempotencyKey: null }).finally(() => (answered = true));
      let hash = '';
      while (hash === '') {
        const row = await t.database.db.selectFrom('rail_settlements').select('transaction').where('payer', '=', agent.address.toLowerCase()).executeTakeFirst();
        hash = row?.transaction ?? '';
        if (hash === '') await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const mined = await chain.publicClient.waitForTransactionReceipt({ hash: hash as `0x${string}` });
      // One confirmation so far: not recorded yet.
      const unrecorded = await t.database.db.selectFrom('rail_settlements').select(['state', 'payment_id']).where('transaction', '=', hash).executeTakeFirstOrThrow();
      expect(unrecorded).toEqual({ state: 'submitting', payment_id: null });
      expect(answered).toBe(false);
      await chain.testClient.mine({ blocks: 2 });
      const settled = await settling;
      expect(settled.body).toMatchObject({ success: true, transaction: hash });
      expect(await chain.publicClient.getBlockNumber()).toBeGreaterThanOrEqual(mined.blockNumber + 2n);
      await expectLedgerEqualsChain();
    } finally {
      await careful.close();
    }
  });

  it('settles in production with a production key: the relayer is the provider, real balances move, the hash is recorded once', async () => {
    // The production environment has its own settings, relayer and payTo; its payments' provider is
    // "self" (the account's own facilitator), the sandbox's stay "sandbox".
    const liveRelayerKey = generatePrivateKey();
    const liveRelayer = privateKeyToAccount(liveRelayerKey);
    const livePayTo = privateKeyToAccount(generatePrivateKey()).address;
    await chain.wallet(privateKeyToAccount(DEPLOYER_KEY)).sendTransaction({ to: liveRelayer.address, value: RELAYER_FUNDS });
    await railProduct(t.client, seller.liveKey, '0.001');
    await configureRail(t.client, seller.liveKey, { network: chain.network, asset: usdc.address, payTo: livePayTo, assetDomain: usdc.domain, facilitator: { provider: 'self', indexesForDiscovery: false } });
    // Without its relayer, production settles nothing: no kind listed.
    expect((await t.client.get('/rail/supported', seller.liveKey)).body.kinds).toEqual([]);
    expect((await t.client.put('/rail/relayer', seller.liveKey, { privateKey: liveRelayerKey })).status).toBe(200);
    expect((await t.client.get('/rail/supported', seller.liveKey)).body).toEqual({
      kinds: [{ x402Version: 2, scheme: 'exact', network: chain.network, extra: { asset: usdc.address, payTo: livePayTo } }],
      extensions: [],
      signers: { 'eip155:*': [liveRelayer.address] },
    });

    const live = await startSeller(seller.liveKey, livePayTo);
    try {
      // The agent holds 0.003 USDC (3,000 units); one request costs 1,000: 2,000 left, livePayTo +1,000.
      const agent = await fundedAgent(3000n);
      const { response, paymentSignature } = await payWeather(agent, live.url);
      expect(response.status).toBe(200);
      const answer = decodePaymentResponseHeader(response.headers.get('payment-response')!);
      expect(answer).toMatchObject({ success: true, network: chain.network, payer: agent.address });
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: answer.transaction as `0x${string}` });
      expect(receipt.status).toBe('success');
      expect(receipt.from.toLowerCase()).toBe(liveRelayer.address.toLowerCase());
      expect(await usdc.balanceOf(agent.address)).toBe(2000n);
      expect(await usdc.balanceOf(livePayTo)).toBe(PRICE_ATOMIC);

      const rows = await t.database.db.selectFrom('rail_settlements').selectAll().where('account_id', '=', seller.id).where('environment', '=', 'production').execute();
      expect(rows).toEqual([expect.objectContaining({ state: 'settled', transaction: answer.transaction, amount: '1000' })]);
      const payments = (await t.client.get('/billing/payments?method=crypto', seller.liveKey)).body.payments;
      expect(payments).toEqual([expect.objectContaining({ id: rows[0]!.payment_id, provider: 'self', providerId: answer.transaction, status: 'confirmed', amount: '0.001000', currency: 'USDC', network: 'main' })]);

      // Replayed: the nonce is spent, nothing more recorded or moved.
      expect((await fetch(`${live.url}/weather`, { headers: { 'PAYMENT-SIGNATURE': paymentSignature! } })).status).toBe(402);
      expect((await t.client.get('/billing/payments?method=crypto', seller.liveKey)).body.payments).toHaveLength(1);
      expect(await usdc.balanceOf(agent.address)).toBe(2000n);
      // Ledger = chain in production: providers:self:clearing holds 0.001 USDC = 1,000 units at livePayTo.
      await expectLedgerEqualsChain('production', livePayTo);
      expect((await t.client.get('/billing/reconciliation', seller.liveKey)).body).toMatchObject({ reconciled: true });
    } finally {
      await live.close();
    }
  });

  it('verifies before settling, as the official client expects, and signs nothing for a wrong amount', async () => {
    const accepted = await requirements();
    const agent = await fundedAgent(5000n);
    const payload = await signPayment(agent, accepted, { value: '2000' });
    const verified = await t.client.post('/rail/verify', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: accepted }, { idempotencyKey: null });
    expect(verified.body).toMatchObject({ isValid: false, invalidReason: 'invalid_exact_evm_payload_authorization_value_mismatch' });
    const settled = await settle(payload, accepted);
    expect(settled.body).toMatchObject({ success: false, transaction: '' });
    expect(await usdc.balanceOf(agent.address)).toBe(5000n);
    await expectLedgerEqualsChain();
  });
});

