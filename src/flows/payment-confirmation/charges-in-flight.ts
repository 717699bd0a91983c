// The repair poller's first task: live charges reserved and never recorded (their process died
// between the processor's call and the record, live-charge-steps.ts), run through the in-flight
// runner (in-flight-runner.ts): each is sent again under its idempotency key, so the processor
// answers the object it already made (or makes it, when the first call never arrived), and
// recorded; the stored answer of the request that reserved it is completed with the charge, so a
// retry of that request replays it. A processor that refuses the request releases the reservation
// and frees the key; one that is down leaves it to the next round.
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/database.ts';
import type { BackgroundLog } from '../../jobs/start.ts';
import * as payments from '../../modules/payments/index.ts';
import type { ChargeOutcome, LiveChargeResult, PaymentRow, ReservedCharge } from '../../modules/payments/index.ts';
import { completeInFlight, type InFlightFollowUp, type InFlightWork, type ReservedRequestAnswers } from './in-flight-runner.ts';

/** A live charge's steps, for the runner. */
export const liveCharges: InFlightWork<PaymentRow, ReservedCharge, LiveChargeResult, ChargeOutcome> = {
  label: 'payment',
  listStale: payments.listStaleChargesInFlight,
  describe: (row) => ({ tenant: { accountId: row.account_id, environment: row.environment }, id: row.id, requestKey: row.charge_in_flight?.requestKey ?? null }),
  fromRow: payments.reservedFromRow,
  send: payments.sendLiveCharge,
  record: payments.recordLiveCharge,
  release: (tx, ctx, row) => payments.releaseLiveCharge(tx, ctx, { row }),
  answerOf: (outcome) => outcome.view,
};

export async function completeChargesInFlight(db: Db, clock: Clock, baseUrl: string, answers: ReservedRequestAnswers | null, log?: BackgroundLog, followUp?: InFlightFollowUp<PaymentRow, ChargeOutcome>): Promise<number> {
  return completeInFlight(db, clock, baseUrl, liveCharges, answers, log, followUp);
}
