// Idempotent writes whose middle step calls another system and must hold no transaction while it
// waits (a live charge's processor, issue #30). Three short transactions instead of one:
// 1. reserve: under the key's advisory lock, the stored answer is replayed, or the work reserves
//    (or finishes: `done`, stored as idempotency.ts stores it) and the key's record is stored
//    *in progress*, naming the reservation;
// 2. send, with no transaction open; a failure releases the reservation and deletes the record in
//    one transaction (a 5xx is not stored, as before: the retry sends the same idempotency key), or,
//    with `keepOnUnknownOutcome`, only a refusal does (the rest stay in flight for the takeover);
// 3. record the answer and store it over the record in progress, in one transaction.
// A duplicate while in progress answers 409 idempotency_key_in_use, as a concurrent one always did;
// a record in progress older than `takeoverAfterMs` (its process died between 2 and 3, or is past
// its deadline) is taken over by the retry: the reservation is sent again and recorded (the other
// system answers the object it made under the same key). The repair poller completes the rest
// (completeStagedAnswer).
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import type { Tx } from '../db/database.ts';
import { auditWrite } from './audit.ts';
import { renderError } from './error-handler.ts';
import {
  IN_PROGRESS_STATUS,
  idempotencyInUse,
  idempotencyKeyReused,
  idempotencyScope,
  lockNameOf,
  requestFingerprint,
  sendOutcome,
  storeIdempotencyRecord,
  type Outcome,
  type SuccessStatus,
} from './idempotency.ts';
import type { AppDeps } from './types.ts';

export interface StagedWork<T, R> {
  /** Step 1, in the key's transaction: the finished answer, or a reservation and the token naming it. */
  reserve(tx: Tx): Promise<{ done: T } | { reserved: R; token: string }>;
  /** A reservation named by a record in progress, still to send; null when there is none any more. */
  resume(tx: Tx, token: string): Promise<R | null>;
  /** Step 2, no transaction open: the outside call; answers step 3, the record. */
  send(reserved: R): Promise<(tx: Tx) => Promise<T>>;
  /** Undoes a reservation whose call failed. */
  release(tx: Tx, reserved: R): Promise<void>;
  /** How old a record in progress must be before a retry takes it over. */
  takeoverAfterMs: number;
  /**
   * The other system may have acted on a call that failed other than by its refusal (a timeout, a
   * 5xx): the reservation stays in flight and the record in progress (a retry past the takeover or
   * the repair poller sends it again, asking first what the other system has), instead of being
   * released. For calls that are not idempotent at the other system (a Pix mandate's POST /rec).
   */
  keepOnUnknownOutcome?: boolean;
}

type Reserved<R> = { reserved: R; token: string };

