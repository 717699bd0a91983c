// What a change of version does, computed without writing anything: the one computation behind
// POST .../change-version (which then carries it out) and POST .../change-version/preview (which
// answers it). Sharing it is what keeps the preview's numbers the invoice's numbers.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { localeFor } from '../../modules/accounts/index.ts';
import { findVersionById, resolvePublishedVersion, type ProductRow, type ProductVersionRow } from '../../modules/catalog/index.ts';
import { discountLineFor } from '../../modules/coupons/index.ts';
import type { DraftLineInput } from '../../modules/invoices/index.ts';
import { periodStart } from './periods.ts';
import { couponPaidOnPeriod, feeAt, feeLines, paidFee } from './fees.ts';
import { prorationLine } from './proration.ts';
import * as repo from './repository.ts';
import type { SubscriptionRow } from './tables.ts';

export interface ChangeVersionInput {
  productVersionId: string;
  prorate?: boolean;
}

export interface VersionChangePlan {
  current: SubscriptionRow;
  product: ProductRow;
  old: ProductVersionRow;
  version: ProductVersionRow;
  /** The version asked for is the one in force: nothing changes. */
  unchanged: boolean;
  usageOnly: boolean;
  prepaid: boolean;
  /**
   * Advance, prorated inside the paid period: the invoice made now, [now, periodEnd), with the
   * credit for the old version's unused time, the new version's charge and the coupon's line.
   */
  invoiceNow: { lines: DraftLineInput[]; periodEnd: Date } | null;
  /**
   * Arrears, prorated inside the period: the version changes now and the period's invoice at
   * `periodEnd` bills each version for its share (`feeLines`: what that invoice's fee lines will be).
   */
  splitArrears: { feeLines: DraftLineInput[]; periodEnd: Date } | null;
}

/**
 * Validates the change (404, 409, 422 as change-version answers them) and computes what it does.
 * `forUpdate` locks the subscription's row: the change itself; the preview reads without it.
 */
export async function planVersionChange(tx: Tx, ctx: UseCaseContext, id: string, input: ChangeVersionInput, forUpdate: boolean): Promise<VersionChangePlan> {
  const current = await repo.findSubscription(tx, ctx.tenant, id, forUpdate);
  if (!current) throw new AppError('not_found', 'No such subscription.', { resource: 'subscription' });
  if (!['active', 'trialing', 'past_due'].includes(current.status)) {
    throw new AppError('conflict', `The subscription is ${current.status}; only an active, trialing or past_due subscription changes version.`);
  }
  const old = (await findVersionById(tx, ctx.tenant, current.product_version_id))!;
  const { product, version } = await resolvePublishedVersion(tx, ctx.tenant, old.product_id, input.productVersionId);
  // A usage product's cycle is the subscription's own: any version prices its usage.
  const usageOnly = product.pricing_model === 'usage';
  if (!usageOnly && (version.billing_cycle !== current.billing_cycle || version.base_price === null)) {
    throw fieldError('productVersionId', input.productVersionId, 'same_cycle', `must bill every ${current.billing_cycle} period, as the subscription does`);
  }
  const prepaid = product.pricing_model === 'prepaid';
  const plan: VersionChangePlan = { current, product, old, version, unchanged: version.id === old.id, usageOnly, prepaid, invoiceNow: null, splitArrears: null };
  if (plan.unchanged) return plan;
  // There is no fee to prorate on a usage product: its usage is priced by the version in force when it happened.
  // A prepaid credit bought is kept whole: the new version's credit and rates apply from now on.
  const prorate = !usageOnly && !prepaid && (input.prorate ?? true);
  if (!prorate || current.status === 'trialing') return plan;
  const now = ctx.now;
  const k = current.billing_mode === 'advance' ? current.period_index - 1 : current.period_index;
  const from = periodStart(current.anchor, current.billing_cycle, k);
  const to = periodStart(current.anchor, current.billing_cycle, k + 1);
  if (!(now > from && now < to)) return plan;
  const locale = await localeFor(tx, ctx.tenant.accountId, product.currency);
  if (current.billing_mode === 'advance') {
    // The unused time is credited at what was paid for it (the period's fee, less the coupon
    // when the period's invoice carried it); the new version's time is charged at its fee, and
    // the coupon discounts it when it discounted the period (docs/decisions/subscriptions.md).
    const base = { productId: product.id, productName: product.name, periodStart: from, periodEnd: to, from: now, to, locale };
    const charge = prorationLine({ ...base, basePrice: await feeAt(tx, ctx, current, version, from) });
    const lines: DraftLineInput[] = [prorationLine({ ...base, basePrice: await paidFee(tx, ctx, current, old, from), credit: true }), charge];
    if (await couponPaidOnPeriod(tx, ctx, current, from)) lines.push(await discountLineFor(tx, ctx, current.coupon_id!, [charge], product.currency, locale));
    plan.invoiceNow = { lines, periodEnd: to };
  } else {
    if (current.previous_version_id) {
      throw new AppError('conflict', 'The version already changed with proration in this period; change it again after the period ends, or without proration.');
    }
    // The period's fee lines as its invoice will write them once the change is recorded.
    const changed: SubscriptionRow = { ...current, previous_version_id: old.id, version_changed_at: now, product_version_id: version.id };
    plan.splitArrears = { feeLines: await feeLines(tx, ctx, changed, product, version, { from, to }, locale), periodEnd: to };
  }
  return plan;
}
