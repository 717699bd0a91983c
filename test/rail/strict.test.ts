// Strict x402 in the seller middleware, against a fake billing service on loopback (what the
// service answers is chosen per test): a malformed PAYMENT-SIGNATURE is a 400, a failed settle
// still carries PAYMENT-RESPONSE, resource.url follows TLS and only trusted proxies, and the
// validity of an authorization is never widened (not yet valid, or under 6 s left: refused).
import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodePaymentResponseHeader } from '@x402/fetch';
import { createRail, expressMiddleware, nodeHandler, type Rail, type RailConfig } from '../../packages/rail-middleware/src/index.ts';
import { agent, NETWORK, SELLER_WALLET, signPayment, USDC } from './fixtures.ts';
import { createHttpServer, listen } from './servers.ts';

const requirements = { scheme: 'exact', network: NETWORK, asset: USDC, amount: '1000', payTo: SELLER_WALLET, maxTimeoutSeconds: 300, extra: { name: 'USDC', version: '2' } };
const config: RailConfig = {
  network: NETWORK,
  asset: USDC,
  assetDecimals: 6,
  payTo: SELLER_WALLET,
  grace: { window: '10m', maxPerAgent: '100000', maxTotal: '1000000', queueLimit: 100, clockSkewSeconds: 30 },
  facilitator: { provider: 'service', indexesForDiscovery: false },
  outputSchema: { x402Version: 2, product: { key: 'p' }, routes: [{ meter: 'calls', description: 'a call', accepts: [requirements as never], unitPrice: '0.001', currency: 'USD' }] },
};

/** What the fake service does with settle (the middleware calls no verify). */
let mode: 'ok' | 'settle-fails' | 'down' = 'ok';
const calls: string[] = [];
/** The Idempotency-Key headers the middleware sent (none: settle is idempotent by the nonce). */
const keysSent: string[] = [];
let serviceUrl = '';
let closeService: () => Promise<void>;
const closers: Array<() => Promise<void>> = [];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function fakeService(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '').split('?')[0]!;
  if (path !== '/rail/config') calls.push(path);
  const key = req.headers['idempotency-key'];
  if (typeof key === 'string') keysSent.push(key);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (path === '/rail/config') return send(200, config);
  if (mode === 'down') return send(503, { error: 'unavailable' });
  if (mode === 'settle-fails') return send(200, { success: false, errorReason: 'insufficient_funds', transaction: '', network: NETWORK, payer: agent().address });
  return send(200, { success: true, transaction: `0x${'ab'.repeat(32)}`, network: NETWORK, payer: agent().address, amount: '1000' });
}

beforeAll(async () => {
  const server = createHttpServer(fakeService);
  serviceUrl = await listen(server);
  closeService = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  for (const close of closers) await close();
  await closeService();
});
beforeEach(() => {
  mode = 'ok';
  calls.length = 0;
  keysSent.length = 0;
});

