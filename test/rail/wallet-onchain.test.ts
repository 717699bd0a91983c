// USDC at the hosted checkout settled on chain (docs/rail.md, "USDC at the hosted checkout"): the
// buyer's wallet signs the charge's EIP-3009 authorization and the seller's own facilitator
// settles it on the local chain with Circle's USDC (test/chain/): `self` (the account's relayer
// submits transferWithAuthorization) in the sandbox and in production, `remote` (the official
// facilitator as an HTTP peer) in production. Real balances move, the charge is confirmed once with
// the real hash as its providerId, the charge token pays once, and the ledger equals the chain.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLogs, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { deployUsdc, type DeployedUsdc } from '../chain/fiat-token.ts';
import { DEPLOYER_KEY, startLocalChain, type LocalChain } from '../chain/local-chain.ts';
import { createCustomer } from '../factories/catalog.ts';
import { seedAccount, startTestApp, type TestContext } from '../harness.ts';
import { clearingAtomicUnits, configureRail, signPayment } from './fixtures.ts';
import { startOfficialFacilitator } from './official-facilitator.ts';

const FACILITATOR_TOKEN = `fac_${randomBytes(12).toString('hex')}`;
const sandboxRelayerKey = generatePrivateKey();
const liveRelayerKey = generatePrivateKey();
const facilitatorSigner = privateKeyToAccount(generatePrivateKey());
const secretsKey = randomBytes(32).toString('base64');

let chain: LocalChain;
let usdc: DeployedUsdc;
let t: TestContext;
let facilitatorServer: Server;

/** A seller's environment that settles on chain: its key, account, customer and the wallet its USDC reaches. */
interface Seller {
  key: string;
  accountId: string;
  environment: 'sandbox' | 'production';
  customerId: string;
  payTo: Address;
  /** Who sends the transaction on chain. */
  sender: Address;
  provider: 'sandbox' | 'self' | 'remote';
}
let sandboxSelf: Seller;
let liveRemote: Seller;
let liveSelf: Seller;

const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  chain = await startLocalChain();
  usdc = await deployUsdc(chain);
  const deployer = chain.wallet(privateKeyToAccount(DEPLOYER_KEY));
  for (const key of [sandboxRelayerKey, liveRelayerKey]) await deployer.sendTransaction({ to: privateKeyToAccount(key).address, value: 10n ** 18n });
  await deployer.sendTransaction({ to: facilitatorSigner.address, value: 10n ** 18n });
  const facilitator = await startOfficialFacilitator(chain, facilitatorSigner, FACILITATOR_TOKEN);
  facilitatorServer = facilitator.server;
  t = await startTestApp({
    env: { RAIL_RPC_URLS: JSON.stringify({ [chain.network]: chain.url }), SECRETS_KEY: secretsKey, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
  });
  const settle = async (key: string, provider: 'self' | 'remote') => {
    const payTo = newAddress();
    await configureRail(t.client, key, { network: chain.network, asset: usdc.address, payTo, assetDomain: usdc.domain, facilitator: { provider, indexesForDiscovery: false } });
    return { payTo, customerId: (await createCustomer(t.client, key)).id as string };
  };
  // One account settles its sandbox with `self` and its production with `remote`; another its production with `self`.
  const one = await seedAccount(t.client, 'Wallet seller on chain');
  sandboxSelf = { key: one.key, accountId: one.id, environment: 'sandbox', ...(await settle(one.key, 'self')), sender: privateKeyToAccount(sandboxRelayerKey).address, provider: 'sandbox' };
  expect((await t.client.put('/rail/relayer', one.key, { privateKey: sandboxRelayerKey })).status).toBe(200);
  liveRemote = { key: one.liveKey, accountId: one.id, environment: 'production', ...(await settle(one.liveKey, 'remote')), sender: facilitatorSigner.address, provider: 'remote' };
  expect((await t.client.put('/rail/remote-facilitator', one.liveKey, { url: facilitator.url, headers: { Authorization: `Bearer ${FACILITATOR_TOKEN}` } })).status).toBe(200);
  const two = await seedAccount(t.client, 'Live self seller');
  liveSelf = { key: two.liveKey, accountId: two.id, environment: 'production', ...(await settle(two.liveKey, 'self')), sender: privateKeyToAccount(liveRelayerKey).address, provider: 'self' };
  expect((await t.client.put('/rail/relayer', two.liveKey, { privateKey: liveRelayerKey })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => facilitatorServer?.close(() => resolve(null)));
  await chain?.stop();
});

async function buyerHolding(atomic: bigint): Promise<PrivateKeyAccount> {
  const buyer = privateKeyToAccount(generatePrivateKey());
  if (atomic > 0n) await usdc.mint(buyer.address, atomic);
  return buyer;
}

