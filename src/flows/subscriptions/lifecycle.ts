// Pause, resume and cancel. Each locks the subscription and records its event.
import type { Executor, Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { checkSavedMethod, parseSavedMethod } from '../payment-confirmation/index.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { periodIndexAt, periodStart } from './periods.ts';
import { billDueSubscription, billOnePeriod, billPeriodUpTo, billUsageTo } from './billing.ts';
import { paidFee } from './fees.ts';
import { prorationLine } from './proration.ts';
import { localeFor } from '../../modules/accounts/index.ts';
import { findProductOrThrow, findVersionById } from '../../modules/catalog/index.ts';
import { openInvoiceDueDatesOfSubscription, openInvoiceIdsOfSubscription } from '../../modules/invoices/index.ts';
import { cancelEnrollment } from '../../modules/customers/index.ts';
import * as repo from './repository.ts';
import { presentSubscription, toSubscriptionView, type SubscriptionView } from './subscription-view.ts';
import type { SubscriptionRow, SubscriptionStatus } from './tables.ts';

async function lockOrThrow(tx: Tx, ctx: UseCaseContext, id: string, allowed: SubscriptionStatus[], action: string): Promise<SubscriptionRow> {
  const row = await repo.findSubscription(tx, ctx.tenant, id, true);
  if (!row) throw notFound('subscription');
  if (!allowed.includes(row.status)) throw new AppError('conflict', `The subscription is ${row.status}; only a ${allowed.join(', ')} subscription can be ${action}.`);
  return row;
}

export async function getSubscription(ex: Executor, ctx: UseCaseContext, id: string): Promise<SubscriptionView> {
  const row = await repo.findSubscription(ex, ctx.tenant, id);
  if (!row) throw notFound('subscription');
  return presentSubscription(ex, row);
}

export async function listSubscriptions(ex: Executor, ctx: UseCaseContext, filter: repo.SubscriptionFilter, page: PageRequest): Promise<Page<SubscriptionView>> {
  const result = toPage(await repo.listSubscriptions(ex, ctx.tenant, filter, page.limit, page.afterId), page.limit);
  const items = await repo.itemsOf(ex, result.items.map((row) => row.id));
  return { items: result.items.map((row) => toSubscriptionView(row, items.filter((item) => item.subscription_id === row.id))), nextCursor: result.nextCursor };
}

/**
 * No invoice while paused; the pause is kept, so the periods it touches bill only the time outside
 * it (fees.ts). A dunning under way goes on (dunning.ts): a declined invoice is still owed.
 */
export async function pauseSubscription(tx: Tx, ctx: UseCaseContext, id: string): Promise<SubscriptionView> {
  await lockOrThrow(tx, ctx, id, ['active', 'trialing', 'past_due'], 'paused');
  await repo.insertPause(tx, id, ctx.now);
  const row = await repo.updateSubscription(tx, id, { status: 'paused', paused_at: ctx.now, next_billing_at: null, updated_at: ctx.now });
  const view = await presentSubscription(tx, row);
  await recordEvent(tx, ctx, 'subscription.updated', view);
  return view;
}

/**
 * Continues on the anchor, the paused time prorated (docs/decisions/subscriptions.md, "Pause and
 * resume"). Arrears: a period that ended while paused is invoiced now for its time before the
 * pause; the period holding now is billed at its end for its time after the resume. Advance: the
 * paused part of the period paid is credited on the next period's invoice; when the pause outlived
 * that period, the rest of the period holding now is invoiced now. Periods wholly paused are not
 * billed. The dunning state is kept: past_due while an invoice is still owed.
 */
export async function resumeSubscription(tx: Tx, ctx: UseCaseContext, id: string): Promise<SubscriptionView> {
  let row = await lockOrThrow(tx, ctx, id, ['paused'], 'resumed');
  const now = ctx.now;
  const pause = await repo.endPause(tx, id, now);
  const pausedAt = pause?.paused_at ?? row.paused_at ?? now;
  const start = (k: number) => periodStart(row.anchor, row.billing_cycle, k);
  const trialing = row.trial_ends_at !== null && row.trial_ends_at > now;
  row = await repo.updateSubscription(tx, id, { status: (await owesPastDue(tx, row, now)) ? 'past_due' : trialing ? 'trialing' : 'active', paused_at: null, updated_at: now });
  const holding = periodIndexAt(row.anchor, row.billing_cycle, now);
  if (trialing) {
    row = await repo.updateSubscription(tx, id, { next_billing_at: row.trial_ends_at });
  } else if (row.billing_mode === 'arrears') {
    let k = row.period_index;
    // The period the pause began in ended while paused: its time before the pause is billed now.
    if (start(k + 1) <= now) row = await billOnePeriod(tx, ctx, row, k);
    k = Math.max(holding, row.period_index);
    row = await repo.updateSubscription(tx, id, { period_index: k, next_billing_at: start(k + 1) });
  } else {
    const paid = row.period_index - 1;
    const paidFrom = start(paid);
    const paidTo = start(paid + 1);
    if (pausedAt < paidTo && now > paidFrom && (await repo.findBilledPeriodInvoice(tx, id, paidFrom))) {
      // The paused part of the period paid comes off the next period's invoice, at what was paid.
      const version = (await findVersionById(tx, ctx.tenant, row.product_version_id))!;
      const product = await findProductOrThrow(tx, ctx.tenant, version.product_id);
      const creditFrom = pausedAt > paidFrom ? pausedAt : paidFrom;
      const creditTo = now < paidTo ? now : paidTo;
      if (product.pricing_model === 'subscription' && creditTo > creditFrom) {
        const basePrice = await paidFee(tx, ctx, row, version, paidFrom);
        const locale = await localeFor(tx, ctx.tenant.accountId, product.currency);
        const line = prorationLine({ productId: product.id, productName: product.name, basePrice, from: creditFrom, to: creditTo, periodStart: paidFrom, periodEnd: paidTo, credit: true, paused: true, locale });
        await repo.setPauseCredit(tx, id, pausedAt, line);
      }
    }
    if (now < paidTo) {
      row = await repo.updateSubscription(tx, id, { next_billing_at: paidTo });
    } else if (start(holding).getTime() === now.getTime()) {
      row = await repo.updateSubscription(tx, id, { period_index: holding, next_billing_at: now });
    } else {
      // The rest of the period holding now, from the resume, is due now (paid in advance).
      row = await billOnePeriod(tx, ctx, row, holding, now);
      row = await repo.updateSubscription(tx, id, { next_billing_at: start(holding + 1) });
    }
  }
  // Anything due now (a period starting at the resume) is invoiced with the resume.
  await billDueSubscription(tx, ctx, row);
  row = (await repo.findSubscription(tx, ctx.tenant, id))!;
  const view = await presentSubscription(tx, row);
  await recordEvent(tx, ctx, 'subscription.updated', view);
  return view;
}

/**
 * Is an invoice of the subscription still owed as dunning sees it? A dunning round under way, or
 * left past_due (charge_automatically: something open after a retry; send_invoice: an open
 * invoice past its due date).
 */
async function owesPastDue(tx: Tx, row: SubscriptionRow, now: Date): Promise<boolean> {
  if (row.collection_method === 'send_invoice') return (await openInvoiceDueDatesOfSubscription(tx, row.id)).some((due) => due <= now);
  if (row.dunning_started_at) return true;
  return row.retry_count > 0 && (await openInvoiceIdsOfSubscription(tx, row.id)).length > 0;
}

/**
 * Now (canceledAt now) or at the end of the current period (billed up to it). Now, arrears: the
 * current period is invoiced up to now, its fee prorated by the second (less the time paused) with
 * its usage; advance: the period was paid at its start, and the usage to date is invoiced.
 */
export async function cancelSubscription(tx: Tx, ctx: UseCaseContext, id: string, atPeriodEnd: boolean): Promise<SubscriptionView> {
  const current = await lockOrThrow(tx, ctx, id, ['active', 'trialing', 'past_due', 'paused'], 'canceled');
  if (atPeriodEnd && current.status !== 'paused') {
    const row = await repo.updateSubscription(tx, id, { cancel_at_period_end: true, updated_at: ctx.now });
    const view = await presentSubscription(tx, row);
    await recordEvent(tx, ctx, 'subscription.updated', view);
    return view;
  }
  const inTrial = current.trial_ends_at !== null && current.trial_ends_at > ctx.now;
  const version = (await findVersionById(tx, ctx.tenant, current.product_version_id))!;
  const product = await findProductOrThrow(tx, ctx.tenant, version.product_id);
  if (current.billing_mode === 'arrears' && product.pricing_model === 'subscription' && !inTrial) {
    await billPeriodUpTo(tx, ctx, current, ctx.now);
  } else {
    // Usage to date is invoiced (without the period's minimum: the period did not run its course).
    await billUsageTo(tx, ctx, current, ctx.now, false);
  }
  await repo.endPause(tx, id, ctx.now);
  const row = await repo.updateSubscription(tx, id, { status: 'canceled', canceled_at: ctx.now, next_billing_at: null, updated_at: ctx.now });
  await repo.cancelItems(tx, id, ctx.now);
  await cancelEnrollment(tx, ctx.tenant, id, ctx.now);
  const view = await presentSubscription(tx, row);
  await recordEvent(tx, ctx, 'subscription.canceled', view);
  return view;
}

/** A new saved method for a charge_automatically subscription; the next charge or retry uses it. */
export async function updatePaymentMethod(tx: Tx, ctx: UseCaseContext, id: string, paymentMethod: string): Promise<SubscriptionView> {
  const current = await lockOrThrow(tx, ctx, id, ['active', 'trialing', 'past_due', 'paused'], 'changed');
  if (current.collection_method !== 'charge_automatically') {
    throw fieldError('paymentMethod', paymentMethod, 'charge_automatically_only', 'applies only to a subscription with collectionMethod charge_automatically');
  }
  const saved = parseSavedMethod(ctx.tenant, paymentMethod);
  await checkSavedMethod(tx, ctx.tenant, saved, current.customer_id);
  const row = await repo.updateSubscription(tx, id, { payment_method: saved.value, updated_at: ctx.now });
  const view = await presentSubscription(tx, row);
  await recordEvent(tx, ctx, 'subscription.updated', view);
  return view;
}
