-- Pix Automático mandates (issue 28, docs/providers/pix_api.md): the payer's authorization of
-- recurring Pix debits (the standard's recurrence, `/rec`), a saved payment method for
-- charge_automatically subscriptions once the payer approved it. Sandbox accounts without a Pix
-- connection get simulated ones (provider `sandbox`), moved by the /test routes.

create table pix_mandates (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  customer_id uuid not null references customers (id),
  status text not null check (status in ('pending', 'active', 'refused', 'revoked', 'canceled')),
  failure_code text check (failure_code in ('mandate_refused', 'mandate_revoked')),
  provider text not null check (provider in ('pix_api', 'sandbox')),
  -- The connection the recurrence lives at (null for the sandbox's own).
  connection_id uuid references processor_connections (id) on delete set null,
  -- The recurrence's idRec at the PSP (29 characters, `RN` / `RR` ...); the saved method is `pix:{provider_id}`.
  provider_id text not null,
  -- Journey 1: the request the payer's bank shows (idSolicRec); journey 2: the QR code the payer scans.
  authorization_request_id text,
  qr_payload text,
  frequency text not null check (frequency in ('weekly', 'monthly', 'quarterly', 'semiannual', 'annual')),
  -- A fixed amount per charge, or null for amounts that vary (metered plans).
  amount numeric,
  currency text not null,
  -- Calendar dates in São Paulo (YYYY-MM-DD), as the standard's calendario writes them.
  start_date text not null check (start_date ~ '^\d{4}-\d{2}-\d{2}$'),
  end_date text check (end_date ~ '^\d{4}-\d{2}-\d{2}$'),
  description text,
  retries boolean not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (account_id, environment, provider_id)
);
create index pix_mandates_list on pix_mandates (account_id, environment, id desc);
create index pix_mandates_by_connection on pix_mandates (connection_id, provider_id) where connection_id is not null;
