// Coupons: create, read, archive, and redeem. A redemption counts at once, in the transaction of
// what it discounts (docs/decisions/coupons.md).
import type { Executor, Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, validationError, type FieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { DISCOUNT_LINE, percentOffDiscount, sumOfLines, type PricedLine } from '../../core/invoice-arithmetic.ts';
import { lineText } from '../../core/invoice-line.text.ts';
import type { Locale } from '../../core/locale.ts';
import { formatDecimal, Money } from '../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './repository.ts';
import type { CouponDuration, CouponRow } from './tables.ts';

export type CouponStatus = 'active' | 'archived' | 'expired' | 'exhausted';

export interface CouponView {
  id: string;
  code: string;
  percentOff: string;
  duration: CouponDuration;
  durationInCycles: number | null;
  maxRedemptions: number | null;
  redeemBy: Date | null;
  timesRedeemed: number;
  status: CouponStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** What a coupon is now: archived, past its redeemBy, used up, or redeemable (`active`). */
export function couponStatus(row: CouponRow, now: Date): CouponStatus {
  if (row.archived_at) return 'archived';
  if (row.redeem_by && row.redeem_by <= now) return 'expired';
  if (row.max_redemptions !== null && row.times_redeemed >= row.max_redemptions) return 'exhausted';
  return 'active';
}

export function toCouponView(row: CouponRow, now: Date): CouponView {
  return {
    id: row.id,
    code: row.code,
    percentOff: formatDecimal(row.percent_off),
    duration: row.duration,
    durationInCycles: row.duration_in_cycles,
    maxRedemptions: row.max_redemptions,
    redeemBy: row.redeem_by,
    timesRedeemed: row.times_redeemed,
    status: couponStatus(row, now),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface CreateCouponInput {
  code: string;
  percentOff: string;
  duration: CouponDuration;
  durationInCycles?: number;
  maxRedemptions?: number;
  redeemBy?: string;
}

export async function createCoupon(tx: Tx, ctx: UseCaseContext, input: CreateCouponInput): Promise<CouponView> {
  const errors: FieldError[] = [];
  const percent = new Money(input.percentOff);
  if (!percent.gt(0) || percent.gt(100)) errors.push({ field: 'percentOff', value: input.percentOff, constraint: 'range', description: 'must be more than 0 and at most 100' });
  if (percent.decimalPlaces() > 4) errors.push({ field: 'percentOff', value: input.percentOff, constraint: 'scale', description: 'at most 4 decimal places' });
  if (input.duration === 'repeating' && input.durationInCycles === undefined) {
    errors.push({ field: 'durationInCycles', value: '', constraint: 'required', description: 'is required when duration is repeating' });
  }
  if (input.duration !== 'repeating' && input.durationInCycles !== undefined) {
    errors.push({ field: 'durationInCycles', value: String(input.durationInCycles), constraint: 'repeating_only', description: 'applies only when duration is repeating' });
  }
  const redeemBy = input.redeemBy === undefined ? null : new Date(input.redeemBy);
  if (redeemBy && redeemBy <= ctx.now) errors.push({ field: 'redeemBy', value: input.redeemBy ?? '', constraint: 'future', description: 'must be in the future' });
  if (errors.length > 0) throw validationError(errors);
  if (await repo.findCouponByCode(tx, ctx.tenant, input.code)) {
    throw new AppError('conflict', `A coupon with the code ${input.code} exists already (codes are unique whatever their case).`);
  }
  const row: CouponRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    code: input.code,
    percent_off: formatDecimal(percent),
    duration: input.duration,
    duration_in_cycles: input.durationInCycles ?? null,
    max_redemptions: input.maxRedemptions ?? null,
    redeem_by: redeemBy,
    times_redeemed: 0,
    archived_at: null,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await repo.insertCoupon(tx, row);
  const view = toCouponView(row, ctx.now);
  await recordEvent(tx, ctx, 'coupon.created', view);
  return view;
}

async function couponOrThrow(ex: Executor, ctx: UseCaseContext, id: string): Promise<CouponRow> {
  const row = await repo.findCoupon(ex, ctx.tenant, id);
  if (!row) throw new AppError('not_found', 'No such coupon.', { resource: 'coupon' });
  return row;
}

export async function getCoupon(ex: Executor, ctx: UseCaseContext, id: string): Promise<CouponView> {
  return toCouponView(await couponOrThrow(ex, ctx, id), ctx.now);
}

export async function listCoupons(ex: Executor, ctx: UseCaseContext, page: PageRequest): Promise<Page<CouponView>> {
  const result = toPage(await repo.listCoupons(ex, ctx.tenant, page.limit, page.afterId), page.limit);
  return { items: result.items.map((row) => toCouponView(row, ctx.now)), nextCursor: result.nextCursor };
}

/** No more redemptions; what was discounted stays. Archiving an archived coupon changes nothing. */
export async function archiveCoupon(tx: Tx, ctx: UseCaseContext, id: string): Promise<CouponView> {
  const current = await couponOrThrow(tx, ctx, id);
  if (current.archived_at) return toCouponView(current, ctx.now);
  const view = toCouponView(await repo.archiveCoupon(tx, id, ctx.now), ctx.now);
  await recordEvent(tx, ctx, 'coupon.archived', view);
  return view;
}

/**
 * Redeems a coupon by code in the caller's transaction: counted at once (a conditional update, so
 * concurrent redemptions never pass maxRedemptions). 422 naming `couponCode` for an unknown code;
 * coupon_archived, coupon_expired or coupon_exhausted otherwise.
 */
export async function redeemCoupon(tx: Tx, ctx: UseCaseContext, code: string): Promise<CouponRow> {
  const found = await repo.findCouponByCode(tx, ctx.tenant, code);
  if (!found) throw fieldError('couponCode', code, 'exists', 'no coupon has this code');
  const claimed = await repo.claimRedemption(tx, found.id, ctx.now);
  if (claimed) return claimed;
  const now = (await repo.findCoupon(tx, ctx.tenant, found.id))!;
  const status = couponStatus(now, ctx.now);
  if (status === 'archived') throw new AppError('coupon_archived', `The coupon ${found.code} was archived.`);
  if (status === 'expired') throw new AppError('coupon_expired', `The coupon ${found.code} could be redeemed until ${now.redeem_by!.toISOString()}.`);
  throw new AppError('coupon_exhausted', `The coupon ${found.code} was redeemed ${now.times_redeemed} times, its maximum.`);
}

/** Records what a redemption discounted: an invoice, or (invoiceId null) a subscription's periods. */
export async function recordRedemption(tx: Tx, ctx: UseCaseContext, couponId: string, invoiceId: string | null): Promise<void> {
  await repo.insertRedemption(tx, { id: newId(), account_id: ctx.tenant.accountId, environment: ctx.tenant.environment, coupon_id: couponId, invoice_id: invoiceId, created_at: ctx.now });
}

export interface DiscountLine {
  type: typeof DISCOUNT_LINE;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  proration: false;
}

/**
 * The coupon's percentage of the other lines' amounts (each rounded to the currency first), rounded
 * half-up, as a negative line (core/invoice-arithmetic.ts computes both).
 */
export function couponDiscountLine(coupon: CouponRow, lines: readonly PricedLine[], currency: string, locale: Locale): DiscountLine {
  const discount = new Money(percentOffDiscount(sumOfLines(lines, currency), coupon.percent_off, currency));
  const amount = discount.isZero() ? '0' : discount.negated().toFixed();
  return { type: DISCOUNT_LINE, description: lineText(locale).coupon(coupon.code, formatPercent(coupon.percent_off, locale)), quantity: '1', unitPrice: amount, amount, proration: false };
}

/** The discount line of a subscription's coupon (already redeemed when it subscribed). */
export async function discountLineFor(ex: Executor, ctx: UseCaseContext, couponId: string, lines: readonly PricedLine[], currency: string, locale: Locale): Promise<DiscountLine> {
  return couponDiscountLine(await couponOrThrow(ex, ctx, couponId), lines, currency, locale);
}

/** The percentage a subscription's coupon takes off ("50" for 50%), to price a credit at what was paid. */
export async function couponPercentOff(ex: Executor, ctx: UseCaseContext, couponId: string): Promise<string> {
  return (await couponOrThrow(ex, ctx, couponId)).percent_off;
}

/** "12.5" as people write it: "12,5" in pt-BR. */
function formatPercent(percent: string, locale: Locale): string {
  const plain = formatDecimal(percent);
  return locale === 'pt-BR' ? plain.replace('.', ',') : plain;
}
