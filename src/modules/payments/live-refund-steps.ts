// A live refund in three steps, so no transaction (and no payment row lock) is open while a
// processor answers (issue #30), as live charges (live-charge-steps.ts):
// 1. reserve, in a short transaction holding the payment's lock: the refund row `pending` and in
//    flight (`refund_in_flight`: the request to send). Pending refunds count against what is left
//    of the payment (checkRefund), so concurrent reservations never pass it; reads do not show it;
// 2. send, with no transaction: the processor's call, under an idempotency key derived from the
//    request's Idempotency-Key, so sending again refunds nothing new. A decline is a failed call;
// 3. record, in a second short transaction: the processor's answer on the row and, when it
//    succeeded, the money back (refundedAmount, payment.refunded): what one transaction wrote before.
// A failed call undoes the reservation (release): nothing recorded, as before. A crash between the
// call and the record leaves the row in flight: a retry of the request (its Idempotency-Key's record
// is in progress) or the repair poller sends the kept request again and records the answer.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { formatMoney } from '../../core/money.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { callProcessor } from './processors/calls.ts';
import { connectionSource, type LiveConnection } from './processors/connections.ts';
import { chargeIdFor } from './processors/live-charge.ts';
import type { ProcessorRefund, ProcessorRefundRequest } from './processors/types.ts';
import { applyRefund, checkRefund, moneyBack, toRefundView, type RefundInput, type RefundOptions, type RefundView } from './refunds.ts';
import * as repo from './repository.ts';
import type { PaymentRow, RefundRow } from './tables.ts';

export interface ReservedRefund {
  refund: RefundRow;
  /** The refunded payment's invoice (its lock comes first in the record, as everywhere). */
  invoiceId: string;
  live: LiveConnection;
  request: ProcessorRefundRequest;
}

export type PreparedRefund = { done: { payment: PaymentRow; refund: RefundView } } | { reserved: ReservedRefund };

/** Step 1, in the caller's transaction: a payment without a processor connection is refunded at once; a live one is reserved. */
export async function prepareRefund(tx: Tx, ctx: UseCaseContext, paymentId: string, input: RefundInput, options: RefundOptions = {}): Promise<PreparedRefund> {
  const payment = await repo.findPayment(tx, ctx.tenant, paymentId, { forUpdate: true });
  if (!payment) throw notFound('payment');
  const amount = await checkRefund(tx, ctx, payment, input);
  const reason = input.reason ?? null;
  if (!payment.connection_id) return { done: await applyRefund(tx, ctx, payment, { amount, reason }) };
  return { reserved: await reserveLiveRefund(tx, ctx, payment, { amount, reason }, options) };
}

async function reserveLiveRefund(tx: Tx, ctx: UseCaseContext, payment: PaymentRow, input: { amount: string; reason: string | null }, options: RefundOptions): Promise<ReservedRefund> {
  const source = connectionSource();
  const live = source ? await source.byId(tx, payment.connection_id!) : null;
  if (!source || !live) {
    throw new AppError('provider_not_configured', `The ${payment.provider} connection this payment ran through is no longer connected; connect it again to refund through it.`);
  }
  const id = newId();
  // What the processor knows the refund by: the same for every retry of this request.
  const reference = options.requestKey ? chargeIdFor(ctx.tenant, `refund:${options.requestKey}`) : id;
  const request: ProcessorRefundRequest = {
    refundId: reference,
    idempotencyKey: `refund_${reference}`,
    payment: { id: payment.id, providerId: payment.provider_id!, method: payment.method, amount: payment.amount, currency: payment.currency },
    amount: formatMoney(input.amount, payment.currency),
    reason: input.reason,
  };
  const refund: RefundRow = {
    id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    payment_id: payment.id,
    amount: input.amount,
    reason: input.reason,
    status: 'pending',
    provider_refund_id: null,
    credited: options.credited ?? false,
    refund_in_flight: { request, requestKey: options.requestKey ?? null },
    created_at: ctx.now,
  };
  await repo.insertRefund(tx, refund);
  return { refund, invoiceId: payment.invoice_id, live, request };
}

/** Step 2, outside any transaction: the processor's call. A decline is an error too (502 provider_error): the caller releases the reservation. */
export async function sendLiveRefund(reserved: ReservedRefund): Promise<ProcessorRefund> {
  const answer = await callProcessor(connectionSource()!.settings.timeoutMs, () => reserved.live.adapter.refund(reserved.live.connection, reserved.request));
  if (answer.status === 'failed') throw new AppError('provider_error', 'The payment processor declined the refund; nothing was refunded.');
  return answer;
}

