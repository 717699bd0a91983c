// The sandbox test clock: POST /test/clock/advance moves the calling account's sandbox forward to
// an instant, then bills what became due up to it (subscription periods, trials ending, cancels at
// period end) before answering. Requests of the account's sandbox keys run as of the clock from
// then on (http/context.ts); the cycle runner of every process does too (repository
// claimDueSubscription). Production never reads it.
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { advanceSandboxClock, readSandboxClock } from '../../modules/accounts/index.ts';
import { MAX_PER_RUN, runDueSubscriptions } from './runner.ts';

const PARALLEL_RUNNERS = 4;

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
  return { now: to, frozen: true, invoicesCreated };
}
