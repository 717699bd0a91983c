// The repair poller's first task: live charges reserved and never recorded (their process died
// between the processor's call and the record, live-charge-steps.ts). Each is sent again under its
// idempotency key, so the processor answers the object it already made (or makes it, when the
// first call never arrived), and recorded; the stored answer of the request that reserved it is
// completed with the charge, so a retry of that request replays it. A processor that refuses the
// request releases the reservation and frees the key; one that is down leaves it to the next round.
import type { Clock } from '../../core/clock.ts';
import type { Tenant } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { BackgroundLog } from '../../jobs/start.ts';
import * as payments from '../../modules/payments/index.ts';

/**
 * The stored answers of the requests that reserved charges: the HTTP layer's records, handed over
 * by background.ts (http/idempotency-staged.ts reservedRequestAnswers). Without them the charges
 * are still recorded; a retry of their request then waits for the record's expiry.
 */
export interface ReservedRequestAnswers {
  /** The answer over the record in progress: 201 and the charge, or the business error. */
  complete(tx: Tx, tenant: Tenant, requestKey: string, outcome: { status: number; result: unknown } | AppError): Promise<void>;
  /** The record in progress dropped: the key is free again. */
  abandon(tx: Tx, tenant: Tenant, requestKey: string): Promise<void>;
}

const BATCH = 100;

export async function completeChargesInFlight(db: Db, clock: Clock, baseUrl: string, answers: ReservedRequestAnswers | null, log?: BackgroundLog): Promise<number> {
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
        if (requestKey) await answers?.abandon(tx, tenant, requestKey);
      });
      continue;
    }
    await db.transaction().execute(async (tx) => {
      let outcome: { status: number; result: unknown } | AppError;
      try {
        outcome = { status: 201, result: (await payments.recordLiveCharge(tx, ctx, reserved, sent)).view };
        completed += 1;
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        // The invoice moved meanwhile (recordLiveCharge wrote nothing): the reservation is undone, that is the answer.
        await payments.releaseLiveCharge(tx, ctx, reserved);
        outcome = error;
      }
      if (requestKey) await answers?.complete(tx, tenant, requestKey, outcome);
    });
  }
  return completed;
}
