-- Opening transactions for data made before the ledger (docs/ledger.md, Backfill): for each
-- existing record, the transaction the code posts for it today, with the same key, kind and
-- entries, dated as the record. An install that had no ledger reconciles at once; on a fresh
-- install every source table is empty and nothing is written. Keys already posted are skipped.

create temporary table ledger_backfill (
  account_id uuid not null,
  environment text not null,
  key text not null,
  kind text not null,
  resource_type text not null,
  resource_id uuid not null,
  invoice_id uuid,
  customer_id uuid,
  created_at timestamptz not null,
  code text not null,
  currency text not null,
  amount numeric not null,
  entry_customer_id uuid
) on commit drop;

create temporary table ledger_backfill_invoices on commit drop as
select i.id, i.account_id, i.environment, i.status, i.currency, i.tax, i.amount_due, i.finalized_at, i.updated_at,
       coalesce(i.payer_id, e.customer_id) as customer_id,
       'customers:' || coalesce(coalesce(i.payer_id, e.customer_id)::text, 'none') || ':receivable' as receivable,
       coalesce((select sum(l.amount) from invoice_line_items l where l.invoice_id = i.id and l.type not in ('discount', 'prepaid_credit')), 0) as charges,
       coalesce((select sum(l.amount) from invoice_line_items l where l.invoice_id = i.id and l.type = 'prepaid_credit'), 0) as prepaid,
       coalesce((select sum(l.amount) from invoice_line_items l where l.invoice_id = i.id and l.type = 'discount'), 0) as discount_lines
  from invoices i
  left join enrollments e on e.id = i.customer_id
 where i.finalized_at is not null;

-- invoice.finalized: receivable = revenue (charges) + prepaid:invoiced (prepaid credit) - discounts + taxes.
insert into ledger_backfill
select i.account_id, i.environment, 'invoice:' || i.id || ':finalized', 'invoice.finalized', 'invoice', i.id, i.id, i.customer_id, i.finalized_at,
       x.code, i.currency, x.amount, x.entry_customer_id
  from ledger_backfill_invoices i
 cross join lateral (values
   (i.receivable, i.charges + i.prepaid + i.discount_lines + i.tax, i.customer_id),
   ('revenue', -i.charges, null::uuid),
   ('prepaid:invoiced', -i.prepaid, null::uuid),
   ('discounts', -i.discount_lines, null::uuid),
   ('taxes:payable', -i.tax, null::uuid)
 ) as x (code, amount, entry_customer_id);

-- invoice.voided (finalized, then voided): the finalization reversed.
insert into ledger_backfill
select b.account_id, b.environment, 'invoice:' || i.id || ':voided', 'invoice.voided', 'invoice', i.id, i.id, i.customer_id, i.updated_at,
       b.code, b.currency, -b.amount, b.entry_customer_id
  from ledger_backfill_invoices i
  join ledger_backfill b on b.key = 'invoice:' || i.id || ':finalized'
 where i.status = 'void';

-- invoice.written_off: every invoice that was marked uncollectible (its event), for its total
-- (what it owed then); invoice.write_off_recovered when it was paid after all.
create temporary table ledger_backfill_write_offs on commit drop as
select i.*, (select min(ev.created_at) from events ev
              where ev.account_id = i.account_id and ev.environment = i.environment
                and ev.type = 'invoice.marked_uncollectible' and ev.data ->> 'id' = i.id::text) as written_off_at,
       i.charges + i.prepaid + i.discount_lines + i.tax as owed
  from ledger_backfill_invoices i
 where i.status in ('uncollectible', 'paid');
delete from ledger_backfill_write_offs where written_off_at is null and status = 'paid';

insert into ledger_backfill
select w.account_id, w.environment, 'invoice:' || w.id || ':written_off', 'invoice.written_off', 'invoice', w.id, w.id, w.customer_id,
       coalesce(w.written_off_at, w.updated_at), x.code, w.currency, x.amount, x.entry_customer_id
  from ledger_backfill_write_offs w
 cross join lateral (values ('bad_debt', w.owed, null::uuid), (w.receivable, -w.owed, w.customer_id)) as x (code, amount, entry_customer_id);

insert into ledger_backfill
select w.account_id, w.environment, 'invoice:' || w.id || ':write_off_recovered', 'invoice.write_off_recovered', 'invoice', w.id, w.id, w.customer_id,
       w.updated_at, x.code, w.currency, x.amount, x.entry_customer_id
  from ledger_backfill_write_offs w
 cross join lateral (values ('bad_debt', -w.owed, null::uuid), (w.receivable, w.owed, w.customer_id)) as x (code, amount, entry_customer_id)
 where w.status = 'paid';

