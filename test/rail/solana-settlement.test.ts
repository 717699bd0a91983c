// Solana on the Rail, `facilitator.provider: "self"`: the service settles with the account's fee
// payer through the official @x402/svm exact facilitator scheme, on litesvm (the real SPL Token
// program) behind a local JSON-RPC (solana-chain.ts). A seller on the official @x402/express
// middleware with HTTPFacilitatorClient pointed at the service, paid by the official @x402/fetch
// client with @x402/svm's client scheme. Every case ends with the ledger equal to the chain.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactSvmScheme as ServerExactSvmScheme } from '@x402/svm/exact/server';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { address, lamports, type KeyPairSigner } from '@solana/kit';
import { ExactSvmScheme as FacilitatorExactSvmScheme } from '@x402/svm/exact/facilitator';
import { decodeTransactionFromPayload, toFacilitatorSvmSigner, transactionMessageHash } from '@x402/svm';
import { systemClock } from '../../src/core/clock.ts';
import { newId } from '../../src/core/ids.ts';
import { recoverStuckSettlements } from '../../src/flows/rail/recovery.ts';
import { feePayerSignatureOf } from '../../src/flows/rail/solana.ts';
import { watchRelayers } from '../../src/flows/rail/relayer-watch.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { clearingAtomicUnits, railProduct, settingsBody, type RailProduct } from './fixtures.ts';
import { solanaKeypair, startOfficialSvmFacilitator } from './official-svm-facilitator.ts';
import { listenService } from './servers.ts';
import { DEVNET_USDC, SOLANA_DEVNET, startSolanaChain, type SolanaChain } from './solana-chain.ts';

/** $0.001 per request: 1,000 atomic units of the six-decimal USDC mint. */
const PRICE_ATOMIC = 1000n;
/** 1 SOL to the fee payer; the low-balance threshold is 2 SOL, so the first settlement raises the event. */
const LOW_BALANCE_LAMPORTS = 2_000_000_000n;

let chain: SolanaChain;
let t: TestContext;
let seller: SeededAccount;
let product: RailProduct;
let sellerUrl: string;
let serviceUrl: string;
let closeSeller: () => Promise<void>;
let feePayer: Awaited<ReturnType<typeof solanaKeypair>>;
let payTo: string;

const solanaSettings = (overrides: Record<string, unknown> = {}) =>
  settingsBody({ network: SOLANA_DEVNET, asset: DEVNET_USDC, assetDecimals: 6, payTo, facilitator: { provider: 'self', indexesForDiscovery: false }, ...overrides });

beforeAll(async () => {
  const mintAuthority = await solanaKeypair();
  chain = await startSolanaChain(mintAuthority.signer.address);
  feePayer = await solanaKeypair();
  chain.airdrop(feePayer.signer.address, 1n);
  payTo = (await solanaKeypair()).signer.address;
  t = await startTestApp({
    env: {
      RAIL_RPC_URLS: JSON.stringify({ [SOLANA_DEVNET]: chain.url }),
      RAIL_FEE_PAYER_MIN_BALANCE_LAMPORTS: LOW_BALANCE_LAMPORTS.toString(),
      SECRETS_KEY: randomBytes(32).toString('base64'),
    },
  });
  serviceUrl = await listenService(t);
  seller = await seedAccount(t.client, 'Solana seller');
  product = await railProduct(t.client, seller.key, '0.001');
}, 60_000);

const closers: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const close of closers) await close();
  await closeSeller?.();
  await t?.close();
  await chain?.stop();
});

