import { AppError } from '../core/errors.ts';

/** True when a database error is a unique-constraint violation (optionally of one constraint). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  if (!e || e.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint;
}

/**
 * PostgreSQL's "not now" failures as a 503 the client may retry (Retry-After): a lock not granted
 * within lock_timeout (55P03 lock_not_available), a statement stopped at statement_timeout (57014
 * query_canceled) and a deadlock the server broke (40P01). Nothing of the request was kept: its
 * transaction rolled back, so a retry with the same Idempotency-Key runs it again. Null for others.
 */
export function databaseBusyError(error: unknown): AppError | null {
  switch ((error as { code?: unknown } | null)?.code) {
    case '55P03':
      return new AppError('service_unavailable', 'The data this request needs is busy with another request (a lock was not granted in time); nothing was changed. Retry shortly.', {
        retryAfterSeconds: 1,
      });
    case '57014':
      return new AppError('service_unavailable', 'The request took longer than the database allows (statement timeout); nothing was changed. Retry later.', {
        retryAfterSeconds: 5,
      });
    case '40P01':
      return new AppError('service_unavailable', 'The request conflicted with a concurrent one (deadlock); nothing was changed. Retry shortly.', { retryAfterSeconds: 1 });
    default:
      return null;
  }
}
