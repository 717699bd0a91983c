-- Prepaid subscriptions: the enrollment's balance, credited when a prepaid invoice is paid and
-- drawn down at ingestion by each recorded event's value x its meter's per-unit rate; usage that
-- would take it below the floor (the version's consumptionFloor) is refused.
create table prepaid_balances (
  enrollment_id uuid primary key references enrollments (id),
  account_id uuid not null references accounts (id),
  environment text not null,
  currency text not null,
  balance numeric not null default 0,
  floor numeric not null default 0,
  updated_at timestamptz not null
);

-- The per-unit rate of each priced meter (the subscription's version); a meter not listed is free.
create table prepaid_rates (
  enrollment_id uuid not null references prepaid_balances (enrollment_id),
  meter_id uuid not null references meters (id),
  unit_price numeric not null,
  primary key (enrollment_id, meter_id)
);

-- Each paid prepaid invoice credits the balance once (the key), with what it credited.
create table prepaid_credits (
  invoice_id uuid primary key references invoices (id),
  enrollment_id uuid not null references prepaid_balances (enrollment_id),
  amount numeric not null,
  created_at timestamptz not null
);