/** A seller's server on the official middleware, its facilitator the service, GET /weather paid to payTo. */
async function startSeller(key: string, wallet = payTo): Promise<{ url: string; close: () => Promise<void> }> {
  const auth = { Authorization: `Bearer ${key}` };
  const facilitator = new HTTPFacilitatorClient({ url: `${serviceUrl}/rail`, createAuthHeaders: async () => ({ verify: auth, settle: auth, supported: auth }) });
  const resourceServer = new x402ResourceServer(facilitator).register(SOLANA_DEVNET, new ServerExactSvmScheme());
  const app = express();
  const price = { amount: PRICE_ATOMIC.toString(), asset: DEVNET_USDC };
  app.use(paymentMiddleware({ 'GET /weather': { accepts: { scheme: 'exact', price, network: SOLANA_DEVNET, payTo: wallet }, description: 'Weather' } }, resourceServer));
  app.get('/weather', (_req: unknown, res: { json(body: unknown): void }) => {
    res.json({ forecast: 'sunny' });
  });
  const server: Server = app.listen(0, '127.0.0.1');
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function fundedAgent(atomic: bigint): Promise<KeyPairSigner> {
  const { signer } = await solanaKeypair();
  await chain.fund(signer.address, atomic);
  return signer;
}

const agentClient = (agent: KeyPairSigner) => new x402Client().register(SOLANA_DEVNET, new ExactSvmScheme(agent, { rpcUrl: chain.url }));

/** The official client paying GET /weather; the PAYMENT-SIGNATURE it sent is kept for replays. */
async function payWeather(agent: KeyPairSigner, url = sellerUrl): Promise<{ response: Response; paymentSignature: string | null }> {
  let paymentSignature: string | null = null;
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    paymentSignature = request.headers.get('payment-signature') ?? paymentSignature;
    return fetch(request);
  };
  const response = await wrapFetchWithPayment(recording, agentClient(agent))(`${url}/weather`);
  return { response, paymentSignature };
}

const settlements = (account = seller) => t.database.db.selectFrom('rail_settlements').selectAll().where('account_id', '=', account.id).orderBy('created_at').execute();

/** Ledger = chain: the clearing accounts' USDC balance x 10^6 equals payTo's token balance. */
async function expectLedgerEqualsChain(account = seller, wallet = payTo): Promise<void> {
  expect(await clearingAtomicUnits(t.database.db, account.id, 'sandbox', 'USDC')).toBe((await chain.tokenBalance(wallet)).toString());
}

/** The requirements the seller's middleware publishes. */
async function requirements(): Promise<Record<string, any>> {
  const unpaid = await fetch(`${sellerUrl}/weather`);
  expect(unpaid.status).toBe(402);
  return JSON.parse(Buffer.from(unpaid.headers.get('payment-required')!, 'base64').toString('utf8')).accepts[0];
}

/** A payment payload the official client signs for `accepted`. */
async function signed(agent: KeyPairSigner, accepted: Record<string, any>): Promise<Record<string, any>> {
  return (await agentClient(agent).createPaymentPayload({ x402Version: 2, resource: { url: `${sellerUrl}/weather`, description: 'Weather', mimeType: '' }, accepts: [accepted] } as never)) as never;
}

const settle = (payload: Record<string, unknown>, accepted: Record<string, unknown>) =>
  t.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: accepted }, { idempotencyKey: null });

