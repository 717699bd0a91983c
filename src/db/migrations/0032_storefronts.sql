-- Storefronts (docs/decisions/storefronts.md): an account's public shop, and the orders its cart
-- places. A slug is unique across the whole service (every account and environment): it is the
-- shop's public address.
create table storefronts (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  slug text not null,
  name text not null,
  description text,
  -- {preset, accent}, each from a fixed set
  theme jsonb not null,
  status text not null check (status in ('active', 'disabled')),
  fulfillment_mode text not null check (fulfillment_mode in ('pickup', 'shipping', 'both')),
  require_address boolean not null,
  pickup_note text,
  shipping_flat_amount numeric,
  logo_object_key text,
  banner_object_key text,
  -- The products the shop sells, in the seller's order.
  product_ids jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check (shipping_flat_amount is null or fulfillment_mode <> 'pickup')
);
create unique index storefronts_slug on storefronts (slug);
create index storefronts_account on storefronts (account_id, environment, id desc);

create table storefront_orders (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  storefront_id uuid not null references storefronts (id),
  customer_id uuid not null references customers (id),
  invoice_id uuid not null references invoices (id),
  -- [{productId, quantity}]
  items jsonb not null,
  fulfillment_mode text not null check (fulfillment_mode in ('pickup', 'shipping')),
  -- {line1, line2?, city, state, postalCode, country} or null
  address jsonb,
  created_at timestamptz not null
);
create index storefront_orders_storefront on storefront_orders (account_id, environment, storefront_id, id desc);