/** An open USD invoice of `unitPrice` and a crypto charge of it. */
async function cryptoCharge(seller: Seller, unitPrice = '2.50') {
  const draft = await t.client.post('/billing/invoices', seller.key, { customerId: seller.customerId, currency: 'USD', lineItems: [{ description: 'Consulting', quantity: '1', unitPrice }] });
  expect(draft.status, draft.raw).toBe(201);
  expect((await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, seller.key)).status).toBe(200);
  const charge = await t.client.post(`/billing/invoices/${draft.body.id}/payments`, seller.key, { method: 'crypto' });
  expect(charge.status, charge.raw).toBe(201);
  return { invoiceId: draft.body.id as string, paymentId: charge.body.id as string, chargeToken: charge.body.chargeToken as string, charge: charge.body };
}

const requirementsOf = async (paymentId: string, chargeToken: string) => {
  const offered = await t.client.post(`/pay/crypto/${paymentId}/requirements`, null, { chargeToken }, { idempotencyKey: null });
  expect(offered.status, offered.raw).toBe(200);
  return offered.body.accepts[0] as Record<string, any>;
};
const pay = (paymentId: string, chargeToken: string, paymentPayload: unknown) => t.client.post(`/pay/crypto/${paymentId}`, null, { chargeToken, paymentPayload });

/** Ledger = chain: the environment's clearing accounts (USD, one for one with USDC) x 10^6 equal what reached its payTo. */
async function expectLedgerEqualsChain(seller: Seller): Promise<void> {
  expect(await clearingAtomicUnits(t.database.db, seller.accountId, seller.environment, 'USD')).toBe((await usdc.balanceOf(seller.payTo)).toString());
  expect((await t.client.get('/billing/reconciliation', seller.key)).body).toMatchObject({ reconciled: true });
}

describe.each([
  ['the sandbox, self', () => sandboxSelf],
  ['production, self', () => liveSelf],
  ['production, remote', () => liveRemote],
])('a wallet payment at the checkout on chain: %s', (_name, sellerOf) => {
  it('moves the tokens once, confirms the charge with the real hash, and pays once', async () => {
    const seller = sellerOf();
    const { invoiceId, paymentId, chargeToken, charge } = await cryptoCharge(seller);
    // The charge's provider: `sandbox` in the sandbox, the facilitator that settles in production; no sandbox page.
    expect(charge).toMatchObject({ provider: seller.provider, method: 'crypto', settlementAsset: 'USDC' });
    if (seller.environment === 'production') expect(charge.sandboxConfirmUrl).toBeUndefined();
    const requirements = await requirementsOf(paymentId, chargeToken);
    // 2.50 USD = 2.50 x 10^6 = 2,500,000 atomic units of six-decimal USDC, to the seller's wallet.
    expect(requirements).toMatchObject({ network: chain.network, amount: '2500000', asset: usdc.address, payTo: seller.payTo });
    // The buyer holds 3,000,000: 500,000 left after paying.
    const buyer = await buyerHolding(3_000_000n);
    const payload = await signPayment(buyer, requirements);

    const paid = await pay(paymentId, chargeToken, payload);
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body).toMatchObject({ paymentId, status: 'confirmed', payer: buyer.address, network: chain.network, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: paid.body.transaction });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(seller.sender.toLowerCase());
    const transfers = parseEventLogs({ abi: usdc.abi, logs: receipt.logs, eventName: 'Transfer' }) as unknown as Array<{ args: { from: Address; to: Address; value: bigint } }>;
    expect(transfers.map((log) => log.args)).toEqual([{ from: buyer.address, to: seller.payTo, value: 2_500_000n }]);
    expect(await usdc.balanceOf(buyer.address)).toBe(500_000n);

    expect((await t.client.get(`/billing/payments/${paymentId}`, seller.key)).body).toMatchObject({ status: 'confirmed', amount: '2.50', currency: 'USD', provider: seller.provider, providerId: paid.body.transaction });
    expect((await t.client.get(`/billing/invoices/${invoiceId}`, seller.key)).body.status).toBe('paid');
    const rows = await t.database.db.selectFrom('rail_settlements').selectAll().where('payment_id', '=', paymentId).execute();
    expect(rows).toEqual([expect.objectContaining({ state: 'settled', transaction: paid.body.transaction, amount: '2500000', meter_id: null })]);

    // The same request again (an answer lost): the same payment, nothing sent again.
    const again = await pay(paymentId, chargeToken, payload);
    expect(again.status, again.raw).toBe(200);
    expect(again.body).toEqual(paid.body);
    // The token is spent: another authorization pays nothing.
    expect((await pay(paymentId, chargeToken, await signPayment(buyer, requirements))).status).toBe(409);
    expect(await usdc.balanceOf(buyer.address)).toBe(500_000n);
    await expectLedgerEqualsChain(seller);
    // In production nothing here can send on-chain money back: a refund is refused, nothing recorded.
    if (seller.environment === 'production') {
      const refund = await t.client.post(`/billing/payments/${paymentId}/refunds`, seller.key, {});
      expect(refund.status, refund.raw).toBe(409);
      expect((await t.client.get(`/billing/payments/${paymentId}`, seller.key)).body.status).toBe('confirmed');
    }
  });

  it('answers what the token refuses as a 422 and keeps the charge payable', async () => {
    const seller = sellerOf();
    const { paymentId, chargeToken } = await cryptoCharge(seller, '1.00');
    const requirements = await requirementsOf(paymentId, chargeToken);
    // A buyer without the 1,000,000 units: refused before anything moves, the reservation freed.
    const broke = await buyerHolding(0n);
    const refused = await pay(paymentId, chargeToken, await signPayment(broke, requirements));
    expect(refused.status, refused.raw).toBe(422);
    expect(refused.body.errors[0].field).toBe('paymentPayload.payload.authorization');
    expect(await t.database.db.selectFrom('rail_settlements').select('id').where('payment_id', '=', paymentId).execute()).toEqual([]);
    expect((await t.client.get(`/billing/payments/${paymentId}`, seller.key)).body.status).toBe('pending');
    // Funded, a new authorization pays it.
    await usdc.mint(broke.address, 1_000_000n);
    expect((await pay(paymentId, chargeToken, await signPayment(broke, requirements))).body.status).toBe('confirmed');
    expect(await usdc.balanceOf(broke.address)).toBe(0n);
    await expectLedgerEqualsChain(seller);
  });
});

