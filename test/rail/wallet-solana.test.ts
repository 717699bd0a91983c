// USDC at the hosted checkout on Solana (docs/rail-solana.md, "USDC at the hosted checkout"): a
// production crypto charge of an account whose Rail settles on Solana, paid by the buyer's wallet
// signing the charge's transaction (the one the service builds with the official @x402/svm client
// scheme, or one the official client builds itself), verified and settled by the official exact
// scheme with the account's fee payer (`self`) or by the official facilitator as an HTTP peer
// (`remote`), on litesvm with the real SPL Token program (solana-chain.ts). The ledger equals the chain.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, getBase64EncodedWireTransaction, getBase64Encoder, getTransactionDecoder, lamports, partiallySignTransaction, type KeyPairSigner } from '@solana/kit';
import { getMintEncoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { createCustomer } from '../factories/catalog.ts';
import { seedAccount, startTestApp, type TestContext } from '../harness.ts';
import { clearingAtomicUnits, settingsBody } from './fixtures.ts';
import { solanaKeypair, startOfficialSvmFacilitator } from './official-svm-facilitator.ts';
import { DEVNET_USDC, SOLANA_DEVNET, startSolanaChain, type SolanaChain } from './solana-chain.ts';

let chain: SolanaChain;
let t: TestContext;
const closers: Array<() => Promise<unknown>> = [];

interface Seller {
  key: string;
  accountId: string;
  customerId: string;
  payTo: string;
  /** The fee payer the requirements name: the account's relayer (self) or the remote facilitator's. */
  feePayer: string;
  provider: 'self' | 'remote';
}
let liveSelf: Seller;
let liveRemote: Seller;

async function sellerOn(name: string, provider: 'self' | 'remote'): Promise<Seller> {
  const account = await seedAccount(t.client, name);
  const payTo = (await solanaKeypair()).signer.address;
  await chain.fund(payTo, 0n);
  const settings = settingsBody({ network: SOLANA_DEVNET, asset: DEVNET_USDC, assetDecimals: 6, payTo, facilitator: { provider, indexesForDiscovery: false } });
  expect((await t.client.put('/rail/settings', account.liveKey, settings)).status).toBe(200);
  const feePayer = await solanaKeypair();
  chain.airdrop(feePayer.signer.address, 1n);
  if (provider === 'self') {
    expect((await t.client.put('/rail/relayer', account.liveKey, { privateKey: feePayer.base58 })).status).toBe(200);
  } else {
    const token = randomBytes(16).toString('hex');
    const facilitator = await startOfficialSvmFacilitator(SOLANA_DEVNET, chain.url, feePayer.signer, token);
    closers.push(() => new Promise((resolve) => facilitator.server.close(resolve)));
    expect((await t.client.put('/rail/remote-facilitator', account.liveKey, { url: facilitator.url, headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  }
  return { key: account.liveKey, accountId: account.id, customerId: (await createCustomer(t.client, account.liveKey)).id as string, payTo, feePayer: feePayer.signer.address, provider };
}

beforeAll(async () => {
  chain = await startSolanaChain((await solanaKeypair()).signer.address);
  t = await startTestApp({ env: { RAIL_RPC_URLS: JSON.stringify({ [SOLANA_DEVNET]: chain.url }), SECRETS_KEY: randomBytes(32).toString('base64') } });
  liveSelf = await sellerOn('Solana checkout seller (self)', 'self');
  liveRemote = await sellerOn('Solana checkout seller (remote)', 'remote');
}, 60_000);

afterAll(async () => {
  for (const close of closers) await close();
  await t?.close();
  await chain?.stop();
});

/** An open USD invoice of `unitPrice` and a production crypto charge of it settled on Solana. */
async function cryptoCharge(seller: Seller, unitPrice = '2.50') {
  const draft = await t.client.post('/billing/invoices', seller.key, { customerId: seller.customerId, currency: 'USD', lineItems: [{ description: 'Consulting', quantity: '1', unitPrice }] });
  expect(draft.status, draft.raw).toBe(201);
  expect((await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, seller.key)).status).toBe(200);
  const charge = await t.client.post(`/billing/invoices/${draft.body.id}/payments`, seller.key, { method: 'crypto', settlementNetwork: 'solana' });
  expect(charge.status, charge.raw).toBe(201);
  return { invoiceId: draft.body.id as string, paymentId: charge.body.id as string, chargeToken: charge.body.chargeToken as string, charge: charge.body };
}

async function buyerHolding(atomic: bigint): Promise<KeyPairSigner & { keyPair: CryptoKeyPair }> {
  const { signer } = await solanaKeypair();
  await chain.fund(signer.address, atomic);
  return signer as KeyPairSigner & { keyPair: CryptoKeyPair };
}

const offer = (paymentId: string, chargeToken: string, payer?: string) => t.client.post(`/pay/crypto/${paymentId}/requirements`, null, { chargeToken, ...(payer ? { payer } : {}) }, { idempotencyKey: null });
const pay = (paymentId: string, chargeToken: string, paymentPayload: unknown) => t.client.post(`/pay/crypto/${paymentId}`, null, { chargeToken, paymentPayload });

/** What the page does: the service's unsigned transaction for the buyer, signed by the buyer's key (as its wallet's signTransaction does). */
async function walletPayload(paymentId: string, chargeToken: string, buyer: KeyPairSigner & { keyPair: CryptoKeyPair }) {
  const offered = await offer(paymentId, chargeToken, buyer.address);
  expect(offered.status, offered.raw).toBe(200);
  const unsigned = getTransactionDecoder().decode(getBase64Encoder().encode(offered.body.transaction));
  const signed = await partiallySignTransaction([buyer.keyPair], unsigned);
  return { x402Version: 2, resource: offered.body.resource, accepted: offered.body.accepts[0], payload: { transaction: getBase64EncodedWireTransaction(signed) } };
}

/** A transaction the official client builds for other requirements than the charge's, sent as if for the charge's. */
async function tamperedPayload(paymentId: string, chargeToken: string, buyer: KeyPairSigner, change: Record<string, unknown>) {
  const offered = await offer(paymentId, chargeToken);
  const accepted = offered.body.accepts[0];
  const built = await new ExactSvmScheme(buyer, { rpcUrl: chain.url }).createPaymentPayload(2, { ...accepted, ...change });
  return { x402Version: 2, resource: offered.body.resource, accepted, payload: built.payload };
}

/** Ledger = chain: the production clearing accounts (USD, one for one with USDC) x 10^6 equal what reached payTo. */
async function expectLedgerEqualsChain(seller: Seller): Promise<void> {
  expect(await clearingAtomicUnits(t.database.db, seller.accountId, 'production', 'USD')).toBe((await chain.tokenBalance(seller.payTo)).toString());
  expect((await t.client.get('/billing/reconciliation', seller.key)).body).toMatchObject({ reconciled: true });
}

const rowsOf = (paymentId: string) => t.database.db.selectFrom('rail_settlements').selectAll().where('payment_id', '=', paymentId).execute();

describe.each([
  ['self', () => liveSelf],
  ['remote', () => liveRemote],
])('a Solana wallet payment at the checkout, facilitator %s', (_name, sellerOf) => {
  it('offers the charge with the fee payer, the memo and a blockhash; settles it once with the real signature', async () => {
    const seller = sellerOf();
    const { invoiceId, paymentId, chargeToken, charge } = await cryptoCharge(seller);
    expect(charge).toMatchObject({ provider: seller.provider, method: 'crypto', settlementAsset: 'USDC', settlementNetwork: 'solana' });
    const offered = await offer(paymentId, chargeToken);
    expect(offered.status, offered.raw).toBe(200);
    // 2.50 USD = 2.50 x 10^6 = 2,500,000 atomic units of six-decimal USDC, to the seller's wallet.
    expect(offered.body.accepts).toEqual([
      {
        scheme: 'exact', network: SOLANA_DEVNET, amount: '2500000', asset: DEVNET_USDC, payTo: seller.payTo, maxTimeoutSeconds: 600,
        extra: { feePayer: seller.feePayer, memo: `checkout:${paymentId}`, recentBlockhash: expect.any(String), lastValidBlockHeight: expect.stringMatching(/^\d+$/) },
      },
    ]);
    expect(offered.body.transaction).toBeUndefined();

    // The buyer holds 3,000,000: 500,000 left after paying 2,500,000.
    const buyer = await buyerHolding(3_000_000n);
    const payload = await walletPayload(paymentId, chargeToken, buyer);
    const paid = await pay(paymentId, chargeToken, payload);
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body).toMatchObject({ paymentId, status: 'confirmed', payer: buyer.address, network: SOLANA_DEVNET, transaction: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/) });
    expect(await chain.tokenBalance(buyer.address)).toBe(500_000n);
    expect(await chain.tokenBalance(seller.payTo)).toBeGreaterThanOrEqual(2_500_000n);
    // The chain knows the transaction by the signature recorded, confirmed without error.
    expect((await t.client.get(`/billing/payments/${paymentId}`, seller.key)).body).toMatchObject({ status: 'confirmed', amount: '2.50', currency: 'USD', provider: seller.provider, providerId: paid.body.transaction });
    expect((await t.client.get(`/billing/invoices/${invoiceId}`, seller.key)).body.status).toBe('paid');
    expect(await rowsOf(paymentId)).toEqual([expect.objectContaining({ state: 'settled', transaction: paid.body.transaction, amount: '2500000', payer: buyer.address, pay_to: seller.payTo })]);

    // The same signed transaction again (an answer lost): the same payment, nothing sent again.
    const again = await pay(paymentId, chargeToken, payload);
    expect(again.status, again.raw).toBe(200);
    expect(again.body).toEqual(paid.body);
    // The token is spent: another wallet's transaction for the same requirements pays nothing (409).
    const other = await buyerHolding(3_000_000n);
    const built = await new ExactSvmScheme(other, { rpcUrl: chain.url }).createPaymentPayload(2, payload.accepted);
    expect((await pay(paymentId, chargeToken, { ...payload, payload: built.payload })).status).toBe(409);
    expect(await chain.tokenBalance(buyer.address)).toBe(500_000n);
    expect(await chain.tokenBalance(other.address)).toBe(3_000_000n);
    await expectLedgerEqualsChain(seller);
  });

  it('settles a signed transaction sent twice at once only once', async () => {
    const seller = sellerOf();
    const { paymentId, chargeToken } = await cryptoCharge(seller, '1.00');
    const buyer = await buyerHolding(2_000_000n);
    const payload = await walletPayload(paymentId, chargeToken, buyer);
    const answers = await Promise.all([pay(paymentId, chargeToken, payload), pay(paymentId, chargeToken, payload)]);
    // One settles; the other answers the same payment or "being settled, send again" (503).
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const answer of answers) expect([200, 503], answer.raw).toContain(answer.status);
    const final = await pay(paymentId, chargeToken, payload);
    expect(final.status, final.raw).toBe(200);
    // 2,000,000 - 1,000,000 moved once = 1,000,000.
    expect(await chain.tokenBalance(buyer.address)).toBe(1_000_000n);
    expect(await rowsOf(paymentId)).toHaveLength(1);
    await expectLedgerEqualsChain(seller);
  });
});

describe('what a Solana checkout payment refuses', () => {
  it('refuses a wrong amount, destination, mint, memo or requirements, or a payer without the funds, with the official reasons, and stays payable', async () => {
    const seller = liveSelf;
    const { paymentId, chargeToken } = await cryptoCharge(seller, '1.00');
    const buyer = await buyerHolding(1_000_000n);
    // Another six-decimal SPL mint on the chain, held by the buyer too.
    const otherMint = (await solanaKeypair()).signer.address;
    const mintData = getMintEncoder().encode({ mintAuthority: address(buyer.address), supply: 0n, decimals: 6, isInitialized: true, freezeAuthority: null });
    chain.svm.setAccount({ address: address(otherMint), data: new Uint8Array(mintData), executable: false, lamports: lamports(10_000_000n), programAddress: TOKEN_PROGRAM_ADDRESS, space: BigInt(mintData.length) });
    await chain.fund(buyer.address, 1_000_000n, otherMint);
    const elsewhere = (await solanaKeypair()).signer.address;
    await chain.fund(elsewhere, 0n);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: '999999' }, 'invalid_exact_svm_payload_amount_mismatch'],
      [{ payTo: elsewhere }, 'invalid_exact_svm_payload_recipient_mismatch'],
      [{ asset: otherMint }, 'invalid_exact_svm_payload_mint_mismatch'],
      [{ extra: { feePayer: seller.feePayer, memo: 'checkout:another-charge' } }, 'invalid_exact_svm_payload_memo_mismatch'],
    ];
    for (const [change, reason] of cases) {
      const refused = await pay(paymentId, chargeToken, await tamperedPayload(paymentId, chargeToken, buyer, change));
      expect(refused.status, `${JSON.stringify(change)}: ${refused.raw}`).toBe(422);
      expect(refused.body.errors[0], JSON.stringify(change)).toMatchObject({ field: 'paymentPayload.payload.transaction', constraint: reason });
    }
    // Requirements other than the charge's, named as such: refused before the facilitator.
    const good = await walletPayload(paymentId, chargeToken, buyer);
    const lower = await pay(paymentId, chargeToken, { ...good, accepted: { ...good.accepted, amount: '1' } });
    expect(lower.status).toBe(422);
    expect(lower.body.errors[0]).toMatchObject({ field: 'paymentPayload.accepted.amount', constraint: 'invalid_exact_svm_payload_amount_mismatch' });
    const garbage = await pay(paymentId, chargeToken, { ...good, payload: { transaction: 'bm90IGEgdHJhbnNhY3Rpb24=' } });
    expect(garbage.status).toBe(422);
    expect(garbage.body.errors[0].constraint).toBe('invalid_exact_svm_payload_transaction_could_not_be_decoded');

    // A wallet without the 1,000,000 units (its token account holds 0): the simulation fails, nothing is sent.
    const broke = await buyerHolding(0n);
    const poor = await pay(paymentId, chargeToken, await walletPayload(paymentId, chargeToken, broke));
    expect(poor.status, poor.raw).toBe(422);
    expect(poor.body.errors[0]).toMatchObject({ field: 'paymentPayload.payload.transaction', constraint: 'invalid_exact_svm_transaction_simulation_failed' });

    // Nothing moved, nothing reserved, the charge still pending; the right transaction then pays it.
    expect(await chain.tokenBalance(buyer.address)).toBe(1_000_000n);
    expect(await rowsOf(paymentId)).toEqual([]);
    expect((await t.client.get(`/billing/payments/${paymentId}`, seller.key)).body.status).toBe('pending');
    expect((await pay(paymentId, chargeToken, good)).body.status).toBe('confirmed');
    expect(await chain.tokenBalance(buyer.address)).toBe(0n);
    await expectLedgerEqualsChain(seller);
  });

  it("answers another account's charge 404, a bad payer 422 and a charge on Base 422", async () => {
    const mine = await cryptoCharge(liveSelf, '1.00');
    const theirs = await cryptoCharge(liveRemote, '1.00');
    const buyer = await buyerHolding(1_000_000n);
    const payload = await walletPayload(mine.paymentId, mine.chargeToken, buyer);
    // My charge token does not open their charge: 404, as a charge that does not exist.
    expect((await offer(theirs.paymentId, mine.chargeToken)).status).toBe(404);
    const crossed = await pay(theirs.paymentId, mine.chargeToken, payload);
    expect(crossed.status, crossed.raw).toBe(404);
    expect(await chain.tokenBalance(buyer.address)).toBe(1_000_000n);
    const badPayer = await offer(mine.paymentId, mine.chargeToken, '0x0000000000000000000000000000000000000000');
    expect(badPayer.status, badPayer.raw).toBe(422);
    expect(badPayer.body.errors[0]).toMatchObject({ field: 'payer', constraint: 'solana_address' });
    // An account settling on Solana is charged on Solana only.
    const draft = await t.client.post('/billing/invoices', liveSelf.key, { customerId: liveSelf.customerId, currency: 'USD', lineItems: [{ description: 'x', quantity: '1', unitPrice: '1.00' }] });
    await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, liveSelf.key);
    const onBase = await t.client.post(`/billing/invoices/${draft.body.id}/payments`, liveSelf.key, { method: 'crypto', settlementNetwork: 'base' });
    expect(onBase.status, onBase.raw).toBe(422);
  });
});
