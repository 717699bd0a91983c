-- The ledger (docs/ledger.md): double-entry, append-only. A ledger account is one line of the chart
-- of accounts (`code`, e.g. customers:<id>:receivable) in one currency, per account and
-- environment. A transaction is one money movement, named by the resource and event that made it,
-- posted once per key; its entries sum to zero per currency (checked by modules/ledger before the
-- insert, and answered by GET /billing/reconciliation). Entries are never updated or deleted:
-- corrections are new transactions (the trigger below refuses the rest).

create table ledger_accounts (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  code text not null,
  currency text not null,
  -- The customer a customer's account belongs to (customers:<id>:..., enrollments:<id>:...), for ?customerId=.
  customer_id uuid,
  created_at timestamptz not null,
  unique (account_id, environment, code, currency)
);
create index ledger_accounts_customer on ledger_accounts (account_id, environment, customer_id) where customer_id is not null;

create table ledger_transactions (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  -- The movement's own key (invoice:<id>:finalized, refund:<id>, ...): a retried flow posts once.
  key text not null,
  kind text not null,
  resource_type text not null,
  resource_id uuid not null,
  -- The invoice the movement concerns, when it concerns one (receivable per invoice is read by it).
  invoice_id uuid,
  customer_id uuid,
  created_at timestamptz not null,
  unique (account_id, environment, key)
);
create index ledger_transactions_account on ledger_transactions (account_id, environment, id desc);
create index ledger_transactions_resource on ledger_transactions (account_id, environment, resource_type, resource_id, id desc);
create index ledger_transactions_invoice on ledger_transactions (account_id, environment, invoice_id) where invoice_id is not null;
create index ledger_transactions_customer on ledger_transactions (account_id, environment, customer_id, id desc) where customer_id is not null;

-- Signed amounts: a debit is positive, a credit negative; a transaction's entries sum to zero per currency.
create table ledger_entries (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  environment text not null check (environment in ('sandbox', 'production')),
  transaction_id uuid not null references ledger_transactions (id),
  ledger_account_id uuid not null references ledger_accounts (id),
  currency text not null,
  amount numeric not null check (amount <> 0),
  created_at timestamptz not null
);
create index ledger_entries_transaction on ledger_entries (account_id, environment, transaction_id);
create index ledger_entries_ledger_account on ledger_entries (account_id, environment, ledger_account_id);

-- Append-only: an UPDATE or DELETE of an entry or a transaction is an error, on PostgreSQL and PGlite.
create function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger % rows are append-only: post a correcting transaction instead', tg_table_name
    using errcode = 'check_violation';
end;
$$;
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_refuse_change();
create trigger ledger_transactions_append_only before update or delete on ledger_transactions
  for each row execute function ledger_refuse_change();
