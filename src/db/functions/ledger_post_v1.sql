-- ledger_post_v1: one ledger posting in one round trip (insertPosting in
-- src/modules/ledger/repository.ts; docs/ledger.md). A stored function of src/db/functions/: applied
-- with `create or replace` after the migrations at every start, whenever this text changes
-- (src/db/functions.ts). A change callers of the previous release could not call is a new file
-- with the next version's name (CONTRIBUTING.md).
--
-- Writes the transaction unless its key was posted (then answers null and writes nothing), each
-- ledger account its entries name that does not exist yet, and its entries; answers the
-- transaction's id. Why a function and not one statement: each ledger account is found by its whole
-- unique key, one index probe however many accounts the tenant has (a statement joining a list of
-- accounts was planned, with the statistics of a young table, as a scan of every account of the
-- tenant: one posting per customer made a cycle close quadratic); and every statement of a
-- function sees what committed before it, so an account another posting made meanwhile is found
-- after the insert that waited for it. Callers pass the entries in (code, currency) order, so two
-- postings making the same accounts wait on each other in one order and never deadlock.
create or replace function ledger_post_v1(
  p_transaction_id uuid, p_account_id uuid, p_environment text, p_key text, p_kind text,
  p_resource_type text, p_resource_id uuid, p_invoice_id uuid, p_customer_id uuid, p_created_at timestamptz,
  -- One element per entry: its id, ledger account (code, currency, the id to give it if it is new,
  -- its customer) and signed amount.
  e_id uuid[], e_code text[], e_currency text[], e_new_account_id uuid[], e_customer_id uuid[], e_amount numeric[]
) returns uuid
language plpgsql as $$
declare
  v_ledger_account uuid;
begin
  insert into ledger_transactions (id, account_id, environment, key, kind, resource_type, resource_id, invoice_id, customer_id, created_at)
  values (p_transaction_id, p_account_id, p_environment, p_key, p_kind, p_resource_type, p_resource_id, p_invoice_id, p_customer_id, p_created_at)
  on conflict (account_id, environment, key) do nothing;
  if not found then
    return null;
  end if;
  for i in 1 .. coalesce(array_length(e_id, 1), 0) loop
    select a.id into v_ledger_account from ledger_accounts a
    where a.account_id = p_account_id and a.environment = p_environment and a.code = e_code[i] and a.currency = e_currency[i];
    if v_ledger_account is null then
      insert into ledger_accounts (id, account_id, environment, code, currency, customer_id, created_at)
      values (e_new_account_id[i], p_account_id, p_environment, e_code[i], e_currency[i], e_customer_id[i], p_created_at)
      on conflict (account_id, environment, code, currency) do nothing
      returning id into v_ledger_account;
      if v_ledger_account is null then
        -- Made by a posting that committed while this insert waited for it.
        select a.id into v_ledger_account from ledger_accounts a
        where a.account_id = p_account_id and a.environment = p_environment and a.code = e_code[i] and a.currency = e_currency[i];
      end if;
    end if;
    insert into ledger_entries (id, account_id, environment, transaction_id, ledger_account_id, currency, amount, created_at)
    values (e_id[i], p_account_id, p_environment, p_transaction_id, v_ledger_account, e_currency[i], e_amount[i], p_created_at);
  end loop;
  return p_transaction_id;
end;
$$;
