// Runs the background work of a service process on the durable job queue (docs/decisions/jobs.md):
// the handlers each area registers (src/background.ts lists them) and the recurring ones among
// them. Every process runs a runner; the queue's claims keep them from doing the same job at once,
// and a NOTIFY from any commit wakes them all.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.ts';
import type { Db, DatabaseHandle } from '../db/database.ts';
import { ensureRecurringJob, JOBS_CHANNEL, releaseLeases } from './queue.ts';
import { JobRunner, type JobHandler, type RunnerOptions } from './runner.ts';

/** What a recurring job logs about its runs. */
export type BackgroundLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** A handler, and how often its queue runs on its own when it is recurring. */
export interface BackgroundJob extends JobHandler {
  everySeconds?: number;
}

export interface StartedJobs {
  runner: JobRunner;
  stop(): Promise<void>;
}

export interface JobsSetup {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  options: Pick<RunnerOptions, 'concurrency' | 'leaseMs' | 'pollMs' | 'fairness'>;
  jobs: readonly BackgroundJob[];
  /** Closed after the runner stops (an SMTP connection pool, ...). */
  onStop?: () => void;
  /**
   * This process is the only one on its database (the embedded one: its data folder is locked), so
   * every lease found at start belongs to a process that died: it stops counting against the shares.
   */
  soleProcess?: boolean;
}

export async function startJobs(setup: JobsSetup, database: Pick<DatabaseHandle, 'listen'>): Promise<StartedJobs> {
  const { db, clock, log } = setup;
  const now = clock.now();
  for (const job of setup.jobs) if (job.everySeconds) await ensureRecurringJob(db, now, job.queue, job.everySeconds);
  // The jobs still run again only when their lease ends (run_at), as before.
  if (setup.soleProcess) await releaseLeases(db);

  const runner = new JobRunner({ db, clock, log, ...setup.options });
  for (const job of setup.jobs) runner.register(job);
  const unlisten = await database.listen(JOBS_CHANNEL, () => runner.wake());
  runner.start();
  return {
    runner,
    stop: async () => {
      await unlisten();
      await runner.stop();
      setup.onStop?.();
    },
  };
}
