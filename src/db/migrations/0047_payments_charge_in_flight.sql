-- A live charge is reserved before its processor is called and recorded after, each in a short
-- transaction of its own, so no transaction stays open while a processor answers (issue #30;
-- docs/decisions/payments.md, "The processor call outside the transaction"). Between the two the
-- payment row holds the request sent (`charge_in_flight`, null once recorded): a retry of the same
-- request or the repair poller sends it again under the same idempotency key and records the
-- processor's answer. A charge in flight is no invoice's pending charge yet: it supersedes the
-- pending one when it is recorded.
alter table payments add column charge_in_flight jsonb;

drop index payments_one_pending;
create unique index payments_one_pending on payments (invoice_id) where status = 'pending' and charge_in_flight is null;

create index payments_in_flight on payments (created_at) where charge_in_flight is not null;
