// Scenario 6 (correctness only): unique_count, max and latest meters. Batches with conflicting
// duplicates inside them, then the same batches again (byte for byte, and with every field but
// the ids changed), ingested concurrently into several customers over past whole hours. Then:
// the raw events hold exactly the first occurrence of each id (the ledger); the service's hourly
// usage (GET /metering/usage, read from its rollups), its usage over the whole range, and an
// invoice of that range equal what the raw events say. A duplicate's distinct value, larger value
// or later time counted anywhere fails the run.
import { resendPending, sameDecimal } from '../lib/checks.ts';
import { runClosedLoop } from '../lib/closed-loop.ts';
import { JsonClient } from '../lib/http.ts';
import { conflictingCopy, ledgerFigures, METER_HOURS, METER_KINDS, MeterBatches, UNIQUE_PROPERTY, type HourFigures, type MeterKind, type MeterTarget } from '../lib/meter-events.ts';
import { enroll } from '../lib/setup.ts';
import { serviceHeaders, type ScenarioContext } from './context.ts';

const HOUR_MS = 3_600_000;
const RESENT_BATCHES = 20;

interface MeterSetup {
  target: MeterTarget;
  enrollments: string[];
  meterIds: Record<MeterKind, string>;
}

async function setUpMeters(ctx: ScenarioContext): Promise<MeterSetup> {
  const api = new JsonClient(ctx.service.url, serviceHeaders(ctx).authorization!, 1);
  try {
    const meters = {} as Record<MeterKind, string>;
    const meterIds = {} as Record<MeterKind, string>;
    for (const kind of METER_KINDS) {
      const key = `bench_${kind}`;
      const created = await api.expect<{ id: string }>('POST', '/meters', { key, name: `Bench ${kind}`, aggregation: kind, ...(kind === 'unique_count' ? { property: UNIQUE_PROPERTY } : {}) }, [201]);
      meters[kind] = key;
      meterIds[kind] = created.id;
    }
    const { product, version } = await api.expect<{ product: { id: string }; version: { id: string } }>(
      'POST',
      '/products',
      { key: 'bench_meters', name: 'Benchmark meters', pricingModel: 'usage', currency: 'BRL' },
      [201],
    );
    const versionPath = `/products/${product.id}/versions/${version.id}`;
    await api.expect('PATCH', versionPath, { prices: METER_KINDS.map((kind) => ({ meter: meters[kind], model: 'per_unit', unitPrice: '1' })) }, [200]);
    await api.expect('POST', `${versionPath}/publish`, {}, [200]);
    const tenant = { ...ctx.tenant, productId: product.id };
    const customers: string[] = [];
    const enrollments: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const e = await enroll(ctx.service.url, tenant, `${ctx.runId}-meters-${i}`);
      customers.push(e.customerId);
      enrollments.push(e.enrollmentId);
    }
    const firstHour = new Date((Math.floor(Date.now() / HOUR_MS) - METER_HOURS) * HOUR_MS);
    return { target: { productId: product.id, meters, customers, firstHour }, enrollments, meterIds };
  } finally {
    await api.close();
  }
}

export async function metersScenario(ctx: ScenarioContext): Promise<void> {
  const setup = await setUpMeters(ctx);
  const headers = serviceHeaders(ctx);
  const workload = new MeterBatches(`${ctx.runId}-m6`, `${ctx.runId}-m6`, setup.target, ctx.profile.meterBatchSize);
  await runClosedLoop(ctx.service.url, workload, { connections: ctx.profile.batchConnections, durationSeconds: ctx.profile.meterSeconds, headers });
  await resendPending(ctx.service.url, workload, headers);
  const answers = workload.problemCount === 0 && workload.pending.size === 0;
  ctx.report.check(ctx.service.kind, '6. meters: every fresh batch answered with its new events accepted and its copies duplicates', answers,
    answers ? `${workload.acknowledgedStarts().length} batches of ${workload.size} events + ${workload.copiesPerBatch} conflicting copies` : `${workload.problemCount} wrong, ${workload.pending.size} unacknowledged; first: ${workload.problems[0]}`);
  const resends = await sendAgain(ctx, workload);
  ctx.report.check(ctx.service.kind, '6. meters: batches sent again (same bytes; changed values) are all duplicates', resends.length === 0, resends.length === 0 ? `${2 * RESENT_BATCHES} batches` : resends.slice(0, 2).join(' | '));
  await compare(ctx, setup, workload);
}

