// Scenario 8: replayed batches behind a load balancer. Two processes of the service on the same
// database, every request sent to them in turn (round-robin), once with the resend memory on (the
// default) and once off (METERING_RECENT_REQUESTS=0), the pairs alternating in order per round.
// The in-process memory answers a byte-identical resend only in the process that recorded the
// request, so here about half of the replays can hit it; the share is measured. Each pair: fresh
// batches, then replays of the last acknowledged ones (same bytes, new Idempotency-Keys), in an
// order unrelated to the original spread. Reported, not gating: replays over fresh for each pair,
// and replays with the memory over replays without it (docs/benchmarks.md).
import { runRoundRobinLoop } from '../lib/round-robin-loop.ts';
import type { ServiceUnderTest } from '../lib/service.ts';
import { enroll, type Enrollment } from '../lib/setup.ts';
import { median, round } from '../lib/stats.ts';
import { EventFactory, FreshBatches, ReplayedBatches } from '../lib/workloads.ts';
import { eventTarget, serviceHeaders, type ScenarioContext } from './context.ts';
import { verifyServiceIngestion } from './verify-ingestion.ts';

export type StartServiceProcess = (name: string, env: Record<string, string>) => Promise<ServiceUnderTest>;

interface Pair {
  memory: 'on' | 'off';
  processes: ServiceUnderTest[];
  enrollment: Enrollment;
  fresh: FreshBatches;
  /** Which process acknowledged each fresh batch, by request id. */
  recordedBy: number[];
  replays: ReplayedBatches[];
  freshRates: number[];
  replayRates: number[];
  /** Share of replays sent to the process that recorded their batch, per round. */
  hitShares: number[];
}

export async function twoProcessScenario(ctx: ScenarioContext, start: StartServiceProcess): Promise<void> {
  const settings = ctx.profile.twoProcesses!;
  const headers = serviceHeaders(ctx);
  const loop = { connections: ctx.profile.batchConnections, headers };
  const pairs: Pair[] = [];
  try {
    for (const memory of ['on', 'off'] as const) {
      const env: Record<string, string> = memory === 'on' ? {} : { METERING_RECENT_REQUESTS: '0' };
      const processes = [await start(`service, memory ${memory}, process 1`, env), await start(`service, memory ${memory}, process 2`, env)];
      const enrollment = await enroll(ctx.service.url, ctx.tenant, `${ctx.runId}-two-${memory}`);
      const prefix = `${ctx.runId}-s8${memory}`;
      const fresh = new FreshBatches(prefix, new EventFactory(eventTarget(ctx, enrollment.customerId), prefix), ctx.profile.batchSize);
      pairs.push({ memory, processes, enrollment, fresh, recordedBy: [], replays: [], freshRates: [], replayRates: [], hitShares: [] });
    }
    for (const pair of pairs) {
      await runRoundRobinLoop(urls(pair), pair.fresh, { ...loop, durationSeconds: ctx.profile.warmupSeconds, onAcknowledged: (id, server) => (pair.recordedBy[id] = server) });
      pair.fresh.assertHealthy(`memory ${pair.memory} warm-up`);
    }
    for (let r = 0; r < ctx.profile.rounds; r += 1) {
      for (const pair of r % 2 === 0 ? pairs : [...pairs].reverse()) {
        const fresh = await runRoundRobinLoop(urls(pair), pair.fresh, { ...loop, durationSeconds: settings.batchSeconds, onAcknowledged: (id, server) => (pair.recordedBy[id] = server) });
        const replay = new ReplayedBatches(`${ctx.runId}-s8${pair.memory}-replay-${r}`, pair.fresh, true);
        pair.replays.push(replay);
        let hits = 0;
        let sent = 0;
        const replayed = await runRoundRobinLoop(urls(pair), replay, {
          ...loop,
          durationSeconds: settings.replaySeconds,
          onAcknowledged: (id, server) => {
            sent += 1;
            if (pair.recordedBy[replay.sourceIds[id % replay.sourceIds.length]!] === server) hits += 1;
          },
        });
        pair.freshRates.push(fresh.requestsPerSecond * ctx.profile.batchSize);
        pair.replayRates.push(replayed.requestsPerSecond * ctx.profile.batchSize);
        pair.hitShares.push(sent > 0 ? hits / sent : Number.NaN);
      }
      console.log(`  round ${r + 1}: ${pairs.map((p) => `memory ${p.memory}: fresh ${Math.round(p.freshRates.at(-1)!)}, replays ${Math.round(p.replayRates.at(-1)!)} events/s`).join('; ')}`);
    }
    for (const pair of pairs) reportPair(ctx, pair);
    const [on, off] = pairs as [Pair, Pair];
    const gains = on.replayRates.map((rate, i) => rate / off.replayRates[i]!);
    ctx.report.row({
      database: ctx.service.kind,
      scenario: '8. replays over 2 processes: memory on / off',
      unit: 'events/s',
      ours: median(on.replayRates),
      reference: median(off.replayRates),
      referenceName: 'replays, memory off',
      ratio: median(gains),
      goal: 'reported',
      verdict: 'info',
      gating: false,
      rounds: { ours: on.replayRates, reference: off.replayRates, ratios: gains },
      note: `fresh batches, memory on / off: ${round(median(on.freshRates.map((rate, i) => rate / off.freshRates[i]!)), 2)}x (the memory's cost on new batches)`,
    });
    for (const pair of pairs) {
      await verifyServiceIngestion(ctx, { label: `8. two processes, memory ${pair.memory}`, workloads: [pair.fresh, ...pair.replays], url: pair.processes[0]!.url, headers }, pair.enrollment);
    }
  } finally {
    for (const pair of pairs) for (const p of pair.processes) await p.stop();
  }
}

function urls(pair: Pair): string[] {
  return pair.processes.map((p) => p.url);
}

function reportPair(ctx: ScenarioContext, pair: Pair): void {
  const ratios = pair.replayRates.map((rate, i) => rate / pair.freshRates[i]!);
  ctx.report.row({
    database: ctx.service.kind,
    scenario: `8. replays over 2 processes, memory ${pair.memory}`,
    unit: 'events/s',
    ours: median(pair.replayRates),
    reference: median(pair.freshRates),
    referenceName: `fresh batches, memory ${pair.memory}`,
    ratio: median(ratios),
    goal: 'reported',
    verdict: 'info',
    gating: false,
    rounds: { ours: pair.replayRates, reference: pair.freshRates, ratios },
    note: `round-robin over 2 processes; replays sent to the process that recorded them: ${pair.hitShares.map((s) => `${Math.round(s * 100)}%`).join(', ')}`,
  });
}
