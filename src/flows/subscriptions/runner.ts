// The cycle runner: a recurring job (every 10 s) that bills every subscription due as of the
// clock, one subscription per transaction, each claimed with `for update skip locked` so two
// processes share the work and never bill one subscription at once.
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { billDueSubscription } from './billing.ts';
import type { BackgroundJob, BackgroundLog } from '../../jobs/start.ts';
import * as repo from './repository.ts';

export const SUBSCRIPTION_QUEUE = 'subscriptions.bill';
/** Subscriptions handled per run at most; the next run goes on. */
export const MAX_PER_RUN = 1_000;
/** A subscription whose billing failed is tried again this much later, so it never blocks the others. */
const RETRY_FAILED_MS = 3_600_000;

export interface RunResult {
  /** Subscriptions handled; MAX_PER_RUN means more may be due. */
  handled: number;
  invoices: number;
  /** Subscriptions whose billing failed (rolled back, postponed by an hour), with why. */
  failures: Array<{ subscriptionId: string; error: string }>;
}

/**
 * Bills what is due as of the clock (a sandbox account with a test clock: as of that clock).
 * `only` limits the run to one tenant (the test clock's advance waits for its own work).
 */
export async function runDueSubscriptions(db: Db, clock: Clock, baseUrl: string, only?: Tenant, waitForLocked = false): Promise<RunResult> {
  const result: RunResult = { handled: 0, invoices: 0, failures: [] };
  for (; result.handled < MAX_PER_RUN; result.handled += 1) {
    const now = clock.now();
    let claimed: string | null = null;
    let asOf = now;
    try {
      const made = await db.transaction().execute(async (tx) => {
        const due = await repo.claimDueSubscription(tx, now, only, waitForLocked);
        if (!due) return null;
        claimed = due.row.id;
        asOf = due.asOf;
        return billDueSubscription(tx, { tenant: { accountId: due.row.account_id, environment: due.row.environment }, now: due.asOf, baseUrl }, due.row);
      });
      if (made === null) break;
      result.invoices += made;
    } catch (error) {
      if (claimed === null) throw error; // the database itself: the job retries
      result.failures.push({ subscriptionId: claimed, error: error instanceof Error ? error.message : String(error) });
      await repo.updateSubscription(db, claimed, { next_billing_at: new Date(asOf.getTime() + RETRY_FAILED_MS) });
    }
  }
  return result;
}

/** The runner as a recurring background job (every 10 s). */
export function subscriptionCycleJob(db: Db, clock: Clock, baseUrl: string, log: BackgroundLog): BackgroundJob {
  return {
    queue: SUBSCRIPTION_QUEUE,
    everySeconds: 10,
    run: async () => {
      const result = await runDueSubscriptions(db, clock, baseUrl);
      if (result.invoices > 0) log.info({ invoices: result.invoices }, 'subscription periods invoiced');
      for (const failure of result.failures) log.error(failure, 'a subscription could not be billed; tried again in an hour');
    },
  };
}
