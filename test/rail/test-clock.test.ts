// The Rail after POST /test/clock/advance (issue 31, item 1): an EIP-3009 authorization is valid in
// the chain's real time, so the facilitator checks its window on the real clock while the usage
// and payment it records are dated on the sandbox's billing time. Before, a clock months ahead
// refused every payment (`invalid_exact_evm_payload_authorization_valid_before`). The seller runs
// the official packages (@x402/express + HTTPFacilitatorClient), the agent the official client.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactEvmScheme as ServerExactEvmScheme } from '@x402/evm/exact/server';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { createCustomer } from '../factories/catalog.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { agent, configureRail, NETWORK, railProduct, SELLER_WALLET, signPayment, type RailProduct } from './fixtures.ts';
import { listenService } from './servers.ts';

let t: TestContext;
let seller: SeededAccount;
let product: RailProduct;
let sellerUrl: string;
let closeSeller: () => Promise<void>;
/** Three months past the real time. */
const CLOCK = new Date(Math.floor(Date.now() / 1000) * 1000 + 90 * 86_400_000).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  const serviceUrl = await listenService(t);
  seller = await seedAccount(t.client, 'Clocked seller');
  product = await railProduct(t.client, seller.key, '0.001');
  await configureRail(t.client, seller.key);
  const advanced = await t.client.post('/test/clock/advance', seller.key, { to: CLOCK });
  expect(advanced.status, advanced.raw).toBe(200);

  const auth = { Authorization: `Bearer ${seller.key}` };
  const facilitator = new HTTPFacilitatorClient({ url: `${serviceUrl}/rail`, createAuthHeaders: async () => ({ verify: auth, settle: auth, supported: auth }) });
  const resourceServer = new x402ResourceServer(facilitator).register(NETWORK, new ServerExactEvmScheme());
  const app = express();
  app.use(paymentMiddleware({ 'GET /weather': { accepts: { scheme: 'exact', price: '$0.001', network: NETWORK, payTo: SELLER_WALLET }, description: 'Weather' } }, resourceServer));
  app.get('/weather', (_req: unknown, res: { json(body: unknown): void }) => {
    res.json({ forecast: 'sunny' });
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  sellerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeSeller = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await closeSeller?.();
  await t.close();
});

describe('the Rail on an advanced sandbox clock', () => {
  it('verifies and settles an authorization valid now, and records the payment and usage on the clock', async () => {
    const client = new x402Client();
    client.register(NETWORK, new ExactEvmScheme(agent()));
    const paid = await wrapFetchWithPayment(fetch, client)(`${sellerUrl}/weather`);
    const receipt = paid.headers.get('payment-response') ? decodePaymentResponseHeader(paid.headers.get('payment-response')!) : null;
    expect(paid.status, JSON.stringify(receipt)).toBe(200);
    expect(receipt).toMatchObject({ success: true, network: NETWORK, payer: agent().address });

    const payments = (await t.client.get('/billing/payments?method=crypto', seller.key)).body.payments;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'confirmed', amount: '0.001000', currency: 'USDC', confirmedAt: CLOCK });
    const settlement = await t.database.db.selectFrom('rail_settlements').selectAll().where('account_id', '=', seller.id).executeTakeFirstOrThrow();
    expect(settlement.meter_id).toBe(product.meterId);
    const usage = await t.database.db.selectFrom('usage_events').select('occurred_at').where('account_id', '=', seller.id).where('event_id', '=', settlement.usage_event_id!).executeTakeFirstOrThrow();
    expect(usage.occurred_at.toISOString()).toBe(CLOCK);
  });

  it("pays a checkout's crypto charge from the buyer's wallet, confirmed on the clock", async () => {
    const buyer = agent('0x8f2a55949038a9610f50fb23b5883af3b4ecb3c3bb792cbcefbd1542c692be63');
    const customerId = (await createCustomer(t.client, seller.key)).id;
    const draft = await t.client.post('/billing/invoices', seller.key, { customerId, currency: 'USD', lineItems: [{ description: 'Consulting', quantity: '1', unitPrice: '5.00' }] });
    await t.client.post(`/billing/invoices/${draft.body.id}/finalize`, seller.key);
    const charge = (await t.client.post(`/billing/invoices/${draft.body.id}/payments`, seller.key, { method: 'crypto' })).body;
    const offered = await t.client.post(`/pay/crypto/${charge.id}/requirements`, null, { chargeToken: charge.chargeToken }, { idempotencyKey: null });
    expect(offered.status, offered.raw).toBe(200);
    const paid = await t.client.post(`/pay/crypto/${charge.id}`, null, { chargeToken: charge.chargeToken, paymentPayload: await signPayment(buyer, offered.body.accepts[0]) });
    expect(paid.status, paid.raw).toBe(200);
    const invoice = (await t.client.get(`/billing/invoices/${draft.body.id}`, seller.key)).body;
    // Issued and paid on the clock: the receipt is never paid before its issue date.
    expect({ status: invoice.status, finalizedAt: invoice.finalizedAt, paidAt: invoice.paidAt }).toEqual({ status: 'paid', finalizedAt: CLOCK, paidAt: CLOCK });
  });
});
