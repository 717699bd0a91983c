// POST /billing/subscriptions: a customer subscribes to a product version priced `subscription`.
// The subscription is the customer's enrollment in the product (reused when live, made otherwise).
// With billingMode advance and no trial, the first period is invoiced in the same transaction.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { findVersionById, resolvePublishedVersion } from '../catalog/service.ts';
import { recordRedemption, redeemCoupon } from '../coupons/service.ts';
import { parseSavedMethod } from '../payments/service.ts';
import { createEnrollment, findCustomerOrThrow, resolveEnrollment } from '../customers/service.ts';
import { recordEvent } from '../events/service.ts';
import { billDueSubscription } from './billing.ts';
import { periodIndexAt, periodStart } from './periods.ts';
import * as repo from './repository.ts';
import { presentSubscription, type SubscriptionView } from './subscription-view.ts';
import type { BillingMode, CollectionMethod, SubscriptionRow } from './tables.ts';

const DAY_MS = 86_400_000;

export interface CreateSubscriptionInput {
  customerId: string;
  productId?: string;
  productVersionId?: string;
  collectionMethod?: CollectionMethod;
  billingMode?: BillingMode;
  anchor?: string;
  trialDays?: number;
  couponCode?: string;
  paymentMethod?: string;
}

export async function createSubscription(tx: Tx, ctx: UseCaseContext, input: CreateSubscriptionInput): Promise<SubscriptionView> {
  const { tenant, now } = ctx;
  if ((input.productId === undefined) === (input.productVersionId === undefined)) {
    throw fieldError('productId', input.productId ?? '', 'one_of', 'give productId (its default version) or productVersionId, not both');
  }
  const collectionMethod = input.collectionMethod ?? 'send_invoice';
  if (collectionMethod === 'charge_automatically' && input.paymentMethod === undefined) {
    throw fieldError('paymentMethod', '', 'required', 'is required with charge_automatically: a sandbox test card number or Pix mandate (docs/subscriptions.md)');
  }
  if (collectionMethod === 'send_invoice' && input.paymentMethod !== undefined) {
    throw fieldError('paymentMethod', input.paymentMethod, 'charge_automatically_only', 'applies only with collectionMethod charge_automatically');
  }
  const saved = input.paymentMethod === undefined ? null : parseSavedMethod(tenant, input.paymentMethod);
  const productId = input.productId ?? (await findVersionById(tx, tenant, input.productVersionId!))?.product_id;
  if (!productId) throw new AppError('not_found', 'No such product version.', { resource: 'product_version' });
  const { product, version } = await resolvePublishedVersion(tx, tenant, productId, input.productVersionId);
  if (product.pricing_model !== 'subscription') {
    throw fieldError(
      input.productId ? 'productId' : 'productVersionId',
      input.productId ?? input.productVersionId ?? '',
      'subscription_product',
      product.pricing_model === 'one_time'
        ? 'a one_time product is sold once (a one-off invoice or a payment link), not subscribed'
        : `only products priced subscription can be subscribed for now (this one is priced ${product.pricing_model})`,
    );
  }
  if (!version.billing_cycle || version.base_price === null) throw new AppError('conflict', 'The version has no billingCycle and basePrice to bill.');
  await findCustomerOrThrow(tx, tenant, input.customerId, true);

  const trialEndsAt = input.trialDays ? new Date(now.getTime() + input.trialDays * DAY_MS) : null;
  const start = trialEndsAt ?? now;
  const anchor = input.anchor === undefined ? start : new Date(input.anchor);
  if (anchor > start) {
    throw fieldError('anchor', input.anchor ?? '', 'not_after_start', 'must not be after the start (the end of the trial, if any): a first period shorter than a cycle is not billed yet');
  }
  // With an anchor in the past, the period holding the start is the first one billed, in full.
  const firstIndex = periodIndexAt(anchor, version.billing_cycle, start);

  const existing = await resolveEnrollment(tx, tenant, input.customerId, productId);
  if (existing && (await repo.findSubscription(tx, tenant, existing.id))) {
    throw new AppError('conflict', `The customer already has a subscription to this product (${existing.id}); cancel it or change its version.`);
  }
  const enrollmentId = existing?.id ?? (await createEnrollment(tx, ctx, input.customerId, { productId, productVersionId: version.id })).id;

  const coupon = input.couponCode === undefined ? null : await redeemCoupon(tx, ctx, input.couponCode);
  if (coupon) await recordRedemption(tx, ctx, coupon.id, null);
  const billingMode = input.billingMode ?? 'advance';
  const row: SubscriptionRow = {
    id: enrollmentId,
    account_id: tenant.accountId,
    environment: tenant.environment,
    customer_id: input.customerId,
    product_version_id: version.id,
    status: trialEndsAt ? 'trialing' : 'active',
    billing_cycle: version.billing_cycle,
    collection_method: collectionMethod,
    billing_mode: billingMode,
    anchor,
    trial_ends_at: trialEndsAt,
    period_index: firstIndex,
    next_billing_at: trialEndsAt ?? (billingMode === 'advance' ? periodStart(anchor, version.billing_cycle, firstIndex) : periodStart(anchor, version.billing_cycle, firstIndex + 1)),
    cancel_at_period_end: false,
    coupon_id: coupon?.id ?? null,
    coupon_periods_left: coupon ? (coupon.duration === 'once' ? 1 : coupon.duration === 'repeating' ? coupon.duration_in_cycles : null) : null,
    payment_method: saved?.value ?? null,
    dunning_started_at: null,
    retry_count: 0,
    next_retry_at: null,
    previous_version_id: null,
    version_changed_at: null,
    started_at: now,
    paused_at: null,
    canceled_at: null,
    created_at: now,
    updated_at: now,
  };
  await repo.insertSubscription(tx, row, {
    id: newId(),
    subscription_id: row.id,
    kind: 'recurring_fee',
    timing: billingMode,
    product_version_id: version.id,
    created_at: now,
    canceled_at: null,
  });
  await recordEvent(tx, ctx, 'subscription.created', await presentSubscription(tx, row));
  // The first advance period is due now: invoice it with the subscription, not a runner's tick later.
  await billDueSubscription(tx, ctx, row);
  return presentSubscription(tx, (await repo.findSubscription(tx, tenant, row.id))!);
}
