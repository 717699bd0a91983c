// Automatic charges and their retries. A charge_automatically invoice is charged with the saved
// method when it is finalized. A failure makes the subscription past_due and starts dunning:
// retries on the account's schedule (`dunning.retryDays`, default 1, 3, 5 and 7 days after the
// first failure), each charging every open invoice of the subscription (oldest first). When none
// is left open the subscription is active again. After the last retry fails, the account's
// `dunning.finalAction`: `cancel` (default) makes the open invoices uncollectible and cancels the
// subscription; `leave_past_due` leaves both as they are and ends the dunning (dunning_started_at
// null): from then on a daily check charges nothing and only looks whether anything is still open
// (paid on the hosted page, voided), making the subscription active again when nothing is. A later
// invoice whose charge fails starts a new round. The settings are read at each step, in the
// step's transaction: a change applies from the next retry computed. A pause does not stop any
// of this: the retries of a paused subscription run on their schedule (its status stays paused),
// and a resume keeps the schedule (past_due while something is owed).
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { dunningSettingsOf } from '../../modules/accounts/index.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { markInvoiceUncollectible, openInvoiceDueDatesOfSubscription, openInvoiceIdsOfSubscription } from '../../modules/invoices/index.ts';
import { chargeSavedMethod, parseSavedMethod, type OffSessionStep } from '../payment-confirmation/index.ts';
import { cancelEnrollment } from '../../modules/customers/index.ts';
import * as repo from './repository.ts';
import { presentSubscription } from './subscription-view.ts';
import type { SubscriptionRow } from './tables.ts';

const DAY_MS = 86_400_000;

/**
 * When retry `k` (0 for the first) charges: retryDays[k] days after the first failure. A schedule
 * changed mid-dunning may put it in the past: the runner then makes it at once, as any step a
 * jump of the clock left behind.
 */
function retryAt(dunningStartedAt: Date, retryDays: readonly number[], k: number): Date {
  return new Date(dunningStartedAt.getTime() + retryDays[k]! * DAY_MS);
}

/**
 * Charges the invoice just finalized; a failure makes the subscription past_due (dunning starts).
 * The cycle runner's charge at a live processor is only reserved here (in flight): its record,
 * after this transaction, takes the same step (afterOffSessionCharge).
 */
export async function chargeNewInvoice(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, invoiceId: string): Promise<SubscriptionRow> {
  const payment = await chargeSavedMethod(tx, ctx, invoiceId, parseSavedMethod(ctx.tenant, row.payment_method!), { subscriptionId: row.id, phase: 'new' });
  // Confirmed, or already in dunning (the next retry charges it), or still pending at a live
  // processor (an off-session charge it settles later, as Pix Automático on its due date): its
  // events decide it, and an invoice left unpaid is met by the overdue check like any other.
  if (payment.status === 'in_flight' || payment.status === 'confirmed' || payment.status === 'pending' || row.dunning_started_at) return row;
  return startDunning(tx, ctx, row);
}

/** The new invoice's charge failed: past_due, the first retry scheduled. */
async function startDunning(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow): Promise<SubscriptionRow> {
  const { retryDays } = await dunningSettingsOf(tx, row.account_id);
  const updated = await repo.updateSubscription(tx, row.id, {
    status: 'past_due',
    dunning_started_at: ctx.now,
    retry_count: 0,
    next_retry_at: retryAt(ctx.now, retryDays, 0),
    updated_at: ctx.now,
  });
  await recordEvent(tx, ctx, 'subscription.updated', await presentSubscription(tx, updated));
  return updated;
}

/**
 * A retry that came due: charges what is still open, then recovers, waits for the next retry, or
 * takes the final step. After a leave_past_due final step (no dunning under way) it is the daily
 * check instead, which charges nothing.
 */
export async function retryCharges(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow): Promise<SubscriptionRow> {
  if (!row.dunning_started_at) return checkLeftPastDue(tx, ctx, row);
  const settings = await dunningSettingsOf(tx, row.account_id);
  const saved = parseSavedMethod(ctx.tenant, row.payment_method!);
  for (const invoiceId of await openInvoiceIdsOfSubscription(tx, row.id)) {
    const payment = await chargeSavedMethod(tx, ctx, invoiceId, saved, { subscriptionId: row.id, phase: 'retry' });
    // Reserved at a live processor: the retry waits for its record (no next retry meanwhile, so no
    // run claims it again), which takes the rest of this step (afterOffSessionCharge).
    if (payment.status === 'in_flight') return repo.updateSubscription(tx, row.id, { next_retry_at: null, updated_at: ctx.now });
    if (payment.status !== 'confirmed') break; // the method fails: no use charging the others now
  }
  return afterRetry(tx, ctx, row, settings);
}

