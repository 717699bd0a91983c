-- Coupons: a percentage off, redeemed on one-off invoices (and, with subscriptions, on their
-- cycles). Codes are unique per account and environment whatever their case. times_redeemed is
-- raised by one conditional update per redemption, so concurrent redemptions never pass
-- max_redemptions; each redemption is kept with what it discounted.
create table coupons (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  code text not null,
  percent_off numeric not null check (percent_off > 0 and percent_off <= 100),
  duration text not null check (duration in ('once', 'repeating', 'forever')),
  duration_in_cycles integer check (duration_in_cycles > 0),
  max_redemptions integer check (max_redemptions > 0),
  redeem_by timestamptz,
  times_redeemed integer not null default 0,
  archived_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((duration = 'repeating') = (duration_in_cycles is not null))
);
create unique index coupons_code on coupons (account_id, environment, lower(code));
create index coupons_account on coupons (account_id, environment, id desc);

create table coupon_redemptions (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  coupon_id uuid not null references coupons (id),
  invoice_id uuid references invoices (id),
  created_at timestamptz not null
);
create index coupon_redemptions_coupon on coupon_redemptions (coupon_id, id desc);
