// What the dashboard's subscriptions pages show (issue #32). The subscriptions, their invoices,
// versions and prepaid balance are read through the API's own GET routes as the session's member
// (ApiGet: the API's tenant, scopes and shapes); names (customer, product, version) through the
// customers and catalog doors in the session's tenant. A subscription the API answers 404 for
// (another account's or environment's, or a malformed id) is undefined: the page answers 404.
import type { UseCaseContext } from '../../core/context.ts';
import { isUuid } from '../../core/ids.ts';
import type { Executor } from '../../db/database.ts';
import { findProductOrThrow, findVersionById } from '../../modules/catalog/index.ts';
import { getCustomer } from '../../modules/customers/index.ts';
import { periodIndexAt, periodStart, type BillingCycle } from '../subscriptions/index.ts';
import type { ApiAnswer } from './api-call.ts';
import { unlessNotFound } from './invoices-detail.ts';

/** A GET of the API's own route as the session's member: its status and body. */
export type ApiGet = <T>(url: string) => Promise<ApiAnswer<T>>;

/** The Subscription resource as the API answers it (dates as strings). */
export interface ApiSubscription {
  id: string;
  customerId: string;
  productVersionId: string;
  status: 'trialing' | 'active' | 'past_due' | 'paused' | 'canceled';
  billingCycle: BillingCycle;
  billingMode: 'advance' | 'arrears';
  anchor: string;
  nextBillingDate: string | null;
  startedAt: string;
  canceledAt: string | null;
  trialEndsAt: string | null;
  cancelAtPeriodEnd: boolean;
  pausedAt: string | null;
  createdAt: string;
}

export interface SubscriptionNames {
  customer: { id: string; name: string | null; email: string | null } | null;
  product: { id: string; name: string; currency: string; pricingModel: string };
  version: number | null;
}

export interface SubscriptionRowView {
  subscription: ApiSubscription;
  names: SubscriptionNames;
}

export interface VersionChoice {
  id: string;
  version: number;
  basePrice: string | null;
}

export interface SubscriptionInvoice {
  id: string;
  invoiceNumber: string | null;
  total: string;
  currency: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  createdAt: string;
}

export interface SubscriptionDetail extends SubscriptionRowView {
  /** The current period [start, end); null once canceled. */
  period: { start: Date; end: Date } | null;
  /** Other published versions of the product on the subscription's cycle: what it may change to. */
  versions: VersionChoice[];
  invoices: SubscriptionInvoice[];
  /** A prepaid subscription's balance. */
  balance: { balance: string; currency: string } | null;
}

/** How many of the subscription's invoices its page lists, the newest first. */
export const SUBSCRIPTION_PAGE_INVOICES = 20;

export async function namesOf(ex: Executor, ctx: UseCaseContext, subscription: ApiSubscription): Promise<SubscriptionNames> {
  const version = (await findVersionById(ex, ctx.tenant, subscription.productVersionId))!;
  const [product, customer] = await Promise.all([findProductOrThrow(ex, ctx.tenant, version.product_id), unlessNotFound(getCustomer(ex, ctx, subscription.customerId))]);
  return {
    customer: customer ? { id: customer.id, name: customer.name, email: customer.email } : null,
    product: { id: product.id, name: product.name, currency: product.currency, pricingModel: product.pricing_model },
    version: version.version,
  };
}

export async function loadSubscriptionDetail(ex: Executor, ctx: UseCaseContext, id: string, get: ApiGet): Promise<SubscriptionDetail | undefined> {
  if (!isUuid(id)) return undefined;
  const answer = await get<ApiSubscription>(`/billing/subscriptions/${id}`);
  if (answer.status === 404) return undefined;
  const subscription = ok(answer, 'subscription');
  const names = await namesOf(ex, ctx, subscription);
  const [versions, invoices, balance] = await Promise.all([
    get<{ versions: Array<VersionChoice & { status: string; billingCycle: string | null }> }>(`/products/${names.product.id}/versions?limit=100`),
    get<{ invoices: SubscriptionInvoice[] }>(`/billing/invoices?subscriptionId=${id}&limit=${SUBSCRIPTION_PAGE_INVOICES}`),
    names.product.pricingModel === 'prepaid' ? get<{ balance: string; currency: string }>(`/billing/subscriptions/${id}/balance`) : Promise.resolve(undefined),
  ]);
  // A usage product's versions price usage on the subscription's own cycle: any published one fits.
  const fits = (v: { status: string; billingCycle: string | null }) => v.status === 'published' && (names.product.pricingModel === 'usage' || v.billingCycle === subscription.billingCycle);
  let period: SubscriptionDetail['period'] = null;
  if (subscription.status !== 'canceled') {
    const anchor = new Date(subscription.anchor);
    const k = Math.max(0, periodIndexAt(anchor, subscription.billingCycle, ctx.now));
    period = { start: periodStart(anchor, subscription.billingCycle, k), end: periodStart(anchor, subscription.billingCycle, k + 1) };
  }
  return {
    subscription,
    names,
    period,
    versions: ok(versions, 'versions').versions.filter((v) => fits(v) && v.id !== subscription.productVersionId).map((v) => ({ id: v.id, version: v.version, basePrice: v.basePrice })),
    invoices: ok(invoices, 'invoices').invoices,
    balance: balance?.status === 200 ? (balance.body as { balance: string; currency: string }) : null,
  };
}

function ok<T>(answer: ApiAnswer<T>, what: string): T {
  if (answer.status !== 200) throw new Error(`reading the ${what} answered ${answer.status}`);
  return answer.body;
}