async function seller(rail: Rail): Promise<string> {
  const server = createHttpServer(nodeHandler(rail, 'calls', (_req, res) => res.end('{"ok":true}')));
  const url = await listen(server);
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return url;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const now = () => BigInt(Math.floor(Date.now() / 1000));

describe('a malformed PAYMENT-SIGNATURE', () => {
  it('is answered 400 with the PaymentRequired (header and body), and never reaches the service', async () => {
    const rail = await createRail({ serviceUrl, apiKey: 'k', product: 'p', logger: silent });
    const url = await seller(rail);
    const valid = await signPayment(agent(), requirements);
    const malformed = ['%%% not base64 json %%%', encode({ x402Version: 2 }), encode({ ...valid, x402Version: 1 }), encode({ ...valid, payload: { signature: '0x12' } }), encode([1, 2])];
    for (const header of malformed) {
      const res = await fetch(`${url}/x`, { headers: { 'PAYMENT-SIGNATURE': header } });
      expect(res.status, header).toBe(400);
      const required = JSON.parse(Buffer.from(res.headers.get('payment-required')!, 'base64').toString());
      expect(required).toMatchObject({ x402Version: 2, error: 'invalid_payload', accepts: [{ amount: '1000' }] });
      expect(await res.json()).toEqual(required);
    }
    expect(calls).toEqual([]);
    // A well-formed payment for requirements the route does not offer is a failed payment: 402.
    const other = await signPayment(agent(), { ...requirements, amount: '5' });
    expect((await fetch(`${url}/x`, { headers: { 'PAYMENT-SIGNATURE': encode(other) } })).status).toBe(402);
    expect(rail.counters()).toMatchObject({ served: 0, refused: malformed.length + 1 });
  });
});

describe('a settle that fails', () => {
  it('answers 402 with PAYMENT-RESPONSE success false, errorReason and an empty transaction; the handler does not run', async () => {
    mode = 'settle-fails';
    const rail = await createRail({ serviceUrl, apiKey: 'k', product: 'p', logger: silent });
    const url = await seller(rail);
    const res = await fetch(`${url}/x`, { headers: { 'PAYMENT-SIGNATURE': encode(await signPayment(agent(), requirements)) } });
    expect(res.status).toBe(402);
    expect(decodePaymentResponseHeader(res.headers.get('payment-response')!)).toEqual({ success: false, errorReason: 'insufficient_funds', transaction: '', network: NETWORK, payer: agent().address });
    expect(await res.text()).not.toContain('"ok"');
    // One round trip, settle alone (it checks what verify would), and no Idempotency-Key.
    expect(calls).toEqual(['/rail/settle']);
    expect(keysSent).toEqual([]);
    expect(rail.counters()).toMatchObject({ served: 0, settled: 0, refused: 1 });
  });
});

describe('resource.url', () => {
  const urlOf = async (rail: Rail, request: { secure?: boolean; protocol?: string; headers?: Record<string, string> }) => {
    const headers = { host: 'seller.example', ...request.headers };
    const outcome = await rail.handle('calls', { method: 'GET', url: '/a?b=1', host: headers.host, secure: request.secure, protocol: request.protocol, header: (name) => headers[name as keyof typeof headers] });
    return outcome.action === 'respond' ? (outcome.body as { resource: { url: string } }).resource.url : '';
  };

  it('is https over TLS, and follows Forwarded / X-Forwarded-* only when the proxy is trusted', async () => {
    const plain = await createRail({ serviceUrl, apiKey: 'k', product: 'p', logger: silent });
    const trusting = await createRail({ serviceUrl, apiKey: 'k', product: 'p', logger: silent, trustProxy: true });
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };
    expect(await urlOf(plain, {})).toBe('http://seller.example/a?b=1');
    expect(await urlOf(plain, { secure: true })).toBe('https://seller.example/a?b=1');
    expect(await urlOf(plain, { headers: forwarded })).toBe('http://seller.example/a?b=1');
    expect(await urlOf(trusting, { headers: forwarded })).toBe('https://shop.example/a?b=1');
    expect(await urlOf(trusting, { headers: { forwarded: 'for=1.2.3.4;proto=https;host="api.example", proto=http' } })).toBe('https://api.example/a?b=1');
    expect(await urlOf(trusting, { headers: { 'x-forwarded-proto': 'javascript' } })).toBe('http://seller.example/a?b=1');
  });

  it("with Express, is what req.protocol says under 'trust proxy', with the mounted path", async () => {
    const rail = await createRail({ serviceUrl, apiKey: 'k', product: 'p', logger: silent });
    const app = express();
    app.set('trust proxy', true);
    const router = express.Router();
    router.get('/x', expressMiddleware(rail, 'calls'), (_req, res) => void res.json({ ok: true }));
    app.use('/api', router);
    const server = createHttpServer(app);
    const url = await listen(server);
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const res = await fetch(`${url}/api/x?q=1`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.status).toBe(402);
    expect((await res.json()).resource.url).toBe(`${url.replace('http:', 'https:')}/api/x?q=1`);
  });
});

describe('validity is never widened', () => {
  const pay = async (rail: Rail, options: { validAfter?: bigint; validBefore?: bigint }) => {
    const header = encode(await signPayment(agent(), requirements, options));
    return rail.handle('calls', { method: 'GET', url: '/x', host: 's', header: (name) => (name === 'payment-signature' ? header : undefined) });
  };
  const reason = (outcome: Awaited<ReturnType<typeof pay>>) => (outcome.action === 'respond' ? `${outcome.status} ${(outcome.body as { error: string }).error}` : 'served');

  it('refuses an authorization not valid yet, or with under 6 s left, before asking the service', async () => {
    const rail = await createRail({ serviceUrl, apiKey: 'k', product: 'p', logger: silent });
    expect(reason(await pay(rail, { validAfter: now() + 20n }))).toBe('402 invalid_exact_evm_payload_authorization_valid_after');
    expect(reason(await pay(rail, { validBefore: now() + 5n }))).toBe('402 invalid_exact_evm_payload_authorization_valid_before');
    expect(calls).toEqual([]);
    expect(reason(await pay(rail, { validBefore: now() + 60n }))).toBe('served');
  });

  it('in grace, clockSkewSeconds (30) lets nothing early through, and the authorization must outlast the window', async () => {
    mode = 'down';
    const rail = await createRail({ serviceUrl, apiKey: 'k', product: 'p', logger: silent, drainIntervalMs: 60_000 });
    // grace.window 10m capped: maxTimeoutSeconds 300 - (6 s + 30 s skew) - 5 s of signing slack = 259 s.
    expect(rail.graceSeconds).toBe(259);
    expect(reason(await pay(rail, { validAfter: now() + 20n }))).toBe('402 invalid_exact_evm_payload_authorization_valid_after');
    expect(reason(await pay(rail, { validBefore: now() + 100n }))).toBe('402 invalid_exact_evm_payload_authorization_valid_before');
    expect(rail.counters()).toMatchObject({ served: 0, queueDepth: 0 });
    // What the official client signs (valid maxTimeoutSeconds from now) is served on credit.
    expect(reason(await pay(rail, { validBefore: now() + 300n }))).toBe('served');
    expect(rail.counters()).toMatchObject({ served: 1, inGrace: 1, queueDepth: 1 });
    rail.close();
  });
});
