// Scenario 8: replayed batches behind a load balancer. Two processes of the service on the same
// database, every request sent to them in turn (round-robin). Each round: fresh batches, then
// replays of the last acknowledged ones (same bytes, new Idempotency-Keys), in an order unrelated
// to the original spread, so a replay reaches a process other than the one that recorded it about
// as often as not. Reported, not gating: replays over fresh batches (docs/benchmarks.md).
import { runRoundRobinLoop } from '../lib/round-robin-loop.ts';
import type { ServiceUnderTest } from '../lib/service.ts';
import { enroll } from '../lib/setup.ts';
import { median } from '../lib/stats.ts';
import { EventFactory, FreshBatches, ReplayedBatches } from '../lib/workloads.ts';
import { eventTarget, serviceHeaders, type ScenarioContext } from './context.ts';
import { verifyServiceIngestion } from './verify-ingestion.ts';

export type StartServiceProcess = (name: string, env: Record<string, string>) => Promise<ServiceUnderTest>;

export async function twoProcessScenario(ctx: ScenarioContext, start: StartServiceProcess): Promise<void> {
  const settings = ctx.profile.twoProcesses!;
  const headers = serviceHeaders(ctx);
  const loop = { connections: ctx.profile.batchConnections, headers };
  const processes: ServiceUnderTest[] = [];
  try {
    processes.push(await start('service, process 1', {}), await start('service, process 2', {}));
    const urls = processes.map((p) => p.url);
    const enrollment = await enroll(ctx.service.url, ctx.tenant, `${ctx.runId}-two`);
    const prefix = `${ctx.runId}-s8`;
    const fresh = new FreshBatches(prefix, new EventFactory(eventTarget(ctx, enrollment.customerId), prefix), ctx.profile.batchSize);
    const replays: ReplayedBatches[] = [];
    const freshRates: number[] = [];
    const replayRates: number[] = [];
    await runRoundRobinLoop(urls, fresh, { ...loop, durationSeconds: ctx.profile.warmupSeconds });
    fresh.assertHealthy('two processes warm-up');
    for (let r = 0; r < ctx.profile.rounds; r += 1) {
      const freshRun = await runRoundRobinLoop(urls, fresh, { ...loop, durationSeconds: settings.batchSeconds });
      const replay = new ReplayedBatches(`${ctx.runId}-s8-replay-${r}`, fresh, true);
      replays.push(replay);
      const replayed = await runRoundRobinLoop(urls, replay, { ...loop, durationSeconds: settings.replaySeconds });
      freshRates.push(freshRun.requestsPerSecond * ctx.profile.batchSize);
      replayRates.push(replayed.requestsPerSecond * ctx.profile.batchSize);
      console.log(`  round ${r + 1}: fresh ${Math.round(freshRates.at(-1)!)}, replays ${Math.round(replayRates.at(-1)!)} events/s`);
    }
    const ratios = replayRates.map((rate, i) => rate / freshRates[i]!);
    ctx.report.row({
      database: ctx.service.kind,
      scenario: '8. replays over 2 processes',
      unit: 'events/s',
      ours: median(replayRates),
      reference: median(freshRates),
      referenceName: 'fresh batches over 2 processes',
      ratio: median(ratios),
      goal: 'reported',
      verdict: 'info',
      gating: false,
      rounds: { ours: replayRates, reference: freshRates, ratios },
      note: 'round-robin over 2 processes of the service on one database',
    });
    await verifyServiceIngestion(ctx, { label: '8. two processes', workloads: [fresh, ...replays], url: urls[0]!, headers }, enrollment);
  } finally {
    for (const p of processes) await p.stop();
  }
}
