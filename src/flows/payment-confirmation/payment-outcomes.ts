// The one path money takes when a payment's state moves: the payment's own move (modules/payments),
// then what it causes in other areas, in the caller's transaction.
//   confirmPayment     the invoice is paid (open or written off) and its deliverables granted; when
//                      it is paid or void already, the money goes back in full at once (reason
//                      `duplicate` or `invoice_void`): nothing is lost and nothing counted twice.
//   refundPayment      at the full amount, the payment's download grants are revoked.
//   chargeBackPayment  the download grants are revoked; the invoice stays paid.
// Every caller that moves money (payment routes, sandbox pages, saved methods, the Rail) goes
// through here, so a posting added to these functions sees every movement.
import type { UseCaseContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { grantDeliverablesForPayment, revokeGrantsForPayment } from '../../modules/fulfillment/index.ts';
import { markInvoicePaid } from '../../modules/invoices/index.ts';
import * as payments from '../../modules/payments/index.ts';
import type { PaymentView, RefundInput, RefundView } from '../../modules/payments/index.ts';

export async function confirmPayment(tx: Tx, ctx: UseCaseContext, paymentId: string): Promise<PaymentView> {
  const { payment, invoice } = await payments.confirmCharge(tx, ctx, paymentId);
  let row = payment;
  if (invoice.status === 'open' || invoice.status === 'uncollectible') {
    await payments.failPendingAsSuperseded(tx, ctx, invoice.id);
    await markInvoicePaid(tx, ctx, invoice.id, ctx.now);
    await grantDeliverablesForPayment(tx, ctx, {
      invoiceId: invoice.id,
      paymentId: payment.id,
      recipient: { email: payment.payer_email, name: payment.payer_name },
    });
  } else {
    const reason = invoice.status === 'paid' ? 'duplicate' : `invoice_${invoice.status}`;
    ({ payment: row } = await payments.applyRefund(tx, ctx, payment, { amount: payment.amount, reason }));
    if (row.status === 'refunded') await revokeGrantsForPayment(tx, ctx, row.id);
  }
  return payments.presentPayment(tx, ctx, row);
}

export async function refundPayment(tx: Tx, ctx: UseCaseContext, paymentId: string, input: RefundInput): Promise<RefundView> {
  const { payment, refund } = await payments.refundPayment(tx, ctx, paymentId, input);
  if (payment.status === 'refunded') await revokeGrantsForPayment(tx, ctx, payment.id);
  return refund;
}

export async function chargeBackPayment(tx: Tx, ctx: UseCaseContext, paymentId: string): Promise<PaymentView> {
  const view = await payments.chargeBackPayment(tx, ctx, paymentId);
  await revokeGrantsForPayment(tx, ctx, paymentId);
  return view;
}
