-- Payments: charge attempts against invoices, their refunds, and the account's card processor.
-- docs/decisions/payments.md explains each rule; the ones the schema itself holds are here.

-- Which card processor shape a card charge's nextAction takes (PATCH /account/tenant).
alter table accounts add column card_processor text not null default 'processor_b'
  check (card_processor in ('processor_a', 'processor_b'));

-- A publishable key is public (it is handed to browsers), so from here on its full value is kept
-- to be returned as a card charge's publishableKey. Secret keys stay hash-only.
alter table api_keys add column public_value text;

create table payments (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  invoice_id uuid not null references invoices (id),
  provider text not null,
  provider_id text,
  method text not null check (method in ('pix', 'boleto', 'card', 'crypto')),
  amount numeric not null check (amount > 0),
  currency text not null,
  status text not null check (status in ('pending', 'confirmed', 'failed', 'refunded', 'charged_back')),
  refunded_amount numeric not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount),
  failure_code text,
  failed_at timestamptz,
  confirmed_at timestamptz,
  charged_back_at timestamptz,
  -- What the charge request said of the payer (overrides the invoice's customer for emails).
  payer_name text,
  payer_email text,
  payer_document text,
  -- Pix: the BR Code, its QR image (base64 PNG) and the sandbox processor's own code.
  pix_payload text,
  pix_qr_image text,
  provider_pix_payload text,
  -- Boleto: the 47-digit line, the 44-digit barcode, its due date.
  boleto_line text,
  boleto_barcode text,
  boleto_due_date timestamptz,
  -- Pix and boleto charges lapse: a pending charge past this instant fails with `expired`.
  expires_at timestamptz,
  -- Crypto.
  network text check (network in ('main', 'test')),
  settlement_asset text,
  settlement_network text check (settlement_network in ('base', 'solana')),
  -- SHA-256 of the credentials handed out once, at creation (never stored in clear): the card
  -- client secret and the single-use crypto charge token.
  client_secret_hash text,
  charge_token_hash text,
  charge_token_used_at timestamptz,
  -- Sandbox only: the token of sandboxConfirmUrl. Kept in clear because the sandbox pixPayload,
  -- readable on every GET, carries it anyway; it moves no real money.
  confirm_token text unique,
  card_processor text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index payments_account on payments (account_id, environment, id desc);
create index payments_invoice on payments (account_id, environment, invoice_id, id desc);
create index payments_status on payments (account_id, environment, status, id desc);
create index payments_method on payments (account_id, environment, method, id desc);
-- At most one pending charge per invoice: the database holds the rule even if code forgot the lock.
create unique index payments_one_pending on payments (invoice_id) where status = 'pending';
-- The expiry sweep finds lapsed charges without scanning settled ones.
create index payments_expiring on payments (expires_at) where status = 'pending' and expires_at is not null;

create table refunds (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  payment_id uuid not null references payments (id),
  amount numeric not null check (amount > 0),
  reason text,
  status text not null check (status in ('succeeded', 'pending', 'failed')),
  created_at timestamptz not null
);
create index refunds_payment on refunds (account_id, environment, payment_id, id desc);
