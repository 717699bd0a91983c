-- Credit notes (docs/ledger.md, docs/decisions/credit-notes.md): a document that takes money off a
-- finalized invoice, either refunded to the payer (outcome `refund`) or kept as the customer's
-- credit balance (outcome `credit`), numbered gap-free per account and environment like invoices.
create table credit_notes (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  invoice_id uuid not null references invoices (id),
  -- The customer whose receivable the invoice is (its payer, else its enrollment's customer).
  customer_id uuid references customers (id),
  -- CN-000001: assigned from credit_note_number_counters in the creating transaction.
  number text not null,
  currency text not null,
  amount numeric not null check (amount > 0),
  reason text not null,
  outcome text not null check (outcome in ('refund', 'credit')),
  created_at timestamptz not null,
  unique (account_id, environment, number)
);
create index credit_notes_invoice on credit_notes (account_id, environment, invoice_id, id desc);

-- What a credit note credits of each invoice line, when it names lines.
create table credit_note_lines (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null,
  credit_note_id uuid not null references credit_notes (id),
  position integer not null,
  line_item_id uuid not null references invoice_line_items (id),
  description text not null,
  -- The quantity credited when the line was credited by quantity; null when by amount.
  quantity numeric,
  amount numeric not null check (amount > 0),
  created_at timestamptz not null,
  unique (credit_note_id, position)
);
create index credit_note_lines_line_item on credit_note_lines (line_item_id);

-- The last credit note number issued per tenant: the row lock serialises concurrent credit notes
-- and a rollback gives the number back (no gaps), as invoice_number_counters.
create table credit_note_number_counters (
  account_id uuid not null references accounts (id),
  environment text not null,
  last_number bigint not null,
  primary key (account_id, environment)
);

-- What credit notes took off the invoice (their sum), and what of the customer's balance was
-- applied to it at finalization. amount_due keeps its meaning: what is still owed.
alter table invoices add column credited_amount numeric not null default 0;
alter table invoices add column applied_balance numeric not null default 0;

-- The customer's credit balance per currency (the ledger account customers:<id>:credit, negated):
-- credit notes with outcome credit add to it; finalization of the customer's next invoice in the
-- currency draws it.
create table customer_balances (
  account_id uuid not null references accounts (id),
  environment text not null,
  customer_id uuid not null references customers (id),
  currency text not null,
  balance numeric not null check (balance >= 0),
  updated_at timestamptz not null,
  primary key (account_id, environment, customer_id, currency)
);
