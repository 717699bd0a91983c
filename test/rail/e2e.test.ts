// End to end with the official client: an agent pays with @x402/fetch + @x402/evm and a local viem
// account; a seller server protects its routes with @billing/rail-middleware (node:http,
// Express-style and Fastify adapters); the service settles (sandbox, simulated) and records
// usage, payment and the agent's day receipt. Loopback only.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapFetchWithPayment, x402Client, decodePaymentResponseHeader } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { createRail, expressMiddleware, fastifyPreHandler, nodeHandler, RailStartError, type Rail } from '../../packages/rail-middleware/src/index.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { agent, configureRail, NETWORK, railProduct, type RailProduct } from './fixtures.ts';
import { createHttpServer, listen, listenService } from './servers.ts';

let t: TestContext;
let serviceUrl: string;
let seller: SeededAccount;
let product: RailProduct;
let rail: Rail;
const closers: Array<() => Promise<unknown> | void> = [];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await startTestApp();
  serviceUrl = await listenService(t);
  seller = await seedAccount(t.client, 'Weather seller');
  product = await railProduct(t.client, seller.key, '0.001');
  await configureRail(t.client, seller.key);
  rail = await createRail({ serviceUrl, apiKey: seller.key, product: product.productKey, logger: silent });
});
afterAll(async () => {
  rail?.close();
  for (const close of closers) await close();
  await t.close();
});

function payingFetch(): typeof fetch {
  const client = new x402Client();
  client.register(NETWORK, new ExactEvmScheme(agent()));
  return wrapFetchWithPayment(fetch, client);
}

async function usageOfAgent(): Promise<string> {
  const customers = await t.client.get(`/customers?externalId=${NETWORK}:${agent().address}`, seller.key);
  const enrollment = (await t.client.get(`/customers/${customers.body.customers[0].id}/enrollments`, seller.key)).body.enrollments[0];
  const usage = await t.client.get(`/metering/usage?enrollmentId=${enrollment.id}&meter=${product.meterKey}&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z&granularity=none`, seller.key);
  return JSON.stringify(usage.body);
}

describe('an agent pays a seller route with @x402/fetch', () => {
  it('gets 402 without paying, then pays through node:http and the service records usage and payment', async () => {
    const server = createHttpServer(nodeHandler(rail, product.meterKey, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ forecast: 'sunny' }));
    }));
    const url = await listen(server);
    closers.push(() => new Promise((resolve) => server.close(resolve)));

    const unpaid = await fetch(`${url}/weather`);
    expect(unpaid.status).toBe(402);
    const required = JSON.parse(Buffer.from(unpaid.headers.get('payment-required')!, 'base64').toString());
    expect(required).toMatchObject({ x402Version: 2, accepts: [{ scheme: 'exact', network: NETWORK, amount: '1000' }] });
    expect(await unpaid.json()).toEqual(required);

    const paid = await payingFetch()(`${url}/weather`);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ forecast: 'sunny' });
    const receipt = decodePaymentResponseHeader(paid.headers.get('payment-response')!);
    expect(receipt).toMatchObject({ success: true, network: NETWORK, payer: agent().address });
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);

    const payments = await t.client.get('/billing/payments?method=crypto', seller.key);
    expect(payments.body.payments[0]).toMatchObject({ status: 'confirmed', amount: '0.001000', currency: 'USDC' });
    expect(await usageOfAgent()).toContain('"1"');
    expect(rail.counters()).toMatchObject({ served: 1, settled: 1, inGrace: 0, queueDepth: 0 });
  });

  it("posts the settlement's payment to the ledger, adds it to the agent's receipt of the day, and the account reconciles", async () => {
    const [payment] = (await t.client.get('/billing/payments?method=crypto', seller.key)).body.payments;
    const [customer] = (await t.client.get(`/customers?externalId=${NETWORK}:${agent().address}`, seller.key)).body.customers;
    const entries = async (type: string, id: string) =>
      (await t.client.get(`/billing/ledger/transactions?resourceType=${type}&resourceId=${id}`, seller.key)).body.transactions.map((tx: { kind: string; entries: Array<{ account: string; amount: string }> }) => ({
        kind: tx.kind,
        entries: tx.entries.map((e) => `${e.account} ${e.amount}`).sort(),
      }));
    // The payment of 0.001000 USDC: clearing <- receivable when settled. Its receipt (the agent's
    // day receipt, a draft until the day is closed: src/flows/rail/receipts.test.ts) posts
    // receivable = revenue when it is finalized, so nothing yet.
    const receivable = `customers:${customer.id}:receivable`;
    expect(await entries('payment', payment.id)).toEqual([{ kind: 'payment.confirmed', entries: [`${receivable} -0.001000`, `providers:${payment.provider}:clearing 0.001000`] }]);
    expect(await entries('invoice', payment.invoiceId)).toEqual([]);
    const receipt = (await t.client.get(`/billing/invoices/${payment.invoiceId}`, seller.key)).body;
    expect(receipt).toMatchObject({ status: 'draft', currency: 'USDC', total: '0.001000', lineItems: [{ type: 'rail', quantity: '1', unitPrice: '0.001000', amount: '0.001000' }] });
    expect((await t.client.get('/billing/reconciliation', seller.key)).body).toMatchObject({ reconciled: true, mismatches: [] });
  });

  it('serves through the Express-style and Fastify adapters too', async () => {
    const express = expressMiddleware(rail, product.meterKey);
    const server = createHttpServer((req, res) =>
      express(req, res, (error?: unknown) => {
        res.writeHead(error ? 500 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ via: 'express' }));
      }),
    );
    const expressUrl = await listen(server);
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const fastify = Fastify();
    fastify.get('/quote', { preHandler: fastifyPreHandler(rail, product.meterKey) }, async () => ({ via: 'fastify' }));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => fastify.close());
    const fastifyUrl = `http://127.0.0.1:${(fastify.server.address() as { port: number }).port}`;

    const pay = payingFetch();
    const viaExpress = await pay(`${expressUrl}/quote`);
    expect(await viaExpress.json()).toEqual({ via: 'express' });
    expect(viaExpress.headers.get('payment-response')).toBeTruthy();
    expect((await fetch(`${fastifyUrl}/quote`)).status).toBe(402);
    const viaFastify = await pay(`${fastifyUrl}/quote`);
    expect(viaFastify.status).toBe(200);
    expect(await viaFastify.json()).toEqual({ via: 'fastify' });
    expect(await usageOfAgent()).toContain('"3"');
  });

  it('refuses a replayed PAYMENT-SIGNATURE with 402', async () => {
    let signature = '';
    const server = createHttpServer(nodeHandler(rail, product.meterKey, (req, res) => {
      signature = req.headers['payment-signature'] as string;
      res.end('ok');
    }));
    const url = await listen(server);
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    expect((await payingFetch()(`${url}/x`)).status).toBe(200);
    const replay = await fetch(`${url}/x`, { headers: { 'PAYMENT-SIGNATURE': signature } });
    expect(replay.status).toBe(402);
  });

  it('fails the seller start, not each request, for a bad product or meter', async () => {
    await expect(createRail({ serviceUrl, apiKey: seller.key, product: 'no-such-product', logger: silent })).rejects.toThrow(RailStartError);
    await expect(createRail({ serviceUrl, apiKey: seller.key, product: '', logger: silent })).rejects.toThrow(/422/);
    expect(() => nodeHandler(rail, 'unknown-meter', () => undefined)).toThrow(RailStartError);
  });
});
