// Seeds large usage volumes straight into the database, because ingesting 10M events through
// HTTP would take longer than the benchmark itself. Raw events go into usage_events with one
// `insert ... select ... from generate_series`; the hourly rollups are then computed from those
// very rows with one `insert ... select ... group by`, so both are exactly consistent.
import type { Sql } from './database.ts';

export interface SeedSpec {
  accountId: string;
  enrollmentId: string;
  meterId: string;
  /** Event ids are `<idPrefix>-<zero-padded n>`: padded ids keep the primary key appends cheap. */
  idPrefix: string;
  count: number;
  from: Date;
  to: Date;
}

export interface RawTotals {
  count: number;
  /** Raw sum of the values over [from, to), as PostgreSQL prints it. */
  quantity: string;
  /** quantity x unit price rounded half-up to the currency's 2 decimals (BRL). */
  total: string;
}

export async function seedUsage(sql: Sql, spec: SeedSpec): Promise<void> {
  const step = (spec.to.getTime() - spec.from.getTime()) / spec.count;
  await sql.query(
    `insert into usage_events (account_id, environment, event_id, enrollment_id, meter_id, value, occurred_at, metadata, received_at)
     select $1::uuid, 'sandbox', $2::text || '-' || lpad(i::text, 9, '0'), $3::uuid, $4::uuid,
            (1 + i % 97) * 0.1, $5::timestamptz + make_interval(secs => i * $6::float8 / 1000), null, now()
       from generate_series(0, $7::int - 1) as i`,
    [spec.accountId, spec.idPrefix, spec.enrollmentId, spec.meterId, spec.from.toISOString(), step, spec.count],
  );
  await sql.query(
    `insert into usage_hourly (account_id, environment, enrollment_id, meter_id, hour, total, event_count, max_value, latest_value, latest_at, latest_event_id)
     select account_id, environment, enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC'),
            sum(value), count(*), max(value),
            (array_agg(value order by occurred_at desc, event_id desc))[1], max(occurred_at),
            (array_agg(event_id order by occurred_at desc, event_id desc))[1]
       from usage_events
      where account_id = $1 and environment = 'sandbox' and enrollment_id = $2 and meter_id = $3
      group by account_id, environment, enrollment_id, meter_id, date_trunc('hour', occurred_at, 'UTC')`,
    [spec.accountId, spec.enrollmentId, spec.meterId],
  );
  // Fresh statistics, as a live table would have: both the service and the reference plan with them.
  await sql.query('analyze usage_events');
  await sql.query('analyze usage_hourly');
}

/** The raw truth: count and sum of the raw events of [from, to), and the expected invoice total. */
export async function rawTotals(sql: Sql, spec: Omit<SeedSpec, 'idPrefix' | 'count'>, unitPrice: string): Promise<RawTotals> {
  const [row] = await sql.query<{ count: string; quantity: string; total: string }>(
    `select count(*)::text as count, coalesce(sum(value), 0)::text as quantity, round(coalesce(sum(value), 0) * $6::numeric, 2)::text as total
       from usage_events
      where account_id = $1 and environment = 'sandbox' and enrollment_id = $2 and meter_id = $3
        and occurred_at >= $4 and occurred_at < $5`,
    [spec.accountId, spec.enrollmentId, spec.meterId, spec.from.toISOString(), spec.to.toISOString(), unitPrice],
  );
  return { count: Number(row!.count), quantity: row!.quantity, total: row!.total };
}
