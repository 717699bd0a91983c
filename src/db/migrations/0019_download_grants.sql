-- Download grants: what a paid invoice's buyer may download, per payment and product. The token
-- is the credential of GET /public/downloads/{token} (32 random bytes, unguessable); a full refund
-- or a chargeback revokes the grant.
create table download_grants (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  invoice_id uuid not null references invoices (id),
  payment_id uuid not null references payments (id),
  product_id uuid not null,
  token text not null unique,
  -- When the email with the link was queued in the outbox (same transaction as the grant).
  email_sent_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null,
  unique (payment_id, product_id)
);
create index download_grants_invoice on download_grants (account_id, environment, invoice_id, id);
