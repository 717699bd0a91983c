// Processor events: what a live processor reports (its webhooks, or the repair poller's read-back),
// applied through the same flow functions as the sandbox's buttons, so every transition records
// the same events and ledger transactions. Each event is applied once per (connection, eventId)
// (table processor_events). Order: an event that needs a state the payment has not reached yet (a
// refund or a dispute before the confirmation, or any event before the charge's own transaction
// committed) is kept `waiting` and applied after the next event that moves the payment, or by the
// repair poller. An event reaches only the payments of the connection it came to.
import type { UseCaseContext } from '../../core/context.ts';
import { isUuid } from '../../core/ids.ts';
import type { Tx } from '../../db/database.ts';
import { contextAsOfClock } from '../../modules/accounts/index.ts';
import * as payments from '../../modules/payments/index.ts';
import type { LiveConnection, PaymentRow, ProcessorEvent } from '../../modules/payments/index.ts';
import { markProcessorEventApplied, recordProcessorEvent, waitingProcessorEvents } from '../../modules/providers/index.ts';
import { chargeBackPayment, confirmPayment, settleProcessorRefund } from './payment-outcomes.ts';

type Outcome = 'applied' | 'waiting' | 'duplicate';
/** The events about a payment (a mandate's change is about a saved method). */
type PaymentEvent = Exclude<ProcessorEvent, { kind: 'ignored' | 'mandate.changed' }>;

/**
 * Applies one event in the caller's transaction; `duplicate` when the connection had it already.
 * An event naming no payment of this connection is kept waiting when it names one of the service's
 * payment ids (its charge's transaction may not have committed yet), else applied as nothing (a
 * charge the seller made elsewhere on the same processor account).
 */
export async function applyProcessorEvent(tx: Tx, live: LiveConnection, event: ProcessorEvent, now: Date, baseUrl: string): Promise<Outcome> {
  if (event.kind === 'mandate.changed') return applyMandateChange(tx, live, event, now, baseUrl);
  const payment = event.kind === 'ignored' ? undefined : await paymentOfEvent(tx, live, event);
  // Recorded first: a second delivery of the event waits on this row and then finds it.
  if (!(await recordProcessorEvent(tx, live.connection, event, 'waiting', now))) return 'duplicate';
  let outcome: 'applied' | 'waiting' = 'applied';
  if (payment && event.kind !== 'ignored') {
    // Dated on the account's billing time (a sandbox connection of an account with a test clock: the clock).
    outcome = await move(tx, await contextAsOfClock(tx, { accountId: payment.account_id, environment: payment.environment }, now, baseUrl), payment, event);
  }
  else if (!payment && 'paymentId' in event && event.paymentId) outcome = 'waiting';
  if (outcome === 'applied') {
    await markProcessorEventApplied(tx, live.connection.id, event.eventId, now);
    if (payment) await applyWaiting(tx, live, now, baseUrl);
  }
  return outcome;
}

/**
 * The payment an event is about: by the processor's reference; else, for a charge's outcome that
 * names the service's payment id, that payment of the connection, which takes the processor's
 * reference from then on. A processor may give its own reference only once the charge is decided
 * (processor_a: a card charge starts as its Checkout session's id and is paid under a pspReference,
 * the reference its refunds and chargebacks name).
 */
async function paymentOfEvent(tx: Tx, live: LiveConnection, event: PaymentEvent): Promise<PaymentRow | undefined> {
  const byReference = await payments.findPaymentByProvider(tx, live.connection.id, event.providerId);
  if (byReference || (event.kind !== 'charge.confirmed' && event.kind !== 'charge.failed') || !event.paymentId || !isUuid(event.paymentId)) return byReference;
  const named = await payments.findConnectionPayment(tx, live.connection.id, event.paymentId);
  if (!named || named.status !== 'pending') return named;
  return payments.adoptProviderId(tx, named.id, event.providerId);
}

async function move(tx: Tx, ctx: UseCaseContext, payment: PaymentRow, event: PaymentEvent): Promise<'applied' | 'waiting'> {
  switch (event.kind) {
    case 'charge.confirmed': {
      const superseded = payment.status === 'failed' && payment.failure_code === 'superseded';
      if (payment.status === 'pending' || superseded) await confirmPayment(tx, ctx, payment.id);
      return 'applied';
    }
    case 'charge.failed':
      if (payment.status === 'pending') await payments.failPayment(tx, ctx, payment.id, event.failureCode);
      return 'applied';
    case 'refund.succeeded':
      if (payment.status === 'pending') return 'waiting';
      // A refund the service asked for and has not recorded yet (live-refund-steps.ts): its record comes first.
      if (await payments.refundAwaitsRecord(tx, ctx, payment.id, event.providerRefundId)) return 'waiting';
      if (payment.status === 'confirmed') await settleProcessorRefund(tx, ctx, payment.id, event.providerRefundId, event.amount);
      return 'applied';
    case 'refund.failed':
      if (await payments.refundAwaitsRecord(tx, ctx, payment.id, event.providerRefundId)) return 'waiting';
      await payments.failRefund(tx, ctx, payment.id, event.providerRefundId);
      return 'applied';
    case 'charge.disputed':
      if (payment.status === 'pending') return 'waiting';
      // A refund in flight is recorded first: the chargeback takes what it did not give back.
      if (payment.status === 'confirmed' && (await payments.paymentHasRefundInFlight(tx, ctx, payment.id))) return 'waiting';
      if (payment.status === 'confirmed') await chargeBackPayment(tx, ctx, payment.id);
      return 'applied';
  }
}

/** Applies the connection's waiting events that can be applied now (oldest first). */
export async function applyWaiting(tx: Tx, live: LiveConnection, now: Date, baseUrl: string): Promise<number> {
  let applied = 0;
  for (const waiting of await waitingProcessorEvents(tx, live.connection.id, now)) {
    const event = waiting.event as PaymentEvent;
    const payment = await payments.findPaymentByProvider(tx, live.connection.id, event.providerId);
    if (!payment) continue;
    const ctx = await contextAsOfClock(tx, { accountId: payment.account_id, environment: payment.environment }, now, baseUrl);
    if ((await move(tx, ctx, payment, event)) === 'applied') {
      await markProcessorEventApplied(tx, live.connection.id, waiting.eventId, now);
      applied += 1;
    }
  }
  return applied;
}

/** A Pix Automático mandate the payer approved, refused or revoked: its later charges follow it. */
async function applyMandateChange(tx: Tx, live: LiveConnection, event: Extract<ProcessorEvent, { kind: 'mandate.changed' }>, now: Date, baseUrl: string): Promise<Outcome> {
  if (!(await recordProcessorEvent(tx, live.connection, event, 'waiting', now))) return 'duplicate';
  await payments.applyRecurrenceState(tx, live.connection.id, event, now, baseUrl);
  await markProcessorEventApplied(tx, live.connection.id, event.eventId, now);
  return 'applied';
}