/**
 * Step 3: the answer recorded. `succeeded` moves the money now; `pending` keeps the refund pending
 * until the processor's refund.succeeded (settleRefund). Once only: a second recorder of the same
 * reservation (a retry that took over a slow one, the poller) finds it recorded (`recorded` false).
 */
export async function recordLiveRefund(tx: Tx, ctx: UseCaseContext, reserved: ReservedRefund, answer: ProcessorRefund): Promise<{ payment: PaymentRow; refund: RefundView; recorded: boolean }> {
  const payment = await repo.findPayment(tx, ctx.tenant, reserved.refund.payment_id, { forUpdate: true });
  if (!payment) throw new Error(`Payment ${reserved.refund.payment_id} of refund ${reserved.refund.id} is gone`);
  const inFlight = await repo.lockRefundInFlight(tx, ctx.tenant, reserved.refund.id);
  if (!inFlight) {
    const row = await repo.findRefund(tx, ctx.tenant, reserved.refund.id);
    if (!row) throw new Error(`Refund ${reserved.refund.id} was neither in flight nor recorded`);
    return { payment, refund: toRefundView(row, payment.currency), recorded: false };
  }
  const row = await repo.recordSentRefund(tx, ctx.tenant, inFlight.id, { status: answer.status === 'succeeded' ? 'succeeded' : 'pending', provider_refund_id: answer.providerRefundId });
  if (row.status === 'pending') return { payment, refund: toRefundView(row, payment.currency), recorded: true };
  return { ...(await moneyBack(tx, ctx, payment, row)), recorded: true };
}

/** The call failed: the reservation undone, as if never made. */
export async function releaseLiveRefund(tx: Tx, ctx: UseCaseContext, reserved: Pick<ReservedRefund, 'refund'>): Promise<void> {
  await repo.deleteRefundInFlight(tx, ctx.tenant, reserved.refund.id);
}

/** A reservation left in flight (a crash, or a process still waiting past its deadline), ready to send again; null when recorded or released. */
export async function resumeLiveRefund(tx: Tx, ctx: UseCaseContext, refundId: string): Promise<ReservedRefund | null> {
  const row = await repo.lockRefundInFlight(tx, ctx.tenant, refundId);
  return row ? reservedRefundFromRow(tx, row) : null;
}

/** The same, from a row the repair poller found (any tenant). */
export async function reservedRefundFromRow(ex: Executor, row: RefundRow): Promise<ReservedRefund | null> {
  const source = connectionSource();
  const payment = await repo.findPayment(ex, { accountId: row.account_id, environment: row.environment }, row.payment_id);
  const live = source && payment?.connection_id ? await source.byId(ex, payment.connection_id) : null;
  if (!payment || !live || !row.refund_in_flight) return null;
  return { refund: row, invoiceId: payment.invoice_id, live, request: row.refund_in_flight.request };
}

/** Reserved live refunds older than `before`: their process died between the call and the record. */
export async function listStaleRefundsInFlight(ex: Executor, before: Date, limit: number): Promise<RefundRow[]> {
  return repo.listStaleRefundsInFlight(ex, before, limit);
}

/** Whether a refund of the payment is being asked of its processor: a dispute waits for its record (what it takes back depends on what was refunded). */
export async function paymentHasRefundInFlight(ex: Executor, ctx: UseCaseContext, paymentId: string): Promise<boolean> {
  return repo.hasRefundInFlight(ex, ctx.tenant, paymentId);
}

/** Whether a processor event about a refund the service does not know yet must wait: a refund of the payment is in flight (its record names it). */
export async function refundAwaitsRecord(ex: Executor, ctx: UseCaseContext, paymentId: string, providerRefundId: string): Promise<boolean> {
  if (await repo.findRefundByProviderId(ex, ctx.tenant, paymentId, providerRefundId)) return false;
  return repo.hasRefundInFlight(ex, ctx.tenant, paymentId);
}

/**
 * Refunds a confirmed payment in the caller's transaction (a credit note's refunds, a payment that
 * paid nothing): a live processor is called inside it, as before issue #30. The refund route uses
 * the steps with no transaction open instead (flows/payment-confirmation/refunds-in-flight.ts).
 */
export async function refundPayment(tx: Tx, ctx: UseCaseContext, paymentId: string, input: RefundInput, options: RefundOptions = {}): Promise<{ payment: PaymentRow; refund: RefundView }> {
  const step = await prepareRefund(tx, ctx, paymentId, input, options);
  if ('done' in step) return step.done;
  const answer = await sendLiveRefund(step.reserved);
  const { payment, refund } = await recordLiveRefund(tx, ctx, step.reserved, answer);
  return { payment, refund };
}
