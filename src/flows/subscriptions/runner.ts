// The cycle runner: a recurring job (every 10 s) that bills every subscription due as of the
// clock. Plain subscriptions go first, in batches of BATCH_SIZE billed set-wise, one transaction
// per batch (batch-billing.ts); the rest one subscription per transaction. Both claim with
// `for update skip locked`, so two processes share the work and never bill one subscription at once.
// A charge of a saved method at a live processor is only reserved in the billing transaction
// (ctx.offSessionAfterCommit): once it commits, the processor is called with no transaction open
// and the answer recorded in a second one (flows/payment-confirmation off-session-charges.ts); a
// crash between the two leaves the reservation to the repair poller.
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { billPlainDueBatch } from './batch-billing.ts';
import { billDueSubscription } from './billing.ts';
import { afterOffSessionCharge } from './dunning.ts';
import { sendOffSessionCharges } from '../payment-confirmation/index.ts';
import type { BackgroundJob, BackgroundLog } from '../../jobs/start.ts';
import * as repo from './repository.ts';

export const SUBSCRIPTION_QUEUE = 'subscriptions.bill';
/** Subscriptions handled per run at most; the next run goes on. */
export const MAX_PER_RUN = 1_000;
/** Plain subscriptions billed per transaction by the batch path. */
export const BATCH_SIZE = 250;
/** A subscription whose billing failed is tried again this much later, so it never blocks the others. */
const RETRY_FAILED_MS = 3_600_000;

export interface RunResult {
  /** Subscriptions handled; MAX_PER_RUN means more may be due. */
  handled: number;
  invoices: number;
  /** Of those invoices, the ones billed set-wise in batches (the plain case). */
  batched: number;
  /** Subscriptions whose billing failed (rolled back, postponed by an hour), with why. */
  failures: Array<{ subscriptionId: string; error: string }>;
  /** Why a batch rolled back, when one did (its subscriptions were then billed one at a time). */
  batchFailure?: string;
  /** Off-session charges reserved and not recorded (their processor down or late): the repair poller's. */
  chargesLeftInFlight: number;
}

export interface RunOptions {
  /** Wait for rows other runners hold instead of skipping them (one at a time, then). */
  waitForLocked?: boolean;
  /** Bill plain subscriptions in batches (default); false: every one alone, as before batches. */
  batches?: boolean;
}

/**
 * Bills what is due as of the clock (a sandbox account with a test clock: as of that clock).
 * `only` limits the run to one tenant (the test clock's advance waits for its own work).
 */
export async function runDueSubscriptions(db: Db, clock: Clock, baseUrl: string, only?: Tenant, options: RunOptions = {}): Promise<RunResult> {
  const result: RunResult = { handled: 0, invoices: 0, batched: 0, failures: [], chargesLeftInFlight: 0 };
  const waitForLocked = options.waitForLocked ?? false;
  if (options.batches ?? !waitForLocked) await runBatches(db, clock, baseUrl, only, result);
  for (; result.handled < MAX_PER_RUN; result.handled += 1) {
    const now = clock.now();
    let claimed: string | null = null;
    let asOf = now;
    let ctx: UseCaseContext | null = null;
    try {
      const made = await db.transaction().execute(async (tx) => {
        const due = await repo.claimDueSubscription(tx, now, only, waitForLocked);
        if (!due) return null;
        claimed = due.row.id;
        asOf = due.asOf;
        ctx = { tenant: { accountId: due.row.account_id, environment: due.row.environment }, now: due.asOf, realNow: now, baseUrl, offSessionAfterCommit: true };
        return billDueSubscription(tx, ctx, due.row);
      });
      if (made === null) break;
      result.invoices += made;
    } catch (error) {
      if (claimed === null) throw error; // the database itself: the job retries
      result.failures.push({ subscriptionId: claimed, error: error instanceof Error ? error.message : String(error) });
      await repo.updateSubscription(db, claimed, { next_billing_at: new Date(asOf.getTime() + RETRY_FAILED_MS) });
      continue;
    }
    // Committed: the periods are billed whatever the processor answers now.
    result.chargesLeftInFlight += await sendOffSessionCharges(db, ctx!, claimed!, afterOffSessionCharge);
  }
  return result;
}

/**
 * The plain subscriptions due, batch after batch, until none is left or the run is full. A batch
 * that fails rolls back whole; its subscriptions are then billed one at a time (the loop after),
 * where a failing one is postponed alone.
 */
async function runBatches(db: Db, clock: Clock, baseUrl: string, only: Tenant | undefined, result: RunResult): Promise<void> {
  const deferred: string[] = [];
  while (result.handled < MAX_PER_RUN) {
    const limit = Math.min(BATCH_SIZE, MAX_PER_RUN - result.handled);
    let batch;
    try {
      batch = await db.transaction().execute((tx) => billPlainDueBatch(tx, clock.now(), baseUrl, limit, deferred, only));
    } catch (error) {
      result.batchFailure = error instanceof Error ? error.message : String(error);
      return;
    }
    if (batch.claimed === 0) return;
    result.handled += batch.billed;
    result.invoices += batch.billed;
    result.batched += batch.billed;
    deferred.push(...batch.deferred);
  }
}

/** The runner as a recurring background job (every 10 s). */
export function subscriptionCycleJob(db: Db, clock: Clock, baseUrl: string, log: BackgroundLog, batches = true): BackgroundJob {
  return {
    queue: SUBSCRIPTION_QUEUE,
    everySeconds: 10,
    run: async () => {
      const result = await runDueSubscriptions(db, clock, baseUrl, undefined, { batches });
      if (result.invoices > 0) log.info({ invoices: result.invoices }, 'subscription periods invoiced');
      if (result.chargesLeftInFlight > 0) log.error({ charges: result.chargesLeftInFlight }, 'off-session charges left in flight (processor down or late); the repair poller completes them');
      if (result.batchFailure) log.error({ error: result.batchFailure }, 'a batch of subscriptions rolled back; they were billed one at a time');
      for (const failure of result.failures) log.error(failure, 'a subscription could not be billed; tried again in an hour');
    },
  };
}