describe('Solana with facilitator.provider "self" (litesvm)', () => {
  it('refuses a payTo without a token account for the asset, in the interface error shape', async () => {
    const bare = (await solanaKeypair()).signer.address;
    const res = await t.client.put('/rail/settings', seller.key, solanaSettings({ payTo: bare }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'payTo', value: bare, constraint: 'token_account' })]);
  });

  it('answers 409 when the relayer set is an EVM key, naming the Solana fee payer it needs', async () => {
    await chain.fund(payTo, 0n);
    const mixed = await seedAccount(t.client, 'Solana seller with an EVM key');
    expect((await t.client.put('/rail/settings', mixed.key, solanaSettings())).status).toBe(200);
    expect((await t.client.put('/rail/relayer', mixed.key, { privateKey: `0x${randomBytes(32).toString('hex')}` })).status).toBe(200);
    const verify = await t.client.post('/rail/verify', mixed.key, { x402Version: 2, paymentPayload: {}, paymentRequirements: {} }, { idempotencyKey: null });
    expect(verify.status).toBe(409);
    expect(verify.body).toMatchObject({ error_code: 'provider_not_configured', message: expect.stringContaining('a Solana fee payer') });
    expect((await t.client.get('/rail/supported', mixed.key)).body).toEqual({ kinds: [], extensions: [], signers: {} });
  });

  it('takes the fee payer key sealed, and lists it as the Solana signer and extra.feePayer', async () => {
    expect((await t.client.put('/rail/settings', seller.key, solanaSettings())).status).toBe(200);
    const set = await t.client.put('/rail/relayer', seller.key, { privateKey: feePayer.base58 });
    expect(set.status, set.raw).toBe(200);
    expect(set.body.address).toBe(feePayer.signer.address);
    const row = await t.database.db.selectFrom('rail_relayers').selectAll().where('account_id', '=', seller.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(feePayer.base58);
    const supported = await t.client.get('/rail/supported', seller.key);
    expect(supported.body).toEqual({
      kinds: [{ x402Version: 2, scheme: 'exact', network: SOLANA_DEVNET, extra: { asset: DEVNET_USDC, payTo, feePayer: feePayer.signer.address } }],
      extensions: [],
      signers: { 'solana:*': [feePayer.signer.address] },
    });
    const config = await t.client.get(`/rail/config?product=${product.productKey}`, seller.key);
    expect(config.body.outputSchema.routes[0].accepts[0].extra).toMatchObject({ feePayer: feePayer.signer.address });
    ({ url: sellerUrl, close: closeSeller } = await startSeller(seller.key));
  });

  it('settles paid requests on chain: token balances move, the real signature is recorded once', async () => {
    const agent = await fundedAgent(5000n);
    for (let i = 1; i <= 3; i += 1) {
      const { response } = await payWeather(agent);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ forecast: 'sunny' });
      const answer = decodePaymentResponseHeader(response.headers.get('payment-response')!);
      expect(answer).toMatchObject({ success: true, network: SOLANA_DEVNET, payer: agent.address });
      // The signature names a transaction litesvm executed, its fee paid by the fee payer.
      expect(chain.svm.getTransaction(answer.transaction as never)).not.toBeNull();
    }
    expect(await chain.tokenBalance(agent.address)).toBe(2000n);
    expect(await chain.tokenBalance(payTo)).toBe(3n * PRICE_ATOMIC);
    const rows = await settlements();
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.state === 'settled' && row.payer === agent.address && row.pay_to === payTo && row.amount === '1000')).toBe(true);
    const payments = (await t.client.get('/billing/payments?method=crypto', seller.key)).body.payments as any[];
    expect(payments.map((payment) => payment.providerId).sort()).toEqual(rows.map((row) => row.transaction).sort());
    expect(payments.every((payment) => payment.status === 'confirmed' && payment.amount === '0.001000' && payment.currency === 'USDC')).toBe(true);
    await expectLedgerEqualsChain();
  });

  it('settles a replayed payment once: through the middleware and at /rail/settle (duplicate_settlement)', async () => {
    const agent = await fundedAgent(3000n);
    const { response, paymentSignature } = await payWeather(agent);
    expect(response.status).toBe(200);
    const before = (await settlements()).length;
    const replay = await fetch(`${sellerUrl}/weather`, { headers: { 'PAYMENT-SIGNATURE': paymentSignature! } });
    expect(replay.status).toBe(402);
    const payload = JSON.parse(Buffer.from(paymentSignature!, 'base64').toString('utf8'));
    const again = await settle(payload, payload.accepted);
    expect(again.body).toMatchObject({ success: false, transaction: '', errorReason: 'duplicate_settlement', extra: { alreadySettled: true } });
    expect(await settlements()).toHaveLength(before);
    expect(await chain.tokenBalance(agent.address)).toBe(2000n);
    await expectLedgerEqualsChain();
  });

  it('settles one payment sent twice at once exactly once (the reservation by its message hash)', async () => {
    const accepted = await requirements();
    const agent = await fundedAgent(1000n);
    const before = (await settlements()).length;
    const payload = await signed(agent, accepted);
    const answers = await Promise.all([settle(payload, accepted), settle(payload, accepted)]);
    expect(answers.map((answer) => answer.body.success).sort()).toEqual([false, true]);
    const loser = answers.find((answer) => !answer.body.success)!;
    expect(['duplicate_settlement', 'settlement_pending']).toContain(loser.body.errorReason);
    expect(await settlements()).toHaveLength(before + 1);
    expect(await chain.tokenBalance(agent.address)).toBe(0n);
    await expectLedgerEqualsChain();
  });

  /** A reservation left `submitting` five minutes ago naming `transaction`, as a settler that died leaves it. */
  async function reserved(payload: Awaited<ReturnType<typeof signed>>, accepted: Awaited<ReturnType<typeof requirements>>, payer: string, transaction: string): Promise<void> {
    await t.database.db
      .insertInto('rail_settlements')
      .values({
        id: newId(),
        account_id: seller.id,
        environment: 'sandbox',
        network: SOLANA_DEVNET,
        asset: DEVNET_USDC,
        payer,
        nonce: transactionMessageHash(decodeTransactionFromPayload(payload.payload)),
        pay_to: payTo,
        amount: PRICE_ATOMIC.toString(),
        transaction,
        product_id: product.productId,
        meter_id: product.meterId,
        customer_id: null,
        enrollment_id: null,
        usage_event_id: null,
        invoice_id: null,
        payment_id: null,
        state: 'submitting',
        created_at: new Date(Date.now() - 5 * 60_000),
        payment: JSON.stringify({ x402Version: 2, paymentPayload: payload, paymentRequirements: accepted }) as never,
      })
      .execute();
  }
  const recover = () => recoverStuckSettlements(t.database.db, systemClock, { config: t.config, webhookPolicy: { allowPrivateTargets: true }, baseUrl: t.config.baseUrl, usageKeyExpiresAt: (now) => new Date(now.getTime() + 86_400_000) });

  it('recovers a settlement whose settler died after sending: recorded once, by its signature', async () => {
    const accepted = await requirements();
    const agent = await fundedAgent(1000n);
    const payload = await signed(agent, accepted);
    // What the settler did before it died: the official scheme with the same fee payer sent it, and its reservation names the signature.
    const sent = await new FacilitatorExactSvmScheme(toFacilitatorSvmSigner(feePayer.signer, { defaultRpcUrl: chain.url })).settle(payload as never, accepted as never);
    expect(sent.success).toBe(true);
    await reserved(payload, accepted, agent.address, sent.transaction);
    expect(await recover()).toMatchObject({ recorded: 1, released: 0, left: 0, skipped: [] });
    expect(await recover()).toMatchObject({ recorded: 0 });
    const rows = (await settlements()).filter((row) => row.payer === agent.address);
    expect(rows).toEqual([expect.objectContaining({ state: 'settled', transaction: sent.transaction, payment_id: expect.any(String) })]);
    // The same payment settled again now: already settled, nothing moves.
    expect((await settle(payload, accepted)).body).toMatchObject({ success: false, errorReason: 'duplicate_settlement', extra: { alreadySettled: true } });
    expect(await chain.tokenBalance(agent.address)).toBe(0n);
    await expectLedgerEqualsChain();
  });

  it('leaves a reservation the chain never saw while its blockhash is valid, and releases it once the blockhash expired', async () => {
    const accepted = await requirements();
    const agent = await fundedAgent(1000n);
    const payload = await signed(agent, accepted);
    // The settler reserved it with the signature the fee payer would give it, then died before sending.
    const message = decodeTransactionFromPayload(payload.payload as never).messageBytes;
    await reserved(payload, accepted, agent.address, await feePayerSignatureOf(feePayer.signer, new Uint8Array(message)));
    const mine = async () => (await settlements()).filter((row) => row.payer === agent.address);
    // Its blockhash still valid: it may yet land, so it stays.
    expect(await recover()).toMatchObject({ recorded: 0, released: 0, left: 1, skipped: [] });
    expect(await mine()).toEqual([expect.objectContaining({ state: 'submitting' })]);
    // Expired: it can never land, so it is released; nothing moved, and the agent pays again with a fresh transaction.
    chain.svm.expireBlockhash();
    expect(await recover()).toMatchObject({ recorded: 0, released: 1, left: 0, skipped: [] });
    expect(await mine()).toEqual([]);
    expect(await chain.tokenBalance(agent.address)).toBe(1000n);
    const again = await settle(await signed(agent, accepted), accepted);
    expect(again.body).toMatchObject({ success: true });
    expect(await chain.tokenBalance(agent.address)).toBe(0n);
    await expectLedgerEqualsChain();
  });

  it('refuses a wrong amount and an expired blockhash with the official reasons, nothing recorded', async () => {
    const accepted = await requirements();
    const agent = await fundedAgent(5000n);
    const before = (await settlements()).length;
    // Signed for 999 units, presented against the route's 1,000: the official verify reads the transfer.
    const short = await signed(agent, { ...accepted, amount: '999' });
    const wrong = await settle({ ...short, accepted }, accepted);
    expect(wrong.body).toMatchObject({ success: false, transaction: '', errorReason: 'invalid_exact_svm_payload_amount_mismatch' });
    // A transaction whose blockhash the chain no longer knows cannot land: its simulation fails.
    const stale = await signed(agent, accepted);
    chain.svm.expireBlockhash();
    const expired = await settle(stale, accepted);
    expect(expired.body).toMatchObject({ success: false, transaction: '', errorReason: 'invalid_exact_svm_transaction_simulation_failed' });
    expect(await settlements()).toHaveLength(before);
    expect(await chain.tokenBalance(agent.address)).toBe(5000n);
    await expectLedgerEqualsChain();
  });

  it('raises rail.relayer_low_balance once while the fee payer stays under the threshold', async () => {
    const list = (await t.client.get('/account/events?type=rail.relayer_low_balance', seller.key)).body.events as any[];
    expect(list).toHaveLength(1);
    expect(list[0].data).toMatchObject({ network: SOLANA_DEVNET, address: feePayer.signer.address, threshold: LOW_BALANCE_LAMPORTS.toString() });
    expect(BigInt(list[0].data.balance)).toBeLessThan(1_000_000_000n);
    // The watch job reads the fee payer's SOL too: topped up over the threshold it clears, drained
    // (its account's lamports lowered, as a transfer by someone else would) it raises the event again.
    const watch = () => watchRelayers(t.database.db, systemClock, t.config);
    chain.airdrop(feePayer.signer.address, 5n);
    expect(await watch()).toMatchObject({ read: 1, low: 0, failed: [] });
    const account = chain.svm.getAccount(address(feePayer.signer.address));
    if (!account.exists) throw new Error('the fee payer has no account');
    chain.svm.setAccount({ ...account, lamports: lamports(1_000_000n) });
    expect(await watch()).toMatchObject({ read: 1, low: 1 });
    const again = (await t.client.get('/account/events?type=rail.relayer_low_balance', seller.key)).body.events as any[];
    expect(again).toHaveLength(2);
    expect(again.map((event) => event.data.balance)).toContain('1000000');
  });
});

