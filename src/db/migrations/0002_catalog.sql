-- Catalog: products, their versions (pricing snapshots), meters, version prices and payment links.
-- Every unique constraint and hot index starts with (account_id, environment).

create table products (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  key text not null,
  name text not null,
  type text not null default 'item',
  description text not null default '',
  pricing_model text not null,
  currency text not null default 'BRL',
  status text not null default 'active',
  image_url text,
  requires_shipping boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (account_id, environment, key)
);
create index products_account on products (account_id, environment, id desc);

create table product_versions (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  product_id uuid not null references products (id),
  version integer not null,
  billing_cycle text,
  base_price numeric,
  status text not null default 'draft',
  is_default boolean not null default false,
  published_at timestamptz,
  commitment_amount numeric,
  commitment_resets boolean not null default true,
  consumption_floor numeric not null default 0,
  grants jsonb not null default '[]',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (product_id, version)
);
create index product_versions_account on product_versions (account_id, environment, product_id, version desc);
-- At most one default version per product.
create unique index product_versions_one_default on product_versions (product_id) where is_default;

create table meters (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  key text not null,
  name text not null,
  aggregation text not null,
  unit text,
  -- For unique_count: the metadata property whose distinct values are counted.
  property text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (account_id, environment, key)
);
create index meters_account on meters (account_id, environment, id desc);

-- Usage prices of a version (and, with rate_card_id, of a customer's rate card).
create table prices (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  version_id uuid references product_versions (id),
  rate_card_id uuid,
  meter_id uuid not null references meters (id),
  model text not null,
  unit_price numeric,
  package_size numeric,
  tiers jsonb,
  position integer not null,
  created_at timestamptz not null,
  check ((version_id is null) <> (rate_card_id is null))
);
create index prices_version on prices (version_id, position) where version_id is not null;
create index prices_rate_card on prices (rate_card_id, position) where rate_card_id is not null;

create table payment_links (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  product_id uuid not null references products (id),
  product_version_id uuid not null references product_versions (id),
  quantity numeric not null default 1,
  success_url text,
  cancel_url text,
  active boolean not null default true,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index payment_links_account on payment_links (account_id, environment, id desc);
create index payment_links_product on payment_links (account_id, environment, product_id, id desc);
