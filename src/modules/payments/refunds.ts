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
import { isOnChainProvider } from './crypto-settlement.ts';
import { invalidMove } from './payment-transitions.ts';
import { presentPayment } from './present-payments.ts';
import { callProcessor } from './processors/calls.ts';
import { connectionSource } from './processors/connections.ts';
import { chargeIdFor } from './processors/live-charge.ts';
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
    created_at: ctx.now,
  };
  await repo.insertRefund(tx, refund);
  return moneyBack(tx, ctx, payment, refund);
}

/** The money of a succeeded refund leaves the payment: refundedAmount grows (refunded at the full amount), payment.refunded. */
async function moneyBack(tx: Tx, ctx: UseCaseContext, payment: PaymentRow, refund: RefundRow): Promise<{ payment: PaymentRow; refund: RefundView }> {
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
 * Refunds a confirmed payment; returns the refund and the payment as it is after. A live payment
 * is refunded through its processor first: `succeeded` applies at once, `pending` is recorded
 * pending and its money moves when the processor's refund.succeeded arrives (settleRefund).
 */
export async function refundPayment(tx: Tx, ctx: UseCaseContext, paymentId: string, input: RefundInput, options: RefundOptions = {}): Promise<{ payment: PaymentRow; refund: RefundView }> {
  const payment = await repo.findPayment(tx, ctx.tenant, paymentId, { forUpdate: true });
  if (!payment) throw notFound('payment');
  if (payment.status !== 'confirmed') throw invalidMove(payment.status, 'refunded', 'Only a confirmed payment can be refunded.');
  if (payment.environment === 'production' && isOnChainProvider(payment.provider)) {
    // The money went from the payer's wallet straight to the seller's; the facilitator moves only
    // what a payer authorized, so nothing here can send it back (docs/decisions/payments.md).
    throw new AppError('conflict', `This USDC payment was settled on chain by the account's own facilitator ("${payment.provider}"): send the money back from the seller's wallet; the service cannot refund it.`);
  }
  // Pending live refunds hold their amount back: together, refunds never pass the payment.
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
  if (!payment.connection_id) return applyRefund(tx, ctx, payment, { amount: amount.toFixed(), reason: input.reason ?? null });
  return refundLive(tx, ctx, payment, { amount: amount.toFixed(), reason: input.reason ?? null }, options);
}

async function refundLive(tx: Tx, ctx: UseCaseContext, payment: PaymentRow, input: { amount: string; reason: string | null }, options: RefundOptions) {
  const source = connectionSource();
  const live = source ? await source.byId(tx, payment.connection_id!) : null;
  if (!source || !live) {
    throw new AppError('provider_not_configured', `The ${payment.provider} connection this payment ran through is no longer connected; connect it again to refund through it.`);
  }
  const id = newId();
  // What the processor knows the refund by: the same for every retry of this request.
  const reference = options.requestKey ? chargeIdFor(ctx.tenant, `refund:${options.requestKey}`) : id;
  const answer = await callProcessor(source.settings.timeoutMs, () =>
    live.adapter.refund(live.connection, {
      refundId: reference,
      idempotencyKey: `refund_${reference}`,
      payment: { id: payment.id, providerId: payment.provider_id!, method: payment.method, amount: payment.amount, currency: payment.currency },
      amount: formatMoney(input.amount, payment.currency),
      reason: input.reason,
    }),
  );
  if (answer.status === 'failed') throw new AppError('provider_error', 'The payment processor declined the refund; nothing was refunded.');
  if (answer.status === 'succeeded') return applyRefund(tx, ctx, payment, { ...input, id, providerRefundId: answer.providerRefundId });
  const refund: RefundRow = {
    id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    payment_id: payment.id,
    amount: input.amount,
    reason: input.reason,
    status: 'pending',
    provider_refund_id: answer.providerRefundId,
    credited: options.credited ?? false,
    created_at: ctx.now,
  };
  await repo.insertRefund(tx, refund);
  return { payment, refund: toRefundView(refund, payment.currency) };
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
