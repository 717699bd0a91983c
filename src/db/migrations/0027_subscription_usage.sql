-- Usage on a cycle: each subscription invoice bills the enrollment's usage from usage_billed_to
-- (where the previous usage invoice stopped) to the invoice's boundary, then moves it there.
-- commitment_credit: with commitmentResets false, the unused part of the minimum paid so far,
-- which later usage draws down first.
alter table subscriptions add column usage_billed_to timestamptz;
alter table subscriptions add column commitment_credit numeric not null default 0;
