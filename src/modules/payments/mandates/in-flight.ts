// A mandate's calls to the PSP with no transaction open (issue #30), steps 2 and 3 of the in-flight
// pattern (flows/payment-confirmation in-flight-runner.ts; step 1 is service.ts's reserve):
// - create: POST /rec (and, journey 1, POST /solicrec), then the PSP's idRec, QR code and
//   authorization request recorded on the reserved row, which reads show from then on;
// - cancel: PATCH /rec CANCELADA, then the mandate canceled.
// POST /rec is not idempotent at the PSP (it assigns the idRec), so a reservation sent again (its
// answer lost: a timeout, a crash before the record) first looks its recurrence up by the contract
// id its request carries (findRecurrenceByContract) and creates it only when the PSP has none; a
// cancellation sent again first reads the recurrence (GET /rec/{idRec}). A journey 1 authorization
// request sent again may reach the payer's bank twice: both name the same recurrence.
import type { UseCaseContext } from '../../../core/context.ts';
import { formatMoney } from '../../../core/money.ts';
import type { Executor, Tx } from '../../../db/database.ts';
import { recordEvent } from '../../events/index.ts';
import { callProcessor } from '../processors/calls.ts';
import { connectionSource } from '../processors/connections.ts';
import { cancelRecurrence, createRecurrence, findRecurrenceByContract, requestAuthorization, retrieveRecurrence, type RecurrenceRequest, type RecurrenceStatus } from '../processors/pix-api/index.ts';
import type { PixMandateRow } from '../tables.ts';
import * as repo from './repository.ts';
import { moveMandate, toMandateView, type MandateView, type ReservedMandate } from './service.ts';

/** What the PSP answered: the recurrence, and (journey 1) the authorization request sent to the payer's bank. */
export interface MandateAnswer {
  recurrence: RecurrenceStatus;
  authorizationRequestId: string | null;
}

const timeout = () => connectionSource()!.settings.timeoutMs;

/** Step 2, no transaction open. A ProcessorError becomes the interface's 502/504 (callProcessor). */
export async function sendMandate(reserved: ReservedMandate): Promise<MandateAnswer> {
  const { row, live } = reserved;
  const timeoutMs = timeout();
  if (reserved.action === 'cancel') {
    if (reserved.resend) {
      const current = await callProcessor(timeoutMs, () => retrieveRecurrence(live.connection, row.provider_id, timeoutMs));
      if (current.status === 'CANCELADA') return { recurrence: current, authorizationRequestId: null };
    }
    return { recurrence: await callProcessor(timeoutMs, () => cancelRecurrence(live.connection, row.provider_id, timeoutMs)), authorizationRequestId: null };
  }
  const kept = row.creation_in_flight!;
  const request: RecurrenceRequest = {
    idempotencyKey: kept.idempotencyKey,
    payer: kept.payer,
    description: kept.description,
    startDate: row.start_date,
    endDate: row.end_date,
    periodicity: kept.periodicity,
    amount: row.amount === null ? null : formatMoney(row.amount, 'BRL'),
    currency: 'BRL',
    allowRetries: row.retries,
    activationTxid: null,
  };
  const found = reserved.resend ? await callProcessor(timeoutMs, () => findRecurrenceByContract(live.connection, request, row.created_at, new Date(), timeoutMs)) : null;
  const recurrence = found ?? (await callProcessor(timeoutMs, () => createRecurrence(live.connection, request, timeoutMs)));
  if (!kept.payerAccount) return { recurrence, authorizationRequestId: null };
  const destination = kept.payerAccount;
  const authorization = await callProcessor(timeoutMs, () => requestAuthorization(live.connection, { recurrenceId: recurrence.recurrenceId, destination, expiresAt: new Date(kept.authorizationExpiresAt) }, timeoutMs));
  return { recurrence, authorizationRequestId: authorization.requestId };
}

/**
 * Step 3: the answer recorded, once: a second recorder (a retry that took over, the repair poller)
 * finds it recorded and answers the mandate as it is.
 */
export async function recordMandate(tx: Tx, ctx: UseCaseContext, reserved: ReservedMandate, answer: MandateAnswer): Promise<MandateView> {
  const id = reserved.row.id;
  const inFlight = await repo.lockMandateInFlight(tx, ctx.tenant, id, reserved.action);
  if (!inFlight) {
    const current = await repo.findMandate(tx, ctx.tenant, id);
    if (!current) throw new Error(`Pix mandate ${id} was neither in flight nor recorded`);
    return toMandateView(current);
  }
  if (reserved.action === 'cancel') {
    const cleared = await repo.setCancelInFlight(tx, id, null, ctx.now);
    return toMandateView(await moveMandate(tx, ctx, cleared, 'canceled', 'mandate_revoked'));
  }
  const { recurrence, authorizationRequestId } = answer;
  let row = await repo.recordCreatedMandate(tx, id, { provider_id: recurrence.recurrenceId, qr_payload: recurrence.qrPayload, authorization_request_id: authorizationRequestId, updated_at: ctx.now });
  await recordEvent(tx, ctx, 'pix_mandate.created', toMandateView(row));
  // Found again after a lost answer, the payer may have answered meanwhile.
  if (recurrence.state !== 'pending') row = await moveMandate(tx, ctx, row, recurrence.state, recurrence.failureCode);
  return toMandateView(row);
}

/** The PSP refused (or the record did): a creation undone as if never made; a cancellation no longer in flight. */
export async function releaseMandate(tx: Tx, ctx: UseCaseContext, row: PixMandateRow): Promise<void> {
  if (row.creation_in_flight) await repo.deleteMandateInCreation(tx, ctx.tenant, row.id);
  else if (await repo.lockMandateInFlight(tx, ctx.tenant, row.id, 'cancel')) await repo.setCancelInFlight(tx, row.id, null, ctx.now);
}

/** A reservation left in flight, taken over by a retry of its request; null once recorded or released. */
export async function resumeMandate(tx: Tx, ctx: UseCaseContext, id: string, action: ReservedMandate['action']): Promise<ReservedMandate | null> {
  const row = await repo.lockMandateInFlight(tx, ctx.tenant, id, action);
  return row ? mandateFromRow(tx, row) : null;
}

/** The same, from a row the repair poller found (any tenant); null when its connection is gone. */
export async function mandateFromRow(ex: Executor, row: PixMandateRow): Promise<ReservedMandate | null> {
  const source = connectionSource();
  const live = source && row.connection_id ? await source.byId(ex, row.connection_id) : null;
  if (!live || !(row.creation_in_flight || row.cancel_in_flight)) return null;
  return { row, live, action: row.creation_in_flight ? 'create' : 'cancel', resend: true };
}

