-- Accounts (tenants), their API keys, the idempotency store and the event log (outbox).

create table accounts (
  id uuid primary key,
  slug text not null unique,
  name text not null,
  status text not null default 'active' check (status in ('active', 'suspended', 'closed')),
  collection_mode text not null default 'byop' check (collection_mode in ('byop', 'managed')),
  terms_url text,
  support_email text,
  logo_url text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table api_keys (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  type text not null check (type in ('secret', 'publishable')),
  -- SHA-256 of the full key; the key itself is never stored.
  key_hash text not null unique,
  -- Prefix and last four characters, to recognise a key in listings.
  redacted text not null,
  name text,
  scopes text[] not null,
  created_at timestamptz not null,
  revoked_at timestamptz
);
create index api_keys_account on api_keys (account_id, environment, id);

-- One row per (scope, key). scope is "<account id>:<environment>" for keyed routes and
-- "public:<route family>" for keyless ones.
create table idempotency_keys (
  scope text not null,
  key text not null,
  fingerprint text not null,
  status_code integer not null,
  response_body text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (scope, key)
);
create index idempotency_keys_expiry on idempotency_keys (expires_at);

-- Domain events, written in the transaction of the change they describe; webhooks deliver from here.
create table events (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  type text not null,
  data jsonb not null,
  created_at timestamptz not null
);
create index events_account on events (account_id, environment, id desc);
create index events_account_type on events (account_id, environment, type, id desc);
