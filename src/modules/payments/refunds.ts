// Refunds: POST/GET /billing/payments/{paymentID}/refunds.
// Invariants: only a confirmed payment is refunded; the sum of its refunds never passes its amount
// (the payment row is locked, and a check constraint backs it); at the full amount the payment
// becomes `refunded` (the payment-confirmation flow then revokes its download grants). The sandbox processor refunds at once
// (status `succeeded`). Each refund records `payment.refunded` with the payment and the refund.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { currencyExponent, formatMoney, toAmount } from '../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { recordEvent } from '../events/index.ts';
import { invalidMove } from './payment-transitions.ts';
import { presentPayment } from './present-payments.ts';
import * as repo from './repository.ts';
import type { PaymentRow, RefundRow } from './tables.ts';

export interface RefundInput {
  amount?: string;
  reason?: string;
}

export interface RefundView {
  id: string;
  paymentId: string;
  amount: string;
  currency: string;
  reason: string | null;
  status: RefundRow['status'];
  createdAt: Date;
}

function toRefundView(row: RefundRow, currency: string): RefundView {
  return { id: row.id, paymentId: row.payment_id, amount: formatMoney(row.amount, currency), currency, reason: row.reason, status: row.status, createdAt: row.created_at };
}

/** Refunds part or all of a payment the caller has locked; returns the payment as it is after, and the refund. */
export async function applyRefund(
  tx: Tx,
  ctx: UseCaseContext,
  payment: PaymentRow,
  input: { amount: string; reason: string | null },
): Promise<{ payment: PaymentRow; refund: RefundView }> {
  const refund: RefundRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    payment_id: payment.id,
    amount: input.amount,
    reason: input.reason,
    status: 'succeeded',
    created_at: ctx.now,
  };
  await repo.insertRefund(tx, refund);
  const refunded = toAmount(payment.refunded_amount).plus(input.amount);
  const full = refunded.equals(toAmount(payment.amount));
  const row = await repo.updatePayment(tx, ctx.tenant, payment.id, {
    refunded_amount: refunded.toFixed(),
    ...(full && { status: 'refunded' as const }),
    updated_at: ctx.now,
  });
  const view = toRefundView(refund, row.currency);
  await recordEvent(tx, ctx, 'payment.refunded', { ...(await presentPayment(tx, ctx, row)), refund: view });
  return { payment: row, refund: view };
}

/** Refunds a confirmed payment; returns the refund and the payment as it is after. */
export async function refundPayment(tx: Tx, ctx: UseCaseContext, paymentId: string, input: RefundInput): Promise<{ payment: PaymentRow; refund: RefundView }> {
  const payment = await repo.findPayment(tx, ctx.tenant, paymentId, { forUpdate: true });
  if (!payment) throw notFound('payment');
  if (payment.status !== 'confirmed') throw invalidMove(payment.status, 'refunded', 'Only a confirmed payment can be refunded.');
  const left = toAmount(payment.amount).minus(payment.refunded_amount);
  const amount = input.amount === undefined ? left : toAmount(input.amount);
  if (input.amount !== undefined) {
    if (amount.lte(0)) throw fieldError('amount', input.amount, 'positive', 'A refund is more than zero.');
    if (amount.decimalPlaces() > currencyExponent(payment.currency)) {
      throw fieldError('amount', input.amount, 'minor_unit', `${payment.currency} amounts have at most ${currencyExponent(payment.currency)} decimal places.`);
    }
  }
  if (amount.gt(left)) {
    throw new AppError('refund_exceeds_payment', `The refund of ${formatMoney(amount, payment.currency)} is more than what is left of the payment (${formatMoney(left, payment.currency)} ${payment.currency}).`);
  }
  return applyRefund(tx, ctx, payment, { amount: amount.toFixed(), reason: input.reason ?? null });
}

export async function listRefunds(ex: Executor, ctx: UseCaseContext, paymentId: string, page: PageRequest): Promise<Page<RefundView>> {
  const payment = await repo.findPayment(ex, ctx.tenant, paymentId);
  if (!payment) throw notFound('payment');
  const result = toPage(await repo.listRefunds(ex, ctx.tenant, paymentId, page.limit, page.afterId), page.limit);
  return { items: result.items.map((r) => toRefundView(r, payment.currency)), nextCursor: result.nextCursor };
}
