// Nothing lost with `facilitator.provider: "self"` (docs/rail.md, "Recovery"), on the local chain
// with Circle's USDC (test/chain/). A settler that dies between its reservation and the send leaves
// a `submitting` row without a hash; the death is simulated by writing that row as the reservation
// writes it (aged past STUCK_AFTER_MS) and, for a death after the send, by sending the transfer
// with the relayer's key without recording it. The next settle of the payment, or the recovery
// job, looks the authorization up by the token's AuthorizationUsed(authorizer, nonce): used ->
// recorded once with that hash; unused and expired -> released; unused and valid -> submitted again.
// Every case ends with the ledger equal to the chain.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseSignature } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { systemClock } from '../../src/core/clock.ts';
import { newId } from '../../src/core/ids.ts';
import { recoverStuckSettlements } from '../../src/flows/rail/recovery.ts';
import { deployUsdc, type DeployedUsdc } from '../chain/fiat-token.ts';
import { DEPLOYER_KEY, startLocalChain, type LocalChain } from '../chain/local-chain.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { clearingAtomicUnits, configureRail, railProduct, signPayment, type RailProduct } from './fixtures.ts';

/** $0.001 per request: 1,000 atomic units of the six-decimal token. */
const PRICE_ATOMIC = 1000n;
/** Older than STUCK_AFTER_MS (60 s): the settler of such a reservation is taken for dead. */
const LONG_AGO_MS = 5 * 60_000;

let chain: LocalChain;
let usdc: DeployedUsdc;
let t: TestContext;
let seller: SeededAccount;
let product: RailProduct;
let accepted: Record<string, any>;
const relayerKey = generatePrivateKey();
const relayer = privateKeyToAccount(relayerKey);
const payTo = privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  chain = await startLocalChain();
  usdc = await deployUsdc(chain);
  await chain.wallet(privateKeyToAccount(DEPLOYER_KEY)).sendTransaction({ to: relayer.address, value: 10n ** 18n });
  t = await startTestApp({ env: { RAIL_RPC_URLS: JSON.stringify({ [chain.network]: chain.url }), SECRETS_KEY: randomBytes(32).toString('base64') } });
  seller = await seedAccount(t.client, 'Seller whose settler died');
  product = await railProduct(t.client, seller.key, '0.001');
  await configureRail(t.client, seller.key, { network: chain.network, asset: usdc.address, payTo, assetDomain: usdc.domain, facilitator: { provider: 'self', indexesForDiscovery: false } });
  expect((await t.client.put('/rail/relayer', seller.key, { privateKey: relayerKey })).status).toBe(200);
  accepted = (await t.client.get(`/rail/config?product=${product.productKey}`, seller.key)).body.outputSchema.routes[0].accepts[0];
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

async function fundedAgent(atomic: bigint): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await usdc.mint(account.address, atomic);
  return account;
}

type Payload = Record<string, any>;

const settle = (payload: Payload) => t.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: accepted }, { idempotencyKey: null });
const rowsOf = (agent: PrivateKeyAccount) => t.database.db.selectFrom('rail_settlements').selectAll().where('payer', '=', agent.address.toLowerCase()).execute();

/** The reservation a settle writes before it sends (self-settle.ts), left behind by a settler that died. */
async function reservationLeftBy(payload: Payload, reservedAt = new Date(Date.now() - LONG_AGO_MS)): Promise<void> {
  const auth = payload.payload.authorization;
  await t.database.db
    .insertInto('rail_settlements')
    .values({
      id: newId(),
      account_id: seller.id,
      environment: 'sandbox',
      network: chain.network,
      asset: usdc.address.toLowerCase(),
      payer: auth.from.toLowerCase(),
      nonce: auth.nonce,
      pay_to: payTo.toLowerCase(),
      amount: PRICE_ATOMIC.toString(),
      transaction: '',
      product_id: product.productId,
      meter_id: product.meterId,
      customer_id: null,
      enrollment_id: null,
      usage_event_id: null,
      invoice_id: null,
      payment_id: null,
      state: 'submitting',
      created_at: reservedAt,
      payment: JSON.stringify({ x402Version: 2, paymentPayload: payload, paymentRequirements: accepted }) as never,
    })
    .execute();
}

/** What the dead settler sent before it could write the hash: transferWithAuthorization by the relayer. */
async function sentByRelayer(payload: Payload): Promise<`0x${string}`> {
  const auth = payload.payload.authorization;
  const { v, r, s } = parseSignature(payload.payload.signature);
  const args = [getAddress(auth.from), getAddress(auth.to), BigInt(auth.value), BigInt(auth.validAfter), BigInt(auth.validBefore), auth.nonce, Number(v), r, s];
  const hash = await chain.wallet(relayer).writeContract({ address: usdc.address, abi: usdc.abi, functionName: 'transferWithAuthorization', args } as never);
  expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
  return hash;
}

/** Ledger = chain: the clearing accounts' USDC x 10^6 equals payTo's token balance. */
async function expectLedgerEqualsChain(): Promise<void> {
  expect(await clearingAtomicUnits(t.database.db, seller.id, 'sandbox', 'USDC')).toBe((await usdc.balanceOf(payTo)).toString());
}

const recover = () => recoverStuckSettlements(t.database.db, systemClock, { config: t.config, webhookPolicy: { allowPrivateTargets: true }, baseUrl: t.config.baseUrl, usageKeyExpiresAt: (now) => new Date(now.getTime() + 86_400_000) });

