// Scenario 4: POST /billing/invoices/from-usage for one enrollment over a month holding N events
// (seeded with SQL, see lib/seed.ts). Sequential requests, one at a time, timed by the client.
// Each round: the service on N events (A), reference (3) summing the raw events (B), and, in the
// full profile, the service on 10N events (C). Between timed requests the invoice is voided
// (untimed), because an enrollment cannot be invoiced twice for the same usage otherwise.
// Gates: median B/A >= 10 (the service at least 10x faster); C/A <= 1.5 (time does not follow
// volume); A <= 25 ms (gating in the full profile only). Every total must equal the raw sum
// times the unit price.
import { performance } from 'node:perf_hooks';
import { sameDecimal } from '../lib/checks.ts';
import { JsonClient } from '../lib/http.ts';
import { rawTotals, seedUsage, type RawTotals } from '../lib/seed.ts';
import { UNIT_PRICE, type Enrollment } from '../lib/setup.ts';
import { median } from '../lib/stats.ts';
import { serviceHeaders, type ScenarioContext } from './context.ts';

interface Invoiced {
  enrollment: Enrollment;
  events: number;
  raw: RawTotals;
}

interface Timing {
  times: number[];
  wrong: string[];
}

const ABSOLUTE_LIMIT_MS = 25;
/** The speed-up goal over the naive raw sum is defined at 1M events. */
const SPEEDUP_GOAL = 10;
const SPEEDUP_EVENTS = 1_000_000;

/**
 * The reference's time grows with the events summed while the service's should not, so at fewer
 * events (the quick profile) the goal shrinks in proportion, never below 1x: the service must at
 * least beat summing the raw events, which catches a return to raw scans.
 */
export function speedupGoal(events: number): number {
  return Math.max(1, (SPEEDUP_GOAL * Math.min(events, SPEEDUP_EVENTS)) / SPEEDUP_EVENTS);
}

/** The previous calendar month (UTC): complete, in the past, and cut at hour boundaries. */
function lastMonth(now = new Date()): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) };
}

