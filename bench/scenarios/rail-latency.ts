// Scenario 13: the Rail middleware's added latency per paid request. A seller server (in this
// process, node:http) serves one route twice: unpaid, and paid through @billing/rail-middleware,
// which settles every request through the service on loopback (settle checks the payment and
// records usage, payment, ledger and the agent's day receipt). Requests go one at a time; payments
// are signed beforehand with a local viem account, so the figures hold the middleware's work and
// the service's, not the agent's signing.
// Reported: p50 and p99 of both, and the added p50/p99 (paid minus unpaid). Checks: every paid
// request settled (the service's payments and usage count them), every unpaid one served.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createRail, nodeHandler } from '../../packages/rail-middleware/src/index.ts';
import { benchAgents, setUpRailSeller, signedPayments } from '../lib/rail.ts';
import { percentile, round } from '../lib/stats.ts';
import type { ScenarioContext } from './context.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function railScenario(ctx: ScenarioContext, requests: number): Promise<void> {
  const { report, service } = ctx;
  const { productKey, meterKey } = await setUpRailSeller(service.url, ctx.tenant.secretKey, ctx.runId);
  const rail = await createRail({ serviceUrl: service.url, apiKey: ctx.tenant.secretKey, product: productKey, logger: silent });
  const paid = nodeHandler(rail, meterKey, (_req, res) => res.end('{"ok":true}'));
  const server = createServer((req, res) => (req.url === '/paid' ? paid(req, res) : res.end('{"ok":true}')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const requirements = rail.config.outputSchema.routes[0]!.accepts[0]! as any;
    const WARM = 5;
    const signed = await signedPayments(requirements, benchAgents(1), requests + WARM);
    const time = async (path: string, header?: string): Promise<number> => {
      const start = performance.now();
      const res = await fetch(`${url}${path}`, header ? { headers: { 'PAYMENT-SIGNATURE': header } } : {});
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return performance.now() - start;
    };
    // Warm both paths (connections, the service's lazy imports of viem and x402, plans), then
    // alternate so both see the same machine.
    for (let i = 0; i < WARM; i++) {
      await time('/unpaid');
      await time('/paid', signed[i]);
    }
    const headers = signed.slice(WARM);
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
      note: `paid p50 ${p(paidMs, 50)} ms / p99 ${p(paidMs, 99)} ms (one settle through the service), unpaid p50 ${p(unpaidMs, 50)} ms / p99 ${p(unpaidMs, 99)} ms; ${requests} requests each, one at a time`,
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
    report.check(service.kind, 'rail: every paid request settled once', counters.settled === requests + WARM && counters.inGrace === 0 && counters.refused === 0, `${counters.settled} settled of ${requests + WARM}, ${counters.inGrace} in grace, ${counters.refused} refused`);
  } finally {
    await rail.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
