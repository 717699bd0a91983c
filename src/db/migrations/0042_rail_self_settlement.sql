-- On-chain Rail settlement (`facilitator.provider: "self"`, issue 29, docs/rail.md).

-- The relayer of an account and environment: the EVM key that submits transferWithAuthorization
-- and pays the gas. Sealed like processor credentials (src/modules/providers/secret-box.ts): the
-- key under the row's data key, the data key under master key `key_id`; only the address is shown.
create table rail_relayers (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  address text not null check (address ~ '^0x[0-9a-fA-F]{40}$'),
  key_sealed text not null,
  data_key_sealed text not null,
  key_id text not null,
  -- Set when rail.relayer_low_balance was recorded, cleared when the balance is back over the
  -- threshold: one event per time the balance falls under it, not one per settlement.
  low_balance_since timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (account_id, environment)
);

-- A settlement on chain is reserved (`submitting`: the authorization's nonce taken, so no other
-- process submits it) before its transaction is sent, and `settled` once its receipt succeeded and
-- the usage, receipt and ledger entries were recorded. Simulated settlements are `settled` at once.
alter table rail_settlements add column state text not null default 'settled' check (state in ('submitting', 'settled'));

-- `facilitator.provider: "remote"`: any x402 v2 facilitator, by URL and auth headers, per account
-- and environment. The headers (an API key, usually) are sealed as the relayer key is; only their
-- names and last four characters are shown.
create table rail_remote_facilitators (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  url text not null,
  headers_shown jsonb not null,
  headers_sealed text not null,
  data_key_sealed text not null,
  key_id text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (account_id, environment)
);