/** Acknowledged batches again under new keys: byte for byte, then with every field but the ids changed. */
async function sendAgain(ctx: ScenarioContext, workload: MeterBatches): Promise<string[]> {
  const api = new JsonClient(ctx.service.url, serviceHeaders(ctx).authorization!, 4);
  const wrong: string[] = [];
  try {
    const starts = workload.acknowledgedStarts().slice(0, RESENT_BATCHES);
    const bodies = [
      ...starts.map((first) => ({ body: workload.batch(first, true), events: workload.size + workload.copiesPerBatch })),
      ...starts.map((first) => ({ body: workload.batch(first, false, (e) => conflictingCopy(e, workload.target.firstHour, 'resent')), events: workload.size })),
    ];
    await Promise.all(
      [0, 1, 2, 3].map(async (lane) => {
        for (let i = lane; i < bodies.length; i += 4) {
          const response = await api.send('POST', '/metering/events/batch', undefined, bodies[i]!.body);
          const body = response.body as { accepted?: number; duplicates?: number } | null;
          if (response.status !== 200 || body?.accepted !== 0 || body.duplicates !== bodies[i]!.events) {
            wrong.push(`${response.status} ${JSON.stringify(response.body).slice(-200)}`);
          }
        }
      }),
    );
  } finally {
    await api.close();
  }
  return wrong;
}

interface RawRow {
  enrollment_id: string;
  meter: MeterKind;
  hour: Date | null;
  count: string;
  n_distinct: string;
  max: string;
  latest: string;
}

const tenthsText = (t: number) => `${Math.floor(t / 10)}.${t % 10}`;

function figureOf(kind: MeterKind, f: { n_distinct: string; max: string; latest: string }): string {
  return kind === 'unique_count' ? f.n_distinct : kind === 'max' ? f.max : f.latest;
}

