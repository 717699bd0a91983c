-- Fair background work (issue #30, docs/reliability.md "Fairness"). A job may name the account it
-- works for and a concurrency key (a webhook endpoint): the claim counts the jobs of each account
-- and key that are running, across every process, and takes no more than their share.
-- leased_until is set while a job runs (the claim's lease) and cleared when its outcome is
-- recorded, so "running" (leased_until > now) is told apart from "due later" (run_at > now).
-- share_account_id is not tenancy (a job is the service's): it names whose share the job counts in.
alter table jobs add column share_account_id uuid;
alter table jobs add column concurrency_key text;
alter table jobs add column leased_until timestamptz;
create index jobs_running on jobs (leased_until) where leased_until is not null;

-- The circuit breaker of a webhook endpoint (docs/webhooks.md): failed attempts in a row, and
-- until when its deliveries wait in the slow lane (null: the breaker is closed).
alter table webhook_endpoints add column consecutive_failures integer not null default 0;
alter table webhook_endpoints add column circuit_open_until timestamptz;

-- Jobs waiting at the upgrade join their account's share (and their endpoint's cap) too.
update jobs set share_account_id = d.account_id, concurrency_key = d.endpoint_id::text
  from webhook_deliveries d where jobs.queue = 'webhook.deliver' and d.id = jobs.id;
update jobs set share_account_id = e.account_id from emails e where jobs.queue = 'email.send' and e.id = jobs.id;

-- The breaker moves an endpoint's waiting jobs by their key, and finds its pending deliveries.
create index jobs_concurrency_key on jobs (concurrency_key) where concurrency_key is not null;
create index webhook_deliveries_pending on webhook_deliveries (endpoint_id) where status = 'pending';
