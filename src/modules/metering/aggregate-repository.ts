// SQL of aggregated usage over a half-open range [from, to): whole hours come from the hourly rollups,
// the cut hours at either edge from raw events. So a month of a million events reads ~720 rollup
// rows plus at most two hours of raw events.
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { tenantSql } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import { Money } from '../../core/money.ts';
import type { Aggregation } from '../catalog/index.ts';

const HOUR_MS = 3_600_000;

export type Granularity = 'hour' | 'day' | 'none';

export interface UsageScope {
  tenant: Tenant;
  enrollmentId: string;
  meterId: string;
  aggregation: Aggregation;
  from: Date;
  to: Date;
}

export interface Bucket {
  start: Date;
  end: Date;
  value: string;
}

interface Partial {
  total: string | null;
  n: string | null;
  mx: string | null;
  lv: string | null;
  la: Date | null;
  le: string | null;
}

/** Splits [from, to) into the whole hours the rollups answer and the raw edges. */
export function splitRange(from: Date, to: Date): { hours: [Date, Date] | null; edges: Array<[Date, Date]> } {
  const firstWhole = new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
  const lastWhole = new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
  if (firstWhole >= lastWhole) return { hours: null, edges: from < to ? [[from, to]] : [] };
  const edges: Array<[Date, Date]> = [];
  if (from < firstWhole) edges.push([from, firstWhole]);
  if (lastWhole < to) edges.push([lastWhole, to]);
  return { hours: [firstWhole, lastWhole], edges };
}

/** Usage per bucket (one bucket for `none`), as decimal strings; buckets with no usage are "0". */
export async function aggregateUsage(ex: Executor, scope: UsageScope, granularity: Granularity): Promise<Bucket[]> {
  const { hours, edges } = splitRange(scope.from, scope.to);
  const bucketOf = (column: RawBuilder<unknown>) => (granularity === 'none' ? sql`${scope.from}::timestamptz` : sql`date_trunc(${granularity}, ${column}, 'UTC')`);
  const values = new Map<number, string>();
  if (scope.aggregation === 'unique_count') {
    for (const row of await distinctCounts(ex, scope, hours, edges, bucketOf)) values.set(row.bucket.getTime(), row.n);
  } else {
    const merged = new Map<number, Partial>();
    for (const row of await rollupPartials(ex, scope, hours, bucketOf)) merged.set(row.bucket.getTime(), row);
    for (const row of await rawPartials(ex, scope, edges, bucketOf)) {
      const key = row.bucket.getTime();
      merged.set(key, combine(merged.get(key), row));
    }
    for (const [key, partial] of merged) values.set(key, valueOf(scope.aggregation, partial));
  }
  return bucketsOf(scope.from, scope.to, granularity).map(({ key, start, end }) => ({ start, end, value: values.get(key) ?? '0' }));
}

function rangeFilter(column: string, edges: Array<[Date, Date]>): RawBuilder<unknown> {
  return sql.join(edges.map(([a, b]) => sql`(${sql.ref(column)} >= ${a} and ${sql.ref(column)} < ${b})`), sql` or `);
}

async function rollupPartials(ex: Executor, s: UsageScope, hours: [Date, Date] | null, bucketOf: (c: RawBuilder<unknown>) => RawBuilder<unknown>) {
  if (!hours) return [];
  const bucket = bucketOf(sql`hour`);
  const result = await sql<Partial & { bucket: Date }>`
    select ${bucket} as bucket, sum(total) as total, sum(event_count) as n, max(max_value) as mx,
           (array_agg(latest_value order by latest_at desc, latest_event_id desc))[1] as lv, max(latest_at) as la,
           (array_agg(latest_event_id order by latest_at desc, latest_event_id desc))[1] as le
    from usage_hourly
    where ${tenantSql(s.tenant)} and enrollment_id = ${s.enrollmentId}
      and meter_id = ${s.meterId} and hour >= ${hours[0]} and hour < ${hours[1]}
    group by 1`.execute(ex);
  return result.rows;
}

