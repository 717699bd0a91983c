// Delivers the outbox after commit: every production email has a job (same id, queued in the
// email's transaction), run by the job runner in any process (src/jobs/). The job's lease keeps
// two processes off one email; delivery is at least once: a process that dies after the server
// accepted a message but before recording it sends it again after the lease.
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/database.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import * as repo from './repository.ts';
import { MailerError, type Mailer } from './mailer.ts';

export const EMAIL_QUEUE = 'email.send';
/** Attempts before giving up on a temporarily failing email (about a day of back-off). */
export const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 6 * 3_600_000;

/** Delay before the next try after `attempts` failed ones: 1 min, 2, 4, ... capped at 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export function emailJobHandler(db: Db, mailer: Mailer, clock: Clock): JobHandler {
  return { queue: EMAIL_QUEUE, run: (job) => sendQueuedEmail(db, mailer, clock, job.id) };
}

/** Sends one outbox email; resolves when to try again after a temporary failure. */
export async function sendQueuedEmail(db: Db, mailer: Mailer, clock: Clock, id: string): Promise<void | { retryAt: Date }> {
  const email = await repo.startEmailAttempt(db, id);
  if (!email) return; // sent already (a retried job), or not in the outbox
  try {
    await mailer.send({ to: email.to_address, subject: email.subject, text: email.text_body, html: email.html_body });
    await repo.markEmailSent(db, email.id, clock.now());
  } catch (error) {
    const permanent = error instanceof MailerError && error.permanent;
    const retryAt = permanent || email.attempts >= MAX_ATTEMPTS ? null : new Date(clock.now().getTime() + retryDelayMs(email.attempts));
    await repo.markEmailFailed(db, email.id, describe(error), retryAt);
    return retryAt ? { retryAt } : undefined;
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}
