// The cycle runner's off-session charges of saved methods at a live processor (a saved card, a Pix
// Automático recurring charge), with no transaction open while the processor answers (issue #30).
// The billing transaction commits the invoice with its charge reserved (saved-methods.ts, under
// ctx.offSessionAfterCommit); once it commits, sendOffSessionCharges sends each reservation through
// the in-flight runner and records it in a second transaction, where what the processor answered
// at once is settled (confirmed: paid, with its ledger entries; declined: failed) and the
// subscription takes its dunning step (OffSessionStep: flows/subscriptions dunning.ts). A crash
// between the two leaves the reservation to the repair poller, which does the same (settleOffSession).
import type { UseCaseContext } from '../../core/context.ts';
import type { Db, Tx } from '../../db/database.ts';
import * as payments from '../../modules/payments/index.ts';
import type { ChargeOutcome, OffSessionCharge, PaymentRow, PaymentView } from '../../modules/payments/index.ts';
import { liveCharges } from './charges-in-flight.ts';
import { sendAndRecord, type InFlightFollowUp } from './in-flight-runner.ts';
import { confirmPayment } from './payment-outcomes.ts';

/** The subscription's step once its off-session charge is settled; `payment` null when the charge was released (refused, nothing charged). */
export type OffSessionStep = (tx: Tx, ctx: UseCaseContext, charge: OffSessionCharge, payment: PaymentView | null) => Promise<void>;

/**
 * In the record's (or the release's) transaction of a live charge: an off-session one's outcome
 * settled, then its subscription's step. Once only: a charge another hand recorded first was settled there.
 */
export function settleOffSession(step: OffSessionStep | null): InFlightFollowUp<PaymentRow, ChargeOutcome> {
  return async (tx, ctx, row, outcome) => {
    const offSession = row.charge_in_flight?.offSession;
    if (!offSession) return;
    if (outcome.kind === 'released') return step?.(tx, ctx, offSession, null);
    const { view, status, failureCode, recorded } = outcome.result;
    if (!recorded) return;
    const settled = status === 'confirmed' ? await confirmPayment(tx, ctx, view.id) : status === 'failed' ? await payments.failPayment(tx, ctx, view.id, failureCode ?? 'card_declined') : view;
    await step?.(tx, ctx, offSession, settled);
  };
}

/**
 * After the billing transaction committed: the subscription's reserved off-session charges sent
 * and recorded, one by one. Answers how many are left in flight (the processor down or late): the
 * repair poller's.
 */
export async function sendOffSessionCharges(db: Db, ctx: UseCaseContext, subscriptionId: string, step: OffSessionStep): Promise<number> {
  let left = 0;
  for (const row of await payments.listOffSessionChargesInFlight(db, ctx.tenant, subscriptionId)) {
    const outcome = await sendAndRecord(db, ctx, liveCharges, row, settleOffSession(step));
    if (outcome.kind === 'unsent') left += 1;
  }
  return left;
}
