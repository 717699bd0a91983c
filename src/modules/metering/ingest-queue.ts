// Group commit for usage ingestion. Requests that arrive while a group is being written wait and
// then go together in the next group: one transaction, a handful of set-based statements and one
// commit (one WAL flush) for all of them, instead of a transaction each. A lone request under light
// load is written at once, so latency stays low; under load groups grow by themselves.
// Each request keeps its own answer and its own Idempotency-Key semantics (see http/idempotency.ts).
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { renderError } from '../../http/error-handler.ts';
import { findStoredResponses, storeResponses, tryLockKeys, type ResponseToStore } from '../../http/idempotency-batch.ts';
import { idempotencyInUse, idempotencyKeyReused, type Idempotency, type Outcome } from '../../http/idempotency.ts';
import { recordUsage, type EventResult, type UsageRequest } from './record-usage.ts';

export interface IngestJob extends UsageRequest {
  scope: string;
  key: string;
  lockName: string;
  fingerprint: string;
  requestId: string;
  /** Turns the event results into the response (status and JSON body) of this route. */
  respond(results: EventResult[]): { status: number; body: string };
}

interface Pending {
  job: IngestJob;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

export interface IngestQueueOptions {
  db: Db;
  clock: Clock;
  idempotency: Idempotency;
  /** Groups written at the same time (PostgreSQL: a few; PGlite has one connection: 1). */
  concurrency: number;
  /** Upper bound of events in one group. */
  maxEventsPerGroup: number;
}

/**
 * A second group is written alongside the first only when enough events wait (batches): then the
 * database, not the event loop, is the limit and a second backend helps. Small single-event groups
 * go one at a time, where an extra group in flight only adds round trips (measured both ways).
 */
const PARALLEL_GROUP_MIN_EVENTS = 2000;

/** Rollup shards: a group writes the shard of its slot, offset per process so processes differ. */
const ROLLUP_SHARDS = 16;

export class IngestQueue {
  private readonly pending: Pending[] = [];
  private running = 0;
  private readonly freeSlots: number[];

  constructor(private readonly options: IngestQueueOptions) {
    const offset = Math.floor(Math.random() * ROLLUP_SHARDS);
    this.freeSlots = Array.from({ length: options.concurrency }, (_, i) => (offset + i) % ROLLUP_SHARDS);
  }

  /** Queues a request; resolves with its outcome once its group committed. */
  submit(job: IngestJob): Promise<Outcome> {
    if (!this.options.idempotency.claim(job.lockName)) return Promise.reject(idempotencyInUse());
    return new Promise<Outcome>((resolve, reject) => {
      this.pending.push({ job, resolve, reject });
      this.pump();
    }).finally(() => this.options.idempotency.release(job.lockName));
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.pending.length > 0 && (this.running === 0 || this.pendingEvents() >= PARALLEL_GROUP_MIN_EVENTS)) {
      const group: Pending[] = [];
      let events = 0;
      while (this.pending.length > 0 && (group.length === 0 || events + this.pending[0]!.job.events.length <= this.options.maxEventsPerGroup)) {
        const next = this.pending.shift()!;
        events += next.job.events.length;
        group.push(next);
      }
      this.running++;
      const shard = this.freeSlots.pop()!;
      void this.writeGroup(group, shard).finally(() => {
        this.freeSlots.push(shard);
        this.running--;
        this.pump();
      });
    }
  }

  private pendingEvents(): number {
    let events = 0;
    for (const p of this.pending) events += p.job.events.length;
    return events;
  }

  private async writeGroup(group: Pending[], shard: number): Promise<void> {
    try {
      const outcomes = await this.commit(group.map((p) => p.job), shard);
      group.forEach((p, i) => {
        const outcome = outcomes[i]!;
        if (outcome instanceof AppError) p.reject(outcome);
        else p.resolve(outcome);
      });
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      // One request's data broke the whole statement: retry each alone so the others still land.
      await Promise.all(group.map((p) => this.writeGroup([p], shard)));
    }
  }

  /** One transaction for the group. An AppError in the result is an unstored refusal (409/422 key errors). */
  private async commit(jobs: IngestJob[], shard: number): Promise<Array<Outcome | AppError>> {
    const { db, clock, idempotency } = this.options;
    return db.transaction().execute(async (tx) => {
      const now = clock.now();
      const answers: Array<Outcome | AppError | null> = jobs.map(() => null);
      const locked = await tryLockKeys(tx, jobs.map((j) => j.lockName));
      const stored = await findStoredResponses(tx, jobs.map((j) => ({ scope: j.scope, key: j.key })));
      const toRun: number[] = [];
      jobs.forEach((job, i) => {
        if (!locked[i]) {
          answers[i] = idempotencyInUse();
          return;
        }
        const previous = stored.get(job.lockName);
        if (previous && previous.expires_at > now) {
          answers[i] = previous.fingerprint === job.fingerprint ? { replayed: true, status: previous.status_code, body: previous.response_body } : idempotencyKeyReused();
          return;
        }
        toRun.push(i);
      });

      const results = await recordUsage(tx, toRun.map((i) => jobs[i]!), now, shard);
      const toStore: ResponseToStore[] = [];
      toRun.forEach((jobIndex, k) => {
        const job = jobs[jobIndex]!;
        const result = results[k]!;
        const response = result.ok ? job.respond(result.results) : renderError(result.error, job.requestId);
        answers[jobIndex] = { replayed: false, status: response.status, body: response.body };
        toStore.push({ scope: job.scope, key: job.key, fingerprint: job.fingerprint, status: response.status, body: response.body });
      });
      await storeResponses(tx, toStore, now, idempotency.expiresAt(now));
      return answers.map((a) => a!);
    });
  }
}
