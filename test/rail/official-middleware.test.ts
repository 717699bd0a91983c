// A seller on the official packages only: @x402/express's paymentMiddleware with an
// HTTPFacilitatorClient pointed at the service (its key in createAuthHeaders, nothing else of
// ours: no extra.product/meter, no Idempotency-Key), paid by the official client (@x402/fetch +
// @x402/evm, a local viem account). The service finds the Rail route by price, verifies, settles
// (sandbox, simulated) and records the payment once. Loopback only.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactEvmScheme as ServerExactEvmScheme } from '@x402/evm/exact/server';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { agent, configureRail, NETWORK, railProduct, SELLER_WALLET, type RailProduct } from './fixtures.ts';
import { listenService } from './servers.ts';

let t: TestContext;
let seller: SeededAccount;
let product: RailProduct;
let sellerUrl: string;
let closeSeller: () => Promise<void>;

beforeAll(async () => {
  t = await startTestApp();
  const serviceUrl = await listenService(t);
  seller = await seedAccount(t.client, 'Official seller');
  product = await railProduct(t.client, seller.key, '0.001');
  await configureRail(t.client, seller.key);

  // As @x402/express's README configures it; the API key goes where HTTPFacilitatorClient takes auth headers.
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

describe('a seller on @x402/express with the service as its facilitator', () => {
  it('answers 402 to an unpaid request, then is paid by @x402/fetch; the service records the payment once', async () => {
    const unpaid = await fetch(`${sellerUrl}/weather`);
    expect(unpaid.status).toBe(402);

    const client = new x402Client();
    client.register(NETWORK, new ExactEvmScheme(agent()));
    const paid = await wrapFetchWithPayment(fetch, client)(`${sellerUrl}/weather`);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ forecast: 'sunny' });
    const receipt = decodePaymentResponseHeader(paid.headers.get('payment-response')!);
    expect(receipt).toMatchObject({ success: true, network: NETWORK, payer: agent().address });
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);

    const settlements = await t.database.db.selectFrom('rail_settlements').selectAll().where('account_id', '=', seller.id).execute();
    expect(settlements).toHaveLength(1);
    expect(settlements[0]).toMatchObject({ amount: '1000', meter_id: product.meterId, product_id: product.productId, transaction: receipt.transaction });
    const payments = (await t.client.get('/billing/payments?method=crypto', seller.key)).body.payments;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: settlements[0]!.payment_id, status: 'confirmed', amount: '0.001000', currency: 'USDC' });
  });
});
