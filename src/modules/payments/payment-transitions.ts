// Payment state moves (interface section 3): pending -> confirmed | failed; confirmed -> confirmed
// with refundedAmount growing, -> refunded at the full amount (refunds.ts), -> charged_back.
// A charge dropped as `superseded` that the buyer pays anyway (a Pix code already in their bank
// app) may be confirmed too: the payment-confirmation flow then refunds it in full.
// These are the payment's own moves; what they cause elsewhere (the invoice paid, deliverables
// granted or revoked) is the payment-confirmation flow's (src/flows/payment-confirmation).
// Lock order: the invoice, then its payments (as charge creation does), so moves never deadlock.
// Every move records its event in the caller's transaction; any other move answers 409
// `invalid_payment_state` naming from and to.
import { realNowOf, type UseCaseContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Tx } from '../../db/database.ts';
import { recordEvent } from '../events/index.ts';
import { lockInvoice, type InvoiceRow } from '../invoices/index.ts';
import { presentPayment } from './present-payments.ts';
import type { PaymentView } from './payment-view.ts';
import * as repo from './repository.ts';
import type { PaymentRow, PaymentStatus } from './tables.ts';

export function invalidMove(from: PaymentStatus, to: PaymentStatus, why = ''): AppError {
  const article = /^[aeiou]/.test(from) ? 'An' : 'A';
  return new AppError('invalid_payment_state', `${article} ${from} payment cannot move to ${to}.${why ? ` ${why}` : ''}`);
}

async function lockPayment(tx: Tx, ctx: UseCaseContext, id: string): Promise<PaymentRow> {
  const row = await repo.findPayment(tx, ctx.tenant, id, { forUpdate: true });
  if (!row) throw notFound('payment');
  return row;
}

/** Fails the invoice's pending charge, if any, as `superseded`: the buyer pays the invoice another way. */
export async function failPendingAsSuperseded(tx: Tx, ctx: UseCaseContext, invoiceId: string): Promise<void> {
  const row = await repo.supersedePendingPayment(tx, ctx.tenant, invoiceId, ctx.now);
  if (row) await recordEvent(tx, ctx, 'payment.failed', await presentPayment(tx, ctx, row));
}

/**
 * The provider says the money arrived: pending (or superseded) -> confirmed, with the invoice
 * locked first. Returns both rows as they are now, for the flow to settle the invoice.
 */
export async function confirmCharge(tx: Tx, ctx: UseCaseContext, paymentId: string): Promise<{ payment: PaymentRow; invoice: InvoiceRow }> {
  const seen = await repo.findPayment(tx, ctx.tenant, paymentId);
  if (!seen) throw notFound('payment');
  const invoice = await lockInvoice(tx, ctx, seen.invoice_id);
  const payment = await lockPayment(tx, ctx, paymentId);
  const droppedButPaid = payment.status === 'failed' && payment.failure_code === 'superseded';
  if (payment.status !== 'pending' && !droppedButPaid) throw invalidMove(payment.status, 'confirmed');
  // A live processor's word is final: it took the money, whatever the local clock says of the code.
  // A Pix code lives on the real time (the payer's countdown), a boleto until its due date ends on
  // billing time (docs/decisions/test-clock.md).
  const lapsesAt = payment.method === 'pix' ? realNowOf(ctx) : ctx.now;
  if (payment.status === 'pending' && !payment.connection_id && payment.expires_at && payment.expires_at <= lapsesAt) {
    throw invalidMove('pending', 'confirmed', `The ${payment.method} charge expired at ${payment.expires_at.toISOString()}; create a new charge.`);
  }
  const row = await repo.updatePayment(tx, ctx.tenant, payment.id, {
    status: 'confirmed',
    confirmed_at: ctx.now,
    failure_code: null,
    failed_at: null,
    updated_at: ctx.now,
  });
  await recordEvent(tx, ctx, 'payment.confirmed', await presentPayment(tx, ctx, row));
  return { payment: row, invoice };
}

/** pending -> failed with the reason the provider gave (a decline, `expired`, ...). */
export async function failPayment(tx: Tx, ctx: UseCaseContext, paymentId: string, failureCode: string): Promise<PaymentView> {
  const payment = await lockPayment(tx, ctx, paymentId);
  if (payment.status !== 'pending') throw invalidMove(payment.status, 'failed');
  const row = await repo.updatePayment(tx, ctx.tenant, payment.id, { status: 'failed', failure_code: failureCode, failed_at: ctx.now, updated_at: ctx.now });
  const view = await presentPayment(tx, ctx, row);
  await recordEvent(tx, ctx, 'payment.failed', view);
  return view;
}

/**
 * confirmed -> charged_back: the buyer disputed the charge with their bank. The invoice stays paid
 * (as with Stripe, a dispute does not reopen it).
 */
export async function chargeBackPayment(tx: Tx, ctx: UseCaseContext, paymentId: string): Promise<PaymentView> {
  const payment = await lockPayment(tx, ctx, paymentId);
  if (payment.status !== 'confirmed') throw invalidMove(payment.status, 'charged_back');
  const row = await repo.updatePayment(tx, ctx.tenant, payment.id, { status: 'charged_back', charged_back_at: ctx.now, updated_at: ctx.now });
  const view = await presentPayment(tx, ctx, row);
  await recordEvent(tx, ctx, 'payment.charged_back', view);
  return view;
}
