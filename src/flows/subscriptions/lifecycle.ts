// Pause, resume and cancel. Each locks the subscription and records its event.
import type { Executor, Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { parseSavedMethod } from '../payment-confirmation/index.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { periodIndexAt, periodStart } from './periods.ts';
import { billUsageTo } from './billing.ts';
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

/** No invoices while paused; the periods it spans are not billed. */
export async function pauseSubscription(tx: Tx, ctx: UseCaseContext, id: string): Promise<SubscriptionView> {
  await lockOrThrow(tx, ctx, id, ['active', 'trialing', 'past_due'], 'paused');
  const row = await repo.updateSubscription(tx, id, { status: 'paused', paused_at: ctx.now, next_billing_at: null, updated_at: ctx.now });
  const view = await presentSubscription(tx, row);
  await recordEvent(tx, ctx, 'subscription.updated', view);
  return view;
}

/** Continues on the anchor: billing resumes with the first period starting at or after now. */
export async function resumeSubscription(tx: Tx, ctx: UseCaseContext, id: string): Promise<SubscriptionView> {
  const current = await lockOrThrow(tx, ctx, id, ['paused'], 'resumed');
  const trialing = current.trial_ends_at !== null && current.trial_ends_at > ctx.now;
  let k = periodIndexAt(current.anchor, current.billing_cycle, ctx.now);
  if (periodStart(current.anchor, current.billing_cycle, k) < ctx.now) k += 1;
  k = Math.max(k, current.period_index);
  const next = trialing ? current.trial_ends_at : periodStart(current.anchor, current.billing_cycle, current.billing_mode === 'advance' ? k : k + 1);
  // Dunning does not survive a pause: open invoices wait on their hosted pages.
  const row = await repo.updateSubscription(tx, id, {
    status: trialing ? 'trialing' : 'active',
    paused_at: null,
    period_index: k,
    next_billing_at: next,
    dunning_started_at: null,
    retry_count: 0,
    next_retry_at: null,
    updated_at: ctx.now,
  });
  const view = await presentSubscription(tx, row);
  await recordEvent(tx, ctx, 'subscription.updated', view);
  return view;
}

/** Now (canceledAt now, nothing more billed) or at the end of the current period (billed up to it). */
export async function cancelSubscription(tx: Tx, ctx: UseCaseContext, id: string, atPeriodEnd: boolean): Promise<SubscriptionView> {
  const current = await lockOrThrow(tx, ctx, id, ['active', 'trialing', 'past_due', 'paused'], 'canceled');
  if (atPeriodEnd && current.status !== 'paused') {
    const row = await repo.updateSubscription(tx, id, { cancel_at_period_end: true, updated_at: ctx.now });
    const view = await presentSubscription(tx, row);
    await recordEvent(tx, ctx, 'subscription.updated', view);
    return view;
  }
  // Usage to date is invoiced (without the period's minimum: the period did not run its course).
  await billUsageTo(tx, ctx, current, ctx.now, false);
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
  const row = await repo.updateSubscription(tx, id, { payment_method: saved.value, updated_at: ctx.now });
  const view = await presentSubscription(tx, row);
  await recordEvent(tx, ctx, 'subscription.updated', view);
  return view;
}
