// Scenario 1: single-event ingestion, POST /metering/events, one new event per request.
// Max throughput (closed loop) of the service against reference (1) and the HTTP ceiling, the order
// alternating within rounds (single-rounds.ts); then latency under an open loop: each server at
// half its own measured max, and the service at the reference's half max, so both are compared at
// the same arrival rate. Gate: single-rounds.ts (ratio >= 2.0, or 0.85 of a ceiling that caps it).
import { runOpenLoop, type OpenLoopResult } from '../lib/open-loop.ts';
import type { Enrollment } from '../lib/setup.ts';
import { median } from '../lib/stats.ts';
import { EventFactory, SingleEvents } from '../lib/workloads.ts';
import { runClosedLoop } from '../lib/closed-loop.ts';
import { eventTarget, serviceHeaders, type ScenarioContext } from './context.ts';
import { runSingleRounds, singleRow, type Contender } from './single-rounds.ts';
import { verifyReferenceIngestion, verifyServiceIngestion } from './verify-ingestion.ts';

export async function singleEventScenario(ctx: ScenarioContext, enrollment: Enrollment): Promise<void> {
  const { profile, report } = ctx;
  const headers = serviceHeaders(ctx);
  const ours = new SingleEvents(`${ctx.runId}-s1`, new EventFactory(eventTarget(ctx, enrollment.customerId), `${ctx.runId}-s1`));
  const refCustomer = eventTarget(ctx).customerId;
  const reference = ctx.references?.single;
  const ref = new SingleEvents(`${ctx.runId}-r1`, new EventFactory({ ...eventTarget(ctx), customerId: refCustomer }, `${ctx.runId}-r1`));
  const [fewest] = profile.singleConnections;
  const loop = { connections: fewest!, headers };

  // Warm-up (JIT, connection pools, caches): not measured, but its events are in the ledger.
  await runClosedLoop(ctx.service.url, ours, { ...loop, durationSeconds: profile.warmupSeconds });
  if (reference) await runClosedLoop(reference.url, ref, { ...loop, durationSeconds: profile.warmupSeconds });
  ours.assertHealthy('service warm-up');
  ref.assertHealthy('reference warm-up');

  const contenders: Contender[] = [{ name: 'service', url: ctx.service.url, workload: ours }];
  if (reference) contenders.push({ name: 'reference', url: reference.url, workload: ref });
  if (ctx.references && profile.ceiling) {
    const hello = new SingleEvents(`${ctx.runId}-hello`, new EventFactory(eventTarget(ctx), `${ctx.runId}-hello`));
    contenders.push({ name: 'ceiling', url: ctx.references.hello.url, workload: hello });
  }
  const rounds = await runSingleRounds(ctx, contenders, profile.singleSeconds);
  report.row(singleRow(ctx, '1. single event: max throughput', rounds, true));
  if (rounds.ceiling.length > 0) {
    const fractions = rounds.ceiling.map((c, i) => rounds.ours[i]! / c);
    report.row({
      database: ctx.service.kind,
      scenario: '1. HTTP ceiling (same requests, nothing stored)',
      unit: 'req/s',
      ours: median(rounds.ours),
      reference: median(rounds.ceiling),
      referenceName: 'ref 4: node:http hello',
      ratio: median(fractions),
      goal: 'reported',
      verdict: 'info',
      gating: false,
      rounds: { ours: rounds.ours, reference: rounds.ceiling, ratios: fractions },
      note: rounds.reference.length ? `ceiling / reference per round: ${rounds.ceiling.map((c, i) => (c / rounds.reference[i]!).toFixed(2)).join(', ')}` : undefined,
    });
  }

  // Latency: an open loop, so queueing shows in the percentiles. The client must never be the
  // queue: a group-committing server keeps more requests in flight than 128 connections.
  const openLoop = { durationSeconds: profile.latencySeconds, headers, connections: 1024 };
  const oursHalf = await runOpenLoop(ctx.service.url, ours, { ...openLoop, ratePerSecond: median(rounds.ours) / 2 });
  const refHalf = reference ? await runOpenLoop(reference.url, ref, { ...openLoop, ratePerSecond: median(rounds.reference) / 2 }) : null;
  report.row({
    database: ctx.service.kind,
    scenario: '1. single event: p99 at half own max (open loop)',
    unit: 'ms',
    ours: oursHalf.p99Ms,
    reference: refHalf?.p99Ms ?? null,
    referenceName: 'ref 1 at half its own max',
    ratio: null,
    goal: 'reported',
    verdict: 'info',
    gating: false,
    note: `service ${percentiles(oursHalf)}${refHalf ? `; reference ${percentiles(refHalf)}` : ''}`,
  });
  if (refHalf) {
    // The same arrival rate for both: the reference's half max, which the service can also serve.
    const oursEqual = await runOpenLoop(ctx.service.url, ours, { ...openLoop, ratePerSecond: refHalf.ratePerSecond });
    report.row({
      database: ctx.service.kind,
      scenario: '1. single event: p99 at equal rate (ref half max)',
      unit: 'ms',
      ours: oursEqual.p99Ms,
      reference: refHalf.p99Ms,
      referenceName: 'ref 1, same rate',
      ratio: null,
      goal: 'reported',
      verdict: 'info',
      gating: false,
      note: `service ${percentiles(oursEqual)}; reference ${percentiles(refHalf)}`,
    });
  }

  await verifyServiceIngestion(ctx, { label: '1. single events (service)', workloads: [ours], url: ctx.service.url, headers }, enrollment);
  if (reference) await verifyReferenceIngestion(ctx, { label: '1. single events (ref 1)', workloads: [ref], url: reference.url, headers }, refCustomer);
}

export function percentiles(r: OpenLoopResult): string {
  return `at ${Math.round(r.ratePerSecond)}/s: p50 ${r.p50Ms.toFixed(1)} ms, p90 ${r.p90Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms${r.failed ? `, ${r.failed} failed` : ''}`;
}
