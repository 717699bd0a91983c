-- Usage metering. Raw events keyed by their dedupe key, plus hourly rollups kept up to date in the
-- same statement that inserts the events, so invoicing reads a few rollup rows per hour instead of
-- every raw event. No foreign keys on the hot tables: enrollment and meter are resolved and checked
-- before the insert, and a foreign-key probe per row would double the write cost.

create table usage_events (
  account_id uuid not null,
  environment text not null,
  event_id text not null,
  enrollment_id uuid not null,
  meter_id uuid not null,
  value numeric not null,
  occurred_at timestamptz not null,
  metadata jsonb,
  received_at timestamptz not null,
  primary key (account_id, environment, event_id)
);
-- Raw reads and the edges of a range that cut an hour. It leads with the enrollment (a tenant-unique
-- UUID), not with (account_id, environment): that way a lookup by event id can only use the primary
-- key, even when the statistics of a fast-growing table are stale and would make both look alike.
create index usage_events_usage on usage_events (enrollment_id, meter_id, occurred_at);

create table usage_hourly (
  account_id uuid not null,
  environment text not null,
  enrollment_id uuid not null,
  meter_id uuid not null,
  hour timestamptz not null,
  total numeric not null,
  event_count bigint not null,
  max_value numeric not null,
  latest_value numeric not null,
  latest_at timestamptz not null,
  latest_event_id text not null,
  -- Concurrent ingestion groups write different shards of the same hour, so a busy enrollment's
  -- rollup row is never a lock every group queues on. Readers aggregate across shards.
  shard smallint not null default 0,
  primary key (account_id, environment, enrollment_id, meter_id, hour, shard)
);

-- Distinct values per hour for unique_count meters (distinct counts cannot be added up).
create table usage_hourly_distinct (
  account_id uuid not null,
  environment text not null,
  enrollment_id uuid not null,
  meter_id uuid not null,
  hour timestamptz not null,
  value text not null,
  primary key (account_id, environment, enrollment_id, meter_id, hour, value)
);

-- Periods of an enrollment's usage that an invoice billed; an event inside one is refused
-- unless that invoice was voided.
create table usage_invoiced_periods (
  account_id uuid not null,
  environment text not null,
  enrollment_id uuid not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  invoice_id uuid not null,
  primary key (account_id, environment, enrollment_id, period_start, invoice_id)
);
