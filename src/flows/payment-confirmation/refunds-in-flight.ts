// The refund route's steps around a live processor call (modules/payments live-refund-steps.ts),
// with what a refund causes beyond the payment (payment-outcomes.ts afterRefund: the credit note,
// the ledger, prepaid credit, grants) in the record's transaction. A refund with no processor (the
// sandbox) is done in the first transaction. The repair poller completes refunds whose process died
// between the call and the record (completeRefundsInFlight) through the in-flight runner, as charges.
import type { Clock } from '../../core/clock.ts';
import type { UseCaseContext } from '../../core/context.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { BackgroundLog } from '../../jobs/start.ts';
import { lockInvoice } from '../../modules/invoices/index.ts';
import * as payments from '../../modules/payments/index.ts';
import type { ProcessorRefund, RefundInput, RefundOptions, RefundRow, RefundView, ReservedRefund } from '../../modules/payments/index.ts';
import { completeInFlight, type InFlightWork, type ReservedRequestAnswers } from './in-flight-runner.ts';
import { afterRefund } from './payment-outcomes.ts';
import { applyWaiting } from './processor-events.ts';

/** Step 1: the refund done (no processor), or reserved. */
export async function reserveRefund(tx: Tx, ctx: UseCaseContext, paymentId: string, input: RefundInput, options: RefundOptions): Promise<{ done: RefundView } | { reserved: ReservedRefund }> {
  // The invoice is locked before its payment, as everywhere (no lock cycles).
  const invoice = await lockInvoice(tx, ctx, (await payments.getPayment(tx, ctx, paymentId)).invoiceId);
  const step = await payments.prepareRefund(tx, ctx, paymentId, input, options);
  if ('reserved' in step) return step;
  const { payment, refund } = step.done;
  await afterRefund(tx, ctx, invoice, payment, refund, { reason: input.reason ?? null, credited: false });
  return { done: refund };
}

/** Step 3: the processor's answer recorded, with everything a succeeded refund causes; events about it that waited for the record applied. */
export async function recordRefund(tx: Tx, ctx: UseCaseContext, reserved: ReservedRefund, answer: ProcessorRefund): Promise<RefundView> {
  const invoice = await lockInvoice(tx, ctx, reserved.invoiceId);
  const { payment, refund, recorded } = await payments.recordLiveRefund(tx, ctx, reserved, answer);
  if (!recorded) return refund;
  // A refund the processor still processes moves no money yet (settleProcessorRefund, when it succeeds).
  if (refund.status === 'succeeded') await afterRefund(tx, ctx, invoice, payment, refund, { reason: refund.reason, credited: false });
  await applyWaiting(tx, reserved.live, ctx.now, ctx.baseUrl ?? '');
  return refund;
}

/** A live refund's steps, for the runner: the record is the refund route's, with what a refund causes. */
export const liveRefunds: InFlightWork<RefundRow, ReservedRefund, ProcessorRefund, RefundView> = {
  label: 'refund',
  listStale: payments.listStaleRefundsInFlight,
  describe: (row) => ({ tenant: { accountId: row.account_id, environment: row.environment }, id: row.id, requestKey: row.refund_in_flight?.requestKey ?? null }),
  fromRow: payments.reservedRefundFromRow,
  send: payments.sendLiveRefund,
  record: recordRefund,
  release: (tx, ctx, refund) => payments.releaseLiveRefund(tx, ctx, { refund }),
  answerOf: (refund) => refund,
};

/** The repair poller's part: refunds reserved and never recorded, sent again under their idempotency key and recorded. */
export async function completeRefundsInFlight(db: Db, clock: Clock, baseUrl: string, answers: ReservedRequestAnswers | null, log?: BackgroundLog): Promise<number> {
  return completeInFlight(db, clock, baseUrl, liveRefunds, answers, log);
}
