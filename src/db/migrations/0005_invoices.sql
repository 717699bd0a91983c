-- Invoices, their line items, the per-tenant invoice number counter, and the email outbox.

create table invoices (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  -- The customer's enrollment id (usage and subscription invoices); null on one-off invoices.
  customer_id uuid references enrollments (id),
  -- The paying customer's id (one-off invoices).
  payer_id uuid references customers (id),
  -- No foreign key: the subscriptions area owns what this id names.
  subscription_id uuid,
  -- Assigned at finalization from invoice_number_counters; null while a draft.
  invoice_number text,
  status text not null check (status in ('draft', 'open', 'paid', 'void', 'uncollectible')),
  currency text not null,
  subtotal numeric not null,
  tax numeric not null,
  total numeric not null,
  amount_due numeric not null,
  period_start timestamptz,
  period_end timestamptz,
  due_date timestamptz,
  finalized_at timestamptz,
  paid_at timestamptz,
  success_url text,
  cancel_url text,
  -- Unguessable token of the hosted invoice page link (/pay/{slug}/invoices/{id}?token=...).
  access_token text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (account_id, environment, invoice_number)
);
create index invoices_account on invoices (account_id, environment, id desc);
create index invoices_status on invoices (account_id, environment, status, id desc);
create index invoices_customer on invoices (account_id, environment, customer_id, id desc) where customer_id is not null;
create index invoices_payer on invoices (account_id, environment, payer_id, id desc) where payer_id is not null;
create index invoices_subscription on invoices (account_id, environment, subscription_id, id desc) where subscription_id is not null;

-- A snapshot of what was billed: meter, price and product ids are kept as they were, without
-- foreign keys, so later catalog changes never alter or block an issued invoice.
create table invoice_line_items (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  invoice_id uuid not null references invoices (id),
  position integer not null,
  type text not null,
  meter_id uuid,
  price_id uuid,
  product_id uuid,
  description text not null,
  quantity numeric not null,
  unit_price numeric not null,
  amount numeric not null,
  proration boolean not null default false,
  created_at timestamptz not null,
  unique (invoice_id, position)
);

-- The last invoice number issued per tenant. Finalization increments it in its own transaction,
-- so the row lock serialises concurrent finalizations and a rollback returns the number: no gaps.
create table invoice_number_counters (
  account_id uuid not null references accounts (id),
  environment text not null,
  last_number bigint not null,
  primary key (account_id, environment)
);

-- Email outbox: written in the transaction of the change that causes the email, delivered after
-- commit by the dispatcher. Sandbox emails are never delivered (next_attempt_at stays null).
create table emails (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at timestamptz not null,
  sent_at timestamptz,
  attempts integer not null default 0,
  -- When the dispatcher may (re)try; null once sent, given up, or never to be delivered (sandbox).
  next_attempt_at timestamptz,
  error text
);
create index emails_account on emails (account_id, environment, id desc);
create index emails_due on emails (next_attempt_at) where next_attempt_at is not null;
