// The customer page's billing activity (issue #32): its enrollments and subscriptions (through the
// API's own GET routes, as the session's member), each subscription's current period, usage of that
// period per meter the version prices (the calendar month, UTC, for an enrollment with no
// subscription), and what the customer owes: its receivable balance in the ledger, per currency.
import type { UseCaseContext } from '../../core/context.ts';
import { Money } from '../../core/money.ts';
import type { Executor } from '../../db/database.ts';
import { findProductOrThrow, findVersionById, getVersionPrices } from '../../modules/catalog/index.ts';
import { chart, ledgerBalances } from '../../modules/ledger/index.ts';
import { getUsage } from '../../modules/metering/index.ts';
import { periodIndexAt, periodStart, type SubscriptionView } from '../subscriptions/index.ts';
import { monthStart } from './overview.ts';

export interface EnrollmentSummary {
  id: string;
  productId: string;
  productName: string;
  version: number | null;
  status: string;
  createdAt: Date;
}

export interface SubscriptionSummary {
  id: string;
  status: SubscriptionView['status'];
  productName: string;
  version: number | null;
  periodStart: Date;
  periodEnd: Date;
}

export interface UsageLine {
  enrollmentId: string;
  productName: string;
  meter: string;
  value: string;
  from: Date;
  to: Date;
  /** subscription: the subscription's current period; month: the calendar month (no subscription). */
  basis: 'subscription' | 'month';
}

export interface CustomerActivity {
  enrollments: EnrollmentSummary[];
  subscriptions: SubscriptionSummary[];
  usage: UsageLine[];
  /** The receivable balance per currency (a debit balance: positive is owed). */
  receivable: Array<{ currency: string; amount: string }>;
}

/** A GET of the API's own route as the session's member; its 200 body (any other answer throws). */
export type ApiRead = <T>(url: string) => Promise<T>;

interface ApiEnrollment {
  id: string;
  productId: string;
  productVersionId: string;
  status: string;
  createdAt: string;
}

export async function loadCustomerActivity(ex: Executor, ctx: UseCaseContext, customerId: string, read: ApiRead): Promise<CustomerActivity> {
  const [enrollmentPage, subscriptionPage, balances] = await Promise.all([
    read<{ enrollments: ApiEnrollment[] }>(`/customers/${customerId}/enrollments?limit=100`),
    read<{ subscriptions: Array<Omit<SubscriptionView, 'anchor'> & { anchor: string }> }>(`/billing/subscriptions?customerId=${customerId}&limit=100`),
    ledgerBalances(ex, ctx, customerId),
  ]);
  const names = await productNames(ex, ctx, enrollmentPage.enrollments);
  const enrollments = enrollmentPage.enrollments.map((e) => ({
    id: e.id,
    productId: e.productId,
    productName: names.get(e.id)!.productName,
    version: names.get(e.id)!.version,
    status: e.status,
    createdAt: new Date(e.createdAt),
  }));
  // A subscription's id is its enrollment's; the current version is the subscription's own.
  const subscriptions: SubscriptionSummary[] = [];
  for (const s of subscriptionPage.subscriptions) {
    const anchor = new Date(s.anchor);
    const k = Math.max(0, periodIndexAt(anchor, s.billingCycle, ctx.now));
    const version = await findVersionById(ex, ctx.tenant, s.productVersionId);
    subscriptions.push({
      id: s.id,
      status: s.status,
      productName: names.get(s.id)?.productName ?? '—',
      version: version?.version ?? null,
      periodStart: periodStart(anchor, s.billingCycle, k),
      periodEnd: periodStart(anchor, s.billingCycle, k + 1),
    });
  }
  const usage = await usageThisPeriod(ex, ctx, enrollmentPage.enrollments, subscriptionPage.subscriptions, subscriptions, names);
  const receivableAccount = chart.receivable(customerId);
  const receivable = balances
    .filter((b) => b.account === receivableAccount && !new Money(b.balance).isZero())
    .map((b) => ({ currency: b.currency, amount: b.balance }));
  return { enrollments, subscriptions, usage, receivable };
}

async function productNames(ex: Executor, ctx: UseCaseContext, enrollments: ApiEnrollment[]): Promise<Map<string, { productName: string; version: number | null }>> {
  const names = new Map<string, { productName: string; version: number | null }>();
  for (const e of enrollments) {
    const [product, version] = await Promise.all([findProductOrThrow(ex, ctx.tenant, e.productId), findVersionById(ex, ctx.tenant, e.productVersionId)]);
    names.set(e.id, { productName: product.name, version: version?.version ?? null });
  }
  return names;
}

/** Usage of each live enrollment's metered prices over its subscription's current period or the month. */
async function usageThisPeriod(
  ex: Executor,
  ctx: UseCaseContext,
  enrollments: ApiEnrollment[],
  apiSubscriptions: Array<{ id: string; productVersionId: string }>,
  subscriptions: SubscriptionSummary[],
  names: Map<string, { productName: string }>,
): Promise<UsageLine[]> {
  const lines: UsageLine[] = [];
  for (const e of enrollments) {
    if (e.status === 'canceled') continue;
    const subscription = subscriptions.find((s) => s.id === e.id);
    const versionId = apiSubscriptions.find((s) => s.id === e.id)?.productVersionId ?? e.productVersionId;
    const meters = [...new Set((await getVersionPrices(ex, ctx.tenant, versionId)).map((price) => price.meter))];
    const from = subscription?.periodStart ?? monthStart(ctx.now);
    const to = subscription?.periodEnd ?? monthStart(ctx.now, 1);
    for (const meter of meters) {
      const summary = await getUsage(ex, ctx, { enrollmentId: e.id, meter, from: from.toISOString(), to: to.toISOString() });
      lines.push({ enrollmentId: e.id, productName: names.get(e.id)?.productName ?? '—', meter, value: summary.value, from, to, basis: subscription ? 'subscription' : 'month' });
    }
  }
  return lines;
}
