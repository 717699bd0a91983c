// The home page: who is signed in, and the account's figures (overview.ts) formatted for the
// page's language, with the payments of the last 30 days as an SVG bar chart drawn here (no script).
import { formatAmount, formatShortDay } from '../../core/locale.ts';
import { Money } from '../../core/money.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import type { MemberRole } from '../../modules/members/index.ts';
import { BUSINESS_TEXT } from './business-pages.text.ts';
import { DASHBOARD_STYLES } from './dashboard-page.ts';
import { DASHBOARD_TEXT } from './dashboard-page.text.ts';
import { endpointSummary } from './developers-page.ts';
import { renderHeader, type LayoutView } from './layout-page.ts';
import type { Overview } from './overview.ts';

export interface HomeView extends LayoutView {
  memberEmail: string;
  role: MemberRole;
}

const homeTemplate = pageTemplate<object>(new URL('./templates/home.hbs', import.meta.url), { strict: true });

// The chart's drawing units: the SVG scales to its box's width (the stylesheet's width: 100%).
const CHART_WIDTH = 320;
const ROW_HEIGHT = 44;
const BAR_HEIGHT = 14;

export function renderHome(locale: PageLocale, view: HomeView, overview: Overview): string {
  const text = DASHBOARD_TEXT[locale];
  const words = BUSINESS_TEXT[locale];
  const money = (amount: string, currency: string) => formatAmount(amount, currency, locale);
  const totals = (rows: Overview['revenueThisMonth']) => rows.map((row) => ({ currency: row.currency, amount: money(row.total, row.currency) }));
  return homeTemplate({
    locale,
    text,
    words,
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, view, 'home'),
    ...view,
    roleName: text.roles[view.role],
    environmentName: text[view.environment],
    revenueThisMonth: totals(overview.revenueThisMonth),
    revenueLastMonth: totals(overview.revenueLastMonth),
    mrr: overview.mrr.map((row) => ({ amount: money(row.amount, row.currency), count: words.subscriptionCount(row.subscriptions) })),
    chart: paymentsChart(locale, overview.paymentsByMethod),
    openInvoices: overview.openInvoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.invoiceNumber ?? words.draftNumber,
      amount: money(invoice.amountDue, invoice.currency),
      due: invoice.dueDate ? `${words.dueOn} ${formatShortDay(invoice.dueDate, locale)}` : words.noDueDate,
    })),
    failedPayments: overview.failedPayments.map((payment) => ({
      id: payment.id,
      method: words.methods[payment.method],
      amount: money(payment.amount, payment.currency),
      reason: payment.failureCode ?? '',
      failed: `${words.failedOn} ${formatShortDay(payment.failedAt, locale)}`,
    })),
    failingEndpoints: overview.failingEndpoints.map((endpoint) => endpointSummary(locale, endpoint)),
  });
}

/** One bar per method and currency; a bar's length is its amount over the largest of its currency. */
function paymentsChart(locale: PageLocale, rows: Overview['paymentsByMethod']) {
  if (rows.length === 0) return undefined;
  const words = BUSINESS_TEXT[locale];
  const largest = new Map<string, InstanceType<typeof Money>>();
  for (const row of rows) {
    const amount = new Money(row.amount);
    const seen = largest.get(row.currency);
    if (!seen || amount.gt(seen)) largest.set(row.currency, amount);
  }
  const bars = rows.map((row, i) => {
    const top = largest.get(row.currency)!;
    const share = top.isZero() ? 0 : new Money(row.amount).div(top).toNumber();
    return {
      id: `${row.method}-${row.currency}`,
      label: `${words.methods[row.method]} · ${words.paymentCount(row.count)} · ${formatAmount(row.amount, row.currency, locale)}`,
      labelY: i * ROW_HEIGHT + 16,
      barY: i * ROW_HEIGHT + 22,
      width: Math.max(2, Math.round(share * CHART_WIDTH)),
    };
  });
  return { width: CHART_WIDTH, height: rows.length * ROW_HEIGHT, barHeight: BAR_HEIGHT, bars };
}
