// Scenario 1: single-event ingestion, POST /metering/events, one new event per request.
// Max throughput (closed loop) of the service against reference (1), alternating A, B per round;
// then p99 latency under an open loop at half of each one's measured max; the HTTP ceiling
// (hello-world node:http) for scale. Gate: median ratio >= 2.0 (goal 3.0).
import { runClosedLoop } from '../lib/closed-loop.ts';
import { runOpenLoop } from '../lib/open-loop.ts';
import type { Enrollment } from '../lib/setup.ts';
import { median } from '../lib/stats.ts';
import { EventFactory, SingleEvents } from '../lib/workloads.ts';
import { eventTarget, serviceHeaders, type ScenarioContext } from './context.ts';
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

  // Each round: each server at each connection count in turn, its best rate counted (see Profile).
  const best = async (url: string, workload: SingleEvents, rates: Map<number, number[]>) => {
    let top = 0;
    for (const connections of profile.singleConnections) {
      const rate = (await runClosedLoop(url, workload, { connections, headers, durationSeconds: profile.singleSeconds })).requestsPerSecond;
      rates.set(connections, [...(rates.get(connections) ?? []), rate]);
      top = Math.max(top, rate);
    }
    return top;
  };
  const oursRates: number[] = [];
  const refRates: number[] = [];
  const oursBy = new Map<number, number[]>();
  const refBy = new Map<number, number[]>();
  for (let round = 0; round < profile.rounds; round += 1) {
    oursRates.push(await best(ctx.service.url, ours, oursBy));
    if (reference) refRates.push(await best(reference.url, ref, refBy));
    const at = (by: Map<number, number[]>) => [...by].map(([c, r]) => `${Math.round(r.at(-1)!)} at ${c}`).join(', ');
    console.log(`  round ${round + 1}: service ${at(oursBy)} events/s${reference ? `; reference ${at(refBy)} events/s` : ''}`);
  }
  const byConnections = (by: Map<number, number[]>) => [...by].map(([c, r]) => `${Math.round(median(r))}/s at ${c}`).join(', ');
  const ratios = refRates.map((r, i) => oursRates[i]! / r);
  const ratio = reference ? median(ratios) : null;
  report.row({
    database: ctx.service.kind,
    scenario: '1. single event: max throughput',
    unit: 'events/s',
    ours: median(oursRates),
    reference: reference ? median(refRates) : null,
    referenceName: 'ref 1: Fastify+pg insert',
    ratio,
    goal: reference ? '>= 2.0 (goal 3.0)' : 'no gate',
    verdict: ratio === null ? 'info' : ratio >= 2.0 ? 'pass' : 'fail',
    gating: ratio !== null,
    rounds: { ours: oursRates, reference: refRates, ratios },
    note: `best of ${profile.singleConnections.join(' and ')} connections; medians: service ${byConnections(oursBy)}${reference ? `; reference ${byConnections(refBy)}` : ''}`,
  });

  // Latency at half of the measured max: an open loop, so queueing shows in the percentiles.
  // The client must never be the queue: a group-committing server keeps more requests in flight
  // than the open loop's default 128 connections (seen: p99 tripled by waiting for a connection).
  const openLoop = { durationSeconds: profile.latencySeconds, headers, connections: 1024 };
  const oursLatency = await runOpenLoop(ctx.service.url, ours, { ...openLoop, ratePerSecond: median(oursRates) / 2 });
  const refLatency = reference
    ? await runOpenLoop(reference.url, ref, { ...openLoop, ratePerSecond: median(refRates) / 2 })
    : null;
  report.row({
    database: ctx.service.kind,
    scenario: '1. single event: p99 at half max (open loop)',
    unit: 'ms',
    ours: oursLatency.p99Ms,
    reference: refLatency?.p99Ms ?? null,
    referenceName: 'ref 1 at half its max',
    ratio: null,
    goal: 'reported',
    verdict: 'info',
    gating: false,
    note: `service at ${Math.round(oursLatency.ratePerSecond)}/s: p50 ${oursLatency.p50Ms.toFixed(1)} ms, p90 ${oursLatency.p90Ms.toFixed(1)} ms, max ${oursLatency.maxMs.toFixed(1)} ms${
      refLatency ? `; reference at ${Math.round(refLatency.ratePerSecond)}/s: p50 ${refLatency.p50Ms.toFixed(1)} ms, p99 ${refLatency.p99Ms.toFixed(1)} ms` : ''
    }`,
  });

  if (ctx.references && profile.ceiling) await measureCeiling(ctx, ctx.references.hello.url, median(oursRates));

  await verifyServiceIngestion(ctx, { label: '1. single events (service)', workloads: [ours], url: ctx.service.url, headers }, enrollment);
  if (reference) await verifyReferenceIngestion(ctx, { label: '1. single events (ref 1)', workloads: [ref], url: reference.url, headers }, refCustomer);
}

/** The HTTP ceiling: the same requests against a server that stores nothing. */
async function measureCeiling(ctx: ScenarioContext, url: string, oursRate: number): Promise<void> {
  const hello = new SingleEvents(`${ctx.runId}-hello`, new EventFactory(eventTarget(ctx), `${ctx.runId}-hello`));
  const result = await runClosedLoop(url, hello, { connections: Math.max(...ctx.profile.singleConnections), durationSeconds: ctx.profile.singleSeconds, headers: serviceHeaders(ctx) });
  ctx.report.row({
    database: ctx.service.kind,
    scenario: '1. HTTP ceiling (same requests, nothing stored)',
    unit: 'req/s',
    ours: oursRate,
    reference: result.requestsPerSecond,
    referenceName: 'ref 4: node:http hello',
    ratio: oursRate / result.requestsPerSecond,
    goal: 'reported',
    verdict: 'info',
    gating: false,
  });
}