/**
 * The cycle runner's off-session charge recorded (or released: `payment` null), in its record's
 * transaction: a new invoice's failed charge starts dunning as chargeNewInvoice does (a refused one
 * too: nothing was charged); a retry's takes the rest of its step (afterRetry), once: a second
 * recorder finds the retry no longer waiting. A confirmed retry with more invoices open charges the
 * next one at the next run instead of waiting for the next retry.
 */
export const afterOffSessionCharge: OffSessionStep = async (tx, ctx, charge, payment) => {
  const row = await repo.findSubscription(tx, ctx.tenant, charge.subscriptionId, true);
  if (!row || row.status === 'canceled') return;
  if (charge.phase === 'new') {
    if (payment?.status === 'confirmed' || payment?.status === 'pending' || row.dunning_started_at) return;
    await startDunning(tx, ctx, row);
    return;
  }
  if (row.next_retry_at !== null || !row.dunning_started_at) return;
  if (payment?.status === 'confirmed' && (await openInvoiceIdsOfSubscription(tx, row.id)).length > 0) {
    await repo.updateSubscription(tx, row.id, { next_retry_at: ctx.now, updated_at: ctx.now });
    return;
  }
  await afterRetry(tx, ctx, row, await dunningSettingsOf(tx, row.account_id));
};

/** After a retry's charges: recovered, the next retry, or the final step. */
async function afterRetry(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, settings: Awaited<ReturnType<typeof dunningSettingsOf>>): Promise<SubscriptionRow> {
  const stillOpen = await openInvoiceIdsOfSubscription(tx, row.id);
  const retries = row.retry_count + 1;
  let updated: SubscriptionRow;
  if (stillOpen.length === 0) {
    updated = await recover(tx, ctx, row);
  } else if (retries < settings.retryDays.length) {
    updated = await repo.updateSubscription(tx, row.id, { retry_count: retries, next_retry_at: retryAt(row.dunning_started_at!, settings.retryDays, retries), updated_at: ctx.now });
  } else if (settings.finalAction === 'leave_past_due') {
    // The invoices stay open and the subscription past_due; the dunning is over (no more charges).
    updated = await repo.updateSubscription(tx, row.id, {
      dunning_started_at: null,
      retry_count: retries,
      next_retry_at: new Date(ctx.now.getTime() + DAY_MS),
      updated_at: ctx.now,
    });
  } else {
    for (const invoiceId of stillOpen) await markInvoiceUncollectible(tx, ctx, invoiceId);
    updated = await repo.updateSubscription(tx, row.id, {
      status: 'canceled',
      canceled_at: ctx.now,
      next_billing_at: null,
      retry_count: retries,
      next_retry_at: null,
      updated_at: ctx.now,
    });
    await repo.cancelItems(tx, row.id, ctx.now);
    await cancelEnrollment(tx, ctx.tenant, row.id, ctx.now);
    await recordEvent(tx, ctx, 'subscription.canceled', await presentSubscription(tx, updated));
  }
  return updated;
}

/** Nothing left open: active again, the dunning forgotten. */
async function recover(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow): Promise<SubscriptionRow> {
  // A paused subscription stays paused: only its dunning is over.
  const updated = await repo.updateSubscription(tx, row.id, { status: row.status === 'paused' ? 'paused' : 'active', dunning_started_at: null, retry_count: 0, next_retry_at: null, updated_at: ctx.now });
  await recordEvent(tx, ctx, 'subscription.updated', await presentSubscription(tx, updated));
  return updated;
}

/**
 * Left past_due after the last retry (leave_past_due): charges nothing; active again once nothing
 * is open (paid on the hosted page, voided), else checked again a day later.
 */
async function checkLeftPastDue(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow): Promise<SubscriptionRow> {
  if ((await openInvoiceIdsOfSubscription(tx, row.id)).length === 0) return recover(tx, ctx, row);
  return repo.updateSubscription(tx, row.id, { next_retry_at: new Date(ctx.now.getTime() + DAY_MS), updated_at: ctx.now });
}

/**
 * send_invoice: checks the subscription's open invoices at their due date. One past due makes the
 * subscription past_due, checked again daily; none left open (paid on the hosted page) makes it
 * active again at the next check.
 */
export async function checkOverdue(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow): Promise<SubscriptionRow> {
  const open = await openInvoiceDueDatesOfSubscription(tx, row.id);
  const overdue = open.some((due) => due <= ctx.now);
  const nextDue = open.filter((due) => due > ctx.now).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  // A paused subscription stays paused while its invoices are watched (resume makes it past_due if one is overdue).
  const status = row.status === 'paused' ? 'paused' : overdue ? 'past_due' : row.status === 'past_due' ? 'active' : row.status;
  const next_retry_at = overdue ? new Date(ctx.now.getTime() + DAY_MS) : nextDue;
  const updated = await repo.updateSubscription(tx, row.id, { status, next_retry_at, updated_at: ctx.now });
  if (status !== row.status) await recordEvent(tx, ctx, 'subscription.updated', await presentSubscription(tx, updated));
  return updated;
}
