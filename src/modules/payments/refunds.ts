// Refunds: POST/GET /billing/payments/{paymentID}/refunds.
// Invariants: only a confirmed payment is refunded; the sum of its refunds never passes its amount
// (the payment row is locked, and a check constraint backs it); at the full amount the payment
// becomes `refunded` (the payment-confirmation flow then revokes its download grants). The sandbox processor refunds at once
// (status `succeeded`). Each refund records `payment.refunded` with the payment and the refund.
// A live refund calls its processor between two short transactions: live-refund-steps.ts.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { currencyExponent, formatMoney, toAmount } from '../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { recordEvent } from '../events/index.ts';
import { isOnChainProvider } from './crypto-settlement.ts';
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

export function toRefundView(row: RefundRow, currency: string): RefundView {
  return { id: row.id, paymentId: row.payment_id, amount: formatMoney(row.amount, currency), currency, reason: row.reason, status: row.status, createdAt: row.created_at };
}

/** Refunds part or all of a payment the caller has locked; returns the payment as it is after, and the refund. */
export async function applyRefund(
  tx: Tx,
  ctx: UseCaseContext,
  payment: PaymentRow,
  input: { amount: string; reason: string | null; id?: string; providerRefundId?: string | null },
): Promise<{ payment: PaymentRow; refund: RefundView }> {
  const refund: RefundRow = {
    id: input.id ?? newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    payment_id: payment.id,
    amount: input.amount,
    reason: input.reason,
    status: 'succeeded',
    provider_refund_id: input.providerRefundId ?? null,
    credited: false,
    refund_in_flight: null,
    created_at: ctx.now,
  };
  await repo.insertRefund(tx, refund);
  return moneyBack(tx, ctx, payment, refund);
}

/** The money of a succeeded refund leaves the payment: refundedAmount grows (refunded at the full amount), payment.refunded. */
export async function moneyBack(tx: Tx, ctx: UseCaseContext, payment: PaymentRow, refund: RefundRow): Promise<{ payment: PaymentRow; refund: RefundView }> {
  const input = { amount: refund.amount };
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

export interface RefundOptions {
  /** The request's Idempotency-Key: a live refund's id and processor idempotency key derive from it. */
  requestKey?: string;
  /** The credit note of this money is recorded already (a credit note's refund outcome). */
  credited?: boolean;
}

/**
 * The checks of a refund on a payment the caller has locked (confirmed, not on chain, within what
 * is left): the amount to refund. Pending live refunds, and those in flight, hold their amount
 * back, so together refunds never pass the payment.
 */
export async function checkRefund(tx: Tx, ctx: UseCaseContext, payment: PaymentRow, input: RefundInput): Promise<string> {
  if (payment.status !== 'confirmed') throw invalidMove(payment.status, 'refunded', 'Only a confirmed payment can be refunded.');
  if (payment.environment === 'production' && isOnChainProvider(payment.provider)) {
    // The money went from the payer's wallet straight to the seller's; the facilitator moves only
    // what a payer authorized, so nothing here can send it back (docs/decisions/payments.md).
    throw new AppError('conflict', `This USDC payment was settled on chain by the account's own facilitator ("${payment.provider}"): send the money back from the seller's wallet; the service cannot refund it.`);
  }
  const left = toAmount(payment.amount).minus(payment.refunded_amount).minus(await repo.pendingRefundTotal(tx, ctx.tenant, payment.id));
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
  return amount.toFixed();
}

/**
 * The processor says a live refund went through. A pending one: its money moves now (succeeded,
 * refundedAmount, payment.refunded); one the service never asked for (made at the processor's
 * dashboard): recorded and applied. null when it was applied already (a repeated event).
 */
export async function settleRefund(
  tx: Tx,
  ctx: UseCaseContext,
  paymentId: string,
  providerRefundId: string,
  amount: string,
): Promise<{ payment: PaymentRow; refund: RefundView; credited: boolean } | null> {
  const payment = await repo.findPayment(tx, ctx.tenant, paymentId, { forUpdate: true });
  if (!payment) throw notFound('payment');
  const known = await repo.findRefundByProviderId(tx, ctx.tenant, payment.id, providerRefundId, { forUpdate: true });
  if (known && known.status !== 'pending') return null;
  if (payment.status !== 'confirmed') throw invalidMove(payment.status, 'refunded', 'Only a confirmed payment can be refunded.');
  if (payment.environment === 'production' && isOnChainProvider(payment.provider)) {
    // The money went from the payer's wallet straight to the seller's; the facilitator moves only
    // what a payer authorized, so nothing here can send it back (docs/decisions/payments.md).
    throw new AppError('conflict', `This USDC payment was settled on chain by the account's own facilitator ("${payment.provider}"): send the money back from the seller's wallet; the service cannot refund it.`);
  }
  if (known) {
    const row = await repo.updateRefund(tx, ctx.tenant, known.id, { status: 'succeeded' });
    return { ...(await moneyBack(tx, ctx, payment, row)), credited: known.credited };
  }
  const left = toAmount(payment.amount).minus(payment.refunded_amount);
  const take = toAmount(amount).gt(left) ? left : toAmount(amount);
  if (take.lte(0)) return null;
  return { ...(await applyRefund(tx, ctx, payment, { amount: take.toFixed(), reason: 'processor', providerRefundId })), credited: false };
}

/** The processor says a pending live refund failed: it is recorded failed, and no money moved. */
export async function failRefund(tx: Tx, ctx: UseCaseContext, paymentId: string, providerRefundId: string): Promise<void> {
  const known = await repo.findRefundByProviderId(tx, ctx.tenant, paymentId, providerRefundId, { forUpdate: true });
  if (known?.status === 'pending') await repo.updateRefund(tx, ctx.tenant, known.id, { status: 'failed' });
}

export async function listRefunds(ex: Executor, ctx: UseCaseContext, paymentId: string, page: PageRequest): Promise<Page<RefundView>> {
  const payment = await repo.findPayment(ex, ctx.tenant, paymentId);
  if (!payment) throw notFound('payment');
  const result = toPage(await repo.listRefunds(ex, ctx.tenant, paymentId, page.limit, page.afterId), page.limit);
  return { items: result.items.map((r) => toRefundView(r, payment.currency)), nextCursor: result.nextCursor };
}
