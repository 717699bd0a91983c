// Payments: charge attempts against invoices. The use cases other areas and the routes call (all
// writes take the caller's transaction and record their events in it):
//
//   createCharge(tx, ctx, invoiceId, {method, payer?, settlementNetwork?, expiresInSeconds?})
//       -> the payment with its charge-creation-only fields      (payment.created[, payment.failed of the superseded one])
//   prepareCharge, then for a live one sendLiveCharge (no transaction) and recordLiveCharge (or
//       releaseLiveCharge): the same charge in steps, no transaction open during the processor's call
//   confirmCharge(tx, ctx, id)    pending -> confirmed (payment.confirmed); the invoice's side is the
//                                 payment-confirmation flow's (src/flows/payment-confirmation)
//   failPayment(tx, ctx, id, failureCode), chargeBackPayment(tx, ctx, id)
//   refundPayment(tx, ctx, id, {amount?, reason?}) (live: prepareRefund, sendLiveRefund, recordLiveRefund), applyRefund(tx, ctx, lockedRow, ...), listRefunds(ex, ctx, id, page)
//   getPayment(ex, ctx, id), listPayments(ex, ctx, filter, page)       (with `payer`)
//   expireLapsedPayments(db, clock, baseUrl)  the sweep: lapsed Pix codes and boletos fail with `expired`
//
// docs/decisions/payments.md holds the rules the interface leaves open.
import type { UseCaseContext } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import type { Executor } from '../../db/database.ts';
import type { PayerView, PaymentView } from './payment-view.ts';
import { presentPayment, presentPayments } from './present-payments.ts';
import * as repo from './repository.ts';

export { createCharge, createChargeWithOutcome, prepareCharge, type ChargeInput, type ChargeOptions, type ChargeOutcome, type PreparedCharge } from './create-charge.ts';
export {
  inFlightTakeoverMs,
  recordLiveCharge,
  releaseLiveCharge,
  reservedFromRow,
  resumeLiveCharge,
  sendLiveCharge,
  type ReservedCharge,
} from './live-charge-steps.ts';
export type { LiveChargeResult } from './processors/live-charge.ts';
export { confirmCharge, failPayment, chargeBackPayment, failPendingAsSuperseded } from './payment-transitions.ts';
export { applyRefund, failRefund, settleRefund, listRefunds, type RefundInput, type RefundOptions, type RefundView } from './refunds.ts';
export {
  listStaleRefundsInFlight,
  prepareRefund,
  recordLiveRefund,
  refundAwaitsRecord,
  paymentHasRefundInFlight,
  refundPayment,
  releaseLiveRefund,
  reservedRefundFromRow,
  resumeLiveRefund,
  sendLiveRefund,
  type ReservedRefund,
} from './live-refund-steps.ts';
export { expireLapsedPayments } from './expiry.ts';
export type { PaymentView } from './payment-view.ts';
export type { PaymentFilter } from './repository.ts';

/** A payment as the reads show it: always with `payer` (null when the invoice identifies nobody). */
export type PaymentWithPayer = PaymentView & { payer: PayerView | null };

const withPayer = (view: PaymentView): PaymentWithPayer => ({ ...view, payer: view.payer ?? null });

export async function getPayment(ex: Executor, ctx: UseCaseContext, id: string): Promise<PaymentWithPayer> {
  const row = await repo.findPayment(ex, ctx.tenant, id);
  if (!row) throw notFound('payment');
  return withPayer(await presentPayment(ex, ctx, row, { payer: true }));
}

/**
 * The tenant's payments, newest first. Without `pixQrImage`: a page of Pix payments would carry a
 * PNG each on every read; the QR is rendered from `pixPayload`, or read with the payment
 * (docs/decisions/payments.md).
 */
export async function listPayments(ex: Executor, ctx: UseCaseContext, filter: repo.PaymentFilter, page: PageRequest): Promise<Page<PaymentWithPayer>> {
  const result = toPage(await repo.listPayments(ex, ctx.tenant, filter, page.limit, page.afterId), page.limit);
  const views = await presentPayments(ex, ctx, result.items, { payer: true });
  return { items: views.map(({ pixQrImage: _image, ...view }) => withPayer(view)), nextCursor: result.nextCursor };
}
