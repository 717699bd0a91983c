// Automatic charges and their retries. A charge_automatically invoice is charged with the saved
// method when it is finalized. A failure makes the subscription past_due and starts dunning:
// retries 1, 3, 5 and 7 days after the first failure, each charging every open invoice of the
// subscription (oldest first). When none is left open the subscription is active again; after the
// last retry fails its open invoices are uncollectible and the subscription canceled.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { recordEvent } from '../events/service.ts';
import { markInvoiceUncollectible } from '../invoices/service.ts';
import { chargeSavedMethod, parseSavedMethod } from '../payments/service.ts';
import * as repo from './repository.ts';
import { presentSubscription } from './subscription-view.ts';
import type { SubscriptionRow } from './tables.ts';

const DAY_MS = 86_400_000;
/** Days after the first failure when a retry charges again. */
export const RETRY_DAYS = [1, 3, 5, 7];

/** Charges the invoice just finalized; a failure makes the subscription past_due (dunning starts). */
export async function chargeNewInvoice(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, invoiceId: string): Promise<SubscriptionRow> {
  const payment = await chargeSavedMethod(tx, ctx, invoiceId, parseSavedMethod(ctx.tenant, row.payment_method!));
  if (payment.status === 'confirmed' || row.dunning_started_at) return row; // already in dunning: the next retry charges it
  const updated = await repo.updateSubscription(tx, row.id, {
    status: 'past_due',
    dunning_started_at: ctx.now,
    retry_count: 0,
    next_retry_at: new Date(ctx.now.getTime() + RETRY_DAYS[0]! * DAY_MS),
    updated_at: ctx.now,
  });
  await recordEvent(tx, ctx, 'subscription.updated', await presentSubscription(tx, updated));
  return updated;
}

/** A retry that came due: charges what is still open, then recovers, waits for the next retry, or gives up. */
export async function retryCharges(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow): Promise<SubscriptionRow> {
  const saved = parseSavedMethod(ctx.tenant, row.payment_method!);
  for (const invoiceId of await repo.openInvoiceIds(tx, row.id)) {
    const payment = await chargeSavedMethod(tx, ctx, invoiceId, saved);
    if (payment.status !== 'confirmed') break; // the method fails: no use charging the others now
  }
  const stillOpen = await repo.openInvoiceIds(tx, row.id);
  const retries = row.retry_count + 1;
  let updated: SubscriptionRow;
  if (stillOpen.length === 0) {
    updated = await repo.updateSubscription(tx, row.id, { status: 'active', dunning_started_at: null, retry_count: 0, next_retry_at: null, updated_at: ctx.now });
    await recordEvent(tx, ctx, 'subscription.updated', await presentSubscription(tx, updated));
  } else if (retries < RETRY_DAYS.length) {
    const next = new Date(row.dunning_started_at!.getTime() + RETRY_DAYS[retries]! * DAY_MS);
    updated = await repo.updateSubscription(tx, row.id, { retry_count: retries, next_retry_at: next, updated_at: ctx.now });
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
    await tx.updateTable('enrollments').set({ status: 'canceled', updated_at: ctx.now }).where('id', '=', row.id).execute();
    await recordEvent(tx, ctx, 'subscription.canceled', await presentSubscription(tx, updated));
  }
  return updated;
}

/**
 * send_invoice: checks the subscription's open invoices at their due date. One past due makes the
 * subscription past_due, checked again daily; none left open (paid on the hosted page) makes it
 * active again at the next check.
 */
export async function checkOverdue(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow): Promise<SubscriptionRow> {
  const open = await repo.openInvoiceDueDates(tx, row.id);
  const overdue = open.some((due) => due <= ctx.now);
  const nextDue = open.filter((due) => due > ctx.now).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  const status = overdue ? 'past_due' : row.status === 'past_due' ? 'active' : row.status;
  const next_retry_at = overdue ? new Date(ctx.now.getTime() + DAY_MS) : nextDue;
  const updated = await repo.updateSubscription(tx, row.id, { status, next_retry_at, updated_at: ctx.now });
  if (status !== row.status) await recordEvent(tx, ctx, 'subscription.updated', await presentSubscription(tx, updated));
  return updated;
}
