-- Subscriptions: an enrollment billed on a cycle (the subscription's id is the enrollment's).
-- period_index is the next period to bill; next_billing_at is when the cycle runner acts next
-- (null when nothing is due: paused or canceled). subscription_periods holds one row per billed
-- period: its primary key is what makes each period invoiced exactly once, whatever the runners.
create table subscriptions (
  id uuid primary key references enrollments (id),
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  customer_id uuid not null references customers (id),
  product_version_id uuid not null references product_versions (id),
  status text not null check (status in ('trialing', 'active', 'past_due', 'paused', 'canceled')),
  billing_cycle text not null check (billing_cycle in ('weekly', 'monthly', 'annual')),
  collection_method text not null check (collection_method in ('charge_automatically', 'send_invoice')),
  billing_mode text not null check (billing_mode in ('advance', 'arrears')),
  anchor timestamptz not null,
  trial_ends_at timestamptz,
  period_index integer not null default 0,
  next_billing_at timestamptz,
  cancel_at_period_end boolean not null default false,
  coupon_id uuid references coupons (id),
  -- Periods the coupon still discounts (null: every one, for a `forever` coupon).
  coupon_periods_left integer,
  started_at timestamptz not null,
  paused_at timestamptz,
  canceled_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index subscriptions_account on subscriptions (account_id, environment, id desc);
create index subscriptions_due on subscriptions (next_billing_at) where next_billing_at is not null;

create table subscription_items (
  id uuid primary key,
  subscription_id uuid not null references subscriptions (id),
  kind text not null,
  timing text not null,
  product_version_id uuid not null references product_versions (id),
  created_at timestamptz not null,
  canceled_at timestamptz
);
create index subscription_items_subscription on subscription_items (subscription_id, created_at);

create table subscription_periods (
  subscription_id uuid not null references subscriptions (id),
  period_start timestamptz not null,
  period_end timestamptz not null,
  invoice_id uuid not null references invoices (id),
  created_at timestamptz not null,
  primary key (subscription_id, period_start)
);
