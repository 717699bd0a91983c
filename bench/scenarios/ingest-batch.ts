// Scenarios 2 and 3: batches of 1,000 events, POST /metering/events/batch.
// Each round runs, one at a time: the service on fresh batches (A), reference (2) on fresh batches
// (B), then the service replaying batches it already stored (C: same eventIds, new
// Idempotency-Keys, every event a duplicate). A and B alternate in order (A B C, then B A C). Gates: median of A/B >= 1.0 (goal 1.4); median of
// C/A >= 2.0 (a duplicate must cost less than a write).
import { runClosedLoop } from '../lib/closed-loop.ts';
import type { Enrollment } from '../lib/setup.ts';
import { median } from '../lib/stats.ts';
import { EventFactory, FreshBatches, ReplayedBatches } from '../lib/workloads.ts';
import { eventTarget, serviceHeaders, type ScenarioContext } from './context.ts';
import { verifyReferenceIngestion, verifyServiceIngestion } from './verify-ingestion.ts';

export async function batchScenarios(ctx: ScenarioContext, enrollment: Enrollment): Promise<void> {
  const { profile, report } = ctx;
  const headers = serviceHeaders(ctx);
  const size = profile.batchSize;
  const ours = new FreshBatches(`${ctx.runId}-s2`, new EventFactory(eventTarget(ctx, enrollment.customerId), `${ctx.runId}-s2`), size);
  const refCustomer = eventTarget(ctx).customerId;
  const reference = ctx.references?.batch;
  const ref = new FreshBatches(`${ctx.runId}-r2`, new EventFactory({ ...eventTarget(ctx), customerId: refCustomer }, `${ctx.runId}-r2`), size);
  const loop = { connections: profile.batchConnections, headers };

  await runClosedLoop(ctx.service.url, ours, { ...loop, durationSeconds: profile.warmupSeconds });
  if (reference) await runClosedLoop(reference.url, ref, { ...loop, durationSeconds: profile.warmupSeconds });
  ours.assertHealthy('service warm-up');
  ref.assertHealthy('reference warm-up');

  const fresh: number[] = [];
  const refFresh: number[] = [];
  const replayed: number[] = [];
  const replays: ReplayedBatches[] = [];
  const serviceFirst: boolean[] = [];
  for (let round = 0; round < profile.rounds; round += 1) {
    const service = async () => fresh.push((await runClosedLoop(ctx.service.url, ours, { ...loop, durationSeconds: profile.batchSeconds })).requestsPerSecond * size);
    const referenceRun = async () => {
      if (reference) refFresh.push((await runClosedLoop(reference.url, ref, { ...loop, durationSeconds: profile.batchSeconds })).requestsPerSecond * size);
    };
    serviceFirst.push(round % 2 === 0);
    if (round % 2 === 0) {
      await service();
      await referenceRun();
    } else {
      await referenceRun();
      await service();
    }
    const replay = new ReplayedBatches(`${ctx.runId}-s3-${round}`, ours);
    replays.push(replay);
    replayed.push((await runClosedLoop(ctx.service.url, replay, { ...loop, durationSeconds: profile.replaySeconds })).requestsPerSecond * size);
    console.log(
      `  round ${round + 1}: service ${Math.round(fresh.at(-1)!)} events/s fresh, ${Math.round(replayed.at(-1)!)} events/s duplicates` +
        (reference ? `; reference ${Math.round(refFresh.at(-1)!)} events/s` : ''),
    );
  }

  const batchRatios = refFresh.map((r, i) => fresh[i]! / r);
  const batchRatio = reference ? median(batchRatios) : null;
  const byOrder = (first: boolean) => {
    const picked = batchRatios.filter((_r, i) => serviceFirst[i] === first);
    return picked.length ? `${median(picked).toFixed(2)}x` : '-';
  };
  report.row({
    database: ctx.service.kind,
    scenario: `2. batches of ${size}: max throughput`,
    unit: 'events/s',
    ours: median(fresh),
    reference: reference ? median(refFresh) : null,
    referenceName: 'ref 2: Fastify+pg unnest insert',
    ratio: batchRatio,
    goal: reference ? '>= 1.0 (goal 1.4)' : 'no gate',
    verdict: batchRatio === null ? 'info' : batchRatio >= 1.0 ? 'pass' : 'fail',
    gating: batchRatio !== null,
    rounds: { ours: fresh, reference: refFresh, ratios: batchRatios },
    note: reference ? `ratio with the service first ${byOrder(true)}, with it last ${byOrder(false)}` : undefined,
  });

  const replayRatios = replayed.map((r, i) => r / fresh[i]!);
  const replayRatio = median(replayRatios);
  // Reported without a gate on PGlite, like every PGlite figure.
  const gated = ctx.service.kind === 'postgres';
  report.row({
    database: ctx.service.kind,
    scenario: `3. replayed batches (all duplicates)`,
    unit: 'events/s',
    ours: median(replayed),
    reference: median(fresh),
    referenceName: 'service, fresh batches (2)',
    ratio: replayRatio,
    goal: gated ? '>= 2.0' : 'no gate',
    verdict: !gated ? 'info' : replayRatio >= 2.0 ? 'pass' : 'fail',
    gating: gated,
    rounds: { ours: replayed, reference: fresh, ratios: replayRatios },
  });

  await verifyServiceIngestion(ctx, { label: '2-3. batches and replays (service)', workloads: [ours, ...replays], url: ctx.service.url, headers }, enrollment);
  if (reference) await verifyReferenceIngestion(ctx, { label: '2. batches (ref 2)', workloads: [ref], url: reference.url, headers }, refCustomer);
}
