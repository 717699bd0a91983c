// The durable job queue on the database of this run (PGlite or PostgreSQL): jobs exist when their
// transaction commits, a NOTIFY wakes the runner at once, failures retry with back-off, a job whose
// process died runs again after its lease, and two runners never run one job twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import { waitFor } from '../../test/webhooks/receiver.ts';
import { ManualClock, systemClock } from '../core/clock.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { claimJobs, completeJob, enqueueJobs, ensureRecurringJob, JOBS_CHANNEL, releaseLeases } from './queue.ts';
import { JobRunner, runDueJobs, type JobHandler } from './runner.ts';

const quiet = { warn: () => undefined, error: () => undefined };
let database: DatabaseHandle & { drop(): Promise<void> };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const jobRow = (id: string) => database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

describe('job runner', () => {
  it('runs a job once its transaction commits, woken by NOTIFY long before its next poll', async () => {
    const ran: unknown[] = [];
    const runner = new JobRunner({ db: database.db, clock: systemClock, log: quiet, concurrency: 4, leaseMs: 30_000, pollMs: 600_000 });
    runner.register({ queue: 'test.wake', run: async (job) => void ran.push(job.payload) });
    const unlisten = await database.listen(JOBS_CHANNEL, () => runner.wake());
    runner.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // the runner's first claim found nothing: it sleeps
      await database.db
        .transaction()
        .execute(async (tx) => {
          await enqueueJobs(tx, new Date(), [{ queue: 'test.wake', payload: { n: 0 } }]);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await database.db.transaction().execute((tx) => enqueueJobs(tx, new Date(), [{ queue: 'test.wake', payload: { n: 1 } }]));
      await waitFor(() => ran.length === 1, 20_000, 'the job to run');
      expect(ran).toEqual([{ n: 1 }]); // the rolled-back job never existed
    } finally {
      await unlisten();
      await runner.stop();
    }
  });

  it('retries a job that throws with back-off, keeping the error, then deletes it when done', async () => {
    const clock = new ManualClock('2026-06-01T10:00:00Z');
    let calls = 0;
    const flaky: JobHandler = {
      queue: 'test.flaky',
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('receiver down');
      },
    };
    await enqueueJobs(database.db, clock.now(), [{ queue: 'test.flaky', id: '01900000-0000-7000-8000-000000000001' }]);
    expect(await runDueJobs({ db: database.db, clock, log: quiet }, [flaky])).toBe(1);
    const failed = await jobRow('01900000-0000-7000-8000-000000000001');
    expect(failed).toMatchObject({ attempts: 1, last_error: 'receiver down' });
    const wait = failed!.run_at.getTime() - clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(4_000);
    expect(wait).toBeLessThanOrEqual(6_000);
    expect(await runDueJobs({ db: database.db, clock, log: quiet }, [flaky])).toBe(0);
    clock.advance(wait);
    expect(await runDueJobs({ db: database.db, clock, log: quiet }, [flaky])).toBe(1);
    expect(await jobRow('01900000-0000-7000-8000-000000000001')).toBeUndefined();
  });

  it('gives a job up when its handler says so', async () => {
    const clock = new ManualClock('2026-06-01T10:00:00Z');
    const hopeless: JobHandler = { queue: 'test.hopeless', run: () => Promise.reject(new Error('no')), retryDelayMs: (attempts) => (attempts >= 2 ? null : 1_000) };
    await enqueueJobs(database.db, clock.now(), [{ queue: 'test.hopeless', id: '01900000-0000-7000-8000-000000000002' }]);
    await runDueJobs({ db: database.db, clock, log: quiet }, [hopeless]);
    clock.advance(1_000);
    await runDueJobs({ db: database.db, clock, log: quiet }, [hopeless]);
    expect(await jobRow('01900000-0000-7000-8000-000000000002')).toBeUndefined();
  });

  it('keeps one row per recurring job, run again a period after each run', async () => {
    const clock = new ManualClock('2026-06-01T10:00:00Z');
    let runs = 0;
    const tick: JobHandler = { queue: 'test.tick', run: async () => void (runs += 1) };
    await ensureRecurringJob(database.db, clock.now(), 'test.tick', 60);
    await ensureRecurringJob(database.db, clock.now(), 'test.tick', 60); // a second process starting
    await runDueJobs({ db: database.db, clock, log: quiet }, [tick]);
    clock.advance(59_000);
    await runDueJobs({ db: database.db, clock, log: quiet }, [tick]);
    clock.advance(1_000);
    await runDueJobs({ db: database.db, clock, log: quiet }, [tick]);
    expect(runs).toBe(2);
    const rows = await database.db.selectFrom('jobs').selectAll().where('queue', '=', 'test.tick').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.run_at).toEqual(new Date(clock.now().getTime() + 60_000));
  });

  it('gives a job claimed by a process that died to another once its lease ends', async () => {
    const clock = new ManualClock('2026-06-01T10:00:00Z');
    await enqueueJobs(database.db, clock.now(), [{ queue: 'test.lease', id: '01900000-0000-7000-8000-000000000003' }]);
    const lease = (from: Date) => new Date(from.getTime() + 30_000);
    const first = await claimJobs(database.db, ['test.lease'], clock.now(), lease(clock.now()), 10);
    expect(first.map((job) => job.id)).toEqual(['01900000-0000-7000-8000-000000000003']);
    // The claimer is killed here: it never completes the job.
    clock.advance(29_000);
    expect(await claimJobs(database.db, ['test.lease'], clock.now(), lease(clock.now()), 10)).toEqual([]);
    clock.advance(1_000);
    const second = await claimJobs(database.db, ['test.lease'], clock.now(), lease(clock.now()), 10);
    expect(second).toMatchObject([{ id: '01900000-0000-7000-8000-000000000003', attempts: 2 }]);
  });

  it('shares 300 jobs between two runners, each run once', async () => {
    const runs = new Map<string, number>();
    const handler: JobHandler = {
      queue: 'test.shared',
      run: async (job) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      },
    };
    const runners = [1, 2].map(() => new JobRunner({ db: database.db, clock: systemClock, log: quiet, concurrency: 8, leaseMs: 60_000, pollMs: 100 }).register(handler));
    const jobs = Array.from({ length: 300 }, () => ({ queue: 'test.shared' }));
    await enqueueJobs(database.db, new Date(), jobs);
    for (const runner of runners) runner.start();
    try {
      await waitFor(() => runs.size === 300, 60_000, 'all jobs to run');
      await Promise.all(runners.map((runner) => runner.stop()));
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      expect(await database.db.selectFrom('jobs').select('id').where('queue', '=', 'test.shared').execute()).toEqual([]);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
  });

  it('claims fairly: a key runs at most its limit, an account at most its share, accounts in turn, across claimers', async () => {
    const clock = new ManualClock('2026-06-01T10:00:00Z');
    const [a, b, c] = ['01900000-0000-7000-8000-0000000000a1', '01900000-0000-7000-8000-0000000000b1', '01900000-0000-7000-8000-0000000000c1'];
    const fairness = { accountShare: 3, keyLimit: 2 };
    const lease = () => new Date(clock.now().getTime() + 30_000);
    // Account a: 10 jobs to one endpoint (a tarpit) and 3 to another, enqueued first; b: 2 jobs; c: 1 job.
    await enqueueJobs(database.db, clock.now(), Array.from({ length: 10 }, () => ({ queue: 'test.fair', accountId: a, concurrencyKey: 'tarpit' })));
    clock.advance(1);
    await enqueueJobs(database.db, clock.now(), Array.from({ length: 3 }, () => ({ queue: 'test.fair', accountId: a, concurrencyKey: 'other' })));
    clock.advance(1);
    await enqueueJobs(database.db, clock.now(), [{ queue: 'test.fair', accountId: b }, { queue: 'test.fair', accountId: b }, { queue: 'test.fair', accountId: c }]);
    const owner = (jobs: { share_account_id: string | null; concurrency_key: string | null }[]) => jobs.map((job) => `${job.share_account_id === a ? 'a' : job.share_account_id === b ? 'b' : 'c'}:${job.concurrency_key ?? '-'}`);

    // First claim, room for 4: each account's first due job before any account's second (a, b, c),
    // then one second job, the earliest (a's): b's second waits although a enqueued 13 before it.
    const first = await claimJobs(database.db, ['test.fair'], clock.now(), lease(), 4, fairness);
    expect(owner(first).sort()).toEqual(['a:tarpit', 'a:tarpit', 'b:-', 'c:-']);
    // A second claimer (another process) sees what runs: the tarpit key is at its limit (2), so a
    // gets one job of its other endpoint (share 3 = 2 running + 1), and b its second job.
    const second = await claimJobs(database.db, ['test.fair'], clock.now(), lease(), 10, fairness);
    expect(owner(second).sort()).toEqual(['a:other', 'b:-']);
    expect(await claimJobs(database.db, ['test.fair'], clock.now(), lease(), 10, fairness)).toEqual([]);
    // A job finishing frees its account's and its key's room; the next claim takes exactly that.
    await completeJob(database.db, first.find((job) => job.concurrency_key === 'tarpit')!, clock.now());
    expect(owner(await claimJobs(database.db, ['test.fair'], clock.now(), lease(), 10, fairness))).toEqual(['a:tarpit']);
    // Leases that ran out (their process died) count as running no more.
    clock.advance(30_000);
    const afterLeases = await claimJobs(database.db, ['test.fair'], clock.now(), lease(), 10, fairness);
    expect(owner(afterLeases).filter((o) => o === 'a:tarpit')).toHaveLength(2);
    expect(owner(afterLeases).filter((o) => o.startsWith('a:'))).toHaveLength(3);
    await database.db.deleteFrom('jobs').where('queue', '=', 'test.fair').execute();
  });

  it('on a database with one process, leases found at start stop counting, and their jobs still wait for the lease', async () => {
    const clock = new ManualClock('2026-06-01T10:00:00Z');
    const fairness = { accountShare: 16, keyLimit: 2 };
    const lease = () => new Date(clock.now().getTime() + 30_000);
    await enqueueJobs(database.db, clock.now(), Array.from({ length: 4 }, () => ({ queue: 'test.restart', concurrencyKey: 'endpoint' })));
    const died = await claimJobs(database.db, ['test.restart'], clock.now(), lease(), 10, fairness);
    expect(died).toHaveLength(2); // the key's limit; the process running them is killed here
    expect(await claimJobs(database.db, ['test.restart'], clock.now(), lease(), 10, fairness)).toEqual([]);
    await releaseLeases(database.db); // the restarted process, alone on its database
    const next = await claimJobs(database.db, ['test.restart'], clock.now(), lease(), 10, fairness);
    expect(next.map((job) => job.id).sort()).not.toEqual(died.map((job) => job.id).sort());
    expect(next).toHaveLength(2);
    await database.db.deleteFrom('jobs').where('queue', '=', 'test.restart').execute();
  });
});
