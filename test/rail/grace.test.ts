// Grace: the service becomes unreachable mid-way. What is simulated: a TCP proxy between the
// seller's middleware and the service is closed (connections refused, open ones cut) and then
// reopened on the same port; the service process itself keeps running. Agent requests go on,
// served on credit, up to maxPerAgent, then 503 with Retry-After; once the service is back the
// queue drains, each queued payment settles once, and usage equals the requests served.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { createRail, nodeHandler, type Rail } from '../../packages/rail-middleware/src/index.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { agent, agentUsageCount, configureRail, NETWORK, OTHER_AGENT_KEY, railProduct, signPayment, type RailProduct } from './fixtures.ts';
import { createHttpServer, listen, listenService, RAIL_REDIS_URL, redisReachable, StoppableProxy } from './servers.ts';

let t: TestContext;
let seller: SeededAccount;
let product: RailProduct;
let proxy: StoppableProxy;
let rail: Rail;
let sellerUrl: string;
let closeSeller: () => Promise<void>;
const logs: Array<Record<string, unknown>> = [];
const logger = { info: (f: Record<string, unknown>) => void logs.push(f), warn: (f: Record<string, unknown>) => void logs.push(f), error: (f: Record<string, unknown>) => void logs.push(f) };

beforeAll(async () => {
  t = await startTestApp();
  const serviceUrl = await listenService(t);
  proxy = new StoppableProxy(Number(new URL(serviceUrl).port));
  await proxy.start();
  seller = await seedAccount(t.client, 'Seller in trouble');
  product = await railProduct(t.client, seller.key, '0.01');
  // 0.01 USDC = 10000 atomic units: an agent may take three requests on credit.
  await configureRail(t.client, seller.key, {}, { window: '10m', maxPerAgent: '30000', maxTotal: '50000', queueLimit: 100 });
  rail = await createRail({ serviceUrl: proxy.url, apiKey: seller.key, product: product.productKey, timeoutMs: 2000, drainIntervalMs: 60_000, logger });
  const server = createHttpServer(nodeHandler(rail, product.meterKey, (_req, res) => res.end(JSON.stringify({ ok: true }))));
  sellerUrl = await listen(server);
  closeSeller = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  rail?.close();
  await closeSeller?.();
  await proxy?.stop();
  await t.close();
});

function payingFetch(key?: `0x${string}`): typeof fetch {
  const client = new x402Client();
  client.register(NETWORK, new ExactEvmScheme(agent(key)));
  return wrapFetchWithPayment(fetch, client);
}

const usageCount = (address: string) => agentUsageCount(t.client, seller.key, product, address);

