// The sandbox test clock: POST /test/clock/advance moves the calling account's sandbox forward to
// an instant, then bills what became due up to it (subscription periods, trials ending, cancels at
// period end) and closes the Rail receipts of the days it ended, before answering. Requests of
// the account's sandbox keys run as of the clock from then on (http/context.ts); the cycle runner
// of every process does too (repository claimDueSubscription). POST /test/clock/reset returns the sandbox to the real time when that
// rewrites nothing. Production never reads it. What the clock moves and what stays on the real
// time: docs/decisions/test-clock.md.
import type { Clock } from '../../core/clock.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { advanceSandboxClock, clearSandboxClock, lockSandboxClockOf, readSandboxClock } from '../../modules/accounts/index.ts';
import { recordedAfter } from '../../modules/events/index.ts';
import { closeEndedReceipts } from '../rail/index.ts';
import { MAX_PER_RUN, runDueSubscriptions } from './runner.ts';

const PARALLEL_RUNNERS = 4;
const RECEIPTS_PER_RUN = 500;

export interface TestClockView {
  now: Date;
  /** true once advanced: the account's sandbox runs as of `now` and time stands still. */
  frozen: boolean;
}

export async function getTestClock(db: Db, tenant: Tenant, clock: Clock): Promise<TestClockView> {
  const at = await readSandboxClock(db, tenant.accountId);
  return { now: at ?? clock.now(), frozen: at !== null };
}

export async function advanceTestClock(db: Db, tenant: Tenant, clock: Clock, baseUrl: string, to: Date, batches = true): Promise<TestClockView & { invoicesCreated: number }> {
  await db.transaction().execute((tx) => advanceSandboxClock(tx, tenant.accountId, to, clock.now()));
  let invoicesCreated = 0;
  // Runners side by side (PostgreSQL bills with several connections; PGlite takes them in turn).
  await Promise.all(
    Array.from({ length: PARALLEL_RUNNERS }, async () => {
      for (;;) {
        const run = await runDueSubscriptions(db, clock, baseUrl, tenant, { batches });
        invoicesCreated += run.invoices;
        if (run.handled < MAX_PER_RUN) break;
      }
    }),
  );
  // Then wait for rows another process's runner holds: the answer comes once all is billed.
  invoicesCreated += (await runDueSubscriptions(db, clock, baseUrl, tenant, { waitForLocked: true })).invoices;
  // And the Rail receipts of the days the clock ended (the close job would, within 5 minutes).
  for (;;) {
    const closing = await closeEndedReceipts(db, clock, baseUrl, RECEIPTS_PER_RUN, tenant);
    // A receipt that fails to close stays for the job (it logs why): only progress loops again.
    if (closing.closed === 0 || closing.closed + closing.failed.length < RECEIPTS_PER_RUN) break;
  }
  return { now: to, frozen: true, invoicesCreated };
}

/**
 * Back to the real clock. Refused (409 `test_clock_ahead`) while anything of the sandbox is dated
 * after the real time (an invoice, a billed period, a payment: each records its event): going back
 * would date what comes next before it, a period billed twice or a payment before its invoice.
 * Once the real time has passed the clock's records, the reset is allowed (nothing is rewritten).
 * The account row stays locked meanwhile, so an advance waits for it.
 */
export async function resetTestClock(tx: Tx, tenant: Tenant, clock: Clock): Promise<TestClockView> {
  const realNow = clock.now();
  const at = await lockSandboxClockOf(tx, tenant.accountId);
  if (at === null) return { now: realNow, frozen: false };
  if (await recordedAfter(tx, tenant, realNow)) {
    throw new AppError(
      'test_clock_ahead',
      `The sandbox has records dated after the real time (${realNow.toISOString()}) by its test clock (${at.toISOString()}): going back to the real clock would bill their periods again or date new records before them. Reset once the real time has passed them, or use another test account (POST /public/test-accounts).`,
    );
  }
  await clearSandboxClock(tx, tenant.accountId);
  return { now: realNow, frozen: false };
}
