// A live charge in three steps, so no transaction is open while a processor answers (issue #30):
// 1. reserve, in a short transaction holding the invoice's lock: the payment row in flight
//    (`charge_in_flight`: the request to send), invisible to reads and no pending charge yet;
// 2. send, with no transaction: the processor's call, under an idempotency key derived from the
//    charge's processor reference (the request's Idempotency-Key), so sending again makes nothing new;
// 3. record, in a second short transaction: the processor's answer on the row, the invoice's earlier
//    pending charge superseded, the events: exactly what one transaction wrote before.
// A failed call undoes the reservation (release): nothing recorded, as before. A crash between the
// call and the record leaves the row in flight: a retry of the request (its Idempotency-Key's record
// is in progress) or the repair poller sends the kept request again and records the answer.
// Later charges supersede earlier ones by reservation order (payment ids are time-ordered): a charge
// recorded after a later one of its invoice is recorded, then failed as `superseded` at once.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { formatMoney } from '../../core/money.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { getTenant } from '../accounts/index.ts';
import { hostedInvoiceUrl, lockInvoice, type InvoiceRow } from '../invoices/index.ts';
import { announceCharge, newPendingRow, sentChargeFields } from './charge-rows.ts';
import type { ChargeInput, ChargeOptions, ChargeOutcome } from './create-charge.ts';
import { toPaymentView, type PaymentView } from './payment-view.ts';
import { connectionSource, type LiveConnection } from './processors/connections.ts';
import { chargeIdFor, chargeLive, type LiveChargeResult } from './processors/live-charge.ts';
import type { ProcessorChargeRequest } from './processors/types.ts';
import * as repo from './repository.ts';
import type { CardProcessor, ChargeInFlight, OffSessionCharge, PaymentRow } from './tables.ts';

export const PIX_DEFAULT_EXPIRY_SECONDS = 3600;

export interface ReservedCharge {
  row: PaymentRow;
  live: LiveConnection;
  request: ProcessorChargeRequest;
}

export interface LiveChargeDraft {
  live: LiveConnection;
  invoice: InvoiceRow;
  amount: string;
  input: ChargeInput;
  payerDocument: string | null;
  payer: ProcessorChargeRequest['payer'];
  accountName: string;
  options: ChargeOptions;
}

/** Step 1, in the caller's transaction (the invoice locked, validated): the row in flight. */
export async function reserveLiveCharge(tx: Tx, ctx: UseCaseContext, draft: LiveChargeDraft): Promise<ReservedCharge> {
  const { live, invoice, input, options } = draft;
  const id = newId();
  // What the processor knows the charge by: the same for every retry of this request.
  const basis = options.requestKey ?? options.referenceKey;
  const reference = basis ? chargeIdFor(ctx.tenant, basis) : id;
  const request: ProcessorChargeRequest = {
    paymentId: reference,
    idempotencyKey: `charge_${reference}`,
    method: input.method,
    amount: draft.amount,
    currency: invoice.currency,
    description: `Invoice ${invoice.invoice_number ?? invoice.id} (${draft.accountName})`,
    invoice: { id: invoice.id, dueDate: invoice.due_date },
    payer: draft.payer,
    pixExpiresInSeconds: input.expiresInSeconds ?? PIX_DEFAULT_EXPIRY_SECONDS,
    savedMethod: options.savedMethod ?? null,
    now: ctx.now,
  };
  const row = newPendingRow(ctx, id, invoice, draft.amount, input, draft.payerDocument, {
    ...sentChargeFields(null),
    provider: live.adapter.name,
    network: null,
    settlement_asset: null,
    settlement_network: null,
    client_secret_hash: null,
    charge_token_hash: null,
    confirm_token: null,
    card_processor: input.method === 'card' ? cardProcessorNamed(live.adapter.name) : null,
    connection_id: live.connection.id,
    processor_reference: reference,
    charge_in_flight: inFlightOf(request, options.requestKey ?? null, options.offSession ?? null),
  });
  await repo.insertPayment(tx, row);
  return { row, live, request };
}

/** Step 2, outside any transaction: the processor's call (a ProcessorError becomes the interface's 502/504). */
export async function sendLiveCharge(reserved: ReservedCharge): Promise<LiveChargeResult> {
  return chargeLive(reserved.live, connectionSource()!.settings.timeoutMs, reserved.request);
}

/**
 * Step 3: the answer recorded. Once only: a second recorder of the same reservation (a retry that
 * took over a slow one, the poller) finds it recorded and answers the charge as it is. An invoice
 * that stopped being payable meanwhile (paid, voided, its amount changed) answers 409 and the
 * caller releases the reservation: the processor's object is left unpaid, its secret never shown.
 */
