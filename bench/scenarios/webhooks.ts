// Scenario 10: webhook delivery to a local receiver (in this process), from an endpoint subscribed
// to customer.created. Deliveries per second: a closed loop of POST /customers (each records one
// event) for a few seconds; every event's delivery is awaited; the rate is deliveries over the time
// from the loop's start to the last delivery. Commit-to-delivery latency: customers created one at a
// time, timed from sending the request (so the figure includes the request's own time: an upper
// bound of commit-to-delivery) to the receiver's arrival. Goal: p50 under 100 ms on PostgreSQL.
// Checks: every event delivered, each with a valid Standard Webhooks signature.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { JsonClient } from '../lib/http.ts';
import { percentile, round } from '../lib/stats.ts';
import type { ScenarioContext } from './context.ts';

export const LATENCY_GOAL_MS = 100;

interface Arrivals {
  at: Map<string, number>;
  waiters: Map<string, () => void>;
  badSignatures: number;
}

export async function webhookScenario(ctx: ScenarioContext): Promise<void> {
  const { profile, report, service } = ctx;
  const settings = profile.webhooks!;
  const arrivals: Arrivals = { at: new Map(), waiters: new Map(), badSignatures: 0 };
  let verifier: Webhook | null = null;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const now = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      res.writeHead(204).end();
      try {
        const event = verifier!.verify(body, req.headers as Record<string, string>) as { data: { id: string } };
        if (!arrivals.at.has(event.data.id)) arrivals.at.set(event.data.id, now);
        arrivals.waiters.get(event.data.id)?.();
      } catch {
        arrivals.badSignatures += 1;
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const api = new JsonClient(service.url, `Bearer ${ctx.tenant.secretKey}`, settings.connections);
  let endpointId: string | null = null;
  try {
    const endpoint = await api.expect<{ id: string; secret: string }>('POST', '/account/webhooks', { url: receiverUrl, events: ['customer.created'] }, [201]);
    endpointId = endpoint.id;
    verifier = new Webhook(endpoint.secret);
    const createCustomer = async (n: number): Promise<string> => (await api.expect<{ id: string }>('POST', '/customers', { name: `Webhook ${ctx.runId} ${n}` }, [201])).id;
    const delivered = (id: string) =>
      new Promise<void>((resolve) => {
        if (arrivals.at.has(id)) return resolve();
        arrivals.waiters.set(id, resolve);
      });
    const within = <T>(promise: Promise<T>, ms: number, what: string) =>
      Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not delivered within ${ms / 1000} s`)), ms).unref())]);

    // Deliveries per second, while events are recorded as fast as the loop can.
    const created: string[] = [];
    const start = performance.now();
    const deadline = start + settings.seconds * 1000;
    let n = 0;
    await Promise.all(
      Array.from({ length: settings.connections }, async () => {
        while (performance.now() < deadline) created.push(await createCustomer(n++));
      }),
    );
    const loopEnd = performance.now();
    await within(Promise.all(created.map(delivered)), 120_000, `${created.length} events`);
    const last = Math.max(...created.map((id) => arrivals.at.get(id)!));
    const perSecond = created.length / ((last - start) / 1000);
    report.row({
      database: service.kind,
      scenario: '10. webhooks: deliveries per second',
      unit: 'deliveries/s',
      ours: round(perSecond, 1),
      reference: null,
      referenceName: '',
      ratio: null,
      goal: 'reported',
      verdict: 'info',
      gating: false,
      note: `${created.length} events recorded at ${round(created.length / ((loopEnd - start) / 1000), 1)}/s by ${settings.connections} connections; last delivery ${round(last - loopEnd, 0)} ms after the last event`,
    });

    // Commit-to-delivery latency, one event at a time.
    const latencies: number[] = [];
    const requestTimes: number[] = [];
    for (let i = 0; i < settings.latencySamples; i += 1) {
      const sent = performance.now();
      const id = await createCustomer(n++);
      requestTimes.push(performance.now() - sent);
      await within(delivered(id), 30_000, `event ${id}`);
      latencies.push(arrivals.at.get(id)! - sent);
      await new Promise((resolve) => setTimeout(resolve, settings.gapMs));
    }
    const p50 = percentile(latencies, 50);
    const onPostgres = service.kind === 'postgres';
    report.row({
      database: service.kind,
      scenario: '10. webhooks: commit-to-delivery p50',
      unit: 'ms',
      ours: round(p50, 1),
      reference: null,
      referenceName: '',
      ratio: null,
      goal: onPostgres ? `< ${LATENCY_GOAL_MS} ms` : 'reported',
      verdict: onPostgres ? (p50 < LATENCY_GOAL_MS ? 'pass' : 'fail') : 'info',
      gating: onPostgres && profile.absoluteGate,
      note: `p99 ${round(percentile(latencies, 99), 1)} ms over ${latencies.length} events sent one at a time, timed from sending the request (its own p50 ${round(percentile(requestTimes, 50), 1)} ms)`,
    });
    report.check(service.kind, 'webhooks: every event delivered with a valid signature', arrivals.badSignatures === 0, `${arrivals.at.size} events delivered, ${arrivals.badSignatures} bad signatures`);
  } finally {
    if (endpointId) await api.send('PATCH', `/account/webhooks/${endpointId}`, { isActive: false }).catch(() => undefined);
    await api.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
