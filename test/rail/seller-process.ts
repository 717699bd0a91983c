// A seller's server in its own process, for the kill -9 test (seller-kill.test.ts): the Rail
// middleware with the shared Redis store, one protected route, its address printed once ready.
// Configured by the environment the test passes.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRail, nodeHandler } from '../../packages/rail-middleware/src/index.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const rail = await createRail({
  serviceUrl: env('SELLER_SERVICE_URL'),
  apiKey: env('SELLER_API_KEY'),
  product: env('SELLER_PRODUCT'),
  redisUrl: env('SELLER_REDIS_URL'),
  redisPrefix: env('SELLER_REDIS_PREFIX'),
  timeoutMs: 2000,
  // The test decides when the queue drains (in another process); this one never gets the chance.
  drainIntervalMs: 3_600_000,
});
const server = createServer(nodeHandler(rail, env('SELLER_METER'), (_req, res) => res.end(JSON.stringify({ ok: true }))));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
