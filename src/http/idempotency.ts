// Idempotent writes. A write runs inside one transaction that also stores its response, so a crash
// leaves both or neither. Concurrent duplicates never run twice: within a process an in-flight set
// answers at once; across processes a transaction-scoped advisory lock on (scope, key) does.
// Stored: every response of a request that started executing (2xx and business 4xx). Not stored:
// 401/403/429 and schema failures (they happen before this runs) and 5xx (rolled back, retryable).
import { createHash, hash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import type { Clock } from '../core/clock.ts';
import type { Db, Tx } from '../db/database.ts';
import { auditWrite } from './audit.ts';
import { renderError } from './error-handler.ts';
import { purgeExpiredKeys } from './idempotency-purge.ts';

const MAX_KEY_LENGTH = 255;
const PRINTABLE = /^[\x21-\x7e]+$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Idempotency {
  /**
   * Runs `work` once per Idempotency-Key and sends its result (or the stored one) with `status`,
   * a number or a function of the result (e.g. 201 for a created resource, 200 for an existing one).
   * `afterCommit`, when given, runs once the work's transaction committed and before the answer is
   * sent, with no transaction open (a processor call the work only reserved, issue #30); only when
   * the work ran and succeeded now (never on a replay or a business error). It cannot change the
   * answer, which was stored with the change, and should not throw (the change is committed: a
   * 500 would say otherwise).
   */
  run<T>(request: FastifyRequest, reply: FastifyReply, status: SuccessStatus<T>, work: (tx: Tx) => Promise<T>, afterCommit?: (result: T) => Promise<void>): Promise<FastifyReply>;
  /** Deletes records past their retention, in bounded chunks (idempotency-purge.ts); returns how many. */
  purgeExpired(): Promise<number>;
  /** Marks a key as running in this process; false when it already is (answer 409). */
  claim(lockName: string): boolean;
  release(lockName: string): void;
  /** When a record stored now expires. */
  expiresAt(now: Date): Date;
}

export type SuccessStatus<T> = number | ((result: T) => number);

/** status_code of a record whose request is between its reservation and its record (idempotency-staged.ts; never an HTTP status). */
export const IN_PROGRESS_STATUS = 0;

export interface Outcome {
  replayed: boolean;
  status: number;
  body: string;
}

/** Whose key space an Idempotency-Key lives in: the tenant, or the route family on keyless routes. */
export function idempotencyScope(request: FastifyRequest): string {
  if (request.auth) return `${request.auth.accountId}:${request.auth.environment}`;
  const family = `public:${request.routeOptions.url}`;
  return request.routeOptions.config.idempotencyPerAddress ? `${family}:${request.ip}` : family;
}

/**
 * What makes two requests "the same": method, path with query, and the body as sent (its bytes,
 * kept by json-body.ts; a request without a JSON body hashes its parsed body, usually none).
 */
export function requestFingerprint(request: FastifyRequest): string {
  const head = `${request.method} ${request.url}\n`;
  // The bytes as sent are hashed after the head, never copied into one buffer with it (a usage
  // batch is about 150 kB); without them, one hash of the text.
  if (request.rawBody) return createHash('sha256').update(head).update(request.rawBody).digest('hex');
  return hash('sha256', head + JSON.stringify(request.body ?? null), 'hex');
}

/** The name both the in-process set and the advisory lock use for (scope, key). */
export function lockNameOf(scope: string, key: string): string {
  return `${scope}\n${key}`;
}

export function idempotencyInUse(): AppError {
  return new AppError('idempotency_key_in_use', 'A request with this Idempotency-Key is still running. Retry after it finishes to get its result.');
}

export function idempotencyKeyReused(): AppError {
  return new AppError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request. Use a new key for a new operation.');
}

/** Sends an outcome, marking replays. */
export function sendOutcome(reply: FastifyReply, outcome: Outcome): FastifyReply {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(outcome.status).type('application/json; charset=utf-8').send(outcome.body);
}

export function createIdempotency(db: Db, clock: Clock, retentionHours: number): Idempotency {
  const inFlight = new Set<string>();
  const expiresAtFrom = (now: Date) => new Date(now.getTime() + retentionHours * 3_600_000);

  async function execute<T>(request: FastifyRequest, reply: FastifyReply, status: SuccessStatus<T>, key: string, work: (tx: Tx) => Promise<T>): Promise<Outcome & { result?: T }> {
    const scope = idempotencyScope(request);
    const fingerprint = requestFingerprint(request);
    const lockName = lockNameOf(scope, key);
    if (inFlight.has(lockName)) throw idempotencyInUse();
    inFlight.add(lockName);
    try {
      return await db.transaction().execute(async (tx) => {
        const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtextextended(${lockName}, 0)) as ok`.execute(tx);
        if (!lock.rows[0]?.ok) throw idempotencyInUse();
        const now = clock.now();
        const stored = await tx
          .selectFrom('idempotency_keys')
          .select(['fingerprint', 'status_code', 'response_body', 'expires_at'])
          .where('scope', '=', scope)
          .where('key', '=', key)
          .executeTakeFirst();
        if (stored && stored.expires_at > now) {
          if (stored.fingerprint !== fingerprint) throw idempotencyKeyReused();
          if (stored.status_code === IN_PROGRESS_STATUS) throw idempotencyInUse();
          return { replayed: true, status: stored.status_code, body: stored.response_body };
        }
        const outcome = await runInSavepoint(tx, request, reply, status, work);
        const expiresAt = expiresAtFrom(now);
        await storeIdempotencyRecord(tx, { scope, key, fingerprint }, outcome, now, expiresAt);
        await auditWrite(tx, request, outcome, now);
        return outcome;
      });
    } finally {
      inFlight.delete(lockName);
    }
  }

  return {
    async run<T>(request: FastifyRequest, reply: FastifyReply, status: SuccessStatus<T>, work: (tx: Tx) => Promise<T>, afterCommit?: (result: T) => Promise<void>) {
      const key = request.headers['idempotency-key'];
      let outcome: Outcome & { result?: T };
      if (typeof key === 'string') {
        outcome = await execute(request, reply, status, key, work);
      } else {
        // Only routes marked `optional` get here (the pre-validation hook refuses the rest). No
        // answer to store, so no savepoint: a business error rolls the whole transaction back
        // (one statement less on the Rail's settle, which runs once per paid request).
        try {
          outcome = await db.transaction().execute(async (tx) => succeeded(reply, status, await work(tx)));
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          outcome = { replayed: false, ...renderError(error, request.id) };
        }
      }
      if (afterCommit && 'result' in outcome) await afterCommit(outcome.result as T);
      return sendOutcome(reply, outcome);
    },
    claim(lockName) {
      if (inFlight.has(lockName)) return false;
      inFlight.add(lockName);
      return true;
    },
    release(lockName) {
      inFlight.delete(lockName);
    },
    expiresAt: expiresAtFrom,
    async purgeExpired() {
      return (await purgeExpiredKeys(db, clock.now())).removed;
    },
  };
}

/** The answer of a use case that succeeded. */
function succeeded<T>(reply: FastifyReply, status: SuccessStatus<T>, result: T): Outcome & { result: T } {
  const code = typeof status === 'function' ? status(result) : status;
  reply.code(code);
  // The route's response schema serialises the body, exactly as a direct reply would; the result
  // rides along for run's afterCommit.
  return { replayed: false, status: code, body: reply.serialize(result) as string, result };
}

/** Runs the use case; a business error rolls back its changes but is still the (stored) answer. */
async function runInSavepoint<T>(tx: Tx, request: FastifyRequest, reply: FastifyReply, status: SuccessStatus<T>, work: (tx: Tx) => Promise<T>): Promise<Outcome & { result?: T }> {
  await sql`savepoint idempotent_work`.execute(tx);
  try {
    return succeeded(reply, status, await work(tx));
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    await sql`rollback to savepoint idempotent_work`.execute(tx);
    return { replayed: false, ...renderError(error, request.id) };
  }
}

/** Refuses writes without a usable Idempotency-Key before their body is even validated. */
export function assertIdempotencyKey(request: FastifyRequest): void {
  if (!WRITE_METHODS.has(request.method)) return;
  const mode = request.routeOptions.config.idempotency ?? 'required';
  if (mode === 'exempt') return;
  const key = request.headers['idempotency-key'];
  if (key === undefined) {
    if (mode === 'optional') return;
    throw new AppError('idempotency_key_missing', 'This request changes data and needs an Idempotency-Key header (a UUID works).');
  }
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || !PRINTABLE.test(key)) {
    throw new AppError('idempotency_key_invalid', 'The Idempotency-Key header must be 1 to 255 printable characters.');
  }
}

/** The request's Idempotency-Key (the hook has checked it): live charges, refunds and mandates derive their processor keys from it. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const key = headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}

/** Stores an answer under its key: an expired record of the key (or one in progress being completed) is replaced; `excluded` sends the answer's bytes once, not twice. */
export async function storeIdempotencyRecord(tx: Tx, record: { scope: string; key: string; fingerprint: string }, answer: { status: number; body: string }, now: Date, expiresAt: Date): Promise<void> {
  await tx
    .insertInto('idempotency_keys')
    .values({ ...record, status_code: answer.status, response_body: answer.body, created_at: now, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.columns(['scope', 'key']).doUpdateSet((eb) => ({
        fingerprint: eb.ref('excluded.fingerprint'),
        status_code: eb.ref('excluded.status_code'),
        response_body: eb.ref('excluded.response_body'),
        created_at: eb.ref('excluded.created_at'),
        expires_at: eb.ref('excluded.expires_at'),
      })),
    )
    .execute();
}