export async function recordLiveCharge(tx: Tx, ctx: UseCaseContext, reserved: ReservedCharge, sent: LiveChargeResult): Promise<ChargeOutcome> {
  const invoice = await lockInvoice(tx, ctx, reserved.row.invoice_id);
  const account = await getTenant(tx, ctx);
  const inFlight = await repo.lockChargeInFlight(tx, ctx.tenant, reserved.row.id);
  if (!inFlight) {
    const row = await repo.findPayment(tx, ctx.tenant, reserved.row.id);
    if (!row) throw new Error(`Payment ${reserved.row.id} was neither in flight nor recorded`);
    const view = await announceAgain(ctx, row, invoice, account, sent);
    return { view, status: sent.status, failureCode: sent.failureCode, recorded: false };
  }
  if (invoice.status !== 'open' || formatMoney(invoice.amount_due, invoice.currency) !== formatMoney(inFlight.amount, inFlight.currency)) {
    // The caller undoes the reservation (releaseLiveCharge) once this answer's writes are rolled back.
    throw new AppError('invoice_not_payable', `The invoice became ${invoice.status === 'open' ? 'due another amount' : invoice.status} while the processor answered; nothing was recorded. Charge it again if it is still open.`);
  }
  const newest = await repo.findPendingPayment(tx, ctx.tenant, invoice.id);
  const outrankedBy = newest && newest.id > inFlight.id ? newest : undefined;
  const superseded = outrankedBy ? undefined : await repo.supersedePendingPayment(tx, ctx.tenant, invoice.id, ctx.now);
  const row = await repo.recordSentCharge(tx, ctx.tenant, inFlight.id, sentChargeFields(sent), outrankedBy ? ctx.now : null);
  // An outranked charge is announced as created (pending), then failed.
  const created = outrankedBy ? { ...row, status: 'pending' as const, failure_code: null, failed_at: null, updated_at: inFlight.updated_at } : row;
  const view = await announceCharge(tx, ctx, { row: created, invoice, account, superseded, outranked: outrankedBy ? row : undefined, live: sent, clientSecret: null, chargeToken: null });
  return { view, status: sent.status, failureCode: sent.failureCode, recorded: true };
}

/** The call failed: the reservation undone, as if never made. */
export async function releaseLiveCharge(tx: Tx, ctx: UseCaseContext, reserved: Pick<ReservedCharge, 'row'>): Promise<void> {
  await repo.deleteChargeInFlight(tx, ctx.tenant, reserved.row.id);
}

/** A reservation left in flight (a crash, or a process still waiting past its deadline), ready to send again; null when recorded or released. */
export async function resumeLiveCharge(tx: Tx, ctx: UseCaseContext, paymentId: string): Promise<ReservedCharge | null> {
  const row = await repo.lockChargeInFlight(tx, ctx.tenant, paymentId);
  return row ? reservedFromRow(tx, row) : null;
}

/** The same, from a row the repair poller found (any tenant). */
export async function reservedFromRow(ex: Executor, row: PaymentRow): Promise<ReservedCharge | null> {
  const source = connectionSource();
  const live = source && row.connection_id ? await source.byId(ex, row.connection_id) : null;
  if (!live || !row.charge_in_flight) return null;
  const kept = row.charge_in_flight.request;
  const request: ProcessorChargeRequest = {
    ...kept,
    invoice: { id: kept.invoice.id, dueDate: kept.invoice.dueDate === null ? null : new Date(kept.invoice.dueDate) },
    now: new Date(kept.now),
  };
  return { row, live, request };
}

/** How long a reservation may stay in flight before another may take it over: past the call's deadline, with room for its record. */
export function inFlightTakeoverMs(): number {
  return (connectionSource()?.settings.timeoutMs ?? 30_000) + 15_000;
}

/** A charge recorded by another hand: answered as it is now, with what this call's processor answer shows once. */
async function announceAgain(ctx: UseCaseContext, row: PaymentRow, invoice: InvoiceRow, account: { slug: string }, sent: LiveChargeResult): Promise<PaymentView> {
  const view = toPaymentView(row, ctx, { baseUrl: ctx.baseUrl!, accountSlug: account.slug, invoiceToken: invoice.access_token });
  const created: PaymentView = { ...view, invoiceUrl: hostedInvoiceUrl(ctx.baseUrl!, account.slug, invoice.id, invoice.access_token), switchable: row.status === 'pending' };
  if (sent.card?.clientSecret) created.clientSecret = sent.card.clientSecret;
  if (sent.card) Object.assign(created, { publishableKey: sent.card.publishableKey, nextAction: sent.card.nextAction });
  return created;
}

function inFlightOf(request: ProcessorChargeRequest, requestKey: string | null, offSession: OffSessionCharge | null): ChargeInFlight {
  return {
    request: { ...request, invoice: { id: request.invoice.id, dueDate: request.invoice.dueDate?.toISOString() ?? null }, now: request.now.toISOString() },
    requestKey,
    offSession,
  };
}

/** The card processor shape of a live card charge: its processor's (pix_api serves no card). */
export function cardProcessorNamed(provider: string): CardProcessor | null {
  return provider === 'processor_a' || provider === 'processor_b' ? provider : null;
}
