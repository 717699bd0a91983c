// Runs the background work of a service process on the durable job queue (docs/decisions/jobs.md):
// the handlers each area registers (src/background.ts lists them) and the recurring ones among
// them. Every process runs a runner; the queue's claims keep them from doing the same job at once,
// and a NOTIFY from any commit wakes them all.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.ts';
import type { Db, DatabaseHandle } from '../db/database.ts';
import { ensureRecurringJob, JOBS_CHANNEL } from './queue.ts';
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
}

export async function startJobs(setup: JobsSetup, database: Pick<DatabaseHandle, 'listen'>): Promise<StartedJobs> {
  const { db, clock, log } = setup;
  const now = clock.now();
  for (const job of setup.jobs) if (job.everySeconds) await ensureRecurringJob(db, now, job.queue, job.everySeconds);

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
