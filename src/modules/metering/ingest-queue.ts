// Group commit for usage ingestion. Requests that arrive while groups are being written wait and
// then go together in the next group: one database call (metering_ingest), one transaction and one
// commit (one WAL flush) for all of them, instead of a transaction each. A lone request under light
// load is written at once (two idle turns of the event loop), so latency stays low; under load
// groups grow by themselves.
// Each request keeps its own answer and its own Idempotency-Key semantics (see http/idempotency.ts).
// A request naming an enrollment whose usage an invoice is reading is set aside by the group's call
// and sent again in a later group, so it never holds up the others (docs/metering.md, "Invoicing
// never stalls ingestion"). The queue is bounded: past its limit a request is answered 503.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { renderError } from '../../http/error-handler.ts';
import { keyRefusal, type UnconfirmedKey } from '../accounts/index.ts';
import { storeResponses } from '../../http/idempotency-batch.ts';
import { idempotencyInUse, idempotencyKeyReused, type Idempotency, type Outcome } from '../../http/idempotency.ts';
import { insufficientBalance, unresolvedEventsError, usageAlreadyInvoiced } from './usage-refusals.ts';
import { ingestGroup, type GroupOutcome, type GroupRequest } from './repository.ts';
import type { NormalizedEvent } from './normalize.ts';

export interface IngestJob extends GroupRequest {
  /** Field path prefix of event i in error messages: '' for one event, `events[i].` for a batch. */
  fieldPrefix: (index: number) => string;
  requestId: string;
  /** The request's API key when it came from memory: the group's call reads its row, and the answer settles it. */
  unconfirmedKey: UnconfirmedKey | null;
  /** The pure checks again as of `now` (the account's test clock, found by the call): its events, or throws their 422. */
  recheck(now: Date): NormalizedEvent[];
}

interface Pending {
  job: IngestJob;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
  /** Times the group's call found an invoice holding a usage lock the request needs. */
  busyAttempts: number;
  /** Until when (ms, Date.now) it may be sent again while that lasts; then it is answered 503. */
  lockDeadline: number;
}

export interface IngestQueueOptions {
  db: Db;
  clock: Clock;
  idempotency: Idempotency;
  /** Groups written at the same time (PostgreSQL: a few; PGlite has one connection: 1). */
  concurrency: number;
  /** Upper bound of events in one group. */
  maxEventsPerGroup: number;
  /** Events waiting at most; a request that would pass it is answered 503 with Retry-After. */
  maxPendingEvents: number;
  /** How long a request may wait for an invoice to release the usage lock of an enrollment it names. */
  usageLockWaitMs: number;
  log: FastifyBaseLogger;
}

/** Set aside by the group's call: an invoice holds the usage lock of an enrollment it names. */
const BUSY = Symbol('busy');

/** Its key came from memory and its account has a sandbox test clock now: checked again on it (as of this instant). */
class Clocked {
  constructor(readonly clock: Date) {}
}

/** First pause before a set-aside request is sent again; it doubles up to the next constant. */
const BUSY_RETRY_FIRST_MS = 5;
const BUSY_RETRY_MAX_MS = 100;

/**
 * A second group is written alongside the first only when this many events wait (batches): then a
 * second backend adds throughput. Single events go one group at a time, where a second group in
 * flight only splits them into smaller groups that cost more per event (measured both ways).
 */
const PARALLEL_GROUP_MIN_EVENTS = 1000;

/** Rollup shards: a group writes the shard of its slot, offset per process so processes differ. */
const ROLLUP_SHARDS = 16;

export class IngestQueue {
  private readonly pending: Pending[] = [];
  /** Events of the pending requests (kept, not summed on each pump: hundreds may wait). */
  private pendingEvents = 0;
  private running = 0;
  private pumpScheduled = false;
  private readonly freeSlots: number[];

