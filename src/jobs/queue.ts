// The durable job queue: rows in `jobs`, claimed with `for update skip locked`. Claiming moves a
// job's run_at past a lease in the same statement, so a job is due again exactly when its lease
// ends: a process killed mid-job leaves it to another process then, with nothing to clean up.
// Works the same on PostgreSQL and PGlite; see docs/decisions/jobs.md.
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { newId } from '../core/ids.ts';
import type { JobRow } from './tables.ts';

/** NOTIFY channel on which new work wakes the workers. */
export const JOBS_CHANNEL = 'jobs_due';

const ONE_OFF = { attempts: 0, last_error: null, repeat_seconds: null, singleton_key: null } as const;

export interface NewJob {
  queue: string;
  payload?: unknown;
  /** Default: at once. */
  runAt?: Date;
  /** Default: a new id. Callers that own a row per job (webhook deliveries) reuse its id. */
  id?: string;
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
        created_at: now,
      })),
    )
    .execute();
  await notifyWorkers(ex);
}

/** Makes a job due now (inserting it if it is gone), e.g. a manual webhook retry. */
export async function runJobNow(ex: Executor, now: Date, job: Required<Pick<NewJob, 'id' | 'queue'>>): Promise<void> {
  await ex
    .insertInto('jobs')
    .values({ id: job.id, queue: job.queue, payload: '{}', run_at: now, ...ONE_OFF, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ run_at: now, attempts: 0, last_error: null }))
    .execute();
  await notifyWorkers(ex);
}

/** Wakes every listening worker when the caller's transaction commits (at once outside one). */
/** Removes jobs that will not run (their work was dropped in the same transaction). */
export async function deleteJobs(ex: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await ex.deleteFrom('jobs').where('id', 'in', ids).execute();
}

export async function notifyWorkers(ex: Executor): Promise<void> {
  await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(ex);
}

/** Creates a recurring job once (by name); later starts keep its schedule, with the period given. */
export async function ensureRecurringJob(ex: Executor, now: Date, queue: string, everySeconds: number): Promise<void> {
  await ex
    .insertInto('jobs')
    .values({ id: newId(), queue, payload: '{}', run_at: now, attempts: 0, last_error: null, repeat_seconds: everySeconds, singleton_key: queue, created_at: now })
    .onConflict((oc) => oc.column('singleton_key').doUpdateSet({ repeat_seconds: everySeconds }))
    .execute();
}

/** Claims up to `limit` due jobs of the given queues, leasing each until `leaseUntil`. */
export async function claimJobs(ex: Executor, queues: readonly string[], now: Date, leaseUntil: Date, limit: number): Promise<JobRow[]> {
  if (queues.length === 0 || limit <= 0) return [];
  return ex
    .updateTable('jobs')
    .set((eb) => ({ run_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('jobs')
        .select('id')
        .where('queue', 'in', queues)
        .where('run_at', '<=', now)
        .orderBy('run_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/** A finished job: deleted, or a recurring one rescheduled. */
export async function completeJob(ex: Executor, job: JobRow, now: Date): Promise<void> {
  if (job.repeat_seconds === null) {
    await ex.deleteFrom('jobs').where('id', '=', job.id).execute();
    return;
  }
  const next = new Date(now.getTime() + job.repeat_seconds * 1000);
  await ex.updateTable('jobs').set({ run_at: next, attempts: 0, last_error: null }).where('id', '=', job.id).execute();
}

/** Runs the job again at `runAt`, keeping why the last run failed (if it did). */
export async function rescheduleJob(ex: Executor, job: JobRow, runAt: Date, error: string | null): Promise<void> {
  await ex.updateTable('jobs').set({ run_at: runAt, last_error: error }).where('id', '=', job.id).execute();
}
