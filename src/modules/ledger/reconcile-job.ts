// The daily reconciliation: every tenant with money records is reconciled (reads.ts, reconcile);
// one with any mismatch records `ledger.mismatch` with the details (delivered to webhook endpoints
// subscribed to it or to "*"). Each tenant in its own transaction, so one failing does not stop the others.
import type { Clock } from '../../core/clock.ts';
import type { UseCaseContext } from '../../core/context.ts';
import type { Db } from '../../db/database.ts';
import type { BackgroundJob, BackgroundLog } from '../../jobs/start.ts';
import { recordEvent } from '../events/index.ts';
import { reconcile } from './reads.ts';
import * as repo from './repository.ts';

export const LEDGER_MISMATCH_EVENT = 'ledger.mismatch';
export const RECONCILIATION_QUEUE = 'ledger.reconcile';

export interface ReconciliationRun {
  tenants: number;
  /** The tenants with a mismatch (each recorded a ledger.mismatch event). */
  mismatched: Array<{ accountId: string; environment: string; mismatches: number }>;
}

export async function reconcileEveryTenant(db: Db, clock: Clock): Promise<ReconciliationRun> {
  const tenants = await repo.tenantsWithMoney(db);
  const mismatched: ReconciliationRun['mismatched'] = [];
  for (const tenant of tenants) {
    await db.transaction().execute(async (tx) => {
      const ctx: UseCaseContext = { tenant, now: clock.now() };
      const answer = await reconcile(tx, ctx);
      if (answer.reconciled) return;
      await recordEvent(tx, ctx, LEDGER_MISMATCH_EVENT, answer);
      mismatched.push({ ...tenant, mismatches: answer.mismatches.length });
    });
  }
  return { tenants: tenants.length, mismatched };
}

/** The reconciliation as a recurring background job, once a day. */
export function ledgerReconciliationJob(db: Db, clock: Clock, log: BackgroundLog): BackgroundJob {
  return {
    queue: RECONCILIATION_QUEUE,
    everySeconds: 86_400,
    run: async () => {
      const run = await reconcileEveryTenant(db, clock);
      for (const tenant of run.mismatched) log.error(tenant, 'the ledger does not reconcile: ledger.mismatch recorded');
    },
  };
}
