// Our seller middleware (@billing/rail-middleware) on Solana: the official @x402/fetch client with
// @x402/svm's client scheme pays a route served through nodeHandler; the service settles with the
// account's fee payer (`self`) on litesvm (solana-chain.ts). Served once per transaction; with the
// service unreachable a Solana payment is not served on credit (its blockhash would expire first).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { createRail, nodeHandler, type Rail } from '../../packages/rail-middleware/src/index.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { railProduct, settingsBody, type RailProduct } from './fixtures.ts';
import { solanaKeypair } from './official-svm-facilitator.ts';
import { createHttpServer, listen, listenService, StoppableProxy } from './servers.ts';
import { DEVNET_USDC, SOLANA_DEVNET, startSolanaChain, type SolanaChain } from './solana-chain.ts';

const silent = { info() {}, warn() {}, error() {} };
let chain: SolanaChain;
let t: TestContext;
let seller: SeededAccount;
let product: RailProduct;
let proxy: StoppableProxy;
let rail: Rail;
let url: string;
let payTo: string;
const closers: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  chain = await startSolanaChain((await solanaKeypair()).signer.address);
  const feePayer = await solanaKeypair();
  chain.airdrop(feePayer.signer.address, 1n);
  payTo = (await solanaKeypair()).signer.address;
  await chain.fund(payTo, 0n);
  t = await startTestApp({ env: { RAIL_RPC_URLS: JSON.stringify({ [SOLANA_DEVNET]: chain.url }), SECRETS_KEY: randomBytes(32).toString('base64') } });
  const serviceUrl = await listenService(t);
  proxy = new StoppableProxy(Number(new URL(serviceUrl).port));
  await proxy.start();
  seller = await seedAccount(t.client, 'Solana seller on our middleware');
  product = await railProduct(t.client, seller.key, '0.001');
  const settings = settingsBody({ network: SOLANA_DEVNET, asset: DEVNET_USDC, payTo, facilitator: { provider: 'self', indexesForDiscovery: false } });
  expect((await t.client.put('/rail/settings', seller.key, settings)).status).toBe(200);
  expect((await t.client.put('/rail/relayer', seller.key, { privateKey: feePayer.base58 })).status).toBe(200);
  rail = await createRail({ serviceUrl: proxy.url, apiKey: seller.key, product: product.productKey, logger: silent });
  const server = createHttpServer(nodeHandler(rail, product.meterKey, (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"forecast":"sunny"}')));
  server.keepAliveTimeout = 0;
  url = await listen(server);
  closers.push(() => new Promise((resolve) => server.close(resolve)));
}, 60_000);

afterAll(async () => {
  rail?.close();
  for (const close of closers) await close();
  await proxy?.stop();
  await t?.close();
  await chain?.stop();
});

async function pay(agentAtomic: bigint) {
  const agent = (await solanaKeypair()).signer;
  await chain.fund(agent.address, agentAtomic);
  let paymentSignature: string | null = null;
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    paymentSignature = request.headers.get('payment-signature') ?? paymentSignature;
    return fetch(request);
  };
  const client = new x402Client().register(SOLANA_DEVNET, new ExactSvmScheme(agent, { rpcUrl: chain.url }));
  const response = await wrapFetchWithPayment(recording, client)(`${url}/weather`);
  return { agent, response, paymentSignature: paymentSignature as string | null };
}

describe('@billing/rail-middleware on Solana', () => {
  it('serves a paid request once settled, and a replay of its payment not at all', async () => {
    const { agent, response, paymentSignature } = await pay(3000n);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ forecast: 'sunny' });
    expect(decodePaymentResponseHeader(response.headers.get('payment-response')!)).toMatchObject({ success: true, network: SOLANA_DEVNET, payer: agent.address });
    expect(await chain.tokenBalance(payTo)).toBe(1000n);
    const replay = await fetch(`${url}/weather`, { headers: { 'PAYMENT-SIGNATURE': paymentSignature! } });
    expect(replay.status).toBe(402);
    expect(await chain.tokenBalance(agent.address)).toBe(2000n);
    expect(await t.database.db.selectFrom('rail_settlements').select('id').where('account_id', '=', seller.id).execute()).toHaveLength(1);
  });

  it('answers 503 and serves nothing on credit while the service is unreachable', async () => {
    await proxy.stop();
    try {
      const { response } = await pay(1000n);
      expect(response.status).toBe(503);
      expect(await chain.tokenBalance(payTo)).toBe(1000n);
    } finally {
      await proxy.start();
    }
  });
});
