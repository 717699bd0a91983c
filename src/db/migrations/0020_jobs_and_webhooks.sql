-- Durable jobs (src/jobs/queue.ts): one row per unit of background work. A worker claims due rows
-- with `for update skip locked` and moves run_at past a lease in the same statement, so a process
-- killed mid-job leaves its job due again once the lease ends. A finished job is deleted, a
-- recurring one (repeat_seconds) rescheduled. Inserts notify the channel the workers listen on.
create table jobs (
  id uuid primary key,
  queue text not null,
  payload jsonb not null default '{}',
  run_at timestamptz not null,
  attempts integer not null default 0,
  last_error text,
  -- Recurring jobs: one row per name (singleton_key), run again repeat_seconds after each success.
  repeat_seconds integer,
  singleton_key text unique,
  created_at timestamptz not null
);
create index jobs_due on jobs (queue, run_at);

-- Emails of production accounts waiting to be sent move onto jobs (one job per email).
insert into jobs (id, queue, payload, run_at, created_at)
select id, 'email.send', '{}', next_attempt_at, created_at from emails where sent_at is null and next_attempt_at is not null;

-- Webhook endpoints: where an account (per environment) wants its events. The secret signs
-- deliveries and is never shown again after creation or rotation; a rotated-out secret keeps
-- signing beside the new one until previous_secret_expires_at.
create table webhook_endpoints (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  url text not null,
  events text[] not null,
  description text,
  is_active boolean not null default true,
  -- Why the service turned it off: 'gone' (the receiver answered 410) or 'failing' (three days of failures).
  disabled_reason text,
  secret text not null,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  -- First failure of the current run of failures; null after any success.
  failing_since timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index webhook_endpoints_account on webhook_endpoints (account_id, environment, id desc);

-- One delivery per (endpoint, event); its job has the same id. Attempts are kept for the API.
create table webhook_deliveries (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
  event_id uuid not null references events (id),
  event_type text not null,
  status text not null check (status in ('pending', 'delivered', 'failed')),
  attempt_count integer not null default 0,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz not null,
  unique (endpoint_id, event_id)
);
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, id desc);

create table webhook_attempts (
  delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
  attempt integer not null,
  http_status integer,
  error text,
  response_body text,
  duration_ms integer not null,
  attempted_at timestamptz not null,
  primary key (delivery_id, attempt)
);
