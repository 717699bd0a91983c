// POST /billing/subscriptions: a customer subscribes to a product version priced `subscription`
// (a fee each period, and usage when the version prices meters), `usage` (its usage each period)
// or `prepaid` (a credit bought each period in advance; usage draws the balance down).
// The subscription is the customer's enrollment in the product (reused when live, made otherwise).
// With billingMode advance and no trial, the first period is invoiced in the same transaction.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { findVersionById, resolvePublishedVersion } from '../../modules/catalog/index.ts';
import { recordRedemption, redeemCoupon } from '../../modules/coupons/index.ts';
import { checkSavedMethod, parseSavedMethod } from '../payment-confirmation/index.ts';
import { createEnrollment, findCustomerOrThrow, resolveEnrollment } from '../../modules/customers/index.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { billDueSubscription } from './billing.ts';
import { openBalance } from '../../modules/prepaid/index.ts';
import { periodIndexAt, periodStart, type BillingCycle } from './periods.ts';
import { prepaidRatesOf } from './prepaid-terms.ts';
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
  billingCycle?: BillingCycle;
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
    throw fieldError('paymentMethod', '', 'required', 'is required with charge_automatically: a saved card, a Pix mandate\'s paymentMethod (pix:...), or in sandbox a test card number (docs/subscriptions.md)');
  }
  if (collectionMethod === 'send_invoice' && input.paymentMethod !== undefined) {
    throw fieldError('paymentMethod', input.paymentMethod, 'charge_automatically_only', 'applies only with collectionMethod charge_automatically');
  }
  const saved = input.paymentMethod === undefined ? null : parseSavedMethod(tenant, input.paymentMethod);
  const productId = input.productId ?? (await findVersionById(tx, tenant, input.productVersionId!))?.product_id;
  if (!productId) throw new AppError('not_found', 'No such product version.', { resource: 'product_version' });
  const { product, version } = await resolvePublishedVersion(tx, tenant, productId, input.productVersionId);
  const productField = input.productId ? 'productId' : 'productVersionId';
  const productRef = input.productId ?? input.productVersionId ?? '';
  if (product.pricing_model === 'one_time') {
    throw fieldError(productField, productRef, 'recurring_product', 'a one_time product is sold once (a one-off invoice or a payment link), not subscribed');
  }
  const prepaid = product.pricing_model === 'prepaid';
  if (prepaid && input.billingMode === 'arrears') throw fieldError('billingMode', 'arrears', 'advance_only', 'a prepaid credit is bought before it is used: a product priced prepaid is billed in advance');
  const prepaidRates = prepaid ? await prepaidRatesOf(tx, tenant, version, productField) : [];
  const usageOnly = product.pricing_model === 'usage';
  if (usageOnly && input.billingCycle === undefined) throw fieldError('billingCycle', '', 'required', 'is required for a product priced usage: how often its usage is invoiced');
  if (!usageOnly && input.billingCycle !== undefined) {
    throw fieldError('billingCycle', input.billingCycle, 'usage_only', `applies to a product priced usage only; this one bills on its version's cycle (${version.billing_cycle})`);
  }
  if (usageOnly && input.billingMode === 'advance') throw fieldError('billingMode', 'advance', 'arrears_only', 'usage is invoiced at the end of its period: a product priced usage is billed in arrears');
  const billingCycle = usageOnly ? input.billingCycle! : version.billing_cycle;
  if (!billingCycle || (!usageOnly && version.base_price === null)) throw new AppError('conflict', 'The version has no billingCycle and basePrice to bill.');
  await findCustomerOrThrow(tx, tenant, input.customerId, true);
  if (saved) await checkSavedMethod(tx, tenant, saved, input.customerId);

  const trialEndsAt = input.trialDays ? new Date(now.getTime() + input.trialDays * DAY_MS) : null;
  const start = trialEndsAt ?? now;
  const anchor = input.anchor === undefined ? start : new Date(input.anchor);
  // A future anchor makes a first, shorter period [start, anchor), billed prorated; it must come
  // within one cycle of the start.
  if (anchor > start && periodStart(anchor, billingCycle, -1) > start) {
    throw fieldError('anchor', input.anchor ?? '', 'within_one_cycle', `must be at most one ${billingCycle} cycle after the start (the end of the trial, if any): the first period runs from the start to the anchor`);
  }
  // With an anchor in the past, the period holding the start is the first one billed, in full.
  const firstIndex = periodIndexAt(anchor, billingCycle, start);

  const existing = await resolveEnrollment(tx, tenant, input.customerId, productId);
  if (existing && (await repo.findSubscription(tx, tenant, existing.id))) {
    throw new AppError('conflict', `The customer already has a subscription to this product (${existing.id}); cancel it or change its version.`);
  }
  const enrollmentId = existing?.id ?? (await createEnrollment(tx, ctx, input.customerId, { productId, productVersionId: version.id })).id;

  if (prepaid) await openBalance(tx, ctx, enrollmentId, product.currency, version.consumption_floor, prepaidRates);
  const coupon = input.couponCode === undefined ? null : await redeemCoupon(tx, ctx, input.couponCode);
  if (coupon) await recordRedemption(tx, ctx, coupon.id, null);
  const billingMode = usageOnly ? 'arrears' : (input.billingMode ?? 'advance');
  const row: SubscriptionRow = {
    id: enrollmentId,
    account_id: tenant.accountId,
    environment: tenant.environment,
    customer_id: input.customerId,
    product_version_id: version.id,
    status: trialEndsAt ? 'trialing' : 'active',
    billing_cycle: billingCycle,
    collection_method: collectionMethod,
    billing_mode: billingMode,
    anchor,
    trial_ends_at: trialEndsAt,
    period_index: firstIndex,
    next_billing_at: trialEndsAt ?? (billingMode === 'advance' ? periodStart(anchor, billingCycle, firstIndex) : periodStart(anchor, billingCycle, firstIndex + 1)),
    cancel_at_period_end: false,
    coupon_id: coupon?.id ?? null,
    coupon_periods_left: coupon ? (coupon.duration === 'once' ? 1 : coupon.duration === 'repeating' ? coupon.duration_in_cycles : null) : null,
    payment_method: saved?.value ?? null,
    dunning_started_at: null,
    retry_count: 0,
    next_retry_at: null,
    previous_version_id: null,
    version_changed_at: null,
    // Usage before the subscription (or during its trial) is not the subscription's to bill.
    usage_billed_to: start,
    commitment_credit: '0',
    started_at: now,
    paused_at: null,
    canceled_at: null,
    created_at: now,
    updated_at: now,
  };
  await repo.insertSubscription(tx, row, {
    id: newId(),
    subscription_id: row.id,
    kind: usageOnly ? 'usage' : 'recurring_fee',
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