export async function runStaged<T, R>(deps: Pick<AppDeps, 'db' | 'clock' | 'idempotency'>, request: FastifyRequest, reply: FastifyReply, status: SuccessStatus<T>, work: StagedWork<T, R>): Promise<FastifyReply> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') throw new Error('runStaged needs an Idempotency-Key (a required-key route)');
  const scope = idempotencyScope(request);
  const fingerprint = requestFingerprint(request);
  const lockName = lockNameOf(scope, key);
  if (!deps.idempotency.claim(lockName)) throw idempotencyInUse();
  const record = { scope, key, fingerprint };
  try {
    const first = await deps.db.transaction().execute(async (tx): Promise<Outcome | Reserved<R>> => {
      const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${lockName}, 0)) as ok`.execute(tx);
      if (!lock.rows[0]?.ok) throw idempotencyInUse();
      const now = deps.clock.now();
      const stored = await tx.selectFrom('idempotency_keys').select(['fingerprint', 'status_code', 'response_body', 'created_at', 'expires_at']).where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
      if (stored && stored.expires_at > now) {
        if (stored.fingerprint !== fingerprint) throw idempotencyKeyReused();
        if (stored.status_code !== IN_PROGRESS_STATUS) return { replayed: true, status: stored.status_code, body: stored.response_body };
        if (now.getTime() - stored.created_at.getTime() < work.takeoverAfterMs) throw idempotencyInUse();
        const token = (JSON.parse(stored.response_body) as { inProgress: string }).inProgress;
        const resumed = await work.resume(tx, token);
        if (resumed) {
          // Taken over: the record's age starts again, so no third request takes it meanwhile.
          await tx.updateTable('idempotency_keys').set({ created_at: now }).where('scope', '=', scope).where('key', '=', key).execute();
          return { reserved: resumed, token };
        }
      }
      await sql`savepoint idempotent_work`.execute(tx);
      let outcome: Outcome | Reserved<R>;
      try {
        const step = await work.reserve(tx);
        outcome = 'done' in step ? succeeded(reply, status, step.done) : step;
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        await sql`rollback to savepoint idempotent_work`.execute(tx);
        outcome = { replayed: false, ...renderError(error, request.id) };
      }
      const answer = 'reserved' in outcome ? { status: IN_PROGRESS_STATUS, body: JSON.stringify({ inProgress: outcome.token }) } : outcome;
      await storeIdempotencyRecord(tx, record, answer, now, deps.idempotency.expiresAt(now));
      if (!('reserved' in outcome)) await auditWrite(tx, request, outcome, now);
      return outcome;
    });
    if (!('reserved' in first)) return sendOutcome(reply, first);

    let recordAnswer: (tx: Tx) => Promise<T>;
    try {
      recordAnswer = await work.send(first.reserved);
    } catch (error) {
      if (work.keepOnUnknownOutcome && !(error instanceof AppError && error.code === 'provider_error')) throw error;
      await deps.db.transaction().execute(async (tx) => {
        await work.release(tx, first.reserved);
        await deleteInProgress(tx, scope, key);
      });
      throw error;
    }
    const outcome = await deps.db.transaction().execute(async (tx) => {
      await sql`savepoint idempotent_work`.execute(tx);
      let answer: Outcome;
      try {
        answer = succeeded(reply, status, await recordAnswer(tx));
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        await sql`rollback to savepoint idempotent_work`.execute(tx);
        // Refused at the record (the invoice moved meanwhile): the reservation is undone.
        await work.release(tx, first.reserved);
        answer = { replayed: false, ...renderError(error, request.id) };
      }
      // A recorder that came second (the repair poller took over) leaves the first one's answer and entry.
      if (await completeStagedAnswer(tx, scope, key, answer.status, answer.body)) await auditWrite(tx, request, answer, deps.clock.now());
      return answer;
    });
    return sendOutcome(reply, outcome);
  } finally {
    deps.idempotency.release(lockName);
  }
}

/** Stores the answer over a record still in progress (a recorder that came second leaves the first one's answer). */
export async function completeStagedAnswer(tx: Tx, scope: string, key: string, status: number, body: string): Promise<boolean> {
  const result = await tx
    .updateTable('idempotency_keys')
    .set({ status_code: status, response_body: body })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('status_code', '=', IN_PROGRESS_STATUS)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The scope of a keyed request's record (idempotency.ts idempotencyScope). */
function keyedScope(tenant: { accountId: string; environment: string }): string {
  return `${tenant.accountId}:${tenant.environment}`;
}

/**
 * For the repair poller (flows/payment-confirmation ReservedRequestAnswers, handed over by
 * background.ts): the stored answer of a request whose reservation the poller recorded or released.
 * The answer is the JSON of the result (the route's serialiser is not at hand in a job).
 */
export const reservedRequestAnswers = {
  async complete(tx: Tx, tenant: { accountId: string; environment: string }, requestKey: string, outcome: { status: number; result: unknown } | AppError): Promise<void> {
    const answer = outcome instanceof AppError ? renderError(outcome, `repair-${requestKey}`) : { status: outcome.status, body: JSON.stringify(outcome.result) };
    await completeStagedAnswer(tx, keyedScope(tenant), requestKey, answer.status, answer.body);
  },
  async abandon(tx: Tx, tenant: { accountId: string; environment: string }, requestKey: string): Promise<void> {
    await deleteInProgress(tx, keyedScope(tenant), requestKey);
  },
};

/** Drops a record in progress whose reservation was released: the key is free again. */
async function deleteInProgress(tx: Tx, scope: string, key: string): Promise<void> {
  await tx.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('status_code', '=', IN_PROGRESS_STATUS).execute();
}

function succeeded<T>(reply: FastifyReply, status: SuccessStatus<T>, result: T): Outcome {
  const code = typeof status === 'function' ? status(result) : status;
  reply.code(code);
  return { replayed: false, status: code, body: reply.serialize(result) as string };
}