-- Payments, with the customer of their invoice and whether their money paid nothing (refunded as
-- duplicate or because the invoice was not payable: held as the customer's credit, then refunded).
create temporary table ledger_backfill_payments on commit drop as
select p.id, p.account_id, p.environment, p.invoice_id, p.provider, p.amount, p.currency, p.status, p.refunded_amount,
       p.confirmed_at, p.charged_back_at, p.updated_at,
       coalesce(i.payer_id, e.customer_id) as customer_id,
       'customers:' || coalesce(coalesce(i.payer_id, e.customer_id)::text, 'none') as customer_prefix,
       exists (select 1 from refunds r where r.payment_id = p.id and (r.reason = 'duplicate' or r.reason like 'invoice\_%')) as paid_nothing
  from payments p
  join invoices i on i.id = p.invoice_id
  left join enrollments e on e.id = i.customer_id
 where p.confirmed_at is not null and p.status in ('confirmed', 'refunded', 'charged_back');

insert into ledger_backfill
select p.account_id, p.environment, 'payment:' || p.id || ':confirmed', 'payment.confirmed', 'payment', p.id, p.invoice_id, p.customer_id, p.confirmed_at,
       x.code, p.currency, x.amount, x.entry_customer_id
  from ledger_backfill_payments p
 cross join lateral (values
   ('providers:' || p.provider || ':clearing', p.amount, null::uuid),
   (p.customer_prefix || case when p.paid_nothing then ':credit' else ':receivable' end, -p.amount, p.customer_id)
 ) as x (code, amount, entry_customer_id);

insert into ledger_backfill
select p.account_id, p.environment, 'refund:' || r.id, 'payment.refunded', 'payment', p.id, p.invoice_id,
       case when p.paid_nothing then p.customer_id end, r.created_at, x.code, p.currency, x.amount, x.entry_customer_id
  from refunds r
  join ledger_backfill_payments p on p.id = r.payment_id
 cross join lateral (values
   (case when p.paid_nothing then p.customer_prefix || ':credit' else 'refunds' end, r.amount, case when p.paid_nothing then p.customer_id end),
   ('providers:' || p.provider || ':clearing', -r.amount, null::uuid)
 ) as x (code, amount, entry_customer_id)
 where r.status = 'succeeded';

insert into ledger_backfill
select p.account_id, p.environment, 'payment:' || p.id || ':charged_back', 'payment.charged_back', 'payment', p.id, p.invoice_id, null,
       coalesce(p.charged_back_at, p.updated_at), x.code, p.currency, x.amount, null
  from ledger_backfill_payments p
 cross join lateral (values ('chargebacks', p.amount - p.refunded_amount), ('providers:' || p.provider || ':clearing', p.refunded_amount - p.amount)) as x (code, amount)
 where p.status = 'charged_back';

-- prepaid.credited: the credit invoiced becomes the enrollment's balance.
insert into ledger_backfill
select b.account_id, b.environment, 'prepaid:' || c.invoice_id || ':credited', 'prepaid.credited', 'invoice', c.invoice_id, c.invoice_id, e.customer_id,
       c.created_at, x.code, b.currency, x.amount, x.entry_customer_id
  from prepaid_credits c
  join prepaid_balances b on b.enrollment_id = c.enrollment_id
  left join enrollments e on e.id = c.enrollment_id
 cross join lateral (values ('prepaid:invoiced', c.amount, null::uuid), ('enrollments:' || c.enrollment_id || ':prepaid', -c.amount, e.customer_id)) as x (code, amount, entry_customer_id);

-- Keys already posted (a ledger that exists) are left alone.
delete from ledger_backfill b
 using ledger_transactions t
 where t.account_id = b.account_id and t.environment = b.environment and t.key = b.key;

-- Ids are UUIDv7 of the record's instant (ids sort by time, as the API's cursor expects).
insert into ledger_accounts (id, account_id, environment, code, currency, customer_id, created_at)
select (lpad(to_hex((extract(epoch from min(b.created_at)) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid,
       b.account_id, b.environment, b.code, b.currency, max(b.entry_customer_id::text)::uuid, min(b.created_at)
  from ledger_backfill b
 where b.amount <> 0
 group by b.account_id, b.environment, b.code, b.currency
on conflict (account_id, environment, code, currency) do nothing;

create temporary table ledger_backfill_transactions on commit drop as
select (lpad(to_hex((extract(epoch from t.created_at) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid as id,
       t.*
  from (select distinct account_id, environment, key, kind, resource_type, resource_id, invoice_id, customer_id, created_at from ledger_backfill) t;

insert into ledger_transactions (id, account_id, environment, key, kind, resource_type, resource_id, invoice_id, customer_id, created_at)
select id, account_id, environment, key, kind, resource_type, resource_id, invoice_id, customer_id, created_at
  from ledger_backfill_transactions;

insert into ledger_entries (id, account_id, environment, transaction_id, ledger_account_id, currency, amount, created_at)
select (lpad(to_hex((extract(epoch from b.created_at) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid,
       b.account_id, b.environment, t.id, a.id, b.currency, b.amount, b.created_at
  from ledger_backfill b
  join ledger_backfill_transactions t on t.account_id = b.account_id and t.environment = b.environment and t.key = b.key
  join ledger_accounts a on a.account_id = b.account_id and a.environment = b.environment and a.code = b.code and a.currency = b.currency
 where b.amount <> 0;
