// The cycle runner's work for one subscription, under its row lock: converts an ended trial,
// invoices every period now due (advance: at its start; arrears: at its end), and cancels at a
// period end when asked. Each period is invoiced once: the subscription's lock and period_index
// make it so, and subscription_periods' key (subscription, period start) refuses a second invoice
// whatever happens. Invoices are finalized and, with send_invoice, emailed to the customer.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { lineText } from '../../core/invoice-line.text.ts';
import { localeFor } from '../../modules/accounts/index.ts';
import { findProductOrThrow, findVersionById } from '../../modules/catalog/index.ts';
import { discountLineFor } from '../../modules/coupons/index.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { createDraftInvoice, finalizeInvoice, sendInvoice, type DraftLineInput } from '../../modules/invoices/index.ts';
import { periodStart } from './periods.ts';
import { cancelEnrollment } from '../../modules/customers/index.ts';
import * as repo from './repository.ts';
import { chargeNewInvoice, checkOverdue, retryCharges } from './dunning.ts';
import { feeLines, serviceStartOf, type FeeWindow } from './fees.ts';
import { PREPAID_CREDIT_LINE } from '../../modules/prepaid/index.ts';
import { presentSubscription } from './subscription-view.ts';
import { recordUsageCharge, usageCharge } from './usage-charges.ts';
import type { SubscriptionRow } from './tables.ts';

/** Periods invoiced in one call at most (a subscription far behind catches up over several runs). */
const MAX_PERIODS_PER_RUN = 120;

/** Does what is due for this locked subscription as of ctx.now; answers how many invoices it made. */
export async function billDueSubscription(tx: Tx, ctx: UseCaseContext, locked: SubscriptionRow): Promise<number> {
  let row = locked;
  let invoices = 0;
  const start = (k: number) => periodStart(row.anchor, row.billing_cycle, k);
  // A dunning retry that came due goes first: it may cancel the subscription.
  if (row.next_retry_at && row.next_retry_at <= ctx.now) {
    if (row.collection_method === 'send_invoice') row = await checkOverdue(tx, ctx, row);
    // A pause does not stop dunning: a declined invoice stays on its retry schedule.
    else if (row.status === 'past_due' || (row.status === 'paused' && (row.dunning_started_at || row.retry_count > 0))) row = await retryCharges(tx, ctx, row);
    else row = await repo.updateSubscription(tx, row.id, { next_retry_at: null, updated_at: ctx.now });
  }
  for (let step = 0; step < MAX_PERIODS_PER_RUN && row.next_billing_at && row.next_billing_at <= ctx.now; step += 1) {
    if (row.status === 'paused' || row.status === 'canceled') break;
    const k = row.period_index;
    if (row.status === 'trialing') {
      // The trial is over: the first period starts at its end (the anchor).
      row = await repo.updateSubscription(tx, row.id, { status: 'active', next_billing_at: row.billing_mode === 'advance' ? start(k) : start(k + 1), updated_at: ctx.now });
      await recordEvent(tx, ctx, 'subscription.updated', await presentSubscription(tx, row));
      continue;
    }
    // Advance: the period that ends here was asked to be the last (a trial's end counts too).
    if (row.billing_mode === 'advance' && row.cancel_at_period_end) {
      row = await cancelAt(tx, ctx, row, start(k));
      break;
    }
    row = await billOnePeriod(tx, ctx, row, k);
    invoices += 1;
    row = await repo.updateSubscription(tx, row.id, { next_billing_at: row.billing_mode === 'advance' ? start(k + 1) : start(k + 2) });
    if (row.billing_mode === 'arrears' && row.cancel_at_period_end) {
      row = await cancelAt(tx, ctx, row, start(k + 1));
      break;
    }
  }
  return invoices;
}

async function cancelAt(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, at: Date): Promise<SubscriptionRow> {
  // Advance: the last period's usage was not invoiced yet (arrears billed it with the period).
  row = await billUsageTo(tx, ctx, row, at, true);
  const canceled = await repo.updateSubscription(tx, row.id, { status: 'canceled', canceled_at: at, next_billing_at: null, updated_at: ctx.now });
  await repo.cancelItems(tx, row.id, at);
  await cancelEnrollment(tx, ctx.tenant, row.id, ctx.now);
  await recordEvent(tx, ctx, 'subscription.canceled', await presentSubscription(tx, canceled));
  return canceled;
}

