-- Customers, their enrollments in products (the interface's "customer's enrollment id"), and
-- per-enrollment rate cards that override a version's usage prices.

create table customers (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  name text,
  email text,
  document text,
  document_type text,
  external_id text,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (account_id, environment, external_id)
);
create index customers_account on customers (account_id, environment, id desc);
create index customers_email on customers (account_id, environment, email);

create table enrollments (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  customer_id uuid not null references customers (id),
  product_id uuid not null references products (id),
  product_version_id uuid not null references product_versions (id),
  status text not null default 'active',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index enrollments_customer on enrollments (account_id, environment, customer_id, id desc);
-- Usage events resolve (customer, product) to an enrollment on the hot path.
create index enrollments_customer_product on enrollments (account_id, environment, customer_id, product_id, id desc);

create table rate_cards (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  enrollment_id uuid not null references enrollments (id),
  base_price numeric,
  created_at timestamptz not null,
  deleted_at timestamptz
);
-- At most one active rate card per enrollment.
create unique index rate_cards_one_active on rate_cards (enrollment_id) where deleted_at is null;
create index rate_cards_account on rate_cards (account_id, environment, enrollment_id, id desc);

alter table prices add constraint prices_rate_card_fk foreign key (rate_card_id) references rate_cards (id);
