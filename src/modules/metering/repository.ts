// SQL of the ingestion hot path. Every statement is set-based: one round trip serves every event of
// every request in a commit group. Reads of customers and enrollments happen here (read-only) so that
// a whole group resolves in one query instead of one per event.
import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { isUuid } from '../../core/ids.ts';
import type { Aggregation } from '../catalog/service.ts';

export interface EnrollmentRef {
  customerRef: string;
  productId: string;
}

export function enrollmentKey(customerRef: string, productId: string): string {
  return `${customerRef}\n${productId.toLowerCase()}`;
}

export interface ResolvedMeter {
  id: string;
  key: string;
  aggregation: Aggregation;
  property: string | null;
}

/**
 * One statement resolves what a group's events name, for one tenant: meters by key, and
 * (customer id or externalId, product) to the newest enrollment that is not canceled (an id match
 * wins over an externalId match). It also takes the shared usage lock of every enrollment found,
 * in id order: held until commit, it makes an invoice of the same enrollment wait for these events,
 * and the statements after this one see any invoice committed before the lock was granted.
 */
export async function resolveAndLock(
  tx: Tx,
  tenant: Tenant,
  refs: EnrollmentRef[],
  meterKeys: string[],
): Promise<{ enrollments: Map<string, string>; meters: Map<string, ResolvedMeter> }> {
  const { accountId, environment } = tenant;
  const usable = refs.filter((r) => isUuid(r.productId));
  const result = await sql<{ enrollments: Array<{ ref: string; productId: string; id: string }>; meters: ResolvedMeter[] }>`
    with refs as (
      select distinct ref, ref_id, product_id
      from unnest(${usable.map((r) => r.customerRef)}::text[], ${usable.map((r) => (isUuid(r.customerRef) ? r.customerRef : null))}::uuid[],
                  ${usable.map((r) => r.productId)}::uuid[]) as r(ref, ref_id, product_id)
    ),
    found as (
      select r.ref, r.product_id, e.id
      from refs r
      cross join lateral (
        select c.id from customers c where c.account_id = ${accountId} and c.environment = ${environment} and c.id = r.ref_id
        union all
        select c.id from customers c where c.account_id = ${accountId} and c.environment = ${environment} and c.external_id = r.ref
        limit 1
      ) c
      cross join lateral (
        select e.id from enrollments e
        where e.account_id = ${accountId} and e.environment = ${environment} and e.customer_id = c.id
          and e.product_id = r.product_id and e.status <> 'canceled'
        order by e.id desc limit 1
      ) e
    ),
    locked as (
      select count(pg_advisory_xact_lock_shared(hashtextextended('usage:' || id::text, 0))) as n
      from (select distinct id from found order by id) x
    )
    select
      coalesce((select json_agg(json_build_object('ref', ref, 'productId', product_id, 'id', id)) from found), '[]') as enrollments,
      coalesce((select json_agg(json_build_object('id', id, 'key', key, 'aggregation', aggregation, 'property', property)) from meters
                where account_id = ${accountId} and environment = ${environment} and key = any(${meterKeys}::text[])), '[]') as meters,
      (select n from locked) as locked`.execute(tx);
  const row = result.rows[0]!;
  return {
    enrollments: new Map(row.enrollments.map((e) => [enrollmentKey(e.ref, e.productId), e.id])),
    meters: new Map(row.meters.map((m) => [m.key, m])),
  };
}

