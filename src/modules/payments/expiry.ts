// The expiry sweep: a pending Pix code or boleto past its `expires_at` can no longer be paid, so the
// charge fails with failureCode `expired` (and `payment.failed`). Every service process runs it;
// rows are claimed with `for update skip locked`, so two sweeps never fail one charge twice, and a
// charge being confirmed at that moment is skipped (the confirmation refuses a lapsed charge itself).
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/database.ts';
import { contextAsOfClock } from '../accounts/index.ts';
import { recordEvent } from '../events/index.ts';
import { presentPayment } from './present-payments.ts';
import type { BackgroundJob, BackgroundLog } from '../../jobs/start.ts';
import * as repo from './repository.ts';

const BATCH = 100;

/** Fails every lapsed pending charge, in batches; returns how many. */
export async function expireLapsedPayments(db: Db, clock: Clock, baseUrl: string): Promise<number> {
  let total = 0;
  for (;;) {
    const now = clock.now();
    const count = await db.transaction().execute(async (tx) => {
      const lapsed = await repo.lockLapsedPayments(tx, now, BATCH);
      for (const payment of lapsed) {
        // Lapsed on the real time (a Pix code's countdown); recorded on the account's billing time.
        const ctx = await contextAsOfClock(tx, { accountId: payment.account_id, environment: payment.environment }, now, baseUrl);
        const row = await repo.updatePayment(tx, ctx.tenant, payment.id, { status: 'failed', failure_code: 'expired', failed_at: ctx.now, updated_at: ctx.now });
        await recordEvent(tx, ctx, 'payment.failed', await presentPayment(tx, ctx, row));
      }
      return lapsed.length;
    });
    total += count;
    if (count < BATCH) return total;
  }
}

/** The sweep as a recurring background job (every 15 s). */
export function paymentExpiryJob(db: Db, clock: Clock, baseUrl: string, log: BackgroundLog): BackgroundJob {
  return {
    queue: 'payments.expire',
    everySeconds: 15,
    run: async () => {
      const expired = await expireLapsedPayments(db, clock, baseUrl);
      if (expired > 0) log.info({ expired }, 'lapsed charges failed as expired');
    },
  };
}