async function compare(ctx: ScenarioContext, setup: MeterSetup, workload: MeterBatches): Promise<void> {
  const { firstHour } = setup.target;
  const to = new Date(firstHour.getTime() + METER_HOURS * HOUR_MS);
  // The raw truth, per hour (hour set) and over the whole range (hour null).
  const raw = await ctx.service.withDatabase((sql) =>
    sql.query<RawRow>(
      `select e.enrollment_id::text, m.aggregation::text as meter, h.hour, count(*)::text as count,
              count(distinct e.metadata->>'${UNIQUE_PROPERTY}')::text as n_distinct, max(e.value)::text as max,
              (array_agg(e.value order by e.occurred_at desc, e.event_id desc))[1]::text as latest
         from usage_events e join meters m on m.id = e.meter_id
         cross join lateral (select date_trunc('hour', e.occurred_at, 'UTC') as hour) h
        where e.account_id = $1 and e.environment = 'sandbox' and e.enrollment_id = any($2::uuid[])
        group by grouping sets ((e.enrollment_id, m.aggregation, h.hour), (e.enrollment_id, m.aggregation))`,
      [ctx.tenant.accountId, setup.enrollments],
    ),
  );
  const rawOf = (enrollment: string, kind: MeterKind, hour: number | null) =>
    raw.find((r) => r.enrollment_id === enrollment && r.meter === kind && (hour === null ? r.hour === null : r.hour !== null && new Date(r.hour).getTime() === hour));

  // 1. The raw events hold the first occurrence of each id, nothing else.
  const ledger = ledgerFigures(workload);
  const ledgerWrong: string[] = [];
  const sameAs = (where: string, f: HourFigures, r: RawRow | undefined) => {
    const want = { count: String(f.count), distinct: String(f.distinct), max: tenthsText(f.maxTenths), latest: tenthsText(f.latestTenths) };
    const ok = r && r.count === want.count && sameDecimal(r.max, want.max) && sameDecimal(r.latest, want.latest) && (f.distinct === 0 || r.n_distinct === want.distinct);
    if (!ok) ledgerWrong.push(`${where}: sent ${JSON.stringify(want)}, stored ${JSON.stringify(r ?? null)}`);
  };
  let rawRows = 0;
  for (const [key, entry] of ledger) {
    const [customer, kind] = key.split(' ') as [string, MeterKind];
    const enrollment = setup.enrollments[Number(customer)]!;
    sameAs(`${kind} ${enrollment} all`, entry.all, rawOf(enrollment, kind, null));
    for (const [hour, figures] of entry.hours) sameAs(`${kind} ${enrollment} ${new Date(hour).toISOString()}`, figures, rawOf(enrollment, kind, hour));
    rawRows += entry.hours.size + 1;
  }
  const expectedRows = raw.length === rawRows;
  ctx.report.check(ctx.service.kind, '6. meters: raw events = first occurrence of each id sent', ledgerWrong.length === 0 && expectedRows,
    ledgerWrong.length === 0 && expectedRows ? `${workload.created} events, ${rawRows} customer/meter/hour figures` : `${ledgerWrong.length} differ (${raw.length} raw figures, ${rawRows} expected); ${ledgerWrong.slice(0, 2).join(' | ')}`);

  // 2. The service's usage per hour (its rollups) and over the range, and an invoice of the range.
  const api = new JsonClient(ctx.service.url, serviceHeaders(ctx).authorization!, 1);
  const wrong: Record<MeterKind, string[]> = { unique_count: [], max: [], latest: [] };
  const compared: Record<MeterKind, number> = { unique_count: 0, max: 0, latest: 0 };
  try {
    for (const enrollment of setup.enrollments) {
      for (const kind of METER_KINDS) {
        for (const granularity of ['hour', 'none'] as const) {
          const query = new URLSearchParams({ enrollmentId: enrollment, meter: setup.target.meters[kind], from: firstHour.toISOString(), to: to.toISOString(), granularity });
          const response = await api.send('GET', `/metering/usage?${query}`);
          const usage = response.body as { value?: string; buckets?: Array<{ start: string; value: string }> } | null;
          if (response.status !== 200 || !usage?.buckets) {
            wrong[kind].push(`GET /metering/usage answered ${response.status}`);
            continue;
          }
          const buckets = granularity === 'none' ? [{ start: null, value: usage.value ?? '' }] : usage.buckets.map((b) => ({ start: new Date(b.start).getTime() as number | null, value: b.value }));
          for (const bucket of buckets) {
            const r = rawOf(enrollment, kind, bucket.start);
            const want = r ? figureOf(kind, r) : '0';
            compared[kind] += 1;
            if (!sameDecimal(bucket.value, want)) wrong[kind].push(`usage ${granularity} ${bucket.start === null ? 'range' : new Date(bucket.start).toISOString()}: service ${bucket.value}, raw ${want}`);
          }
        }
      }
      const invoice = await api.send('POST', '/billing/invoices/from-usage', { customerId: enrollment, from: firstHour.toISOString(), to: to.toISOString() });
      const lines = (invoice.body as { lineItems?: Array<{ meterId: string | null; quantity: string }> } | null)?.lineItems ?? [];
      for (const kind of METER_KINDS) {
        const line = lines.find((l) => l.meterId === setup.meterIds[kind]);
        const want = figureOf(kind, rawOf(enrollment, kind, null) ?? { n_distinct: '0', max: '0', latest: '0' });
        compared[kind] += 1;
        if (invoice.status !== 201 || !line || !sameDecimal(line.quantity, want)) wrong[kind].push(`invoice ${invoice.status}: line quantity ${line?.quantity ?? 'missing'}, raw ${want}`);
      }
    }
  } finally {
    await api.close();
  }
  for (const kind of METER_KINDS) {
    ctx.report.check(ctx.service.kind, `6. meters: ${kind} usage per hour, over the range and invoiced = raw events`, wrong[kind].length === 0,
      wrong[kind].length === 0 ? `${compared[kind]} figures` : `${wrong[kind].length} of ${compared[kind]} differ; ${wrong[kind].slice(0, 3).join(' | ')}`);
  }
}
