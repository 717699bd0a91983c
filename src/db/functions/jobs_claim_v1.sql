-- jobs_claim_v1: the fair claim of the job queue (claimJobs in src/jobs/queue.ts; docs/decisions/jobs.md,
-- docs/reliability.md "Fairness"). A stored function of src/db/functions/: applied with `create or
-- replace` after the migrations at every start, whenever this text changes (src/db/functions.ts).
-- A change callers of the previous release could not call is a new file with the next version's
-- name (CONTRIBUTING.md).
--
-- Claims up to p_limit due jobs of the queues, leasing each until p_lease_until:
-- - a job with a concurrency key only while fewer than p_key_limit jobs of its key run;
-- - of those, an account's job only while fewer than p_account_share of the account's run;
-- - accounts in turn: every account's first due job before any account's second (jobs without an
--   account, the service's own recurring work, rank as one account with no share).
-- "Running" is leased_until ahead of p_now, counted in the table, so the limits hold across
-- processes; the transaction-scoped advisory lock makes claims take turns, so two never see the
-- same free room (it is released when the caller's statement commits). Why a function: its plan is
-- kept by the session, where the statement alone was planned on every claim (about 10 ms on the
-- embedded database, which serves requests on the same single connection).
create or replace function jobs_claim_v1(
  p_queues text[], p_now timestamptz, p_lease_until timestamptz, p_limit integer, p_account_share integer, p_key_limit integer
) returns setof jobs
language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('jobs.claim', 0));
  return query
  with running as (
    select r.share_account_id, r.concurrency_key from jobs r where r.leased_until > p_now
  ), running_accounts as (
    select ra.share_account_id, count(*) as n from running ra where ra.share_account_id is not null group by ra.share_account_id
  ), running_keys as (
    select rk.concurrency_key, count(*) as n from running rk where rk.concurrency_key is not null group by rk.concurrency_key
  ), due as (
    -- Keys and accounts already at their limit drop out here, before any sorting: a tarpit's
    -- thousand waiting jobs cost a scan, not a sort, on every claim.
    select j.id, j.share_account_id, j.concurrency_key, j.run_at, coalesce(k.n, 0) as key_running, coalesce(a.n, 0) as account_running
    from jobs j
    left join running_keys k on k.concurrency_key = j.concurrency_key
    left join running_accounts a on a.share_account_id = j.share_account_id
    where j.queue = any(p_queues) and j.run_at <= p_now and (j.leased_until is null or j.leased_until <= p_now)
      and (j.concurrency_key is null or coalesce(k.n, 0) < p_key_limit)
      and (j.share_account_id is null or coalesce(a.n, 0) < p_account_share)
  ), key_ranked as (
    select d.*, row_number() over (partition by d.concurrency_key order by d.run_at, d.id) as key_rank from due d
  ), within_key as (
    select w.*, row_number() over (partition by w.share_account_id order by w.run_at, w.id) as account_rank
    from key_ranked w
    where w.concurrency_key is null or w.key_rank + w.key_running <= p_key_limit
  ), picked as (
    select p.id from within_key p
    where p.share_account_id is null or p.account_rank + p.account_running <= p_account_share
    order by p.account_rank, p.run_at, p.id
    limit p_limit
  )
  update jobs u set run_at = p_lease_until, leased_until = p_lease_until, attempts = u.attempts + 1
  where u.id in (select l.id from jobs l where l.id in (select picked.id from picked) for update skip locked)
  returning u.*;
end;
$$;