describe('Solana with facilitator.provider "remote": the official facilitator settles', () => {
  it('pays through the official @x402/core facilitator with @x402/svm, recorded once with its signature', async () => {
    const token = randomBytes(16).toString('hex');
    const remoteFeePayer = await solanaKeypair();
    chain.airdrop(remoteFeePayer.signer.address, 1n);
    const facilitator = await startOfficialSvmFacilitator(SOLANA_DEVNET, chain.url, remoteFeePayer.signer, token);
    closers.push(() => new Promise((resolve) => facilitator.server.close(resolve)));
    const remoteSeller = await seedAccount(t.client, 'Solana remote seller');
    await railProduct(t.client, remoteSeller.key, '0.001');
    const wallet = (await solanaKeypair()).signer.address;
    await chain.fund(wallet, 0n);
    expect((await t.client.put('/rail/settings', remoteSeller.key, solanaSettings({ payTo: wallet, facilitator: { provider: 'remote', indexesForDiscovery: false } }))).status).toBe(200);
    expect((await t.client.put('/rail/remote-facilitator', remoteSeller.key, { url: facilitator.url, headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    // The fee payer agents name is the remote facilitator's, as its own /supported says.
    const supported = await t.client.get('/rail/supported', remoteSeller.key);
    expect(supported.body).toEqual({
      kinds: [{ x402Version: 2, scheme: 'exact', network: SOLANA_DEVNET, extra: { asset: DEVNET_USDC, payTo: wallet, feePayer: remoteFeePayer.signer.address } }],
      extensions: [],
      signers: { 'solana:*': [remoteFeePayer.signer.address] },
    });
    const shop = await startSeller(remoteSeller.key, wallet);
    closers.push(shop.close);

    const agent = await fundedAgent(2000n);
    const { response, paymentSignature } = await payWeather(agent, shop.url);
    expect(response.status).toBe(200);
    const answer = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    expect(answer).toMatchObject({ success: true, network: SOLANA_DEVNET, payer: agent.address });
    expect(await chain.tokenBalance(wallet)).toBe(PRICE_ATOMIC);
    const rows = await settlements(remoteSeller);
    expect(rows).toEqual([expect.objectContaining({ state: 'settled', transaction: answer.transaction, payer: agent.address, pay_to: wallet })]);
    // Replayed: refused before reaching the facilitator, nothing moves.
    expect((await fetch(`${shop.url}/weather`, { headers: { 'PAYMENT-SIGNATURE': paymentSignature! } })).status).toBe(402);
    expect(await settlements(remoteSeller)).toHaveLength(1);
    expect(await chain.tokenBalance(agent.address)).toBe(1000n);
    await expectLedgerEqualsChain(remoteSeller, wallet);
  });
});

