// POST /billing/subscriptions/{id}/change-version: another published version of the same product,
// on the same billing cycle. With proration (the default) the current period is split at this
// instant by its seconds: advance (the period was paid at its start) -> an invoice now crediting
// the old version's unused share at what was paid for it and charging the new one's (the
// subscription's coupon discounting the charge when it discounted the period); arrears -> the period's invoice at
// its end bills each version for its share. Without proration the new price applies from the next
// period (advance) or to the whole current period (arrears).
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { localeFor } from '../../modules/accounts/index.ts';
import { findVersionById, resolvePublishedVersion } from '../../modules/catalog/index.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { discountLineFor } from '../../modules/coupons/index.ts';
import { createDraftInvoice, type DraftLineInput } from '../../modules/invoices/index.ts';
import { finalizeAndCollect } from './billing.ts';
import { periodStart } from './periods.ts';
import { changeTerms } from '../../modules/prepaid/index.ts';
import { prepaidRatesOf } from './prepaid-terms.ts';
import { couponPaidOnPeriod, feeAt, paidFee } from './fees.ts';
import { prorationLine } from './proration.ts';
import { moveEnrollmentToVersion } from '../../modules/customers/index.ts';
import * as repo from './repository.ts';
import { presentSubscription, type SubscriptionView } from './subscription-view.ts';

export interface ChangeVersionInput {
  productVersionId: string;
  prorate?: boolean;
}

export async function changeVersion(tx: Tx, ctx: UseCaseContext, id: string, input: ChangeVersionInput): Promise<SubscriptionView> {
  const current = await repo.findSubscription(tx, ctx.tenant, id, true);
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
  if (version.id === old.id) return presentSubscription(tx, current);
  // There is no fee to prorate on a usage product: its usage is priced by the version in force when it happened.
  // A prepaid credit bought is kept whole: the new version's credit and rates apply from now on.
  const prepaid = product.pricing_model === 'prepaid';
  const prorate = !usageOnly && !prepaid && (input.prorate ?? true);
  if (prepaid) await changeTerms(tx, ctx, id, version.consumption_floor, await prepaidRatesOf(tx, ctx.tenant, version, 'productVersionId'));
  const now = ctx.now;
  let row = current;
  if (prorate && current.status !== 'trialing') {
    const k = current.billing_mode === 'advance' ? current.period_index - 1 : current.period_index;
    const from = periodStart(current.anchor, current.billing_cycle, k);
    const to = periodStart(current.anchor, current.billing_cycle, k + 1);
    if (now > from && now < to) {
      if (current.billing_mode === 'advance') {
        // The unused time is credited at what was paid for it (the period's fee, less the coupon
        // when the period's invoice carried it); the new version's time is charged at its fee, and
        // the coupon discounts it when it discounted the period (docs/decisions/subscriptions.md).
        const locale = await localeFor(tx, ctx.tenant.accountId, product.currency);
        const base = { productId: product.id, productName: product.name, periodStart: from, periodEnd: to, from: now, to, locale };
        const charge = prorationLine({ ...base, basePrice: await feeAt(tx, ctx, current, version, from) });
        const lines: DraftLineInput[] = [prorationLine({ ...base, basePrice: await paidFee(tx, ctx, current, old, from), credit: true }), charge];
        if (await couponPaidOnPeriod(tx, ctx, current, from)) lines.push(await discountLineFor(tx, ctx, current.coupon_id!, [charge], product.currency, locale));
        const draft = await createDraftInvoice(tx, ctx, { customerId: id, subscriptionId: id, currency: product.currency, periodStart: now, periodEnd: to, lines });
        row = await finalizeAndCollect(tx, ctx, row, draft.id);
      } else {
        if (current.previous_version_id) {
          throw new AppError('conflict', 'The version already changed with proration in this period; change it again after the period ends, or without proration.');
        }
        row = await repo.updateSubscription(tx, id, { previous_version_id: old.id, version_changed_at: now });
      }
    }
  }
  row = await repo.updateSubscription(tx, id, { product_version_id: version.id, updated_at: now });
  await repo.cancelItems(tx, id, now);
  await repo.insertItem(tx, { id: newId(), subscription_id: id, kind: usageOnly ? 'usage' : 'recurring_fee', timing: row.billing_mode, product_version_id: version.id, created_at: now, canceled_at: null });
  // Usage of the enrollment is priced by its version from now on too.
  await moveEnrollmentToVersion(tx, ctx.tenant, id, version.id, now);
  const view = await presentSubscription(tx, row);
  await recordEvent(tx, ctx, 'subscription.updated', view);
  return view;
}
