-- A version change in the middle of an arrears period: the period's invoice at its end bills the
-- previous version up to changed_at and the new one after it (proration by seconds).
alter table subscriptions add column previous_version_id uuid references product_versions (id);
alter table subscriptions add column version_changed_at timestamptz;
