// The rounds of a single-event comparison: the service (A), its reference (B) and, when the
// profile measures it, the HTTP ceiling (C, a hello world that stores nothing), each at every
// closed-loop connection count with its best rate counted. The order alternates within rounds
// (A B C, then C B A, ...), so neither server always runs first on a machine that warms up or
// gets busier. Reports the ratio with the fraction of the ceiling beside it, and the gate that
// means the same on a slow and a fast machine (docs/benchmarks.md, "The single-event gate").
import { runClosedLoop } from '../lib/closed-loop.ts';
import type { Row } from '../lib/report.ts';
import { median, round } from '../lib/stats.ts';
import type { Workload } from '../lib/workloads.ts';
import { serviceHeaders, type ScenarioContext } from './context.ts';

export const SINGLE_RATIO_GATE = 2.0;
/** Below this ceiling-to-reference ratio, the ceiling caps what the ratio can show. */
export const CEILING_BOUND_BELOW = 3.0;
/** The fraction of the ceiling that passes when the ceiling caps the ratio. */
export const CEILING_FRACTION_GATE = 0.85;
export const SINGLE_GOAL_TEXT = `>= ${SINGLE_RATIO_GATE}x, or >= ${CEILING_FRACTION_GATE} of the ceiling when it is < ${CEILING_BOUND_BELOW}x ref (goal 3.0)`;

export interface Contender {
  name: 'service' | 'reference' | 'ceiling';
  url: string;
  workload: Workload;
}

export interface SingleRounds {
  ours: number[];
  reference: number[];
  ceiling: number[];
  /** Which ran first in each round. */
  serviceFirst: boolean[];
  /** Each server's best connection count per round. */
  bestAt: Record<Contender['name'], number[]>;
  byConnections: Record<Contender['name'], Map<number, number[]>>;
}

export async function runSingleRounds(ctx: ScenarioContext, contenders: Contender[], seconds: number): Promise<SingleRounds> {
  const { profile } = ctx;
  const headers = serviceHeaders(ctx);
  const out: SingleRounds = {
    ours: [],
    reference: [],
    ceiling: [],
    serviceFirst: [],
    bestAt: { service: [], reference: [], ceiling: [] },
    byConnections: { service: new Map(), reference: new Map(), ceiling: new Map() },
  };
  const target = { service: out.ours, reference: out.reference, ceiling: out.ceiling };
  for (let r = 0; r < profile.rounds; r += 1) {
    const order = r % 2 === 0 ? contenders : [...contenders].reverse();
    out.serviceFirst.push(order[0]!.name === 'service');
    for (const contender of order) {
      let top = 0;
      let topAt = 0;
      for (const connections of profile.singleConnections) {
        const rate = (await runClosedLoop(contender.url, contender.workload, { connections, headers, durationSeconds: seconds })).requestsPerSecond;
        const by = out.byConnections[contender.name];
        by.set(connections, [...(by.get(connections) ?? []), rate]);
        if (rate > top) [top, topAt] = [rate, connections];
      }
      target[contender.name].push(top);
      out.bestAt[contender.name].push(topAt);
    }
    const at = (name: Contender['name']) => [...out.byConnections[name]].map(([c, rates]) => `${Math.round(rates.at(-1)!)} at ${c}`).join(', ');
    console.log(`  round ${r + 1} (${order.map((c) => c.name).join(', ')}): ${contenders.map((c) => `${c.name} ${at(c.name)}`).join('; ')} req/s`);
  }
  return out;
}

export interface SingleVerdict {
  ratio: number | null;
  /** Median per-round fraction of the ceiling the service reached (null: no ceiling measured). */
  ceilingFraction: number | null;
  /** Median per-round ceiling / reference. */
  ceilingOverReference: number | null;
  pass: boolean | null;
  /** Which rule decided: the ratio, or the ceiling fraction because the ceiling caps the ratio. */
  rule: string;
}

