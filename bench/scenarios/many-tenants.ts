// Scenario 7: single events spread over many tenants, as a shared service sees them: accounts,
// each with its own key, meter, product and enrollments; consecutive requests come from different
// accounts and enrollments, and their times spread over the last hours, so the hourly rollups they
// update are many rows (enrollments x hours), not the one hot row of scenario 1. Compared with
// reference (1) receiving the same events (it stores them under its one account) and the HTTP
// ceiling, in alternating rounds; reported with scenario 1's gate rule but not gating. Afterwards
// the stored events equal the ledger, and every (enrollment, hour) rollup equals its raw events.
import { resendPending } from '../lib/checks.ts';
import { runClosedLoop } from '../lib/closed-loop.ts';
import { enroll, METER_KEY, setUpTenant, type Tenant } from '../lib/setup.ts';
import { decimal, SingleEvents, tenthsOf, type EventSource } from '../lib/workloads.ts';
import { serviceHeaders, type ScenarioContext } from './context.ts';
import { runSingleRounds, singleRow, type Contender } from './single-rounds.ts';

interface Spread {
  tenants: Tenant[];
  /** Customer and enrollment ids of each tenant. */
  customers: string[][];
  enrollments: string[][];
}

/** Runs `work` over `items` with at most `lanes` at a time (set-up calls). */
async function inLanes<T, R>(items: T[], lanes: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

async function setUpSpread(ctx: ScenarioContext, accounts: number, perAccount: number): Promise<Spread> {
  const tenants = await inLanes(Array.from({ length: accounts }, (_, i) => i), 4, (i) => setUpTenant(ctx.service.url, `Benchmark tenant ${i}`));
  const enrolled = await inLanes(tenants, 4, async (tenant, t) => {
    const list = [];
    for (let e = 0; e < perAccount; e += 1) list.push(await enroll(ctx.service.url, tenant, `${ctx.runId}-t${t}-e${e}`));
    return list;
  });
  return { tenants, customers: enrolled.map((l) => l.map((e) => e.customerId)), enrollments: enrolled.map((l) => l.map((e) => e.enrollmentId)) };
}

/** Event n: tenant n mod A, then each of its enrollments in turn; its time spread over the last hours. */
class SpreadEvents implements EventSource {
  private created = 0;
  readonly expected = { count: 0, tenths: 0 };

  constructor(
    private readonly spread: Spread,
    private readonly idPrefix: string,
    private readonly latest: number,
    private readonly spreadSeconds: number,
  ) {}

  tenantOf(n: number): number {
    return n % this.spread.tenants.length;
  }

  json(n: number): string {
    const t = this.tenantOf(n);
    const customers = this.spread.customers[t]!;
    const customer = customers[Math.floor(n / this.spread.tenants.length) % customers.length]!;
    const at = new Date(this.latest - ((n * 7919) % this.spreadSeconds) * 1000).toISOString();
    return `{"meter":"${METER_KEY}","productId":"${this.spread.tenants[t]!.productId}","customerId":"${customer}","timestamp":"${at}","eventId":"${this.idPrefix}-${n}","value":"${decimal(tenthsOf(n))}"}`;
  }

  fresh(count: number): number {
    const first = this.created;
    for (let n = first; n < first + count; n += 1) this.expected.tenths += tenthsOf(n);
    this.created += count;
    this.expected.count += count;
    return first;
  }
}

export async function manyTenantsScenario(ctx: ScenarioContext): Promise<void> {
  const settings = ctx.profile.manyTenants!;
  const started = Date.now();
  const spread = await setUpSpread(ctx, settings.accounts, settings.enrollmentsPerAccount);
  console.log(`  set up ${settings.accounts} accounts and ${settings.accounts * settings.enrollmentsPerAccount} enrollments in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const latest = new Date(ctx.eventTimestamp).getTime();
  const spreadSeconds = settings.spreadHours * 3600;
  const oursEvents = new SpreadEvents(spread, `${ctx.runId}-s7`, latest, spreadSeconds);
  const ours = new SingleEvents(`${ctx.runId}-s7`, oursEvents, (n) => `Bearer ${spread.tenants[oursEvents.tenantOf(n)]!.secretKey}`);
  const refEvents = new SpreadEvents(spread, `${ctx.runId}-r7`, latest, spreadSeconds);
  const ref = new SingleEvents(`${ctx.runId}-r7`, refEvents);
  const reference = ctx.references?.single;
  const headers = serviceHeaders(ctx);
  const warm = { connections: ctx.profile.singleConnections[0]!, headers, durationSeconds: ctx.profile.warmupSeconds };
  await runClosedLoop(ctx.service.url, ours, warm);
  if (reference) await runClosedLoop(reference.url, ref, warm);
  ours.assertHealthy('service warm-up');
  ref.assertHealthy('reference warm-up');

  const contenders: Contender[] = [{ name: 'service', url: ctx.service.url, workload: ours }];
  if (reference) contenders.push({ name: 'reference', url: reference.url, workload: ref });
  if (ctx.references && ctx.profile.ceiling) {
    contenders.push({ name: 'ceiling', url: ctx.references.hello.url, workload: new SingleEvents(`${ctx.runId}-h7`, new SpreadEvents(spread, `${ctx.runId}-h7`, latest, spreadSeconds)) });
  }
  const rounds = await runSingleRounds(ctx, contenders, settings.seconds);
  const row = singleRow(ctx, `7. single events, ${settings.accounts} accounts / ${settings.accounts * settings.enrollmentsPerAccount} enrollments`, rounds, false);
  row.note = `events spread over ${settings.spreadHours} h; ${row.note}`;
  ctx.report.row(row);

  await resendPending(ctx.service.url, ours, headers);
  if (reference) await resendPending(reference.url, ref, headers);
  for (const [name, w] of [['service', ours], ['ref 1', ref]] as const) {
    if (name === 'ref 1' && !reference) continue;
    const ok = w.problemCount === 0 && w.pending.size === 0;
    ctx.report.check(ctx.service.kind, `7. many tenants (${name}): every answer as expected`, ok, ok ? 'all requests acknowledged' : `${w.problemCount} unexpected, ${w.pending.size} unacknowledged; first: ${w.problems[0]}`);
  }
  const accounts = spread.tenants.map((t) => t.accountId);
  const enrollments = spread.enrollments.flat();
  const facts = await ctx.service.withDatabase(async (sql) => {
    const [stored] = await sql.query<{ count: string; same: boolean }>(
      `select count(*)::text as count, (count(*) = $3::bigint and coalesce(sum(value), 0) = $4::numeric) as same
         from usage_events where account_id = any($1::uuid[]) and environment = 'sandbox' and enrollment_id = any($2::uuid[])`,
      [accounts, enrollments, oursEvents.expected.count, decimal(oursEvents.expected.tenths)],
    );
    // Each (enrollment, meter, hour) of the raw events against its rollup rows (all shards).
    const [rollups] = await sql.query<{ figures: string; differ: string }>(
      `with raw as (
         select account_id, enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC') as hour, count(*) as n, sum(value) as total, max(value) as mx
           from usage_events where account_id = any($1::uuid[]) and environment = 'sandbox' and enrollment_id = any($2::uuid[])
          group by 1, 2, 3, 4),
       rolled as (
         select account_id, enrollment_id, meter_id, hour, sum(event_count) as n, sum(total) as total, max(max_value) as mx
           from usage_hourly where account_id = any($1::uuid[]) and environment = 'sandbox' and enrollment_id = any($2::uuid[])
          group by 1, 2, 3, 4)
       select count(*)::text as figures,
              count(*) filter (where r.n is distinct from h.n or r.total is distinct from h.total or r.mx is distinct from h.mx)::text as differ
         from raw r full join rolled h using (account_id, enrollment_id, meter_id, hour)`,
      [accounts, enrollments],
    );
    const [refStored] = reference
      ? await sql.query<{ count: string; same: boolean }>(
          `select count(*)::text as count, (count(*) = $3::bigint and coalesce(sum(value), 0) = $4::numeric) as same
             from ref_usage_events where account_id = $1 and environment = 'sandbox' and enrollment_id = any($2::uuid[])`,
          [ctx.references!.accountId, spread.customers.flat(), refEvents.expected.count, decimal(refEvents.expected.tenths)],
        )
      : [null];
    return { stored: stored!, rollups: rollups!, refStored };
  });
  ctx.report.check(ctx.service.kind, '7. many tenants (service): stored events = sent', facts.stored.same, `expected ${oursEvents.expected.count} events; stored ${facts.stored.count}`);
  ctx.report.check(ctx.service.kind, '7. many tenants (service): every enrollment/hour rollup = its raw events', facts.rollups.differ === '0', `${facts.rollups.figures} enrollment/hour figures, ${facts.rollups.differ} differ`);
  if (facts.refStored) ctx.report.check(ctx.service.kind, '7. many tenants (ref 1): stored events = sent', facts.refStored.same, `expected ${refEvents.expected.count} events; stored ${facts.refStored.count}`);
}
