// Delivers the outbox after commit. Safe to run in several processes at once: each run claims
// its rows with `for update skip locked` plus a lease (repository.claimDueEmails), sends outside
// any transaction, then records the outcome. Delivery is at least once: a process that dies
// after the server accepted a message but before recording it sends it again after the lease.
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/database.ts';
import * as repo from './repository.ts';
import { MailerError, type Mailer } from './mailer.ts';

/** How long a claimed email stays reserved for the dispatcher that claimed it. */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Attempts before giving up on a temporarily failing email (about a day of back-off). */
export const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 6 * 3_600_000;
const MAX_BATCHES_PER_RUN = 20;

export interface DispatchResult {
  sent: number;
  failed: number;
}

/** Delay before the next try after `attempts` failed ones: 1 min, 2, 4, ... capped at 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** Sends the emails due now (by batches, until none is left or the run's cap is reached). */
export async function dispatchEmails(db: Db, mailer: Mailer, clock: Clock, batchSize = 50): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, failed: 0 };
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const now = clock.now();
    const claimed = await repo.claimDueEmails(db, now, new Date(now.getTime() + CLAIM_LEASE_MS), batchSize);
    for (const email of claimed) {
      try {
        await mailer.send({ to: email.to_address, subject: email.subject, text: email.text_body, html: email.html_body });
        await repo.markEmailSent(db, email.id, clock.now());
        result.sent++;
      } catch (error) {
        const permanent = error instanceof MailerError && error.permanent;
        const retryAt = permanent || email.attempts >= MAX_ATTEMPTS ? null : new Date(clock.now().getTime() + retryDelayMs(email.attempts));
        await repo.markEmailFailed(db, email.id, describe(error), retryAt);
        result.failed++;
      }
    }
    if (claimed.length < batchSize) break;
  }
  return result;
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}