/** Invoicing holds an enrollment's usage lock exclusively: no event of it commits meanwhile. */
export async function lockUsageExclusive(tx: Tx, enrollmentId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${'usage:' + enrollmentId}, 0))`.execute(tx);
}

export interface EventToInsert {
  /** Which request of the group the event belongs to. */
  position: number;
  /** The event's place in its request (for the answer; not stored). */
  eventIndex: number;
  /** Order of the event in the group: the first occurrence of an event id wins. */
  ord: number;
  eventId: string;
  enrollmentId: string;
  meterId: string;
  value: string;
  occurredAt: Date;
  metadata: Record<string, unknown> | null;
  /** For unique_count meters: the metadata value counted. */
  distinctValue: string | null;
}

export interface InsertOutcome {
  /** Requests with an event inside an invoiced period (not void): nothing of them was written. */
  refused: Set<number>;
  /** Event ids written now, with their timestamps. */
  inserted: Map<string, Date>;
  /** Event ids recorded before, with their original timestamps. */
  existing: Map<string, Date>;
}

/**
 * One statement: refuses the requests that have an event inside an invoiced period, inserts the
 * first occurrence of each new event id of the other requests, folds the new events into the
 * hourly rollups (this group's shard), and reports what already existed. Rows are written in key
 * order so that concurrent groups lock index entries and rollup rows in the same order.
 */
export async function insertEvents(tx: Tx, tenant: Tenant, events: EventToInsert[], receivedAt: Date, shard: number): Promise<InsertOutcome> {
  const outcome: InsertOutcome = { refused: new Set(), inserted: new Map(), existing: new Map() };
  if (events.length === 0) return outcome;
  const { accountId, environment } = tenant;
  const result = await sql<{ kind: 'inserted' | 'existing' | 'refused'; event_id: string | null; occurred_at: Date | null; position: number | null }>`
    with input as (
      select * from unnest(${events.map((e) => e.eventId)}::text[], ${events.map((e) => e.enrollmentId)}::uuid[],
                           ${events.map((e) => e.meterId)}::uuid[], ${events.map((e) => e.value)}::numeric[],
                           ${events.map((e) => e.occurredAt)}::timestamptz[], ${events.map((e) => (e.metadata ? JSON.stringify(e.metadata) : null))}::jsonb[],
                           ${events.map((e) => e.distinctValue)}::text[], ${events.map((e) => e.position)}::int[], ${events.map((e) => e.ord)}::int[])
        as t(event_id, enrollment_id, meter_id, value, occurred_at, metadata, distinct_value, position, ord)
    ),
    refused as (
      select distinct x.position
      from input x
      join usage_invoiced_periods p on p.account_id = ${accountId} and p.environment = ${environment}
                                   and p.enrollment_id = x.enrollment_id and x.occurred_at >= p.period_start and x.occurred_at < p.period_end
      join invoices i on i.id = p.invoice_id and i.status <> 'void'
    ),
    candidates as (
      select distinct on (event_id) * from input
      where position not in (select position from refused)
      order by event_id, ord
    ),
    existing as (
      -- One equality on the whole primary key per candidate: a unique probe whatever the statistics say.
      select c.event_id, e.occurred_at from candidates c
      cross join lateral (
        select u.occurred_at from usage_events u
        where u.account_id = ${accountId} and u.environment = ${environment} and u.event_id = c.event_id
        limit 1 -- keeps the subquery a parameterised probe (never flattened into a join over the tenant's rows)
      ) e
    ),
    inserted as (
      insert into usage_events (account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at, metadata, received_at)
      select ${accountId}::uuid, ${environment}::text, event_id, enrollment_id, meter_id, value, occurred_at, metadata, ${receivedAt}::timestamptz
      from candidates where event_id not in (select event_id from existing)
      order by event_id
      on conflict do nothing
      returning event_id, enrollment_id, meter_id, value, occurred_at
    ),
    hourly as (
      insert into usage_hourly as h (account_id, environment, enrollment_id, meter_id, hour, total, event_count, max_value,
                                     latest_value, latest_at, latest_event_id, shard)
      select ${accountId}::uuid, ${environment}::text, enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC'), sum(value), count(*), max(value),
             (array_agg(value order by occurred_at desc, event_id desc))[1], max(occurred_at),
             (array_agg(event_id order by occurred_at desc, event_id desc))[1], ${shard}::smallint
      from inserted
      group by enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC')
      order by enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC')
      on conflict (account_id, environment, enrollment_id, meter_id, hour, shard) do update set
        total = h.total + excluded.total,
        event_count = h.event_count + excluded.event_count,
        max_value = greatest(h.max_value, excluded.max_value),
        latest_value = case when (excluded.latest_at, excluded.latest_event_id) > (h.latest_at, h.latest_event_id)
                            then excluded.latest_value else h.latest_value end,
        latest_event_id = case when (excluded.latest_at, excluded.latest_event_id) > (h.latest_at, h.latest_event_id)
                               then excluded.latest_event_id else h.latest_event_id end,
        latest_at = greatest(h.latest_at, excluded.latest_at)
    ),
    distinct_values as (
      insert into usage_hourly_distinct (account_id, environment, enrollment_id, meter_id, hour, value)
      select distinct ${accountId}::uuid, ${environment}::text, i.enrollment_id, i.meter_id, date_trunc('hour', i.occurred_at, 'UTC'), c.distinct_value
      from inserted i join candidates c using (event_id)
      where c.distinct_value is not null
      order by 3, 4, 5, 6
      on conflict do nothing
    )
    select 'inserted' as kind, event_id, occurred_at, null::int as position from inserted
    union all select 'existing', event_id, occurred_at, null from existing
    union all select 'refused', null, null, position from refused`.execute(tx);
  for (const row of result.rows) {
    if (row.kind === 'refused') outcome.refused.add(Number(row.position));
    else outcome[row.kind].set(row.event_id!, row.occurred_at!);
  }
  return outcome;
}

/** The recorded timestamps of events already stored (duplicates answer with the original one). */
export async function findRecordedTimes(ex: Executor, tenant: Tenant, eventIds: string[]): Promise<Map<string, Date>> {
  if (eventIds.length === 0) return new Map();
  const rows = await ex
    .selectFrom('usage_events')
    .select(['event_id', 'occurred_at'])
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
    .where('event_id', 'in', eventIds)
    .execute();
  return new Map(rows.map((r) => [r.event_id, r.occurred_at]));
}
