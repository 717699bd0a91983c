// `facilitator.provider: "remote"` against the official facilitator as a real HTTP peer: @x402/core's
// x402Facilitator with @x402/evm's exact facilitator scheme and a viem signer (its own relayer),
// on the local chain with Circle's USDC (test/chain/), behind a bearer token. A seller on the
// official @x402/express middleware is paid by the official @x402/fetch client; the service
// verifies, has the remote facilitator settle, and records the hash it answered, once.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicActions, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { x402Facilitator } from '@x402/core/facilitator';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactEvmScheme as FacilitatorExactEvmScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmScheme as ServerExactEvmScheme } from '@x402/evm/exact/server';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { deployUsdc, type DeployedUsdc } from '../chain/fiat-token.ts';
import { DEPLOYER_KEY, startLocalChain, type LocalChain } from '../chain/local-chain.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { createRail, nodeHandler } from '../../packages/rail-middleware/src/index.ts';
import { clearingAtomicUnits, configureRail, railProduct, signPayment, type RailProduct } from './fixtures.ts';
import { createHttpServer, listen, listenService, StoppableProxy } from './servers.ts';

/** $0.001 per request: 1,000 atomic units of the six-decimal token. */
const PRICE_ATOMIC = 1000n;
const FACILITATOR_TOKEN = `fac_${randomBytes(12).toString('hex')}`;

let chain: LocalChain;
let usdc: DeployedUsdc;
let t: TestContext;
let seller: SeededAccount;
let sellerUrl: string;
let serviceUrl: string;
let facilitatorUrl: string;
let product: RailProduct;
/** When set, the facilitator settles but its answer never reaches the caller (the connection is cut). */
let loseSettleAnswers = false;
/** Settles the facilitator was asked for. */
let settleCalls = 0;
const servers: Server[] = [];
const facilitatorSigner = privateKeyToAccount(generatePrivateKey());
const payTo = privateKeyToAccount(generatePrivateKey()).address;
const network = () => chain.network as `${string}:${string}`;

