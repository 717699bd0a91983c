-- Automatic charges and dunning: the saved payment method of a charge_automatically subscription,
-- and its retries after a failed charge (retry_count retries done, the next one at next_retry_at,
-- counted from dunning_started_at). The cycle runner acts on next_retry_at as on next_billing_at.
alter table subscriptions add column payment_method text;
alter table subscriptions add column dunning_started_at timestamptz;
alter table subscriptions add column retry_count integer not null default 0;
alter table subscriptions add column next_retry_at timestamptz;
create index subscriptions_retry_due on subscriptions (next_retry_at) where next_retry_at is not null;
