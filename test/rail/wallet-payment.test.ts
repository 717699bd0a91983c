// USDC at the hosted checkout from the buyer's own wallet: the page reads the crypto charge's
// x402 requirements, the wallet signs an EIP-3009 authorization, the service verifies it as the
// Rail facilitator does, settles it (simulated in the sandbox) and confirms the charge. The charge
// token is the credential and pays once; an authorization pays once, here or on the Rail.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../factories/catalog.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { agent, configureRail, NETWORK, SELLER_WALLET, signPayment, USDC } from './fixtures.ts';

let t: TestContext;
let seller: SeededAccount;
let customerId: string;
const buyer = agent('0x8f2a55949038a9610f50fb23b5883af3b4ecb3c3bb792cbcefbd1542c692be63');

beforeAll(async () => {
  t = await startTestApp();
  seller = await seedAccount(t.client, 'Wallet seller');
  await configureRail(t.client, seller.key);
  customerId = (await createCustomer(t.client, seller.key)).id;
});
afterAll(() => t.close());

/** An open invoice of `quantity` x `unitPrice` in `currency` and a crypto charge of it. */
async function cryptoCharge(key = seller.key, currency = 'USD', quantity = '2', unitPrice = '6.17', customer = customerId) {
  const draft = await t.client.post('/billing/invoices', key, { customerId: customer, currency, lineItems: [{ description: 'Consulting', quantity, unitPrice }] });
  expect(draft.status, draft.raw).toBe(201);
  const open = await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, key);
  expect(open.status, open.raw).toBe(200);
  const charge = await t.client.post(`/billing/invoices/${draft.body.id}/payments`, key, { method: 'crypto' });
  expect(charge.status, charge.raw).toBe(201);
  return { invoiceId: draft.body.id as string, paymentId: charge.body.id as string, chargeToken: charge.body.chargeToken as string };
}

const requirementsOf = (paymentId: string, chargeToken: string) => t.client.post(`/pay/crypto/${paymentId}/requirements`, null, { chargeToken }, { idempotencyKey: null });
const pay = (paymentId: string, chargeToken: string, paymentPayload: unknown) => t.client.post(`/pay/crypto/${paymentId}`, null, { chargeToken, paymentPayload });