/** The official facilitator as an HTTP service (POST /verify, POST /settle, GET /supported), bearer-protected. */
async function startOfficialFacilitator(): Promise<string> {
  const wallet = chain.wallet(facilitatorSigner).extend(publicActions);
  const facilitator = new x402Facilitator().register(network(), new FacilitatorExactEvmScheme(toFacilitatorEvmSigner(Object.assign(wallet, { address: facilitatorSigner.address }) as never)));
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Bearer ${FACILITATOR_TOKEN}`) return reply(401, { error: 'unauthorized' });
    if (req.method === 'GET' && req.url === '/supported') return reply(200, facilitator.getSupported());
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text || '{}');
    if (req.method === 'POST' && req.url === '/verify') return reply(200, await facilitator.verify(body.paymentPayload, body.paymentRequirements));
    if (req.method === 'POST' && req.url === '/settle') {
      settleCalls += 1;
      const settled = await facilitator.settle(body.paymentPayload, body.paymentRequirements);
      if (loseSettleAnswers) return void req.socket.destroy();
      return reply(200, settled);
    }
    return reply(404, { error: 'not found' });
  });
  server.keepAliveTimeout = 0;
  servers.push(server);
  return listen(server);
}

beforeAll(async () => {
  chain = await startLocalChain();
  usdc = await deployUsdc(chain);
  await chain.wallet(privateKeyToAccount(DEPLOYER_KEY)).sendTransaction({ to: facilitatorSigner.address, value: 10n ** 18n });
  facilitatorUrl = await startOfficialFacilitator();
  // The RPC URL lets the service look authorizations up on chain (recovery, reports); the remote settles.
  t = await startTestApp({ env: { SECRETS_KEY: randomBytes(32).toString('base64'), RAIL_RPC_URLS: JSON.stringify({ [chain.network]: chain.url }) } });
  serviceUrl = await listenService(t);
  seller = await seedAccount(t.client, 'Remote seller');
  product = await railProduct(t.client, seller.key, '0.001');
  await configureRail(t.client, seller.key, { network: chain.network, asset: usdc.address, payTo, assetDomain: usdc.domain, facilitator: { provider: 'remote', indexesForDiscovery: false } });
  const remote = await t.client.put('/rail/remote-facilitator', seller.key, { url: facilitatorUrl, headers: { Authorization: `Bearer ${FACILITATOR_TOKEN}` } });
  expect(remote.status).toBe(200);

  const auth = { Authorization: `Bearer ${seller.key}` };
  const facilitator = new HTTPFacilitatorClient({ url: `${serviceUrl}/rail`, createAuthHeaders: async () => ({ verify: auth, settle: auth, supported: auth }) });
  const resourceServer = new x402ResourceServer(facilitator).register(network(), new ServerExactEvmScheme());
  const app = express();
  app.use(paymentMiddleware({ 'GET /weather': { accepts: { scheme: 'exact', price: { amount: PRICE_ATOMIC.toString(), asset: usdc.address, extra: usdc.domain }, network: network(), payTo }, description: 'Weather' } }, resourceServer));
  app.get('/weather', (_req: unknown, res: { json(body: unknown): void }) => res.json({ forecast: 'sunny' }));
  const server = app.listen(0, '127.0.0.1') as Server;
  servers.push(server);
  // An idle kept-alive connection is never closed under a request the client sends on it (a
  // busy machine made that race an ECONNRESET): the server keeps idle sockets until close().
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  sellerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(() => resolve(null)));
  await t?.close();
  await chain?.stop();
});

async function fundedAgent(atomic: bigint): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  if (atomic > 0n) await usdc.mint(account.address, atomic);
  return account;
}

const settlements = () => t.database.db.selectFrom('rail_settlements').selectAll().where('account_id', '=', seller.id).execute();

/** Ledger = chain: the clearing accounts' USDC x 10^6 equals payTo's token balance. */
async function expectLedgerEqualsChain(wallet: Address = payTo): Promise<void> {
  expect(await clearingAtomicUnits(t.database.db, seller.id, 'sandbox', 'USDC')).toBe((await usdc.balanceOf(wallet)).toString());
}

describe('facilitator.provider "remote" with the official facilitator as the peer', () => {
  it('shows the headers masked and lists the remote signer', async () => {
    const shown = await t.client.get('/rail/remote-facilitator', seller.key);
    expect(shown.body.headers).toEqual({ Authorization: `••••${FACILITATOR_TOKEN.slice(-4)}` });
    expect(shown.raw).not.toContain(FACILITATOR_TOKEN);
    const supported = await t.client.get('/rail/supported', seller.key);
    expect(supported.body.signers).toEqual({ 'eip155:*': [facilitatorSigner.address] });
  });

  it('is paid through the official client and middleware; the remote settles on chain and the hash is recorded once', async () => {
    // The agent holds 2,000 units; one request costs 1,000: 1,000 left, payTo +1,000.
    const agent = await fundedAgent(2000n);
    const client = new x402Client().setSpendControls({ allowedAssets: [{ network: network(), asset: usdc.address, maxAmountPerPayment: PRICE_ATOMIC.toString() }] });
    client.register(network(), new ExactEvmScheme(agent));
    const paid = await wrapFetchWithPayment(fetch, client)(`${sellerUrl}/weather`);
    expect(paid.status).toBe(200);
    const answer = decodePaymentResponseHeader(paid.headers.get('payment-response')!);
    expect(answer).toMatchObject({ success: true, network: chain.network, payer: agent.address });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: answer.transaction as `0x${string}` });
    expect(receipt.status).toBe('success');
    // The official facilitator's signer sent it, not the service.
    expect(receipt.from.toLowerCase()).toBe(facilitatorSigner.address.toLowerCase());
    expect(await usdc.balanceOf(agent.address)).toBe(1000n);
    expect(await usdc.balanceOf(payTo)).toBe(PRICE_ATOMIC);
    const rows = await settlements();
    expect(rows).toEqual([expect.objectContaining({ state: 'settled', transaction: answer.transaction, amount: '1000' })]);
    await expectLedgerEqualsChain();
  });

  it("answers the remote's refusal as a failed settle and records nothing", async () => {
    const required = JSON.parse(Buffer.from((await fetch(`${sellerUrl}/weather`)).headers.get('payment-required')!, 'base64').toString('utf8'));
    const accepted = required.accepts[0];
    const broke = await fundedAgent(0n);
    const body = { x402Version: 2, paymentPayload: await signPayment(broke, accepted), paymentRequirements: accepted };
    const verified = await t.client.post('/rail/verify', seller.key, body, { idempotencyKey: null });
    expect(verified.body).toMatchObject({ isValid: false });
    const settled = await t.client.post('/rail/settle', seller.key, body, { idempotencyKey: null });
    expect(settled.body).toMatchObject({ success: false, transaction: '' });
    expect(settled.body.errorReason).toEqual(expect.any(String));
    expect(await settlements()).toHaveLength(1);
    await expectLedgerEqualsChain();
  });
});


describe('nothing lost with a remote facilitator', () => {
  it('records a settlement whose answer the facilitator lost, found on chain by its nonce, once', async () => {
    // The agent holds 1,000: the remote's transfer takes them, recorded with its hash, once.
    const agent = await fundedAgent(PRICE_ATOMIC);
    const required = JSON.parse(Buffer.from((await fetch(`${sellerUrl}/weather`)).headers.get('payment-required')!, 'base64').toString('utf8'));
    const body = { x402Version: 2, paymentPayload: await signPayment(agent, required.accepts[0]), paymentRequirements: required.accepts[0] };
    const callsBefore = settleCalls;
    loseSettleAnswers = true;
    let settled;
    try {
      settled = await t.client.post('/rail/settle', seller.key, body, { idempotencyKey: null });
    } finally {
      loseSettleAnswers = false;
    }
    expect(settled.body).toMatchObject({ success: true, amount: '1000', payer: agent.address });
    // One settle at the facilitator: the service found its transaction on chain, it did not ask again.
    expect(settleCalls - callsBefore).toBe(1);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: settled.body.transaction });
    expect(receipt.from.toLowerCase()).toBe(facilitatorSigner.address.toLowerCase());
    expect(await usdc.balanceOf(agent.address)).toBe(0n);
    const mine = (await settlements()).filter((row) => row.payer === agent.address.toLowerCase());
    expect(mine).toEqual([expect.objectContaining({ state: 'settled', transaction: settled.body.transaction, payment_id: settled.body.extra.paymentId })]);
    const again = await t.client.post('/rail/settle', seller.key, body, { idempotencyKey: null });
    expect(again.body).toMatchObject({ success: false, extra: { alreadySettled: true, paymentId: settled.body.extra.paymentId } });
    await expectLedgerEqualsChain();
  });

  it('the middleware settles with the remote while the service is down, and reports it once the service is back', async () => {
    // What is simulated: a TCP proxy between the middleware and the service is closed, then reopened.
    const proxy = new StoppableProxy(Number(new URL(serviceUrl).port));
    await proxy.start();
    const logs: Array<Record<string, unknown>> = [];
    const logger = { info: (f: Record<string, unknown>) => void logs.push(f), warn: (f: Record<string, unknown>) => void logs.push(f), error: (f: Record<string, unknown>) => void logs.push(f) };
    const rail = await createRail({ serviceUrl: proxy.url, apiKey: seller.key, product: product.productKey, timeoutMs: 2000, drainIntervalMs: 60_000, logger, remoteFacilitator: { url: facilitatorUrl, headers: { Authorization: `Bearer ${FACILITATOR_TOKEN}` } } });
    const server = createHttpServer(nodeHandler(rail, product.meterKey, (_req, res) => res.end(JSON.stringify({ ok: true }))));
    server.keepAliveTimeout = 0;
    servers.push(server);
    const url = await listen(server);
    try {
      // The agent holds 2,000; one request costs 1,000: 1,000 left, payTo +1,000, recorded once.
      const agent = await fundedAgent(2n * PRICE_ATOMIC);
      let paymentSignature = '';
      const recording: typeof fetch = async (input, init) => {
        const request = new Request(input, init);
        paymentSignature = request.headers.get('payment-signature') ?? paymentSignature;
        return fetch(request);
      };
      const client = new x402Client().setSpendControls({ allowedAssets: [{ network: network(), asset: usdc.address, maxAmountPerPayment: PRICE_ATOMIC.toString() }] });
      client.register(network(), new ExactEvmScheme(agent));

      await proxy.stop();
      const paid = await wrapFetchWithPayment(recording, client)(`${url}/api/${product.meterKey}`);
      expect(paid.status).toBe(200);
      expect(paid.headers.get('rail-grace')).toBeNull();
      const answer = decodePaymentResponseHeader(paid.headers.get('payment-response')!);
      expect(answer).toMatchObject({ success: true, payer: agent.address });
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: answer.transaction as `0x${string}` });
      expect(receipt.from.toLowerCase()).toBe(facilitatorSigner.address.toLowerCase());
      expect(await usdc.balanceOf(agent.address)).toBe(1000n);
      expect((await settlements()).filter((row) => row.payer === agent.address.toLowerCase())).toEqual([]);
      expect(rail.counters()).toMatchObject({ served: 1, direct: 1, reported: 0, inGrace: 0, queueDepth: 1 });

      // A drain while the service is away changes nothing.
      await rail.drain();
      expect(rail.counters().queueDepth).toBe(1);
      await proxy.start();
      await rail.drain();
      expect(rail.counters()).toMatchObject({ direct: 1, reported: 1, lost: 0, queueDepth: 0 });
      const recorded = (await settlements()).filter((row) => row.payer === agent.address.toLowerCase());
      expect(recorded).toEqual([expect.objectContaining({ state: 'settled', transaction: answer.transaction, amount: '1000' })]);
      await expectLedgerEqualsChain();

      // Reported again: the same settlement, nothing recorded twice.
      const payload = JSON.parse(Buffer.from(paymentSignature, 'base64').toString('utf8'));
      const report = { x402Version: 2, paymentPayload: payload, paymentRequirements: payload.accepted, transaction: answer.transaction };
      const again = await t.client.post('/rail/settlements/report', seller.key, report, { idempotencyKey: null });
      expect(again.body).toMatchObject({ success: true, transaction: answer.transaction, extra: { alreadySettled: true, paymentId: recorded[0]!.payment_id } });
      // Another payment claiming that transaction: refused, nothing recorded.
      const other = await fundedAgent(PRICE_ATOMIC);
      const forged = { ...report, paymentPayload: await signPayment(other, payload.accepted) };
      const refused = await t.client.post('/rail/settlements/report', seller.key, forged, { idempotencyKey: null });
      expect(refused.body).toMatchObject({ success: false, errorReason: 'invalid_rail_report_transaction', transaction: '' });
      expect((await settlements()).filter((row) => row.payer === other.address.toLowerCase())).toEqual([]);
      expect(logs.some((l) => l.event === 'rail.settled_direct')).toBe(true);
      expect(logs.some((l) => l.event === 'rail.reported')).toBe(true);
      await expectLedgerEqualsChain();
    } finally {
      await rail.close();
      await proxy.stop();
    }
  });
});
