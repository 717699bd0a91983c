// Latency percentiles: an open loop (fixed arrival rate). Request k is due at start + k / rate
// whether or not earlier answers have arrived, and its latency is measured from that due time,
// so a stalled server shows up as queueing delay instead of silently slowing the generator down
// (the coordinated omission a closed loop, or autocannon's overallRate, suffers from: autocannon
// sends a connection's next request only after its previous answer). A small undici scheduler
// is used instead of autocannon for that reason.
import { Pool } from 'undici';
import { requestHeaders } from './closed-loop.ts';
import { percentile } from './stats.ts';
import type { Workload } from './workloads.ts';

export interface OpenLoopOptions {
  ratePerSecond: number;
  durationSeconds: number;
  headers: Record<string, string>;
  /** Upper bound of simultaneous connections (enough that the client never is the queue). */
  connections?: number;
  /** Requests due in this first stretch are sent but not measured (connections opening, JIT). */
  warmupSeconds?: number;
}

export interface OpenLoopResult {
  ratePerSecond: number;
  sent: number;
  acknowledged: number;
  failed: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

export async function runOpenLoop(url: string, workload: Workload, options: OpenLoopOptions): Promise<OpenLoopResult> {
  if (!(options.ratePerSecond > 0)) throw new Error(`open loop needs a positive rate, got ${options.ratePerSecond}`);
  const pool = new Pool(url, { connections: options.connections ?? 128, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 30_000 });
  const warmup = options.warmupSeconds ?? 0.5;
  const total = Math.max(1, Math.round(options.ratePerSecond * (options.durationSeconds + warmup)));
  const intervalMs = 1000 / options.ratePerSecond;
  const latencies: number[] = [];
  let acknowledged = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();

  const send = (due: number, measured: boolean) => {
    const { id, body } = workload.next();
    const headers = requestHeaders(workload, id, options.headers);
    const done = pool
      .request({ method: 'POST', path: workload.pathOf?.(id) ?? workload.path, headers, body })
      .then(async (response) => {
        const text = await response.body.text();
        if (measured) latencies.push(performance.now() - due);
        const before = workload.pending.size;
        workload.answer(id, response.statusCode, text);
        if (workload.pending.size < before) acknowledged += 1;
      })
      .catch(() => {
        // Left pending: resent after the run, and counted as a failure here.
        failed += 1;
      });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  const start = performance.now();
  const measureFrom = start + warmup * 1000;
  const hardStop = start + (options.durationSeconds + warmup) * 1000 + 30_000;
  let sent = 0;
  while (sent < total && performance.now() < hardStop) {
    const now = performance.now();
    while (sent < total && start + sent * intervalMs <= now) {
      const due = start + sent * intervalMs;
      send(due, due >= measureFrom);
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  // Wait for the answers, but never past the hard stop: the loop is bounded in time as well as count.
  const drained = Promise.allSettled([...inFlight]);
  await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, Math.max(0, hardStop - performance.now())))]);
  await pool.destroy();
  return {
    ratePerSecond: options.ratePerSecond,
    sent,
    acknowledged,
    failed,
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.length ? Math.max(...latencies) : Number.NaN,
  };
}
