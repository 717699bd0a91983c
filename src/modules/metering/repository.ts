// SQL of the ingestion hot path. Every statement is set-based: one round trip serves every event of
// every request in a commit group. Reads of customers and enrollments happen here (read-only) so that
// a whole group resolves in one query instead of one per event.
import { sql } from 'kysely';
import type { Executor, Tx } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { isUuid } from '../../core/ids.ts';

export interface EnrollmentRef {
  customerRef: string;
  productId: string;
}

/** (customer id or externalId, product id) -> the newest enrollment that is not canceled (as customers' resolveEnrollment, for many at once). */
export async function resolveEnrollments(ex: Executor, tenant: Tenant, refs: EnrollmentRef[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const usable = refs.filter((r) => isUuid(r.productId));
  if (usable.length === 0) return found;
  const result = await sql<{ ref: string; product_id: string; id: string }>`
    select distinct on (r.ref, r.product_id) r.ref, r.product_id, e.id
    from unnest(${usable.map((r) => r.customerRef)}::text[], ${usable.map((r) => (isUuid(r.customerRef) ? r.customerRef : null))}::uuid[],
                ${usable.map((r) => r.productId)}::uuid[]) as r(ref, ref_id, product_id)
    join customers c on c.account_id = ${tenant.accountId} and c.environment = ${tenant.environment}
                    and (c.id = r.ref_id or c.external_id = r.ref)
    join enrollments e on e.account_id = ${tenant.accountId} and e.environment = ${tenant.environment}
                      and e.customer_id = c.id and e.product_id = r.product_id and e.status <> 'canceled'
    order by r.ref, r.product_id, (c.id = r.ref_id) desc nulls last, e.id desc`.execute(ex);
  for (const row of result.rows) found.set(enrollmentKey(row.ref, row.product_id), row.id);
  return found;
}

export function enrollmentKey(customerRef: string, productId: string): string {
  return `${customerRef}\n${productId.toLowerCase()}`;
}

/** Invoicing holds an enrollment's usage lock exclusively: no event of it commits meanwhile. */
export async function lockUsageExclusive(tx: Tx, enrollmentId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${'usage:' + enrollmentId}, 0))`.execute(tx);
}

/**
 * Takes the shared usage lock of each enrollment (sorted, so lock order is the same everywhere),
 * then returns the positions of events that fall inside a period already invoiced (not void).
 * Holding the shared lock until commit means an invoice of the same enrollment waits for these
 * events, and events that come after the invoice see its period.
 */
export async function lockAndFindInvoiced(tx: Tx, tenant: Tenant, events: Array<{ enrollmentId: string; occurredAt: Date; position: number }>): Promise<Set<number>> {
  const enrollmentIds = [...new Set(events.map((e) => e.enrollmentId))].sort();
  await sql`select pg_advisory_xact_lock_shared(hashtextextended('usage:' || id, 0))
            from unnest(${enrollmentIds}::text[]) with ordinality as t(id, n) order by n`.execute(tx);
  const result = await sql<{ position: number }>`
    select distinct x.position
    from unnest(${events.map((e) => e.enrollmentId)}::uuid[], ${events.map((e) => e.occurredAt)}::timestamptz[],
                ${events.map((e) => e.position)}::int[]) as x(enrollment_id, occurred_at, position)
    join usage_invoiced_periods p on p.account_id = ${tenant.accountId} and p.environment = ${tenant.environment}
                                 and p.enrollment_id = x.enrollment_id and x.occurred_at >= p.period_start and x.occurred_at < p.period_end
    join invoices i on i.id = p.invoice_id and i.status <> 'void'`.execute(tx);
  return new Set(result.rows.map((r) => Number(r.position)));
}

export interface EventToInsert {
  eventId: string;
  enrollmentId: string;
  meterId: string;
  value: string;
  occurredAt: Date;
  metadata: Record<string, unknown> | null;
  /** For unique_count meters: the metadata value counted. */
  distinctValue: string | null;
}

/**
 * Inserts the events that are new and folds them into the hourly rollups, in one statement.
 * Returns the ids actually inserted (the others were already recorded). Rows are ordered by key so
 * that concurrent groups lock index entries and rollup rows in the same order (no deadlock).
 */
export async function insertEvents(tx: Tx, tenant: Tenant, events: EventToInsert[], receivedAt: Date): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const { accountId, environment } = tenant;
  const result = await sql<{ event_id: string }>`
    with input as (
      select * from unnest(${events.map((e) => e.eventId)}::text[], ${events.map((e) => e.enrollmentId)}::uuid[],
                           ${events.map((e) => e.meterId)}::uuid[], ${events.map((e) => e.value)}::numeric[],
                           ${events.map((e) => e.occurredAt)}::timestamptz[], ${events.map((e) => (e.metadata ? JSON.stringify(e.metadata) : null))}::jsonb[],
                           ${events.map((e) => e.distinctValue)}::text[])
        as t(event_id, enrollment_id, meter_id, value, occurred_at, metadata, distinct_value)
    ),
    inserted as (
      insert into usage_events (account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at, metadata, received_at)
      select ${accountId}::uuid, ${environment}::text, event_id, enrollment_id, meter_id, value, occurred_at, metadata, ${receivedAt}::timestamptz
      from input order by event_id
      on conflict do nothing
      returning event_id, enrollment_id, meter_id, value, occurred_at
    ),
    hourly as (
      insert into usage_hourly as h (account_id, environment, enrollment_id, meter_id, hour, total, event_count, max_value,
                                     latest_value, latest_at, latest_event_id)
      select ${accountId}::uuid, ${environment}::text, enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC'), sum(value), count(*), max(value),
             (array_agg(value order by occurred_at desc, event_id desc))[1], max(occurred_at),
             (array_agg(event_id order by occurred_at desc, event_id desc))[1]
      from inserted
      group by enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC')
      order by enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC')
      on conflict (account_id, environment, enrollment_id, meter_id, hour) do update set
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
      select distinct ${accountId}::uuid, ${environment}::text, i.enrollment_id, i.meter_id, date_trunc('hour', i.occurred_at, 'UTC'), input.distinct_value
      from inserted i join input using (event_id)
      where input.distinct_value is not null
      order by 3, 4, 5, 6
      on conflict do nothing
    )
    select event_id from inserted`.execute(tx);
  return new Set(result.rows.map((r) => r.event_id));
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
