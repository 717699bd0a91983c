-- The commitment credit carried over, in the ledger (docs/ledger.md, "Commitment credit"): from
-- now on each invoice that moves a subscription's credit posts it to
-- commitments:<subscription>:carried. A subscription that holds credit from before gets an opening
-- transaction for it (revenue +K / carried -K, the same entries as commitment.carried), dated at
-- its last update, so the commitment_carried reconciliation holds at once. Keys already posted are
-- skipped; on a fresh install nothing is written.

create temporary table commitment_backfill on commit drop as
select s.id as subscription_id, s.account_id, s.environment, s.customer_id, s.commitment_credit as amount, p.currency, s.updated_at as created_at,
       'commitment:' || s.id || ':opening' as key,
       (lpad(to_hex((extract(epoch from s.updated_at) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid as transaction_id
  from subscriptions s
  join product_versions v on v.id = s.product_version_id
  join products p on p.id = v.product_id
 where s.commitment_credit <> 0
   and not exists (select 1 from ledger_transactions t
                    where t.account_id = s.account_id and t.environment = s.environment and t.key = 'commitment:' || s.id || ':opening');

insert into ledger_accounts (id, account_id, environment, code, currency, customer_id, created_at)
select (lpad(to_hex((extract(epoch from b.created_at) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid,
       b.account_id, b.environment, x.code, b.currency, null, b.created_at
  from commitment_backfill b
 cross join lateral (values ('revenue'), ('commitments:' || b.subscription_id || ':carried')) as x (code)
on conflict (account_id, environment, code, currency) do nothing;

insert into ledger_transactions (id, account_id, environment, key, kind, resource_type, resource_id, invoice_id, customer_id, created_at)
select transaction_id, account_id, environment, key, 'commitment.carried', 'subscription', subscription_id, null, customer_id, created_at
  from commitment_backfill;

insert into ledger_entries (id, account_id, environment, transaction_id, ledger_account_id, currency, amount, created_at)
select (lpad(to_hex((extract(epoch from b.created_at) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid,
       b.account_id, b.environment, b.transaction_id, a.id, b.currency, x.amount, b.created_at
  from commitment_backfill b
 cross join lateral (values ('revenue', b.amount), ('commitments:' || b.subscription_id || ':carried', -b.amount)) as x (code, amount)
  join ledger_accounts a on a.account_id = b.account_id and a.environment = b.environment and a.code = x.code and a.currency = b.currency;