  constructor(private readonly options: IngestQueueOptions) {
    const offset = Math.floor(Math.random() * ROLLUP_SHARDS);
    this.freeSlots = Array.from({ length: options.concurrency }, (_, i) => (offset + i) % ROLLUP_SHARDS);
  }

  /** Queues a request; resolves with its outcome once its group committed. */
  submit(job: IngestJob): Promise<Outcome> {
    // A lone request is always admitted (one larger than the limit could never be otherwise).
    if (this.pendingEvents > 0 && this.pendingEvents + job.events.length > this.options.maxPendingEvents) return Promise.reject(queueFull());
    if (!this.options.idempotency.claim(job.lockName)) return Promise.reject(idempotencyInUse());
    return new Promise<Outcome>((resolve, reject) => {
      this.enqueue({ job, resolve, reject, busyAttempts: 0, lockDeadline: Date.now() + this.options.usageLockWaitMs });
    }).finally(() => this.options.idempotency.release(job.lockName));
  }

  private enqueue(pending: Pending): void {
    this.pending.push(pending);
    this.pendingEvents += pending.job.events.length;
    this.schedulePump();
  }

  /**
   * Sends a set-aside request again after a pause (doubling, so an invoice held long costs few
   * calls), or answers it 503 once it waited its time. It is out of the queue while it pauses, so
   * the requests behind it go on.
   */
  private retryWhenUnlocked(pending: Pending): void {
    const pause = Math.min(BUSY_RETRY_FIRST_MS * 2 ** pending.busyAttempts, BUSY_RETRY_MAX_MS);
    pending.busyAttempts += 1;
    if (Date.now() + pause > pending.lockDeadline) {
      pending.reject(usageBeingInvoiced());
      return;
    }
    setTimeout(() => this.enqueue(pending), pause).unref();
  }

  /**
   * A request whose key came from memory while its account has a sandbox test clock: its events
   * are checked again as of the clock (what a lookup of the key would have given the route), and
   * it goes in a later group with its key confirmed.
   */
  private recheckOnClock(pending: Pending, clock: Date): void {
    try {
      const events = pending.job.recheck(clock);
      // Its key stays `clocked` (forgotten when the answer leaves): this job no longer settles it.
      pending.job = { ...pending.job, events, keyToConfirm: null, unconfirmedKey: null };
    } catch (error) {
      pending.reject(error);
      return;
    }
    this.enqueue(pending);
  }

