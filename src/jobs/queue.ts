// The durable job queue: rows in `jobs`, claimed with `for update skip locked`. Claiming moves a
// job's run_at past a lease in the same statement, so a job is due again exactly when its lease
// ends: a process killed mid-job leaves it to another process then, with nothing to clean up.
// Claims are fair (docs/reliability.md, "Fairness"): no account runs more than its share of jobs
// at once, and no concurrency key (a webhook endpoint) more than its limit, counted across every
// process. Works the same on PostgreSQL and PGlite; see docs/decisions/jobs.md.
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { textArrayLiteral } from '../db/array-literal.ts';
import { newId } from '../core/ids.ts';
import type { JobRow } from './tables.ts';

/** NOTIFY channel on which new work wakes the workers. */
export const JOBS_CHANNEL = 'jobs_due';

const ONE_OFF = { attempts: 0, last_error: null, repeat_seconds: null, singleton_key: null, leased_until: null } as const;

/** How much of the workers one account, and one concurrency key, may hold at once (all processes together). */
export interface Fairness {
  /** Jobs of one account running at once. */
  accountShare: number;
  /** Jobs of one concurrency key (a webhook endpoint) running at once. */
  keyLimit: number;
}

/** The defaults of JOBS_ACCOUNT_SHARE and WEBHOOKS_ENDPOINT_CONCURRENCY (docs/reliability.md). */
export const DEFAULT_FAIRNESS: Fairness = { accountShare: 16, keyLimit: 8 };

export interface NewJob {
  queue: string;
  payload?: unknown;
  /** Default: at once. */
  runAt?: Date;
  /** Default: a new id. Callers that own a row per job (webhook deliveries) reuse its id. */
  id?: string;
  /** The account the work is for (any work a tenant can trigger): it counts against the account's share. */
  accountId?: string;
  /** Jobs sharing a key (a webhook endpoint's id) run at most `keyLimit` at once. */
  concurrencyKey?: string;
}

/**
 * Adds jobs in the caller's transaction: they exist exactly when the change that needs them
 * commits, and the workers are woken at that commit (NOTIFY is sent on commit).
 */
export async function enqueueJobs(ex: Executor, now: Date, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await ex
    .insertInto('jobs')
    .values(
      jobs.map((job) => ({
        id: job.id ?? newId(),
        queue: job.queue,
        payload: JSON.stringify(job.payload ?? {}),
        run_at: job.runAt ?? now,
        ...ONE_OFF,
        share_account_id: job.accountId ?? null,
        concurrency_key: job.concurrencyKey ?? null,
        created_at: now,
      })),
    )
    .execute();
  await notifyWorkers(ex);
}

/** Makes a job due now (inserting it if it is gone), e.g. a manual webhook retry. */
export async function runJobNow(ex: Executor, now: Date, job: Required<Pick<NewJob, 'id' | 'queue'>> & Pick<NewJob, 'accountId' | 'concurrencyKey'>): Promise<void> {
  await ex
    .insertInto('jobs')
    .values({ id: job.id, queue: job.queue, payload: '{}', run_at: now, ...ONE_OFF, share_account_id: job.accountId ?? null, concurrency_key: job.concurrencyKey ?? null, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ run_at: now, attempts: 0, last_error: null }))
    .execute();
  await notifyWorkers(ex);
}

/** Removes jobs that will not run (their work was dropped in the same transaction). */
export async function deleteJobs(ex: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await ex.deleteFrom('jobs').where('id', 'in', ids).execute();
}

/**
 * Moves the jobs of a concurrency key to `until` at the earliest (a later run_at stays): the webhook
 * circuit breaker's slow lane. A running job's outcome sets its own next run.
 */
export async function postponeKeyJobs(ex: Executor, key: string, until: Date): Promise<void> {
  await ex
    .updateTable('jobs')
    .set({ run_at: sql<Date>`greatest(run_at, ${until})` })
    .where('concurrency_key', '=', key)
    .execute();
}

/** Sets when waiting (not running) jobs run; wakes the workers at commit. */
export async function scheduleJobs(ex: Executor, runs: ReadonlyArray<{ id: string; runAt: Date }>): Promise<void> {
  if (runs.length === 0) return;
  const values = sql.join(runs.map((run) => sql`(${run.id}::uuid, ${run.runAt}::timestamptz)`));
  await sql`update jobs set run_at = v.run_at from (values ${values}) as v (id, run_at) where jobs.id = v.id and jobs.leased_until is null`.execute(ex);
  await notifyWorkers(ex);
}

/** Wakes every listening worker when the caller's transaction commits (at once outside one). */
export async function notifyWorkers(ex: Executor): Promise<void> {
  await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(ex);
}

/** Creates a recurring job once (by name); later starts keep its schedule, with the period given. */
export async function ensureRecurringJob(ex: Executor, now: Date, queue: string, everySeconds: number): Promise<void> {
  await ex
    .insertInto('jobs')
    .values({ id: newId(), queue, payload: '{}', run_at: now, ...ONE_OFF, repeat_seconds: everySeconds, singleton_key: queue, share_account_id: null, concurrency_key: null, created_at: now })
    .onConflict((oc) => oc.column('singleton_key').doUpdateSet({ repeat_seconds: everySeconds }))
    .execute();
}

/**
 * Claims up to `limit` due jobs of the given queues, leasing each until `leaseUntil`, fairly: a
 * concurrency key's jobs only while fewer than `keyLimit` of them run, an account's only while
 * fewer than `accountShare` run, accounts in turn (every account's first due job before any
 * account's second). Counted in the table, so the limits hold across processes. One statement: the
 * stored function jobs_claim_v1 (src/db/functions/), which also makes claims take turns.
 */
export async function claimJobs(ex: Executor, queues: readonly string[], now: Date, leaseUntil: Date, limit: number, fairness: Fairness = DEFAULT_FAIRNESS): Promise<JobRow[]> {
  if (queues.length === 0 || limit <= 0) return [];
  const claimed = await sql<JobRow>`select * from jobs_claim_v1(${textArrayLiteral(queues)}::text[], ${now}, ${leaseUntil}, ${limit}, ${fairness.accountShare}, ${fairness.keyLimit})`.execute(ex);
  return claimed.rows;
}

/** Leases of processes known dead stop counting as running (the shares); their jobs keep their run_at. */
export async function releaseLeases(ex: Executor): Promise<void> {
  await ex.updateTable('jobs').set({ leased_until: null }).where('leased_until', 'is not', null).execute();
}

/** A finished job: deleted, or a recurring one rescheduled. */
export async function completeJob(ex: Executor, job: JobRow, now: Date): Promise<void> {
  if (job.repeat_seconds === null) {
    await ex.deleteFrom('jobs').where('id', '=', job.id).execute();
    return;
  }
  const next = new Date(now.getTime() + job.repeat_seconds * 1000);
  await ex.updateTable('jobs').set({ run_at: next, attempts: 0, last_error: null, leased_until: null }).where('id', '=', job.id).execute();
}

/** Runs the job again at `runAt`, keeping why the last run failed (if it did). */
export async function rescheduleJob(ex: Executor, job: JobRow, runAt: Date, error: string | null): Promise<void> {
  await ex.updateTable('jobs').set({ run_at: runAt, last_error: error, leased_until: null }).where('id', '=', job.id).execute();
}
