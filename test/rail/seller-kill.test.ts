// kill -9 of a seller's process while it holds payments served on credit: with the shared Redis
// store the grace queue is outside the process, so nothing served is lost. What is simulated: the
// service is unreachable (the TCP proxy in front of it is stopped), the seller's process (its own
// Node process, seller-process.ts) serves three paid requests on credit and is killed with SIGKILL;
// the service comes back and another process of the same seller drains the queue: each payment
// settles once and usage equals the requests served. Without a shared store the queue lives in the
// process and a kill -9 loses it (packages/rail-middleware/README.md says so).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { createRail } from '../../packages/rail-middleware/src/index.ts';
import { seedAccount, startTestApp, type SeededAccount, type TestContext } from '../harness.ts';
import { agent, agentUsageCount, configureRail, NETWORK, railProduct, type RailProduct } from './fixtures.ts';
import { listenService, RAIL_REDIS_URL, redisReachable, StoppableProxy } from './servers.ts';

const redisUp = await redisReachable();
const AGENT = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

let t: TestContext;
let seller: SeededAccount;
let product: RailProduct;
let proxy: StoppableProxy;
const children: ChildProcess[] = [];
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await startTestApp();
  proxy = new StoppableProxy(Number(new URL(await listenService(t)).port));
  await proxy.start();
  seller = await seedAccount(t.client, 'Seller killed');
  product = await railProduct(t.client, seller.key, '0.01');
  // 0.01 USDC = 10000 atomic units: up to five requests per agent on credit.
  await configureRail(t.client, seller.key, {}, { window: '10m', maxPerAgent: '50000', maxTotal: '50000', queueLimit: 100 });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await proxy?.stop();
  await t?.close();
});

/** Starts the seller's process and waits for its address. */
async function startSeller(prefix: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./seller-process.ts', import.meta.url))], {
    env: { ...process.env, SELLER_SERVICE_URL: proxy.url, SELLER_API_KEY: seller.key, SELLER_PRODUCT: product.productKey, SELLER_METER: product.meterKey, SELLER_REDIS_URL: RAIL_REDIS_URL, SELLER_REDIS_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += String(chunk)));
  let out = '';
  for await (const chunk of child.stdout!) {
    out += String(chunk);
    const ready = /READY (\S+)/.exec(out);
    if (ready) return { child, url: ready[1]! };
  }
  throw new Error(`the seller's process exited before it was ready: ${out}${errors}`);
}

const usageCount = (address: string) => agentUsageCount(t.client, seller.key, product, address);

describe.skipIf(!redisUp)('kill -9 of the seller with payments served on credit', () => {
  it('loses nothing: another process of the seller settles each of them once', async () => {
    const prefix = `test-rail-kill-${randomUUID()}:`;
    const { child, url } = await startSeller(prefix);
    const client = new x402Client();
    client.register(NETWORK, new ExactEvmScheme(agent(AGENT)));
    const pay = wrapFetchWithPayment(fetch, client);

    // One paid while the service answers, three on credit while it does not.
    expect((await pay(`${url}/live`)).status).toBe(200);
    await proxy.stop();
    for (let i = 0; i < 3; i++) {
      const res = await pay(`${url}/credit/${i}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('rail-grace')).toBe('queued');
    }

    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(child.signalCode).toBe('SIGKILL');

    // The service returns; a new process of the same seller (same store) drains what the dead one served.
    await proxy.start();
    const survivor = await createRail({ serviceUrl: proxy.url, apiKey: seller.key, product: product.productKey, timeoutMs: 2000, drainIntervalMs: 3_600_000, redisUrl: RAIL_REDIS_URL, redisPrefix: prefix, logger: quiet });
    await survivor.drain();
    await survivor.drain();
    expect(survivor.counters()).toMatchObject({ settled: 3, lost: 0, queueDepth: 0 });
    await survivor.close();

    // 1 live + 3 on credit = 4 requests served, 4 usage events and 4 confirmed payments of 0.01 USD.
    expect(await usageCount(agent(AGENT).address)).toBe(4);
    const settled = await t.database.db.selectFrom('rail_settlements').select(['payment_id']).where('account_id', '=', seller.id).execute();
    expect(settled).toHaveLength(4);
  });
});
