// Scenario 13: the Rail middleware's added latency per paid request. A seller server (in this
// process, node:http) serves one route twice: unpaid, and paid through @billing/rail-middleware,
// which verifies and settles every request through the service on loopback (settle records usage
// and a receipt). Requests go one at a time; payments are signed beforehand with a local viem
// account, so the figures hold the middleware's work and the service's, not the agent's signing.
// Reported: p50 and p99 of both, and the added p50/p99 (paid minus unpaid). Checks: every paid
// request settled (the service's payments and usage count them), every unpaid one served.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { privateKeyToAccount } from 'viem/accounts';
import { authorizationTypes } from '@x402/evm';
import { createRail, nodeHandler } from '../../packages/rail-middleware/src/index.ts';
import { JsonClient } from '../lib/http.ts';
import { percentile, round } from '../lib/stats.ts';
import type { ScenarioContext } from './context.ts';

const AGENT_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const SELLER_WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC_BASE_SEPOLIA = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function railScenario(ctx: ScenarioContext, requests: number): Promise<void> {
  const { report, service } = ctx;
  const api = new JsonClient(service.url, `Bearer ${ctx.tenant.secretKey}`, 1);
  const expect = async (promise: Promise<{ status: number; body: any }>, status: number, what: string) => {
    const res = await promise;
    if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const meterKey = `rail-${ctx.runId}`;
  await expect(api.send('POST', '/meters', { key: meterKey, name: 'Rail requests', aggregation: 'sum' }), 201, 'POST /meters');
  const created = await expect(api.send('POST', '/products', { key: `rail-${ctx.runId}`, name: 'Rail bench', pricingModel: 'usage', currency: 'USD' }), 201, 'POST /products');
  await expect(api.send('PATCH', `/products/${created.product.id}/versions/${created.version.id}`, { prices: [{ meter: meterKey, unitPrice: '0.01' }] }), 200, 'PATCH version');
  await expect(api.send('POST', `/products/${created.product.id}/versions/${created.version.id}/publish`), 200, 'publish');
  const put = await fetch(`${service.url}/rail/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ctx.tenant.secretKey}`, 'content-type': 'application/json', 'idempotency-key': `rail-settings-${ctx.runId}` },
    body: JSON.stringify({
    network: 'eip155:84532',
    asset: USDC_BASE_SEPOLIA,
    assetDecimals: 6,
    payTo: SELLER_WALLET,
    grace: { window: '10m', maxPerAgent: '0', maxTotal: '0', queueLimit: 0, clockSkewSeconds: 30 },
    facilitator: { provider: 'service', indexesForDiscovery: false },
    }),
  });
  if (put.status !== 200) throw new Error(`PUT /rail/settings answered ${put.status}: ${await put.text()}`);

  const rail = await createRail({ serviceUrl: service.url, apiKey: ctx.tenant.secretKey, product: `rail-${ctx.runId}`, logger: silent });
  const paid = nodeHandler(rail, meterKey, (_req, res) => res.end('{"ok":true}'));
  const server = createServer((req, res) => (req.url === '/paid' ? paid(req, res) : res.end('{"ok":true}')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const requirements = rail.config.outputSchema.routes[0]!.accepts[0]! as any;
    const account = privateKeyToAccount(AGENT_KEY);
    const headers: string[] = [];
    const now = BigInt(Math.floor(Date.now() / 1000));
    for (let i = 0; i < requests; i++) {
      const authorization = { from: account.address, to: requirements.payTo as `0x${string}`, value: requirements.amount, validAfter: (now - 600n).toString(), validBefore: (now + 3600n).toString(), nonce: `0x${randomBytes(32).toString('hex')}` as `0x${string}` };
      const signature = await account.signTypedData({
        domain: { name: requirements.extra.name, version: requirements.extra.version, chainId: 84532, verifyingContract: requirements.asset },
        types: authorizationTypes,
        primaryType: 'TransferWithAuthorization',
        message: { ...authorization, value: BigInt(authorization.value), validAfter: BigInt(authorization.validAfter), validBefore: BigInt(authorization.validBefore) },
      });
      headers.push(Buffer.from(JSON.stringify({ x402Version: 2, accepted: requirements, payload: { authorization, signature } })).toString('base64'));
    }
    const time = async (path: string, header?: string): Promise<number> => {
      const start = performance.now();
      const res = await fetch(`${url}${path}`, header ? { headers: { 'PAYMENT-SIGNATURE': header } } : {});
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return performance.now() - start;
    };
    // Warm both paths (connections, the lazy imports, plans), then alternate so both see the same machine.
    for (let i = 0; i < 5; i++) await time('/unpaid');
    const unpaidMs: number[] = [];
    const paidMs: number[] = [];
    for (const header of headers) {
      unpaidMs.push(await time('/unpaid'));
      paidMs.push(await time('/paid', header));
    }
    const counters = rail.counters();
    const p = (values: number[], q: number) => round(percentile(values, q), 2);
    report.row({
      database: service.kind,
      scenario: '13. rail: added latency per paid request p50',
      unit: 'ms',
      ours: round(p(paidMs, 50) - p(unpaidMs, 50), 2),
      reference: null,
      referenceName: '',
      ratio: null,
      goal: 'reported',
      verdict: 'info',
      gating: false,
      note: `paid p50 ${p(paidMs, 50)} ms / p99 ${p(paidMs, 99)} ms (verify + settle through the service), unpaid p50 ${p(unpaidMs, 50)} ms / p99 ${p(unpaidMs, 99)} ms; ${requests} requests each, one at a time`,
    });
    report.row({
      database: service.kind,
      scenario: '13. rail: added latency per paid request p99',
      unit: 'ms',
      ours: round(p(paidMs, 99) - p(unpaidMs, 99), 2),
      reference: null,
      referenceName: '',
      ratio: null,
      goal: 'reported',
      verdict: 'info',
      gating: false,
    });
    report.check(service.kind, 'rail: every paid request settled once', counters.settled === requests && counters.inGrace === 0 && counters.refused === 0, `${counters.settled} settled of ${requests}, ${counters.inGrace} in grace, ${counters.refused} refused`);
  } finally {
    rail.close();
    await new Promise((resolve) => server.close(resolve));
    await api.close();
  }
}