  /**
   * Groups start once the event loop has read what arrived meanwhile: after the poll phase that
   * follows this one (two turns of setImmediate). Requests that arrive while this thread is busy
   * (answering the last group, or running the group itself on PGlite, which works in this thread)
   * are read only in the next poll phase; a group started at once left them to the group after.
   * On PGlite that made every group one request (docs/benchmarks.md); on PostgreSQL it measures the
   * same either way. A lone request waits two idle turns: microseconds.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() =>
      setImmediate(() => {
        this.pumpScheduled = false;
        this.pump();
      }),
    );
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.pending.length > 0 && (this.running === 0 || this.pendingEvents >= PARALLEL_GROUP_MIN_EVENTS)) {
      const group: Pending[] = [];
      let events = 0;
      while (this.pending.length > 0 && (group.length === 0 || events + this.pending[0]!.job.events.length <= this.options.maxEventsPerGroup)) {
        const next = this.pending.shift()!;
        events += next.job.events.length;
        group.push(next);
      }
      this.pendingEvents -= events;
      this.running++;
      const shard = this.freeSlots.pop()!;
      void this.writeGroup(group, shard).finally(() => {
        this.freeSlots.push(shard);
        this.running--;
        this.schedulePump();
      });
    }
  }

  private async writeGroup(group: Pending[], shard: number): Promise<void> {
    try {
      const outcomes = await this.commit(group.map((p) => p.job), shard);
      group.forEach((p, i) => {
        const outcome = outcomes[i]!;
        if (outcome === BUSY) this.retryWhenUnlocked(p);
        else if (outcome instanceof Clocked) this.recheckOnClock(p, outcome.clock);
        else if (outcome instanceof AppError) p.reject(outcome);
        else p.resolve(outcome);
      });
    } catch (error) {
      const events = group.reduce((sum, p) => sum + p.job.events.length, 0);
      this.options.log.error(
        { err: error, requests: group.length, events, requestIds: group.map((p) => p.job.requestId) },
        group.length === 1 ? 'usage commit failed' : 'usage commit group failed; retrying each request alone',
      );
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      // One request's data broke the whole call: retry each alone so the others still land.
      await Promise.all(group.map((p) => this.writeGroup([p], shard)));
    }
  }

  /** Writes the group; an AppError in the result is an unstored refusal (409/422 key errors), BUSY a request set aside. */
  private async commit(jobs: IngestJob[], shard: number): Promise<Array<Outcome | AppError | typeof BUSY | Clocked>> {
    const { db, clock, idempotency } = this.options;
    const now = clock.now();
    const outcomes = await ingestGroup(db, jobs, now, idempotency.expiresAt(now), shard);
    outcomes.forEach((outcome, i) => {
      const job = jobs[i]!;
      if (job.unconfirmedKey) job.unconfirmedKey.state = outcome.kind === 'key_refused' ? 'refused' : outcome.kind === 'clocked' ? 'clocked' : 'live';
    });
    const refusals: Array<{ job: IngestJob; status: number; body: string }> = [];
    const answers = outcomes.map((outcome, i): Outcome | AppError | typeof BUSY | Clocked => {
      const job = jobs[i]!;
      const answer = answerOf(outcome, job);
      if ((outcome.kind === 'invalid' || outcome.kind === 'refused') && answer !== BUSY && !(answer instanceof AppError) && !(answer instanceof Clocked)) refusals.push({ job, ...answer });
      return answer;
    });
    // Refusals wrote nothing, so their answers are stored after the fact, like any error answer.
    if (refusals.length > 0) {
      await db.transaction().execute((tx) =>
        storeResponses(
          tx,
          refusals.map(({ job, status, body }) => ({ scope: job.scope, key: job.key, fingerprint: job.fingerprint, status, body })),
          now,
          idempotency.expiresAt(now),
        ),
      );
    }
    return answers;
  }
}

function answerOf(outcome: GroupOutcome, job: IngestJob): Outcome | AppError | typeof BUSY | Clocked {
  switch (outcome.kind) {
    case 'busy':
      return BUSY;
    case 'clocked':
      return new Clocked(outcome.clock);
    case 'key_refused':
      return keyRefusal(outcome.state);
    case 'in_use':
      return idempotencyInUse();
    case 'stored':
      return outcome.fingerprint === job.fingerprint ? { replayed: true, status: outcome.status, body: outcome.body } : idempotencyKeyReused();
    case 'recorded':
      return { replayed: false, status: outcome.status, body: outcome.body };
    case 'invalid':
      return rendered(unresolvedEventsError(outcome.problems, job.events, job.fieldPrefix), job);
    case 'refused':
      return rendered(usageAlreadyInvoiced(), job);
    case 'insufficient':
      // Not stored with the key: once the balance is topped up, the same request may go through.
      return insufficientBalance(outcome.shortfall, job.events, job.fieldPrefix);
  }
}

function queueFull(): AppError {
  return new AppError('service_unavailable', 'Too much usage is waiting to be recorded right now; retry in a moment.', { retryAfterSeconds: 1 });
}

function usageBeingInvoiced(): AppError {
  return new AppError('service_unavailable', 'Usage of this customer is being invoiced right now; retry in a moment.', { retryAfterSeconds: 1 });
}

function rendered(error: AppError, job: IngestJob): Outcome {
  const { status, body } = renderError(error, job.requestId);
  return { replayed: false, status, body };
}