describe('grace while the service is unreachable', () => {
  it('serves up to maxPerAgent on credit, then 503; drains once the service is back; usage equals requests served', async () => {
    const pay = payingFetch();
    const payer = agent().address;
    let served = 0;
    for (let i = 0; i < 2; i++) {
      const res = await pay(`${sellerUrl}/live/${i}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('payment-response')).toBeTruthy();
      served += 1;
    }

    await proxy.stop();
    for (let i = 0; i < 3; i++) {
      const res = await pay(`${sellerUrl}/grace/${i}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('rail-grace')).toBe('queued');
      served += 1;
    }
    const beyond = await pay(`${sellerUrl}/grace/3`);
    expect(beyond.status).toBe(503);
    expect(Number(beyond.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(rail.counters()).toMatchObject({ served: 5, settled: 2, inGrace: 3, queueDepth: 3 });

    // Another agent still fits under maxTotal (50000 - 30000): two more on credit, then the total is reached.
    const other = payingFetch(OTHER_AGENT_KEY);
    expect((await other(`${sellerUrl}/other/0`)).status).toBe(200);
    expect((await other(`${sellerUrl}/other/1`)).status).toBe(200);
    expect((await other(`${sellerUrl}/other/2`)).status).toBe(503);
    served += 2;
    expect(rail.counters().queueDepth).toBe(5);

    // A drain while the service is away changes nothing.
    await rail.drain();
    expect(rail.counters().queueDepth).toBe(5);

    await proxy.start();
    await rail.drain();
    expect(rail.counters()).toMatchObject({ served, settled: 7, inGrace: 5, queueDepth: 0, lost: 0 });
    // A second drain has nothing to send: each queued payment settled once.
    await rail.drain();
    expect(rail.counters().settled).toBe(7);

    expect(await usageCount(payer)).toBe(5);
    expect(await usageCount(agent(OTHER_AGENT_KEY).address)).toBe(2);
    const settlements = await t.database.db.selectFrom('rail_settlements').select(['payment_id']).where('account_id', '=', seller.id).execute();
    expect(settlements).toHaveLength(served);
    const payments = await t.client.get('/billing/payments?method=crypto&limit=100', seller.key);
    expect(payments.body.payments.filter((p: { status: string }) => p.status === 'confirmed')).toHaveLength(served);
    expect(logs.some((l) => l.event === 'rail.grace_exhausted')).toBe(true);
    expect(logs.filter((l) => l.event === 'rail.drained')).toHaveLength(5);
  });

  it('answers a queued payment the service settled already as settled, not charged twice', async () => {
    // A settle whose answer was lost: the service settled the authorization, the seller queued it.
    const fresh = await createRail({ serviceUrl: proxy.url, apiKey: seller.key, product: product.productKey, timeoutMs: 2000, drainIntervalMs: 60_000, logger });
    const requirements = fresh.config.outputSchema.routes[0]!.accepts[0]! as unknown as Record<string, unknown>;
    const third = agent('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a');
    const payload = await signPayment(third, requirements);
    const direct = await t.client.post('/rail/settle', seller.key, { x402Version: 2, paymentPayload: payload, paymentRequirements: requirements });
    expect(direct.body.success).toBe(true);

    await proxy.stop();
    const header = Buffer.from(JSON.stringify(payload)).toString('base64');
    const outcome = await fresh.handle(product.meterKey, { method: 'GET', url: '/again', host: 'seller', header: (name) => (name === 'payment-signature' ? header : undefined) });
    expect(outcome.action).toBe('serve');
    expect(fresh.counters().queueDepth).toBe(1);
    await proxy.start();
    await fresh.drain();
    fresh.close();
    expect(fresh.counters()).toMatchObject({ settled: 1, lost: 0, queueDepth: 0 });
    expect(logs.some((l) => l.event === 'rail.drained' && l.alreadySettled === true)).toBe(true);
    expect(await usageCount(third.address)).toBe(1);
  });
});

describe('grace never outlasts what it can settle', () => {
  it('an outage longer than the validity: credit stops at the capped window, every payment served settles once', async () => {
    // The middleware's clock is moved (the outage as it sees it); agents sign against that clock,
    // as they would against theirs, so what was served is still valid when the service settles it.
    let clock = Date.now();
    const fresh = await createRail({ serviceUrl: proxy.url, apiKey: seller.key, product: product.productKey, timeoutMs: 2000, drainIntervalMs: 60_000, logger, now: () => clock });
    const requirements = fresh.config.outputSchema.routes[0]!.accepts[0]! as unknown as Record<string, unknown>;
    expect(fresh.graceSeconds).toBe(300 - 6 - 30 - 5); // 10m capped to maxTimeoutSeconds - (6 s + clockSkewSeconds) - 5 s of signing slack
    const a = agent('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba');
    const b = agent('0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e');
    const seconds = () => BigInt(Math.floor(clock / 1000));
    const request = async (who: typeof a, validBefore?: bigint) => {
      const header = Buffer.from(JSON.stringify(await signPayment(who, requirements, { validAfter: seconds() - 600n, validBefore: validBefore ?? seconds() + 300n }))).toString('base64');
      const outcome = await fresh.handle(product.meterKey, { method: 'GET', url: '/long', host: 'seller', header: (name) => (name === 'payment-signature' ? header : undefined) });
      return outcome.action === 'serve' ? 'served' : `${outcome.status} ${(outcome.body as { error: string }).error}`;
    };

    await proxy.stop();
    const start = clock;
    expect(await request(a)).toBe('served');
    clock = start + 100_000;
    expect(await request(a)).toBe('served');
    // Valid 150 s more: it would expire before the end of this episode's window; not served on credit.
    expect(await request(b, seconds() + 150n)).toBe('402 invalid_exact_evm_payload_authorization_valid_before');
    clock = start + 258_000;
    expect(await request(b)).toBe('served');
    // Past the window (259 s) and on to the validity of the first credit (300 s) and beyond: refused.
    for (const at of [259_000, 300_000, 348_000]) {
      clock = start + at;
      expect(await request(b)).toBe('402 grace_window_over');
    }
    expect(fresh.counters()).toMatchObject({ served: 3, inGrace: 3, queueDepth: 3 });

    await proxy.start();
    await fresh.drain();
    expect(fresh.counters()).toMatchObject({ served: 3, settled: 3, lost: 0, queueDepth: 0 });
    await fresh.drain();
    expect(fresh.counters().settled).toBe(3);
    expect(await usageCount(a.address)).toBe(2);
    expect(await usageCount(b.address)).toBe(1);

    // The queue drained: a new outage opens a new episode.
    await proxy.stop();
    clock = start + 400_000;
    expect(await request(b)).toBe('served');
    await proxy.start();
    await fresh.drain();
    fresh.close();
    expect(fresh.counters()).toMatchObject({ served: 4, settled: 4, lost: 0, queueDepth: 0 });
    expect(await usageCount(b.address)).toBe(2);
  });
});

// Two processes of one seller sharing Redis (RAIL_REDIS_URL or 127.0.0.1:6379). Skipped when no
// Redis answers there: the shared store is Redis, and nothing else can stand in for it here.
const REDIS_URL = RAIL_REDIS_URL;
const redisUp = await redisReachable();

describe.skipIf(!redisUp)('several processes sharing Redis', () => {
  it('serve one signature once, and either settles what the other served on credit, once', async () => {
    const options = { serviceUrl: proxy.url, apiKey: seller.key, product: product.productKey, timeoutMs: 2000, drainIntervalMs: 60_000, logger, redisUrl: REDIS_URL, redisPrefix: `test-rail-${randomUUID()}:` };
    const first = await createRail(options);
    const second = await createRail(options);
    const requirements = first.config.outputSchema.routes[0]!.accepts[0]! as unknown as Record<string, unknown>;
    const payer = agent('0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356');
    const header = Buffer.from(JSON.stringify(await signPayment(payer, requirements))).toString('base64');
    const send = (rail: Rail) => rail.handle(product.meterKey, { method: 'GET', url: '/shared', host: 'seller', header: (name) => (name === 'payment-signature' ? header : undefined) });

    await proxy.stop();
    const [a, b] = await Promise.all([send(first), send(second)]);
    expect([a.action, b.action].sort()).toEqual(['respond', 'serve']);
    const refused = a.action === 'respond' ? a : b;
    expect(refused).toMatchObject({ status: 402, body: { error: 'invalid_exact_evm_nonce_already_used' } });
    // Sent again later to either process: still refused.
    expect(await send(first)).toMatchObject({ action: 'respond', status: 402 });
    expect(await send(second)).toMatchObject({ action: 'respond', status: 402 });

    // The queue is shared: the process that did not serve it settles it.
    const idle = a.action === 'serve' ? second : first;
    await proxy.start();
    await Promise.all([idle.drain(), idle.drain()]);
    await first.drain();
    await second.drain();
    expect(first.counters().settled + second.counters().settled).toBe(1);
    expect(idle.counters()).toMatchObject({ settled: 1, lost: 0, queueDepth: 0 });
    expect(await usageCount(payer.address)).toBe(1);
    // Once settled live or queued, a replay reaches neither the handler nor a second charge.
    expect(await send(idle)).toMatchObject({ action: 'respond', status: 402 });
    await first.close();
    await second.close();
  });
});