describe('a stuck reservation is recovered by the nonce on chain', () => {
  it('waits while a reservation is young: its settler may still be sending', async () => {
    const agent = await fundedAgent(PRICE_ATOMIC);
    const payload = await signPayment(agent, accepted);
    await reservationLeftBy(payload, new Date());
    expect((await settle(payload)).body).toMatchObject({ success: false, errorReason: 'invalid_transaction_state', transaction: '' });
    expect(await rowsOf(agent)).toEqual([expect.objectContaining({ state: 'submitting', transaction: '' })]);
    // Once it is old, the job finds it unused and valid, and submits it: 1,000 moved, recorded once.
    await t.database.db.updateTable('rail_settlements').set({ created_at: new Date(Date.now() - LONG_AGO_MS) }).where('payer', '=', agent.address.toLowerCase()).execute();
    expect(await recover()).toMatchObject({ recorded: 1, released: 0, left: 0, skipped: [] });
    expect(await usdc.balanceOf(agent.address)).toBe(0n);
    await expectLedgerEqualsChain();
  });

  it('died after sending: the next settle finds the transaction and records it once, with its hash', async () => {
    // The agent holds 1,000; the dead settler's transfer took them: 0 left, payTo +1,000, once.
    const agent = await fundedAgent(PRICE_ATOMIC);
    const payload = await signPayment(agent, accepted);
    await reservationLeftBy(payload);
    const hash = await sentByRelayer(payload);

    const settled = await settle(payload);
    expect(settled.body).toMatchObject({ success: true, transaction: hash, amount: '1000', payer: agent.address });
    expect(await rowsOf(agent)).toEqual([expect.objectContaining({ state: 'settled', transaction: hash, payment_id: settled.body.extra.paymentId })]);
    const again = await settle(payload);
    expect(again.body).toMatchObject({ success: false, transaction: '', extra: { alreadySettled: true, paymentId: settled.body.extra.paymentId } });
    expect(await usdc.balanceOf(agent.address)).toBe(0n);
    await expectLedgerEqualsChain();
  });

  it('died before sending, still valid: the next settle submits it again', async () => {
    const agent = await fundedAgent(PRICE_ATOMIC);
    const payload = await signPayment(agent, accepted);
    await reservationLeftBy(payload);
    const settled = await settle(payload);
    expect(settled.body).toMatchObject({ success: true, amount: '1000' });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: settled.body.transaction });
    expect(receipt.from.toLowerCase()).toBe(relayer.address.toLowerCase());
    expect(await rowsOf(agent)).toEqual([expect.objectContaining({ state: 'settled', transaction: settled.body.transaction })]);
    expect(await usdc.balanceOf(agent.address)).toBe(0n);
    await expectLedgerEqualsChain();
  });

  it('the job: records one used on chain, releases one expired unused and one cancelled, submits one still valid', async () => {
    const used = await fundedAgent(PRICE_ATOMIC);
    const usedPayload = await signPayment(used, accepted);
    await reservationLeftBy(usedPayload);
    const usedHash = await sentByRelayer(usedPayload);

    // Valid from 20 to 1 minutes ago, reserved 10 minutes ago (valid then), never sent: it can no longer be.
    const expired = await fundedAgent(PRICE_ATOMIC);
    const now = BigInt(Math.floor(Date.now() / 1000));
    const expiredPayload = await signPayment(expired, accepted, { validAfter: now - 1200n, validBefore: now - 60n });
    await reservationLeftBy(expiredPayload, new Date(Date.now() - 10 * 60_000));

    const valid = await fundedAgent(PRICE_ATOMIC);
    const validPayload = await signPayment(valid, accepted);
    await reservationLeftBy(validPayload);

    // The agent cancelled its authorization on chain (EIP-3009 cancelAuthorization) after the reservation.
    const cancelled = await fundedAgent(PRICE_ATOMIC);
    const cancelledPayload: Payload = await signPayment(cancelled, accepted);
    await reservationLeftBy(cancelledPayload);
    const cancel = await cancelled.signTypedData({
      domain: { ...usdc.domain, chainId: chain.chain.id, verifyingContract: usdc.address },
      types: { CancelAuthorization: [{ name: 'authorizer', type: 'address' }, { name: 'nonce', type: 'bytes32' }] },
      primaryType: 'CancelAuthorization',
      message: { authorizer: cancelled.address, nonce: cancelledPayload.payload.authorization.nonce },
    });
    const { v, r, s } = parseSignature(cancel);
    const cancelHash = await chain.wallet(privateKeyToAccount(DEPLOYER_KEY)).writeContract({ address: usdc.address, abi: usdc.abi, functionName: 'cancelAuthorization', args: [cancelled.address, cancelledPayload.payload.authorization.nonce, Number(v), r, s] } as never);
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: cancelHash })).status).toBe('success');

    expect(await recover()).toMatchObject({ recorded: 2, released: 2, left: 0, skipped: [] });
    expect(await rowsOf(cancelled)).toEqual([]);
    expect(await usdc.balanceOf(cancelled.address)).toBe(PRICE_ATOMIC);
    expect(await rowsOf(used)).toEqual([expect.objectContaining({ state: 'settled', transaction: usedHash })]);
    expect(await rowsOf(expired)).toEqual([]);
    expect(await rowsOf(valid)).toEqual([expect.objectContaining({ state: 'settled' })]);
    // 1,000 moved for `used` and `valid`; `expired` keeps its 1,000.
    expect([await usdc.balanceOf(used.address), await usdc.balanceOf(expired.address), await usdc.balanceOf(valid.address)]).toEqual([0n, PRICE_ATOMIC, 0n]);
    const payments = (await t.client.get('/billing/payments?method=crypto', seller.key)).body.payments as Array<{ providerId: string }>;
    expect(payments.filter((p) => p.providerId === usedHash)).toHaveLength(1);
    // Nothing is left for a second run.
    expect(await recover()).toEqual({ recorded: 0, released: 0, left: 0, skipped: [] });
    await expectLedgerEqualsChain();
  });
});
