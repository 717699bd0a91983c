-- Prepaid balances in the ledger (docs/ledger.md, "Prepaid draws" and "Prepaid credit taken back").
--
-- Prepaid draws made before ingestion posted them (docs/ledger.md, "Prepaid draws"): until
-- metering_ingest_v7, ingestion drew `prepaid_balances.balance` and posted nothing, so an
-- enrollment's ledger account `enrollments:<id>:prepaid` held only its credits. Each balance whose
-- column is not its ledger account's balance (credit-normal: its entries negated) gets one opening
-- `prepaid.drawn` transaction for the difference, key `prepaid:<enrollment>:drawn:backfill`, dated
-- as the balance's last change: prepaid debit, revenue credit, as the function posts each call's
-- draws. On a fresh install (no balances) nothing is written; a key already posted is skipped.

create temporary table prepaid_draws_backfill on commit drop as
select b.enrollment_id, b.account_id, b.environment, b.currency, b.updated_at, e.customer_id,
       coalesce(l.balance, 0) - b.balance as drawn
  from prepaid_balances b
  left join enrollments e on e.id = b.enrollment_id
  left join (
    select a.account_id, a.environment, a.code, a.currency, -sum(le.amount) as balance
      from ledger_accounts a
      join ledger_entries le on le.ledger_account_id = a.id
     where a.code like 'enrollments:%:prepaid'
     group by a.account_id, a.environment, a.code, a.currency
  ) l on l.account_id = b.account_id and l.environment = b.environment and l.currency = b.currency
     and l.code = 'enrollments:' || b.enrollment_id::text || ':prepaid'
 where coalesce(l.balance, 0) <> b.balance
   and not exists (select from ledger_transactions t
                    where t.account_id = b.account_id and t.environment = b.environment
                      and t.key = 'prepaid:' || b.enrollment_id::text || ':drawn:backfill');

-- Ids are UUIDv7 of the record's instant (ids sort by time, as the API's cursor expects), as 0034's.
insert into ledger_accounts (id, account_id, environment, code, currency, customer_id, created_at)
select (lpad(to_hex((extract(epoch from d.updated_at) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid,
       d.account_id, d.environment, x.code, d.currency, x.customer_id, d.updated_at
  from prepaid_draws_backfill d
 cross join lateral (values ('enrollments:' || d.enrollment_id::text || ':prepaid', d.customer_id), ('revenue', null::uuid)) as x (code, customer_id)
 order by d.account_id, d.environment, x.code, d.currency
on conflict (account_id, environment, code, currency) do nothing;

create temporary table prepaid_draws_backfill_transactions on commit drop as
select (lpad(to_hex((extract(epoch from d.updated_at) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid as id,
       d.*
  from prepaid_draws_backfill d;

insert into ledger_transactions (id, account_id, environment, key, kind, resource_type, resource_id, invoice_id, customer_id, created_at)
select t.id, t.account_id, t.environment, 'prepaid:' || t.enrollment_id::text || ':drawn:backfill', 'prepaid.drawn', 'enrollment', t.enrollment_id,
       null, t.customer_id, t.updated_at
  from prepaid_draws_backfill_transactions t;

insert into ledger_entries (id, account_id, environment, transaction_id, ledger_account_id, currency, amount, created_at)
select (lpad(to_hex((extract(epoch from t.updated_at) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid,
       t.account_id, t.environment, t.id, a.id, t.currency, x.amount, t.updated_at
  from prepaid_draws_backfill_transactions t
 cross join lateral (values ('enrollments:' || t.enrollment_id::text || ':prepaid', t.drawn), ('revenue', -t.drawn)) as x (code, amount)
  join ledger_accounts a on a.account_id = t.account_id and a.environment = t.environment and a.code = x.code and a.currency = t.currency;

-- What refunds and chargebacks of a prepaid invoice's payment took back of its credit
-- (modules/prepaid takeBackCredit): the shares add up to the credit, never more.
alter table prepaid_credits add column if not exists taken_back numeric not null default 0;
