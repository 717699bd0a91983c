-- Rail receipts grouped per agent and UTC day (docs/decisions/rail.md, "Receipts"): one draft
-- invoice per agent enrollment and day collects the day's paid requests (each settlement adds its
-- quantity to the receipt and records its own confirmed crypto payment against it); a job closes
-- the receipt once the day is over (finalized, then paid by those payments).
create table rail_receipts (
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  enrollment_id uuid not null references enrollments (id),
  -- The UTC day the receipt covers: [day 00:00Z, day+1 00:00Z).
  day date not null,
  invoice_id uuid not null references invoices (id),
  -- When the close job finalized it (null while the day's requests still add to it).
  closed_at timestamptz,
  created_at timestamptz not null,
  primary key (enrollment_id, day)
);
-- The close job reads the receipts still open, oldest day first.
create index rail_receipts_open on rail_receipts (day) where closed_at is null;
