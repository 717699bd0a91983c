-- The Rail (docs/rail.md): per-account settings of the x402 facilitator, and the ledger of
-- authorizations it settled. docs/decisions/rail.md explains each rule.

-- One row per account and environment: where agent payments land and what grace a seller's
-- middleware may give while the service is unreachable.
create table rail_settings (
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  network text not null,
  asset text not null,
  asset_decimals int not null check (asset_decimals between 0 and 36),
  pay_to text not null,
  -- {window, maxPerAgent, maxTotal, queueLimit, clockSkewSeconds}
  grace jsonb not null,
  -- {provider, indexesForDiscovery}
  facilitator jsonb not null,
  -- The token's EIP-712 domain {name, version} (EVM), when the seller names it.
  asset_domain jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (account_id, environment)
);

-- Each settled authorization, once: the unique index on (network, asset, payer, nonce) is what
-- the chain itself enforces for EIP-3009 (a nonce is used once per token and authorizer), so a
-- replayed authorization can never be settled twice, also under concurrent settles.
create table rail_settlements (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  network text not null,
  -- Lower-case hex (EVM addresses and the bytes32 nonce), so that spellings cannot make two keys.
  asset text not null,
  payer text not null,
  nonce text not null,
  pay_to text not null,
  -- Atomic units of the asset.
  amount numeric not null check (amount >= 0),
  transaction text not null,
  product_id uuid not null references products (id),
  meter_id uuid not null references meters (id),
  customer_id uuid references customers (id),
  enrollment_id uuid references enrollments (id),
  usage_event_id text,
  invoice_id uuid references invoices (id),
  payment_id uuid references payments (id),
  created_at timestamptz not null
);
create unique index rail_settlements_nonce on rail_settlements (network, asset, payer, nonce);
create index rail_settlements_account on rail_settlements (account_id, environment, id desc);
-- from-usage asks whether an enrollment's usage in a range was paid request by request.
create index rail_settlements_enrollment on rail_settlements (enrollment_id, created_at) where enrollment_id is not null;
