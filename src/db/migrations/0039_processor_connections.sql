-- Processor connections (issue 28, docs/providers.md): the processors an account charges through in
-- each environment, their credentials sealed (AES-256-GCM envelope, src/modules/providers/), the
-- events each has sent, and what ties a live payment and refund to its processor.

create table processor_connections (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  provider text not null check (provider in ('processor_a', 'processor_b', 'pix_api')),
  methods text[] not null,
  status text not null check (status in ('unchecked', 'active', 'failing')),
  status_reason text,
  -- What GET answers without opening the seal: non-secret fields whole, secrets as their last four.
  credentials_shown jsonb not null,
  -- The seal: credentials under the connection's data key, the data key under master key `key_id`.
  credentials_sealed text not null,
  data_key_sealed text not null,
  key_id text not null,
  -- The unguessable part of the connection's webhook URL (not a credential: the seller registers it at the processor).
  webhook_token text not null,
  checked_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (account_id, environment, provider)
);
-- One connection per method per environment is checked under the account's lock (service.ts); the key
-- rotation reads every row by key id.
create index processor_connections_key on processor_connections (key_id);

-- Each processor event applied once per connection (the processor's own event id). The connection
-- is the tenant's (its rows are reached only through it), so the table has no tenant columns.
create table processor_events (
  connection_id uuid not null references processor_connections (id) on delete cascade,
  event_id text not null,
  kind text not null,
  -- applied | waiting (a refund or dispute before its charge's confirmation: applied when it comes)
  state text not null check (state in ('applied', 'waiting')),
  event jsonb not null,
  received_at timestamptz not null,
  applied_at timestamptz,
  primary key (connection_id, event_id)
);
create index processor_events_waiting on processor_events (connection_id) where state = 'waiting';

-- A live payment names the connection it ran through (a processor event reaches only the payments
-- of the connection it came to; managed accounts' payments name the operator's connection).
alter table payments add column connection_id uuid references processor_connections (id) on delete set null;
-- The processor's own boleto page (its voucher URL), shown instead of the service's printable boleto.
alter table payments add column boleto_url text;
create index payments_by_provider on payments (connection_id, provider_id) where connection_id is not null;
-- The reference a live charge is known by at its processor (metadata, merchant reference, txid
-- seed), the same for every retry of one request (a name-based UUID of its Idempotency-Key); the
-- payment's own id stays time-ordered, so lists keep newest first.
alter table payments add column processor_reference uuid;
create index payments_by_processor_reference on payments (connection_id, processor_reference) where connection_id is not null;
-- The repair poller reads back live charges still pending.
create index payments_live_pending on payments (created_at) where status = 'pending' and connection_id is not null;

-- A live refund's reference at the processor (its events name it).
alter table refunds add column provider_refund_id text;
-- A pending live refund of a paid invoice whose credit note was recorded when it was asked for
-- (a credit note's refund outcome): settling it must not record a second one.
alter table refunds add column credited boolean not null default false;
create index refunds_by_provider on refunds (payment_id, provider_refund_id) where provider_refund_id is not null;