export function singleVerdict(rounds: SingleRounds): SingleVerdict {
  const perRound = (f: (i: number) => number, n: number) => (n > 0 ? median(Array.from({ length: n }, (_, i) => f(i))) : null);
  const ratio = perRound((i) => rounds.ours[i]! / rounds.reference[i]!, rounds.reference.length);
  const ceilingFraction = perRound((i) => rounds.ours[i]! / rounds.ceiling[i]!, rounds.ceiling.length);
  const ceilingOverReference = rounds.reference.length > 0 ? perRound((i) => rounds.ceiling[i]! / rounds.reference[i]!, rounds.ceiling.length) : null;
  if (ratio === null) return { ratio, ceilingFraction, ceilingOverReference, pass: null, rule: 'no reference' };
  if (ratio >= SINGLE_RATIO_GATE) return { ratio, ceilingFraction, ceilingOverReference, pass: true, rule: `ratio >= ${SINGLE_RATIO_GATE}` };
  if (ceilingOverReference !== null && ceilingFraction !== null && ceilingOverReference < CEILING_BOUND_BELOW) {
    const pass = ceilingFraction >= CEILING_FRACTION_GATE;
    return { ratio, ceilingFraction, ceilingOverReference, pass, rule: `ceiling-bound (ceiling ${round(ceilingOverReference, 2)}x ref < ${CEILING_BOUND_BELOW}): ${round(ceilingFraction, 2)} of the ceiling ${pass ? '>=' : '<'} ${CEILING_FRACTION_GATE}` };
  }
  return { ratio, ceilingFraction, ceilingOverReference, pass: false, rule: `ratio < ${SINGLE_RATIO_GATE}${ceilingOverReference === null ? ' (no ceiling measured)' : `, ceiling ${round(ceilingOverReference, 2)}x ref >= ${CEILING_BOUND_BELOW}`}` };
}

/** The row of a single-event comparison, with the ceiling fraction and the order and connection facts in its note. */
export function singleRow(ctx: ScenarioContext, scenario: string, rounds: SingleRounds, gating: boolean): Row {
  const verdict = singleVerdict(rounds);
  const ratios = rounds.reference.map((r, i) => rounds.ours[i]! / r);
  const byOrder = (first: boolean) => {
    const picked = ratios.filter((_r, i) => rounds.serviceFirst[i] === first);
    return picked.length > 0 ? `${round(median(picked), 2)}x` : '-';
  };
  const medians = (name: Contender['name']) => [...rounds.byConnections[name]].map(([c, r]) => `${Math.round(median(r))}/s at ${c}`).join(', ');
  const notes = [
    `best of ${ctx.profile.singleConnections.join(' and ')} connections (medians: service ${medians('service')}${rounds.reference.length ? `; reference ${medians('reference')}` : ''})`,
    `best at, per round: service ${rounds.bestAt.service.join('/')}${rounds.reference.length ? `, reference ${rounds.bestAt.reference.join('/')}` : ''}`,
  ];
  if (verdict.ceilingFraction !== null) {
    notes.push(`service at ${round(verdict.ceilingFraction, 2)} of the ceiling (${Math.round(median(rounds.ceiling))} req/s${verdict.ceilingOverReference !== null ? `, ${round(verdict.ceilingOverReference, 2)}x the reference` : ''})`);
  }
  if (ratios.length > 0) notes.push(`ratio with the service first ${byOrder(true)}, with it last ${byOrder(false)}`, `gate: ${verdict.rule}`);
  return {
    database: ctx.service.kind,
    scenario,
    unit: 'events/s',
    ours: median(rounds.ours),
    reference: rounds.reference.length ? median(rounds.reference) : null,
    referenceName: 'ref 1: Fastify+pg insert',
    ratio: verdict.ratio,
    goal: verdict.ratio === null ? 'no gate' : SINGLE_GOAL_TEXT,
    verdict: verdict.pass === null ? 'info' : verdict.pass ? 'pass' : 'fail',
    gating: gating && verdict.pass !== null,
    rounds: { ours: rounds.ours, reference: rounds.reference, ratios },
    ceiling: rounds.ceiling.length ? { rates: rounds.ceiling, fraction: verdict.ceilingFraction, overReference: verdict.ceilingOverReference } : undefined,
    note: notes.join('; '),
  };
}
