// The recovery job (docs/rail.md, "Recovery"): reservations left `submitting` past STUCK_AFTER_MS
// (a settler that died between its reservation and the send, a transaction dropped, a remote
// facilitator's answer lost) are taken up without waiting for a settle of the same payment:
// looked up on chain by the authorization's nonce, then recorded once, released, or submitted
// again (self-settle.ts, continueReservation); on Solana by the transaction's signature written on
// the reservation (solana-settle.ts, recoverSolanaReservation). Each in its own steps; no
// transaction is held across a chain call.
import type { Clock } from '../../core/clock.ts';
import type { UseCaseContext } from '../../core/context.ts';
import type { Db } from '../../db/database.ts';
import type { BackgroundJob, BackgroundLog } from '../../jobs/start.ts';
import { check } from './facilitator.ts';
import { namespaceOf } from './networks.ts';
import type { RailProviderDeps } from './providers.ts';
import { settlesElsewhere } from './providers.ts';
import * as repo from './repository.ts';
import { continueReservation, planFor, settlementProblem, STUCK_AFTER_MS } from './self-settle.ts';
import { recoverSolanaReservation } from './solana-settle.ts';

export interface RecoveryDeps extends RailProviderDeps {
  baseUrl: string;
  /** When the stored answer of a usage write expires (the idempotency retention). */
  usageKeyExpiresAt(now: Date): Date;
}

export interface RecoveryRun {
  recorded: number;
  released: number;
  /** Still `submitting` (pending, valid and resubmitted without confirmation yet, or the chain unreadable). */
  left: number;
  /** Reservations the job cannot take up (no stored payment, settings or provider changed), with why. */
  skipped: Array<{ id: string; why: string }>;
}

/** Takes up the stuck reservations, oldest first, at most `limit` per run. */
export async function recoverStuckSettlements(db: Db, clock: Clock, deps: RecoveryDeps, limit = 100): Promise<RecoveryRun> {
  const now = clock.now();
  const rows = await repo.stuckReservations(db, new Date(now.getTime() - STUCK_AFTER_MS), limit);
  const run: RecoveryRun = { recorded: 0, released: 0, left: 0, skipped: [] };
  for (const row of rows) {
    const ctx: UseCaseContext = { tenant: { accountId: row.account_id, environment: row.environment }, now, baseUrl: deps.baseUrl };
    const skip = (why: string) => void run.skipped.push({ id: row.id, why });
    if (!row.payment) {
      skip('reserved before payments were kept for recovery: the next settle of the same payment recovers it');
      continue;
    }
    const settings = await repo.findSettings(db, ctx.tenant);
    if (!settings || !settlesElsewhere(settings)) {
      skip('the account no longer settles on chain or remotely');
      continue;
    }
    const problem = await settlementProblem(db, ctx, deps, settings);
    if (problem) {
      skip(problem);
      continue;
    }
    if (namespaceOf(row.network) === 'solana') {
      // By its transaction's signature (solana-settle.ts).
      try {
        const taken = await recoverSolanaReservation(db, ctx, deps, settings, row, deps.usageKeyExpiresAt(now));
        if (typeof taken === 'object') skip(taken.skip);
        else run[taken] += 1;
      } catch (error) {
        skip(error instanceof Error ? error.message : String(error));
      }
      continue;
    }
    // Checked as of its reservation: it passed then; the chain has the last word now.
    const checked = await check(db, { ...ctx, now: new Date(row.created_at), realNow: new Date(row.created_at) }, settings, row.payment);
    if (!checked.ok) {
      skip(`its payment no longer matches a route (${checked.reason})`);
      continue;
    }
    try {
      const plan = await planFor(db, ctx, deps, settings, checked.value, row.payment);
      const answer = await continueReservation(db, ctx, deps, plan, row, deps.usageKeyExpiresAt(now));
      const after = await repo.findSettlement(db, checked.value.key);
      if (answer.success || after?.state === 'settled') run.recorded += 1;
      else if (!after || after.id !== row.id) run.released += 1;
      else run.left += 1;
    } catch (error) {
      skip(error instanceof Error ? error.message : String(error));
    }
  }
  return run;
}

/** The recovery as a recurring background job, every minute. */
export function railRecoveryJob(db: Db, clock: Clock, deps: RecoveryDeps, log: BackgroundLog): BackgroundJob {
  return {
    queue: 'rail.settlements.recover',
    everySeconds: 60,
    run: async () => {
      const run = await recoverStuckSettlements(db, clock, deps);
      // `left`: still submitting (pending, resubmitted, or the chain unreadable); taken up again next run.
      if (run.recorded + run.released + run.left > 0) log.info({ recorded: run.recorded, released: run.released, left: run.left }, 'stuck Rail settlements taken up');
      for (const skipped of run.skipped) log.error(skipped, 'a stuck Rail settlement could not be recovered; retried next run');
    },
  };
}
