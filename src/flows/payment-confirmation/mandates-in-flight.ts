// Pix Automático mandates created or cancelled at the PSP and never recorded (their process died
// between the PSP's call and the record, or the PSP's answer was lost), completed by the repair
// poller through the in-flight runner (in-flight-runner.ts): each is sent again, which first asks
// the PSP what it has (the recurrence by its contract id, GET /rec/{idRec}), so one mandate is
// made at most, and recorded; the stored answer of the request that reserved it is completed with
// the mandate, so a retry of that request replays it. A PSP that refuses releases the reservation
// and frees the key; one that is down leaves it to the next round.
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../db/database.ts';
import type { BackgroundLog } from '../../jobs/start.ts';
import * as payments from '../../modules/payments/index.ts';
import type { MandateAnswer, MandateView, PixMandateRow, ReservedMandate } from '../../modules/payments/index.ts';
import { completeInFlight, type InFlightWork, type ReservedRequestAnswers } from './in-flight-runner.ts';

/** A mandate's creation or cancellation, for the runner. */
export const mandatesInFlight: InFlightWork<PixMandateRow, ReservedMandate, MandateAnswer, MandateView> = {
  label: 'mandate',
  listStale: payments.listStaleMandatesInFlight,
  describe: (row) => ({ tenant: { accountId: row.account_id, environment: row.environment }, id: row.id, requestKey: (row.creation_in_flight ?? row.cancel_in_flight)?.requestKey ?? null }),
  fromRow: payments.mandateFromRow,
  send: payments.sendMandate,
  record: payments.recordMandate,
  release: payments.releaseMandate,
  answerOf: (view) => view,
  answerStatus: (row) => (row.creation_in_flight ? 201 : 200),
};

export async function completeMandatesInFlight(db: Db, clock: Clock, baseUrl: string, answers: ReservedRequestAnswers | null, log?: BackgroundLog): Promise<number> {
  return completeInFlight(db, clock, baseUrl, mandatesInFlight, answers, log);
}
