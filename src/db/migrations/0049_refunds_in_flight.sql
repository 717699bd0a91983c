-- A live refund is reserved before its processor is called and recorded after, each in a short
-- transaction of its own, so no transaction (and no payment row lock) stays open while a processor
-- answers (issue #30; docs/decisions/payments.md, "The processor call outside the transaction").
-- The reservation is a `pending` refund row holding the request sent (`refund_in_flight`, null once
-- recorded): pending refunds already count against what is left of the payment, so concurrent
-- refunds never pass it; reads do not show it; a retry of the same request or the repair poller
-- sends it again under the same idempotency key and records the processor's answer.
alter table refunds add column refund_in_flight jsonb;

create index refunds_in_flight on refunds (created_at) where refund_in_flight is not null;