export async function invoiceScenario(ctx: ScenarioContext, base: Enrollment, large: Enrollment | null, counts: { base: number; large: number | null }): Promise<void> {
  const { from, to } = lastMonth();
  const targets: Invoiced[] = [];
  const started = performance.now();
  // Reference (3) boots while the data is seeded: neither is measured.
  const usageSumServer = ctx.references?.startUsageSum();
  // Awaited below; this only keeps a failed start from being an unhandled rejection if seeding fails first.
  usageSumServer?.catch(() => undefined);
  await ctx.service.withDatabase(async (sql) => {
    for (const [enrollment, events] of [[base, counts.base], ...(large && counts.large ? [[large, counts.large]] : [])] as Array<[Enrollment, number]>) {
      const spec = { accountId: ctx.tenant.accountId, enrollmentId: enrollment.enrollmentId, meterId: ctx.tenant.meterId, from, to };
      await seedUsage(sql, { ...spec, idPrefix: `${ctx.runId}-seed-${events}`, count: events });
      targets.push({ enrollment, events, raw: await rawTotals(sql, spec, UNIT_PRICE) });
    }
  });
  const seeded = targets.map((t) => `${t.events.toLocaleString('en')} events`).join(' and ');
  console.log(`  seeded ${seeded} with SQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  ctx.report.note(`${ctx.service.kind}: scenario 4 data (${seeded}) was seeded with SQL into usage_events and usage_hourly, not ingested over HTTP (10M events through HTTP would take too long).`);

  const body = (t: Invoiced) => ({ customerId: t.enrollment.enrollmentId, from: from.toISOString(), to: to.toISOString() });
  const service = new JsonClient(ctx.service.url, serviceHeaders(ctx).authorization!, 1);
  const reference = usageSumServer ? new JsonClient((await usageSumServer).url, null, 1) : null;
  const [small, big] = targets as [Invoiced, Invoiced | undefined];
  const timings = { ours: newTiming(), ref: newTiming(), big: newTiming() };
  try {
    const perRound = ctx.profile.invoiceRequestsPerRound;
    // One untimed request each first: caches, JIT, connection set-up.
    await timeService(service, body(small), small.raw, 1, newTiming());
    if (reference) await timeReference(reference, body(small), small.raw, 1, newTiming());
    if (big) await timeService(service, body(big), big.raw, 1, newTiming());
    const medians = { ours: [] as number[], ref: [] as number[], big: [] as number[] };
    for (let round = 0; round < ctx.profile.rounds; round += 1) {
      medians.ours.push(median(await timeService(service, body(small), small.raw, perRound, timings.ours)));
      if (reference) medians.ref.push(median(await timeReference(reference, body(small), small.raw, perRound, timings.ref)));
      if (big) medians.big.push(median(await timeService(service, body(big), big.raw, perRound, timings.big)));
      console.log(
        `  round ${round + 1}: service ${medians.ours.at(-1)!.toFixed(2)} ms` +
          (reference ? `, reference ${medians.ref.at(-1)!.toFixed(1)} ms` : '') +
          (big ? `, service on ${big.events.toLocaleString('en')} ${medians.big.at(-1)!.toFixed(2)} ms` : ''),
      );
    }
    reportRows(ctx, small, big, medians);
  } finally {
    await service.close();
    await reference?.close();
  }
  for (const [name, timing] of [
    ['service', timings.ours],
    ['ref 3', timings.ref],
    ['service (large)', timings.big],
  ] as const) {
    if (timing.times.length === 0 && timing.wrong.length === 0) continue;
    ctx.report.check(
      ctx.service.kind,
      `4. from-usage (${name}): every total = raw sum x unit price`,
      timing.wrong.length === 0,
      timing.wrong.length === 0 ? `${timing.times.length} answers, all right` : `${timing.wrong.length} wrong: ${timing.wrong.slice(0, 2).join(' | ')}`,
    );
  }
}

function newTiming(): Timing {
  return { times: [], wrong: [] };
}

/** Times `count` invoices of the service, each checked and then voided (untimed). */
async function timeService(api: JsonClient, body: object, raw: RawTotals, count: number, timing: Timing): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    const response = await api.send('POST', '/billing/invoices/from-usage', body);
    times.push(performance.now() - start);
    const invoice = response.body as { id?: string; total?: string; lineItems?: Array<{ quantity: string }> } | null;
    if (response.status !== 201 || !invoice?.id) throw new Error(`from-usage answered ${response.status}: ${JSON.stringify(response.body).slice(0, 400)}`);
    const quantityOk = (invoice.lineItems ?? []).some((line) => sameDecimal(line.quantity, raw.quantity));
    if (!sameDecimal(invoice.total ?? '', raw.total) || !quantityOk) {
      timing.wrong.push(`total ${invoice.total} (expected ${raw.total}), quantities ${(invoice.lineItems ?? []).map((l) => l.quantity).join(',')} (expected ${raw.quantity})`);
    }
    const voided = await api.send('POST', `/billing/invoices/${invoice.id}/void`);
    if (voided.status !== 200) throw new Error(`voiding the invoice answered ${voided.status}: ${JSON.stringify(voided.body).slice(0, 400)}`);
  }
  timing.times.push(...times);
  return times;
}

async function timeReference(api: JsonClient, body: object, raw: RawTotals, count: number, timing: Timing): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    const response = await api.send('POST', '/billing/invoices/from-usage', body);
    times.push(performance.now() - start);
    const answer = response.body as { total?: string; quantity?: string } | null;
    if (response.status !== 201 || !sameDecimal(answer?.total ?? '', raw.total) || !sameDecimal(answer?.quantity ?? '', raw.quantity)) {
      timing.wrong.push(`${response.status} ${JSON.stringify(response.body).slice(0, 200)} (expected total ${raw.total})`);
    }
  }
  timing.times.push(...times);
  return times;
}

function reportRows(ctx: ScenarioContext, small: Invoiced, big: Invoiced | undefined, medians: { ours: number[]; ref: number[]; big: number[] }): void {
  const { report, profile } = ctx;
  const database = ctx.service.kind;
  const label = `${small.events.toLocaleString('en')} events`;
  const ours = median(medians.ours);
  if (medians.ref.length > 0) {
    const ratios = medians.ref.map((r, i) => r / medians.ours[i]!);
    const ratio = median(ratios);
    const goal = speedupGoal(small.events);
    report.row({
      database,
      scenario: `4. from-usage, ${label}: median time`,
      unit: 'ms',
      ours,
      reference: median(medians.ref),
      referenceName: 'ref 3: sum of raw events',
      ratio,
      goal: goal === SPEEDUP_GOAL ? `>= ${SPEEDUP_GOAL}x faster` : `>= ${goal}x faster (${SPEEDUP_GOAL}x at 1M, scaled)`,
      verdict: ratio >= goal ? 'pass' : 'fail',
      gating: true,
      rounds: { ours: medians.ours, reference: medians.ref, ratios },
    });
  } else {
    report.row({ database, scenario: `4. from-usage, ${label}: median time`, unit: 'ms', ours, reference: null, referenceName: '', ratio: null, goal: 'no gate', verdict: 'info', gating: false, rounds: { ours: medians.ours, reference: [], ratios: [] } });
  }
  if (database === 'postgres') {
    report.row({
      database,
      scenario: `4. from-usage, ${label}: absolute`,
      unit: 'ms',
      ours,
      reference: ABSOLUTE_LIMIT_MS,
      referenceName: 'limit',
      ratio: null,
      goal: `<= ${ABSOLUTE_LIMIT_MS} ms${profile.absoluteGate ? '' : ' (gate at 1M, full profile)'}`,
      verdict: ours <= ABSOLUTE_LIMIT_MS ? 'pass' : 'fail',
      gating: profile.absoluteGate,
    });
  }
  if (big) {
    const ratios = medians.big.map((b, i) => b / medians.ours[i]!);
    const ratio = median(ratios);
    const gated = database === 'postgres';
    report.row({
      database,
      scenario: `4. from-usage, ${big.events.toLocaleString('en')} vs ${label}`,
      unit: 'ms',
      ours: median(medians.big),
      reference: ours,
      referenceName: `service on ${label}`,
      ratio,
      goal: gated ? '<= 1.5x (time ratio)' : 'no gate',
      verdict: !gated ? 'info' : ratio <= 1.5 ? 'pass' : 'fail',
      gating: gated,
      rounds: { ours: medians.big, reference: medians.ours, ratios },
    });
  }
}