describe('paying a crypto charge from the buyer wallet', () => {
  it("offers exactly the charge's amount to the seller wallet, settles once, confirms the charge and posts it to the ledger", async () => {
    const { invoiceId, paymentId, chargeToken } = await cryptoCharge();
    const offered = await requirementsOf(paymentId, chargeToken);
    expect(offered.status, offered.raw).toBe(200);
    // 2 x 6.17 USD = 12.34 USD = 12.34 x 10^6 = 12,340,000 atomic units of a 6-decimal USDC.
    expect(offered.body).toMatchObject({
      x402Version: 2,
      accepts: [{ scheme: 'exact', network: NETWORK, amount: '12340000', asset: USDC, payTo: SELLER_WALLET, maxTimeoutSeconds: 600, extra: { name: 'USDC', version: '2' } }],
    });
    const requirements = offered.body.accepts[0];

    const paid = await pay(paymentId, chargeToken, await signPayment(buyer, requirements));
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body).toMatchObject({ paymentId, status: 'confirmed', payer: buyer.address, network: NETWORK, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) });

    const payment = (await t.client.get(`/billing/payments/${paymentId}`, seller.key)).body;
    expect(payment).toMatchObject({ status: 'confirmed', amount: '12.34', currency: 'USD', providerId: paid.body.transaction });
    expect((await t.client.get(`/billing/invoices/${invoiceId}`, seller.key)).body.status).toBe('paid');
    const settlement = await t.database.db.selectFrom('rail_settlements').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
    expect(settlement).toMatchObject({ amount: '12340000', payer: buyer.address.toLowerCase(), transaction: paid.body.transaction, product_id: null, meter_id: null, invoice_id: invoiceId });

    // The ledger: 12.34 receivable -> clearing when confirmed (the invoice posted receivable = revenue).
    const ledger = await t.client.get(`/billing/ledger/transactions?resourceType=payment&resourceId=${paymentId}`, seller.key);
    expect(ledger.body.transactions.map((tx: { kind: string; entries: Array<{ account: string; amount: string }> }) => [tx.kind, tx.entries.map((e) => `${e.account} ${e.amount}`).sort()])).toEqual([
      ['payment.confirmed', [`customers:${customerId}:receivable -12.34`, `providers:${payment.provider}:clearing 12.34`]],
    ]);
    expect((await t.client.get('/billing/reconciliation', seller.key)).body).toMatchObject({ reconciled: true, mismatches: [] });

    // The token is spent: neither the requirements nor a second authorization answer any more.
    expect((await requirementsOf(paymentId, chargeToken)).status).toBe(409);
    expect((await pay(paymentId, chargeToken, await signPayment(buyer, requirements))).body.error_code).toBe('conflict');
  });

  it('refuses an authorization that is not exactly the amount, or not signed by its payer; the charge stays payable', async () => {
    const { paymentId, chargeToken } = await cryptoCharge();
    const requirements = (await requirementsOf(paymentId, chargeToken)).body.accepts[0];
    // 12,340,001 atomic units: one more than the charge. Overpaying is refused like underpaying.
    const over = await pay(paymentId, chargeToken, await signPayment(buyer, requirements, { value: '12340001' }));
    expect(over.status).toBe(422);
    expect(over.body.errors[0]).toMatchObject({ field: 'paymentPayload.payload.authorization', constraint: 'invalid_exact_evm_payload_authorization_value_mismatch' });
    const elsewhere = await pay(paymentId, chargeToken, await signPayment(buyer, requirements, { to: agent().address }));
    expect(elsewhere.body.errors[0].constraint).toBe('invalid_exact_evm_recipient_mismatch');
    const forged = await signPayment(buyer, requirements);
    (forged.payload as { authorization: { from: string } }).authorization.from = agent().address;
    const wrongSigner = await pay(paymentId, chargeToken, forged);
    expect(wrongSigner.body.errors[0]).toMatchObject({ field: 'paymentPayload.payload.signature', constraint: 'invalid_exact_evm_signature' });
    const expiring = await pay(paymentId, chargeToken, await signPayment(buyer, requirements, { validBefore: BigInt(Math.floor(Date.now() / 1000) + 3) }));
    expect(expiring.body.errors[0].constraint).toBe('invalid_exact_evm_payload_authorization_valid_before');

    expect((await t.client.get(`/billing/payments/${paymentId}`, seller.key)).body.status).toBe('pending');
    expect((await pay(paymentId, chargeToken, await signPayment(buyer, requirements))).body.status).toBe('confirmed');
  });

  it('pays once per authorization: its nonce spent here cannot pay another charge of the same amount', async () => {
    const first = await cryptoCharge();
    const second = await cryptoCharge();
    const requirements = (await requirementsOf(first.paymentId, first.chargeToken)).body.accepts[0];
    const nonce = `0x${randomBytes(32).toString('hex')}` as const;
    expect((await pay(first.paymentId, first.chargeToken, await signPayment(buyer, requirements, { nonce }))).status).toBe(200);
    const replay = await pay(second.paymentId, second.chargeToken, await signPayment(buyer, requirements, { nonce }));
    expect(replay.status).toBe(409);
    expect(replay.body.message).toMatch(/nonce/);
    expect((await t.client.get(`/billing/payments/${second.paymentId}`, seller.key)).body.status).toBe('pending');
  });

  it('answers 404 for a wrong token or id, and 409 where a wallet cannot pay', async () => {
    const { paymentId, chargeToken } = await cryptoCharge();
    expect((await requirementsOf(paymentId, 'not-the-token')).status).toBe(404);
    expect((await requirementsOf('00000000-0000-4000-8000-000000000000', chargeToken)).status).toBe(404);
    // A BRL invoice: USDC is one for one with the US dollar only.
    const brl = await cryptoCharge(seller.key, 'BRL');
    const inBrl = await requirementsOf(brl.paymentId, brl.chargeToken);
    expect(inBrl.status).toBe(409);
    expect(inBrl.body.message).toMatch(/BRL/);
    // A seller without Rail settings has no wallet to receive USDC.
    const other = await seedAccount(t.client, 'No wallet seller');
    const otherCustomer = (await createCustomer(t.client, other.key)).id;
    const unset = await cryptoCharge(other.key, 'USD', '1', '5.00', otherCustomer);
    expect((await requirementsOf(unset.paymentId, unset.chargeToken)).body.error_code).toBe('rail_not_configured');
  });
});
