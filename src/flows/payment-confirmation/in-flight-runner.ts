// One runner for every processor call made with no transaction open (issue #30): live charges,
// live refunds, the cycle runner's off-session charges. A reservation (a row in flight, committed,
// the request to send kept on it) is sent, then recorded in a second short transaction:
// - the processor refuses the call (`provider_error`: a decline, a refusal): the reservation is
//   released, as if never made;
// - the processor is down or late (any other error): the reservation stays in flight, for a retry
//   of its request or the repair poller, which send the kept request again under the same
//   idempotency key (the processor answers the object it already made);
// - the record refuses (a business error: the invoice moved meanwhile): its writes are rolled back
//   (it refuses before writing) and the reservation is released in the same transaction.
// The repair poller's part (completeInFlight) runs the same steps over reservations older than the
// takeover time, completing the stored answer of the request that reserved each.
import type { Clock } from '../../core/clock.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Db, Executor, Tx } from '../../db/database.ts';
import type { BackgroundLog } from '../../jobs/start.ts';
import { inFlightTakeoverMs } from '../../modules/payments/index.ts';

/** What one kind of reservation (a charge, a refund) brings to the runner. */
export interface InFlightWork<Row, Reserved, Answer, Result> {
  /** Names the kind in logs: `charge`, `refund`. */
  label: string;
  /** Reservations made before `before` and still in flight, any tenant. */
  listStale(ex: Executor, before: Date, limit: number): Promise<Row[]>;
  /** A stale row's tenant, id and the Idempotency-Key of the request that reserved it. */
  describe(row: Row): { tenant: Tenant; id: string; requestKey: string | null };
  /** The reservation ready to send again from its row; null when it cannot be (its connection is gone). */
  fromRow(ex: Executor, row: Row): Promise<Reserved | null>;
  /** Step 2, no transaction open. */
  send(reserved: Reserved): Promise<Answer>;
  /** Step 3; a business error (an AppError under 500), thrown before it writes anything, is a refusal at the record. */
  record(tx: Tx, ctx: UseCaseContext, reserved: Reserved, answer: Answer): Promise<Result>;
  /** Undoes the reservation. */
  release(tx: Tx, ctx: UseCaseContext, row: Row): Promise<void>;
  /** The stored answer of the request that reserved it, from the record's result. */
  answerOf(result: Result): unknown;
  /** Its HTTP status: 201 unless told (a mandate's cancellation answers 200). */
  answerStatus?(row: Row): number;
}

export type InFlightOutcome<Result> =
  | { kind: 'recorded'; result: Result }
  /** Refused by the processor (released at once) or at the record (released with it). */
  | { kind: 'released'; error: AppError }
  /** Not sent (the processor down, late): still in flight. */
  | { kind: 'unsent'; error: unknown };

/** What the caller adds to the release's or the record's transaction (a stored answer, a subscription's next step). */
export type InFlightFollowUp<Row, Result> = (tx: Tx, ctx: UseCaseContext, row: Row, outcome: Exclude<InFlightOutcome<Result>, { kind: 'unsent' }>) => Promise<void>;

/**
 * Sends one reservation (its row, read in flight) and records or releases it; `followUp` writes in
 * the same transaction. A reservation whose processor connection was removed meanwhile cannot be
 * sent again: it is released at once, answered 409 provider_not_configured, never left in flight.
 */
export async function sendAndRecord<Row, Reserved, Answer, Result>(db: Db, ctx: UseCaseContext, work: InFlightWork<Row, Reserved, Answer, Result>, row: Row, followUp?: InFlightFollowUp<Row, Result>): Promise<InFlightOutcome<Result>> {
  const reserved = await work.fromRow(db, row);
  const release = async (error: AppError) => {
    const released = { kind: 'released' as const, error };
    await db.transaction().execute(async (tx) => {
      await work.release(tx, ctx, row);
      await followUp?.(tx, ctx, row, released);
    });
    return released;
  };
  if (!reserved) {
    return release(new AppError('provider_not_configured', `The processor connection this ${work.label} was reserved on was removed before it was recorded; nothing more was sent and the reservation was released. Connect the processor again and retry.`));
  }
  let answer: Answer;
  try {
    answer = await work.send(reserved);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'provider_error') return { kind: 'unsent', error };
    return release(error);
  }
  return db.transaction().execute(async (tx) => {
    let outcome: Exclude<InFlightOutcome<Result>, { kind: 'unsent' }>;
    try {
      outcome = { kind: 'recorded', result: await work.record(tx, ctx, reserved, answer) };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      await work.release(tx, ctx, row);
      outcome = { kind: 'released', error };
    }
    await followUp?.(tx, ctx, row, outcome);
    return outcome;
  });
}

/**
 * The stored answers of the requests that reserved charges and refunds: the HTTP layer's records,
 * handed over by background.ts (http/idempotency-staged.ts reservedRequestAnswers). Without them
 * the reservations are still recorded; a retry of their request then waits for the record's expiry.
 */
export interface ReservedRequestAnswers {
  /** The answer over the record in progress: 201 and the result, or the business error. */
  complete(tx: Tx, tenant: Tenant, requestKey: string, outcome: { status: number; result: unknown } | AppError): Promise<void>;
  /** The record in progress dropped: the key is free again. */
  abandon(tx: Tx, tenant: Tenant, requestKey: string): Promise<void>;
}

const BATCH = 100;

/**
 * The repair poller's part: reservations left in flight past the takeover time (their process died
 * between the call and the record, or is past its deadline) sent again and recorded; answers how
 * many were recorded. A processor down leaves them to the next round.
 */
export async function completeInFlight<Row, Reserved, Answer, Result>(db: Db, clock: Clock, baseUrl: string, work: InFlightWork<Row, Reserved, Answer, Result>, answers: ReservedRequestAnswers | null, log?: BackgroundLog, followUp?: InFlightFollowUp<Row, Result>): Promise<number> {
  const before = new Date(clock.now().getTime() - inFlightTakeoverMs());
  let completed = 0;
  for (const row of await work.listStale(db, before, BATCH)) {
    const { tenant, id, requestKey } = work.describe(row);
    const ctx = { tenant, now: clock.now(), baseUrl };
    const outcome = await sendAndRecord(db, ctx, work, row, async (tx, _ctx, _row, done) => {
      if (requestKey && answers) {
        if (done.kind === 'recorded') await answers.complete(tx, tenant, requestKey, { status: work.answerStatus?.(row) ?? 201, result: work.answerOf(done.result) });
        else if (done.error.code === 'provider_error') await answers.abandon(tx, tenant, requestKey);
        else await answers.complete(tx, tenant, requestKey, done.error);
      }
      await followUp?.(tx, ctx, row, done);
    });
    if (outcome.kind === 'recorded') completed += 1;
    else if (outcome.kind === 'released' && outcome.error.code !== 'provider_error') continue;
    else log?.error({ [`${work.label}Id`]: id, code: (outcome.kind === 'unsent' ? (outcome.error as { code?: string }).code : outcome.error.code) }, `repair poller: sending a ${work.label} in flight again failed`);
  }
  return completed;
}
