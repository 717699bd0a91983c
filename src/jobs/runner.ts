// Runs jobs of the queues it has handlers for, in each service process. It claims as many due
// jobs as it has free slots, and sleeps until woken: by a NOTIFY from a commit that added work
// (any process), by one of its own jobs finishing, or by the poll period (retries and recurring
// jobs come due with time, not with a notification).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.ts';
import type { Db } from '../db/database.ts';
import { claimJobs, completeJob, DEFAULT_FAIRNESS, rescheduleJob, type Fairness } from './queue.ts';
import type { JobRow } from './tables.ts';

export interface JobHandler {
  queue: string;
  /** Runs one job. Resolve `{ retryAt }` to run it again then; throw to retry with back-off. */
  run(job: JobRow): Promise<void | { retryAt: Date }>;
  /** Delay before the next run after `attempts` failed runs; null gives up. Default: backOff(). */
  retryDelayMs?(attempts: number): number | null;
}

export type JobLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export interface JobEnvironment {
  db: Db;
  clock: Clock;
  log: JobLog;
}

export interface RunnerOptions extends JobEnvironment {
  /** Jobs running at once in this process. */
  concurrency: number;
  /** How long a claimed job stays reserved: past it, another process may run it again. */
  leaseMs: number;
  /** Longest sleep without a wake-up. */
  pollMs: number;
  /** Per-account share and per-key limit, counted over all processes. Default DEFAULT_FAIRNESS. */
  fairness?: Fairness;
}

const DEFAULT_MAX_ATTEMPTS = 10;

/** 5 s, 20 s, 80 s, ~5 min, ~21 min, then hourly, each ±20%; gives up after 10 runs. */
export function backOff(attempts: number): number | null {
  if (attempts >= DEFAULT_MAX_ATTEMPTS) return null;
  return jitter(Math.min(5_000 * 4 ** Math.max(0, attempts - 1), 3_600_000), 0.2);
}

export function jitter(ms: number, fraction: number): number {
  return Math.round(ms * (1 - fraction + Math.random() * 2 * fraction));
}

export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private inFlight = 0;
  private stopped = true;
  private woken = false;
  private wakeUp: (() => void) | null = null;
  private loopDone: Promise<void> = Promise.resolve();
  private readonly idle = new Set<() => void>();

  constructor(private readonly options: RunnerOptions) {}

  register(handler: JobHandler): this {
    this.handlers.set(handler.queue, handler);
    return this;
  }

  get queues(): string[] {
    return [...this.handlers.keys()];
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loopDone = this.loop();
  }

  /** Something may be due: claim now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops claiming and waits (up to `graceMs`) for the jobs running to finish. */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loopDone;
    if (this.inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      this.idle.add(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private async loop(): Promise<void> {
    const { db, clock, log, concurrency, leaseMs, pollMs, fairness } = this.options;
    while (!this.stopped) {
      this.woken = false;
      const free = concurrency - this.inFlight;
      let claimed = 0;
      if (free > 0) {
        try {
          const now = clock.now();
          const jobs = await claimJobs(db, this.queues, now, new Date(now.getTime() + leaseMs), free, fairness);
          claimed = jobs.length;
          for (const job of jobs) void this.execute(job);
        } catch (error) {
          log.warn({ err: error }, 'claiming jobs failed; will retry');
        }
      }
      // All due work claimed, or held back by the shares, or no slot free: sleep until woken (a job
      // of this process finishing, a NOTIFY) or the poll period. Otherwise claim again at once.
      if (claimed === 0 || claimed < free) await this.sleep(pollMs);
    }
  }

  private async sleep(ms: number): Promise<void> {
    if (this.woken || this.stopped) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  private async execute(job: JobRow): Promise<void> {
    this.inFlight++;
    try {
      await runJob(this.options, this.handlers.get(job.queue)!, job);
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) {
        for (const resolve of this.idle) resolve();
        this.idle.clear();
      }
      this.wake();
    }
  }
}

/** Runs one claimed job and records its outcome: done, due again later, or given up. Never throws. */
export async function runJob(env: JobEnvironment, handler: JobHandler, job: JobRow): Promise<void> {
  const { db, clock, log } = env;
  try {
    const outcome = await handler.run(job);
    if (outcome) await rescheduleJob(db, job, outcome.retryAt, null);
    else await completeJob(db, job, clock.now());
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    // A recurring job retries within its period; others by the handler's schedule.
    const delay = job.repeat_seconds !== null ? Math.min(backOff(1)!, job.repeat_seconds * 1000) : (handler.retryDelayMs ?? backOff)(job.attempts);
    try {
      if (delay === null) {
        log.error({ err: error, job: job.id, queue: job.queue, attempts: job.attempts }, 'job failed for the last time; given up');
        await db.deleteFrom('jobs').where('id', '=', job.id).execute();
      } else {
        log.warn({ err: error, job: job.id, queue: job.queue, attempts: job.attempts }, 'job failed; will retry');
        await rescheduleJob(db, job, new Date(clock.now().getTime() + delay), message);
      }
    } catch (recordError) {
      // The database is away: the lease ends and the job runs again then.
      log.warn({ err: recordError, job: job.id }, 'could not record a failed job; it runs again after its lease');
    }
  }
}

/**
 * Runs the jobs of these handlers that are due now, a batch at a time, until none is left (jobs
 * the runs add included); returns how many ran. For tests and one-off commands: services run a JobRunner.
 */
export async function runDueJobs(env: JobEnvironment, handlers: readonly JobHandler[], leaseMs = 60_000, batch = 10, fairness: Fairness = DEFAULT_FAIRNESS): Promise<number> {
  const byQueue = new Map(handlers.map((handler) => [handler.queue, handler]));
  let ran = 0;
  for (;;) {
    const now = env.clock.now();
    const jobs = await claimJobs(env.db, [...byQueue.keys()], now, new Date(now.getTime() + leaseMs), batch, fairness);
    if (jobs.length === 0) return ran;
    for (const job of jobs) await runJob(env, byQueue.get(job.queue)!, job);
    ran += jobs.length;
  }
}
