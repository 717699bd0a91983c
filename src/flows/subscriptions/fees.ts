// A subscription's fee for a period, and what was paid for one (docs/decisions/subscriptions.md,
// "Fees, prorations and pauses").
//
// - The fee of a period is the base price of the rate card in force at the period's start when the
//   card sets one (a card starting mid-period applies from the next period), else the version's.
// - Every part of a period is priced on the same basis: its share of the whole period's length, by
//   the second. A first, shorter period of a future anchor, a version change inside an arrears
//   period, a pause, a cancel now, a resume: each part is basePrice x (its time not paused) /
//   (the period's length). A period with none of these is one `recurring_fee` line, as always.
// - A credit for time paid in advance (a version change, a pause) is priced at what was paid: the
//   fee at the period's start, less the coupon's percentage when the period's invoice carried it.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { lineText } from '../../core/invoice-line.text.ts';
import type { Locale } from '../../core/locale.ts';
import { Money } from '../../core/money.ts';
import { findVersionById, type ProductVersionRow } from '../../modules/catalog/index.ts';
import { couponPercentOff } from '../../modules/coupons/index.ts';
import { effectivePricing } from '../../modules/customers/index.ts';
import { findInvoiceRow, listInvoiceLines, type DraftLineInput } from '../../modules/invoices/index.ts';
import type { BillingCycle } from './periods.ts';
import { prorationLine } from './proration.ts';
import * as repo from './repository.ts';
import type { SubscriptionPauseRow, SubscriptionRow } from './tables.ts';

export interface FeeProduct {
  id: string;
  name: string;
}

/** Where the service of the period starting at `from` starts: the start itself for a first, shorter period of a future anchor. */
export function serviceStartOf(row: SubscriptionRow, from: Date): Date {
  const serviceStart = row.trial_ends_at ?? row.started_at;
  return from < row.anchor && from < serviceStart ? serviceStart : from;
}

/** The base price of `version` for the period starting at `from`: the rate card's then, when it sets one. */
export async function feeAt(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, version: ProductVersionRow, from: Date): Promise<string> {
  const card = await effectivePricing(tx, ctx.tenant, row.id, serviceStartOf(row, from));
  return card.basePriceOverride ?? version.base_price ?? '0';
}

/** Milliseconds of [from, to) inside the pauses (one under way runs on). */
export function pausedWithin(pauses: readonly SubscriptionPauseRow[], from: Date, to: Date): number {
  let ms = 0;
  for (const pause of pauses) {
    const start = Math.max(pause.paused_at.getTime(), from.getTime());
    const end = Math.min(pause.ended_at?.getTime() ?? Number.POSITIVE_INFINITY, to.getTime());
    if (end > start) ms += end - start;
  }
  return ms;
}

export interface FeeWindow {
  /** The period [from, to). */
  from: Date;
  to: Date;
  /** Bill from here, not the period's start (a resume inside the period). */
  since?: Date;
  /** Bill up to here, not the period's end (a cancel now). */
  until?: Date;
}

/**
 * The fee lines of the period [from, to), for its service between `since` and `until`: one
 * `recurring_fee` line when the whole period is billed at one price, else a `proration` line for
 * each version's part, less the time paused. Empty when nothing of the period is billable.
 */
export async function feeLines(
  tx: Tx,
  ctx: UseCaseContext,
  row: SubscriptionRow,
  product: FeeProduct,
  version: ProductVersionRow,
  window: FeeWindow,
  locale: Locale,
): Promise<DraftLineInput[]> {
  const { from, to } = window;
  let start = serviceStartOf(row, from);
  if (window.since && window.since > start) start = window.since;
  const end = window.until && window.until < to ? window.until : to;
  if (end <= start) return [];
  const card = (await effectivePricing(tx, ctx.tenant, row.id, serviceStartOf(row, from))).basePriceOverride;
  const priceOf = (v: ProductVersionRow) => card ?? v.base_price ?? '0';
  const changedAt = row.version_changed_at;
  const parts: Array<{ version: ProductVersionRow; from: Date; to: Date }> = [];
  if (row.previous_version_id && changedAt && changedAt > start && changedAt < end) {
    // Arrears, version changed inside the period: each version for its share of it.
    const previous = (await findVersionById(tx, ctx.tenant, row.previous_version_id))!;
    parts.push({ version: previous, from: start, to: changedAt }, { version, from: changedAt, to: end });
  } else {
    parts.push({ version, from: start, to: end });
  }
  const pauses = await repo.pausesOverlapping(tx, row.id, start, end);
  const lines: DraftLineInput[] = [];
  for (const part of parts) {
    const pausedMs = pausedWithin(pauses, part.from, part.to);
    if (parts.length === 1 && pausedMs === 0 && part.from.getTime() === from.getTime() && part.to.getTime() === to.getTime()) {
      lines.push(wholePeriodFeeLine(product, row.billing_cycle, priceOf(part.version), from, to, locale));
    } else if (part.to.getTime() - part.from.getTime() > pausedMs) {
      lines.push(prorationLine({ productId: product.id, productName: product.name, basePrice: priceOf(part.version), from: part.from, to: part.to, periodStart: from, periodEnd: to, pausedMs, locale }));
    }
  }
  return lines;
}

/** The fee of a whole period billed at one price: one `recurring_fee` line (the cycle runner's batch writes the same). */
export function wholePeriodFeeLine(product: FeeProduct, cycle: BillingCycle, price: string, from: Date, to: Date, locale: Locale): DraftLineInput {
  return { type: 'recurring_fee', productId: product.id, description: lineText(locale).recurringFee(product.name, cycle, from, to), quantity: '1', unitPrice: price };
}

/**
 * The subscription's coupon percentage when the invoice of the period starting at `from` carried
 * its discount, else null: the period was paid at list.
 */
export async function couponPaidOnPeriod(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, from: Date): Promise<string | null> {
  if (!row.coupon_id) return null;
  const invoiceId = await repo.findBilledPeriodInvoice(tx, row.id, from);
  if (!invoiceId) return null;
  const lines = await listInvoiceLines(tx, await findInvoiceRow(tx, ctx, invoiceId));
  if (!lines.some((line) => line.type === 'discount' && !new Money(line.amount).isZero())) return null;
  return couponPercentOff(tx, ctx, row.coupon_id);
}

/** What was paid for the fee of `version` over the whole period starting at `from`: its fee, less the coupon when the period's invoice carried it. */
export async function paidFee(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, version: ProductVersionRow, from: Date): Promise<string> {
  const fee = new Money(await feeAt(tx, ctx, row, version, from));
  const percent = await couponPaidOnPeriod(tx, ctx, row, from);
  return (percent === null ? fee : fee.mul(new Money(100).minus(percent)).div(100)).toString();
}