describe('one charge, two authorizations', () => {
  it('settles only one of two authorizations sent at once for the same charge', async () => {
    const { paymentId, chargeToken } = await cryptoCharge(liveSelf, '1.00');
    const requirements = await requirementsOf(paymentId, chargeToken);
    // The buyer signs twice (two nonces) and holds enough for both: only 1,000,000 may move.
    const buyer = await buyerHolding(2_000_000n);
    const answers = await Promise.all([pay(paymentId, chargeToken, await signPayment(buyer, requirements)), pay(paymentId, chargeToken, await signPayment(buyer, requirements))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await usdc.balanceOf(buyer.address)).toBe(1_000_000n);
    await expectLedgerEqualsChain(liveSelf);
  });
});

describe('a transfer not confirmed in time', () => {
  it('answers 503, then confirms the charge once when the same request finds it mined', async () => {
    // A second process on the same database waits at most 1 s for a receipt; the chain stops
    // mining, so the wait ends without one whatever the machine's speed.
    const impatient = await startTestApp({ database: t.database, env: { RAIL_RPC_URLS: JSON.stringify({ [chain.network]: chain.url }), RAIL_RECEIPT_TIMEOUT_MS: '1000', SECRETS_KEY: secretsKey } });
    try {
      const { paymentId, chargeToken } = await cryptoCharge(liveSelf, '1.00');
      const requirements = await requirementsOf(paymentId, chargeToken);
      const buyer = await buyerHolding(1_000_000n);
      const payload = await signPayment(buyer, requirements);
      await chain.testClient.setAutomine(false);
      let pending;
      try {
        pending = await impatient.client.post(`/pay/crypto/${paymentId}`, null, { chargeToken, paymentPayload: payload });
      } finally {
        await chain.testClient.setAutomine(true);
      }
      expect(pending.status, pending.raw).toBe(503);
      expect((await t.client.get(`/billing/payments/${paymentId}`, liveSelf.key)).body.status).toBe('pending');
      const reserved = await t.database.db.selectFrom('rail_settlements').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
      expect(reserved).toMatchObject({ state: 'submitting', transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) });

      await chain.testClient.mine({ blocks: 1 });
      const resumed = await pay(paymentId, chargeToken, payload);
      expect(resumed.status, resumed.raw).toBe(200);
      expect(resumed.body).toMatchObject({ status: 'confirmed', transaction: reserved.transaction });
      expect((await t.client.get(`/billing/payments/${paymentId}`, liveSelf.key)).body).toMatchObject({ status: 'confirmed', providerId: reserved.transaction });
      expect(await usdc.balanceOf(buyer.address)).toBe(0n);
      await expectLedgerEqualsChain(liveSelf);
    } finally {
      await impatient.close();
    }
  });
});

describe('production crypto charges without a facilitator that settles', () => {
  it('still answer 409 provider_not_configured', async () => {
    const other = await seedAccount(t.client, 'No facilitator seller');
    const customerId = (await createCustomer(t.client, other.liveKey)).id;
    const draft = await t.client.post('/billing/invoices', other.liveKey, { customerId, currency: 'USD', lineItems: [{ description: 'x', quantity: '1', unitPrice: '1.00' }] });
    await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, other.liveKey);
    const refused = await t.client.post(`/billing/invoices/${draft.body.id}/payments`, other.liveKey, { method: 'crypto' });
    expect(refused.status).toBe(409);
    expect(refused.body.error_code).toBe('provider_not_configured');
    // The simulator settles nothing in production either.
    await configureRail(t.client, other.liveKey, { network: chain.network, asset: usdc.address, payTo: newAddress(), assetDomain: usdc.domain, facilitator: { provider: 'sandbox', indexesForDiscovery: false } });
    expect((await t.client.post(`/billing/invoices/${draft.body.id}/payments`, other.liveKey, { method: 'crypto' })).body.error_code).toBe('provider_not_configured');
  });
});
