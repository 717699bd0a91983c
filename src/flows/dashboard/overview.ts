// The home page's figures (issue #32): revenue this month and last, payments of the last 30 days
// by method, MRR (the subscriptions door's monthlyRecurringRevenue), and what needs attention (open invoices, failed payments, failing webhook endpoints).
// Seven grouped or limited queries through the invoices, payments and subscriptions doors, all of the session's tenant, run together.
import type { Tenant } from '../../core/context.ts';
import { formatMoney } from '../../core/money.ts';
import type { Executor } from '../../db/database.ts';
import { listOpenInvoiceSummaries, paidRevenueByCurrency, type CurrencyTotal, type OpenInvoiceSummary } from '../../modules/invoices/index.ts';
import { confirmedPaymentsByMethod, listFailedPaymentSummaries, type FailedPaymentSummary, type MethodTotal } from '../../modules/payments/index.ts';
import { listFailingEndpoints, type EndpointHealth } from '../../modules/webhooks/index.ts';
import { monthlyRecurringRevenue } from '../subscriptions/index.ts';

/** How many open invoices and failed payments the home page lists. */
export const ATTENTION_LIMIT = 5;
const DAY_MS = 86_400_000;

export interface Overview {
  revenueThisMonth: CurrencyTotal[];
  revenueLastMonth: CurrencyTotal[];
  /** MRR per currency, rounded to the currency's exponent, with how many subscriptions make it. */
  mrr: Array<{ currency: string; amount: string; subscriptions: number }>;
  paymentsByMethod: MethodTotal[];
  openInvoices: OpenInvoiceSummary[];
  failedPayments: FailedPaymentSummary[];
  /** Webhook endpoints disabled by the service or whose last attempt failed (at most 20 exist). */
  failingEndpoints: EndpointHealth[];
}

/** The first instant of the calendar month (UTC) `offset` months from the one of `now`. */
export function monthStart(now: Date, offset = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

export async function loadOverview(ex: Executor, tenant: Tenant, now: Date): Promise<Overview> {
  const thisMonth = monthStart(now);
  const since30Days = new Date(now.getTime() - 30 * DAY_MS);
  const [revenueThisMonth, revenueLastMonth, paymentsByMethod, openInvoices, failedPayments, failingEndpoints, mrr] = await Promise.all([
    paidRevenueByCurrency(ex, tenant, thisMonth, monthStart(now, 1)),
    paidRevenueByCurrency(ex, tenant, monthStart(now, -1), thisMonth),
    confirmedPaymentsByMethod(ex, tenant, since30Days),
    listOpenInvoiceSummaries(ex, tenant, ATTENTION_LIMIT),
    listFailedPaymentSummaries(ex, tenant, since30Days, ATTENTION_LIMIT),
    listFailingEndpoints(ex, tenant),
    monthlyRecurringRevenue(ex, tenant, now),
  ]);
  return {
    revenueThisMonth,
    revenueLastMonth,
    mrr: mrr.map((row) => ({ currency: row.currency, amount: formatMoney(row.mrr, row.currency), subscriptions: row.subscriptions })),
    paymentsByMethod,
    openInvoices,
    failedPayments,
    failingEndpoints,
  };
}
