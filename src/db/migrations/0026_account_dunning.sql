-- Dunning as account settings (PATCH /account/tenant `dunning`): the days after the first failed
-- automatic charge when a retry charges again (1 to 8 of them, each 1 to 60, strictly increasing:
-- the service checks the order), and what the last failed retry leaves: `cancel` (the open
-- invoices uncollectible, the subscription canceled) or `leave_past_due` (both left as they are).
-- Every account has them; the defaults are the schedule of migration 0024.
alter table accounts add column dunning_retry_days integer[] not null default '{1,3,5,7}'
  check (cardinality(dunning_retry_days) between 1 and 8 and 1 <= all (dunning_retry_days) and 60 >= all (dunning_retry_days));
alter table accounts add column dunning_final_action text not null default 'cancel'
  check (dunning_final_action in ('cancel', 'leave_past_due'));
