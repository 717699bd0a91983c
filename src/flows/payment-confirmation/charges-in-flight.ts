// The repair poller's first task: live charges reserved and never recorded (their process died
// between the processor's call and the record, live-charge-steps.ts). Each is sent again under its
// idempotency key, so the processor answers the object it already made (or makes it, when the
// first call never arrived), and recorded; the stored answer of the request that reserved it is
// completed with the charge, so a retry of that request replays it. A processor that refuses the
// request releases the reservation and frees the key; one that is down leaves it to the next round.
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/database.ts';
import { renderError } from '../../http/error-handler.ts';
import { completeStagedAnswer, deleteInProgress, keyedScope } from '../../http/idempotency-staged.ts';
import type { BackgroundLog } from '../../jobs/start.ts';
import * as payments from '../../modules/payments/index.ts';

const BATCH = 100;

export async function completeChargesInFlight(db: Db, clock: Clock, baseUrl: string, log?: BackgroundLog): Promise<number> {
  const before = new Date(clock.now().getTime() - payments.inFlightTakeoverMs());
  const stale = await payments.listStaleChargesInFlight(db, before, BATCH);
  let completed = 0;
  for (const row of stale) {
    const reserved = await payments.reservedFromRow(db, row);
    if (!reserved) continue;
    const tenant = { accountId: row.account_id, environment: row.environment };
    const ctx = { tenant, now: clock.now(), baseUrl };
    const requestKey = row.charge_in_flight?.requestKey ?? null;
    let sent;
    try {
      sent = await payments.sendLiveCharge(reserved);
    } catch (error) {
      log?.error({ paymentId: row.id, code: (error as { code?: string }).code }, 'repair poller: sending a charge in flight again failed');
      if (!(error instanceof AppError) || error.code !== 'provider_error') continue;
      await db.transaction().execute(async (tx) => {
        await payments.releaseLiveCharge(tx, ctx, reserved);
        if (requestKey) await deleteInProgress(tx, keyedScope(tenant), requestKey);
      });
      continue;
    }
    await db.transaction().execute(async (tx) => {
      let answer: { status: number; body: string };
      try {
        answer = { status: 201, body: JSON.stringify((await payments.recordLiveCharge(tx, ctx, reserved, sent)).view) };
        completed += 1;
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        // The invoice moved meanwhile (recordLiveCharge wrote nothing): the reservation is undone, that is the answer.
        await payments.releaseLiveCharge(tx, ctx, reserved);
        answer = renderError(error, `repair-${row.id}`);
      }
      if (requestKey) await completeStagedAnswer(tx, keyedScope(tenant), requestKey, answer.status, answer.body);
    });
  }
  return completed;
}