async function rawPartials(ex: Executor, s: UsageScope, edges: Array<[Date, Date]>, bucketOf: (c: RawBuilder<unknown>) => RawBuilder<unknown>) {
  if (edges.length === 0) return [];
  const bucket = bucketOf(sql`occurred_at`);
  const result = await sql<Partial & { bucket: Date }>`
    select ${bucket} as bucket, sum(value) as total, count(*) as n, max(value) as mx,
           (array_agg(value order by occurred_at desc, event_id desc))[1] as lv, max(occurred_at) as la,
           (array_agg(event_id order by occurred_at desc, event_id desc))[1] as le
    from usage_events
    where ${tenantSql(s.tenant)} and enrollment_id = ${s.enrollmentId}
      and meter_id = ${s.meterId} and (${rangeFilter('occurred_at', edges)})
    group by 1`.execute(ex);
  return result.rows;
}

async function distinctCounts(
  ex: Executor,
  s: UsageScope,
  hours: [Date, Date] | null,
  edges: Array<[Date, Date]>,
  bucketOf: (c: RawBuilder<unknown>) => RawBuilder<unknown>,
) {
  const parts: RawBuilder<unknown>[] = [];
  if (hours) {
    parts.push(sql`select ${bucketOf(sql`hour`)} as bucket, value as v from usage_hourly_distinct
      where ${tenantSql(s.tenant)} and enrollment_id = ${s.enrollmentId}
        and meter_id = ${s.meterId} and hour >= ${hours[0]} and hour < ${hours[1]}`);
  }
  if (edges.length > 0) {
    // The meter's property is read from the raw metadata exactly as ingestion stored it in the rollup.
    parts.push(sql`select ${bucketOf(sql`e.occurred_at`)} as bucket, e.metadata->>m.property as v
      from usage_events e join meters m on m.id = e.meter_id
      where ${tenantSql(s.tenant, 'e')} and e.enrollment_id = ${s.enrollmentId}
        and e.meter_id = ${s.meterId} and (${rangeFilter('e.occurred_at', edges)}) and e.metadata ? m.property`);
  }
  if (parts.length === 0) return [];
  const result = await sql<{ bucket: Date; n: string }>`
    select bucket, count(distinct v)::text as n from (${sql.join(parts, sql` union all `)}) x group by bucket`.execute(ex);
  return result.rows;
}

function combine(a: Partial | undefined, b: Partial): Partial {
  if (!a) return b;
  const sum = (x: string | null, y: string | null) => (x === null ? y : y === null ? x : new Money(x).plus(y).toFixed());
  const max = (x: string | null, y: string | null) => (x === null ? y : y === null ? x : Money.max(x, y).toFixed());
  const bLater = b.la !== null && (a.la === null || b.la > a.la || (b.la.getTime() === a.la.getTime() && (b.le ?? '') > (a.le ?? '')));
  return { total: sum(a.total, b.total), n: sum(a.n, b.n), mx: max(a.mx, b.mx), lv: bLater ? b.lv : a.lv, la: bLater ? b.la : a.la, le: bLater ? b.le : a.le };
}

function valueOf(aggregation: Aggregation, p: Partial): string {
  const pick = aggregation === 'sum' ? p.total : aggregation === 'count' ? p.n : aggregation === 'max' ? p.mx : p.lv;
  return pick === null ? '0' : new Money(pick).toFixed();
}

/** How many buckets bucketsOf would make, counted without making them (a range may span millennia). */
export function bucketCount(from: Date, to: Date, granularity: Granularity): number {
  if (granularity === 'none') return 1;
  const size = granularity === 'hour' ? HOUR_MS : 24 * HOUR_MS;
  const first = Math.floor(from.getTime() / size) * size;
  return Math.max(0, Math.ceil((to.getTime() - first) / size));
}

/** The buckets of a range: keyed by their UTC-aligned start, clipped to [from, to). */
export function bucketsOf(from: Date, to: Date, granularity: Granularity): Array<{ key: number; start: Date; end: Date }> {
  if (granularity === 'none') return [{ key: from.getTime(), start: from, end: to }];
  const size = granularity === 'hour' ? HOUR_MS : 24 * HOUR_MS;
  const out: Array<{ key: number; start: Date; end: Date }> = [];
  for (let key = Math.floor(from.getTime() / size) * size; key < to.getTime(); key += size) {
    out.push({ key, start: new Date(Math.max(key, from.getTime())), end: new Date(Math.min(key + size, to.getTime())) });
  }
  return out;
}
