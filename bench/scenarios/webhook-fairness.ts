// Scenario 16: fair webhook delivery (issue #30). The benchmark tenant's endpoint points at a
// receiver in this process; its commit-to-delivery latency is measured (as in scenario 10: events
// created one at a time, timed from sending the request to the receiver's arrival) twice: alone,
// then while another account's endpoint is a tarpit (accepts the connection, never answers) with
// 1,000 events of its own waiting. Before the fairness work the second p99 was 58.9 s (one
// first-come queue of 32 workers, 10 s per tarpit attempt). Gates, on both databases: the p99 with
// the tarpit under 1 s, and within 2x of the p99 without it. Checks: every event of the tenant
// delivered with a valid signature, none of the tarpit's delivered, and never more connections
// open at the tarpit than the endpoint's cap (WEBHOOKS_ENDPOINT_CONCURRENCY, default 8).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { JsonClient } from '../lib/http.ts';
import { setUpTenant } from '../lib/setup.ts';
import { percentile, round } from '../lib/stats.ts';
import type { ScenarioContext } from './context.ts';

export const TARPIT_EVENTS = 1_000;
export const P99_LIMIT_MS = 1_000;
export const MAX_SLOWDOWN = 2;
/** The service's default per-endpoint cap (src/config.ts). */
const ENDPOINT_CAP = 8;

export async function webhookFairnessScenario(ctx: ScenarioContext): Promise<void> {
  const { profile, report, service } = ctx;
  const settings = profile.webhooks!;
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  let badSignatures = 0;
  let verifier: Webhook | null = null;
  const receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const now = performance.now();
      res.writeHead(204).end();
      try {
        const event = verifier!.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as { data: { id: string } };
        if (!arrivals.has(event.data.id)) arrivals.set(event.data.id, now);
        waiters.get(event.data.id)?.();
      } catch {
        badSignatures += 1;
      }
    });
  });
  // The tarpit: reads whatever comes, answers nothing, counts the connections open at once.
  const open = new Set<Socket>();
  let mostOpen = 0;
  let tarpitAnswered = 0;
  const tarpit = createTcpServer((socket) => {
    open.add(socket);
    mostOpen = Math.max(mostOpen, open.size);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
  const port = (server: { address(): unknown }) => (server.address() as AddressInfo).port;

  const api = new JsonClient(service.url, `Bearer ${ctx.tenant.secretKey}`, 1);
  const attacker = await setUpTenant(service.url, `Tarpit owner ${ctx.runId}`);
  const attackerApi = new JsonClient(service.url, `Bearer ${attacker.secretKey}`, settings.connections);
  const endpoints: Array<{ api: JsonClient; id: string }> = [];
  try {
    const endpoint = await api.expect<{ id: string; secret: string }>('POST', '/account/webhooks', { url: `http://127.0.0.1:${port(receiver)}/hooks`, events: ['customer.created'] }, [201]);
    endpoints.push({ api, id: endpoint.id });
    verifier = new Webhook(endpoint.secret);

    let n = 0;
    const delivered = (id: string) =>
      new Promise<void>((resolve, reject) => {
        if (arrivals.has(id)) return resolve();
        const timer = setTimeout(() => reject(new Error(`event ${id}: not delivered within 120 s`)), 120_000);
        timer.unref();
        waiters.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    const measure = async (): Promise<number[]> => {
      const latencies: number[] = [];
      for (let i = 0; i < settings.latencySamples; i += 1) {
        const sent = performance.now();
        const { id } = await api.expect<{ id: string }>('POST', '/customers', { name: `Fair ${ctx.runId} ${n++}` }, [201]);
        await delivered(id);
        latencies.push(arrivals.get(id)! - sent);
        await new Promise((resolve) => setTimeout(resolve, settings.gapMs));
      }
      return latencies;
    };

    const alone = await measure();

    const trap = await attackerApi.expect<{ id: string }>('POST', '/account/webhooks', { url: `http://127.0.0.1:${port(tarpit)}/hooks`, events: ['customer.created'] }, [201]);
    endpoints.push({ api: attackerApi, id: trap.id });
    let made = 0;
    await Promise.all(
      Array.from({ length: settings.connections }, async () => {
        while (made < TARPIT_EVENTS) {
          made += 1;
          await attackerApi.expect('POST', '/customers', { name: `Tarpit ${ctx.runId} ${made}` }, [201]);
        }
      }),
    );
    const withTarpit = await measure();
    const tarpitDeliveries = await attackerApi.expect<{ deliveries: Array<{ status: string }> }>('GET', `/account/webhooks/${trap.id}/deliveries?limit=100&status=delivered`, undefined, [200]);
    tarpitAnswered = tarpitDeliveries.deliveries.length;

    const p99Alone = percentile(alone, 99);
    const p99Tarpit = percentile(withTarpit, 99);
    const slowdown = p99Tarpit / p99Alone;
    const ok = p99Tarpit < P99_LIMIT_MS && slowdown <= MAX_SLOWDOWN;
    report.row({
      database: service.kind,
      scenario: '16. webhooks: p99 beside a tarpit',
      unit: 'ms',
      ours: round(p99Tarpit, 1),
      reference: round(p99Alone, 1),
      referenceName: 'the same p99 without the tarpit',
      ratio: round(p99Alone / p99Tarpit, 2),
      goal: `< ${P99_LIMIT_MS} ms and <= ${MAX_SLOWDOWN}x alone`,
      verdict: ok ? 'pass' : 'fail',
      gating: true,
      note:
        `${settings.latencySamples} events one at a time, timed from sending the request, while another account's ${TARPIT_EVENTS} events wait at a tarpit; ` +
        `p50 ${round(percentile(withTarpit, 50), 1)} ms (alone ${round(percentile(alone, 50), 1)} ms); ${round(slowdown, 2)}x; at most ${mostOpen} tarpit connections open at once`,
    });
    report.check(service.kind, 'webhook fairness: every event of the tenant delivered with a valid signature', badSignatures === 0 && arrivals.size === alone.length + withTarpit.length, `${arrivals.size} delivered, ${badSignatures} bad signatures`);
    report.check(service.kind, 'webhook fairness: nothing delivered to the tarpit', tarpitAnswered === 0, `${tarpitAnswered} tarpit deliveries marked delivered`);
    report.check(service.kind, `webhook fairness: at most the endpoint cap (${ENDPOINT_CAP}) of connections at the tarpit`, mostOpen <= ENDPOINT_CAP, `${mostOpen} at once`);
  } finally {
    // Turning the endpoints off fails their pending deliveries and drops their jobs: later scenarios start clean.
    for (const { api: client, id } of endpoints) await client.send('PATCH', `/account/webhooks/${id}`, { isActive: false }).catch(() => undefined);
    await api.close();
    await attackerApi.close();
    for (const socket of open) socket.destroy();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await new Promise<void>((resolve) => tarpit.close(() => resolve()));
  }
}