/** Finalizes a subscription's draft invoice and collects it: emailed (send_invoice) or charged (charge_automatically). */
export async function finalizeAndCollect(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, invoiceId: string): Promise<SubscriptionRow> {
  const finalized = await finalizeInvoice(tx, ctx, invoiceId);
  if (finalized.status !== 'open') return row;
  if (row.collection_method === 'charge_automatically') return chargeNewInvoice(tx, ctx, row, invoiceId);
  try {
    await sendInvoice(tx, ctx, invoiceId);
  } catch (error) {
    if (!(error instanceof AppError)) throw error; // no email address: the invoice waits on its page
  }
  return watchDueDate(tx, ctx, row, finalized.dueDate);
}

/**
 * A last invoice of the usage up to `at` alone (cancel now, cancel at the end of an advance
 * period), finalized and collected; `commitment` false for a partial period.
 */
export async function billUsageTo(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, at: Date, commitment: boolean): Promise<SubscriptionRow> {
  const version = (await findVersionById(tx, ctx.tenant, row.product_version_id))!;
  const product = await findProductOrThrow(tx, ctx.tenant, version.product_id);
  if (product.pricing_model === 'prepaid') return row; // its usage was drawn from the balance
  const locale = await localeFor(tx, ctx.tenant.accountId, product.currency);
  const usage = await usageCharge(tx, ctx, row, version, product.currency, at, commitment, locale);
  if (!usage) return row;
  const draft = await createDraftInvoice(tx, ctx, { customerId: row.id, subscriptionId: row.id, currency: product.currency, periodStart: usage.from, periodEnd: usage.to, lines: usage.lines });
  const updated = await repo.updateSubscription(tx, row.id, await recordUsageCharge(tx, ctx, row, usage, draft.id));
  return finalizeAndCollect(tx, ctx, updated, draft.id);
}

/**
 * Invoices period k (from `since` when given: a resume inside it) and moves the subscription to
 * period k + 1: charged at once with charge_automatically, the coupon's periods counted down. The
 * caller sets next_billing_at.
 */
export async function billOnePeriod(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, k: number, since?: Date): Promise<SubscriptionRow> {
  const from = periodStart(row.anchor, row.billing_cycle, k);
  const billed = await billPeriod(tx, ctx, row, { from, to: periodStart(row.anchor, row.billing_cycle, k + 1), since });
  row = billed.row;
  if (row.collection_method === 'charge_automatically' && billed.invoiceId) row = await chargeNewInvoice(tx, ctx, row, billed.invoiceId);
  const counted = billed.made && row.coupon_id && row.coupon_periods_left !== null;
  return repo.updateSubscription(tx, row.id, {
    period_index: k + 1,
    coupon_periods_left: counted ? Math.max(0, row.coupon_periods_left! - 1) : row.coupon_periods_left,
    previous_version_id: null,
    version_changed_at: null,
    updated_at: ctx.now,
  });
}

/**
 * Arrears, cancel now: the current period's invoice, up to `at` (its fee prorated by the second,
 * less the time paused; its usage without the minimum), finalized and collected.
 */
export async function billPeriodUpTo(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, at: Date): Promise<SubscriptionRow> {
  const k = row.period_index;
  const window = { from: periodStart(row.anchor, row.billing_cycle, k), to: periodStart(row.anchor, row.billing_cycle, k + 1), until: at };
  const billed = await billPeriod(tx, ctx, row, window, false);
  row = billed.row;
  if (row.collection_method === 'charge_automatically' && billed.invoiceId) row = await chargeNewInvoice(tx, ctx, row, billed.invoiceId);
  return row;
}

/**
 * Invoices one period: its fee (subscription products) and the usage up to the invoice's
 * boundary (advance: the period's start, so the previous period's usage; arrears: its end, or
 * `until`). Advance: the credits of pauses ended since the last invoice come off it (not on a
 * resume's own invoice, `since`). Answers the invoice's id when it is open (something to pay),
 * else null, and whether an invoice was made (none when nothing of the period is billable).
 */
async function billPeriod(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, window: FeeWindow, commitment = true): Promise<{ row: SubscriptionRow; invoiceId: string | null; made: boolean }> {
  const { from, to } = window;
  const until = window.until && window.until < to ? window.until : to;
  const version = (await findVersionById(tx, ctx.tenant, row.product_version_id))!;
  const product = await findProductOrThrow(tx, ctx.tenant, version.product_id);
  const lines: DraftLineInput[] = [];
  const locale = await localeFor(tx, ctx.tenant.accountId, product.currency);
  const serviceStart = serviceStartOf(row, from);
  const prepaid = product.pricing_model === 'prepaid';
  // A prepaid credit is bought whole, whatever the length of the first period.
  if (product.pricing_model === 'usage') {
    // No fee: the invoice bills the period's usage.
  } else if (prepaid) {
    // Paying it credits the balance (prepaid/balances.ts); usage is drawn from the balance, never invoiced.
    lines.push({ type: PREPAID_CREDIT_LINE, productId: product.id, description: lineText(locale).prepaidCredit(product.name, row.billing_cycle, from, to), quantity: '1', unitPrice: version.base_price ?? '0' });
  } else {
    lines.push(...(await feeLines(tx, ctx, row, product, version, window, locale)));
  }
  const usage = prepaid ? null : await usageCharge(tx, ctx, row, version, product.currency, row.billing_mode === 'advance' ? from : until, commitment, locale);
  if (usage) lines.push(...usage.lines);
  // Pause credits are priced at what was paid already: the coupon discounts the other lines.
  const credits = row.billing_mode === 'advance' && !window.since && !prepaid ? await repo.pendingPauseCredits(tx, row.id) : [];
  if (lines.length === 0 && credits.length === 0) return { row, invoiceId: null, made: false };
  if (row.coupon_id && (row.coupon_periods_left === null || row.coupon_periods_left > 0)) lines.push(await discountLineFor(tx, ctx, row.coupon_id, lines, product.currency, locale));
  lines.push(...credits.map((credit) => credit.line));
  const invoiceStart = window.since && window.since > serviceStart ? window.since : serviceStart;
  const draft = await createDraftInvoice(tx, ctx, { customerId: row.id, subscriptionId: row.id, currency: product.currency, periodStart: invoiceStart, periodEnd: until, lines });
  if (!(await repo.recordBilledPeriod(tx, { subscription_id: row.id, period_start: from, period_end: until, invoice_id: draft.id, created_at: ctx.now }))) {
    // Unreachable while the row lock holds; the key is the guarantee if it ever does not.
    throw new Error(`subscription ${row.id}: the period starting ${from.toISOString()} was invoiced already`);
  }
  for (const credit of credits) await repo.markPauseCredited(tx, row.id, credit.pausedAt, draft.id);
  if (usage) row = await repo.updateSubscription(tx, row.id, await recordUsageCharge(tx, ctx, row, usage, draft.id));
  const finalized = await finalizeInvoice(tx, ctx, draft.id);
  if (row.collection_method === 'send_invoice' && finalized.status === 'open') {
    try {
      await sendInvoice(tx, ctx, draft.id);
    } catch (error) {
      // No email address: the invoice stays open on its hosted page.
      if (!(error instanceof AppError)) throw error;
    }
    row = await watchDueDate(tx, ctx, row, finalized.dueDate);
  }
  return { row, invoiceId: finalized.status === 'open' ? draft.id : null, made: true };
}

/** send_invoice: the overdue check runs at the earliest due date of the open invoices. */
async function watchDueDate(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, dueDate: Date | string | null): Promise<SubscriptionRow> {
  if (!dueDate) return row;
  const due = new Date(dueDate);
  const current = (await repo.findSubscription(tx, ctx.tenant, row.id))!;
  if (current.next_retry_at && current.next_retry_at <= due) return current;
  return repo.updateSubscription(tx, row.id, { next_retry_at: due });
}
