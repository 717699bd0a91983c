// The customers pages: the searchable list and one customer's page, formatted for the page's
// language (money by core/locale.ts), inside the shared header and navigation (layout-page.ts).
import type { Page } from '../../core/pagination.ts';
import { formatAmount, formatShortDay } from '../../core/locale.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import type { CustomerView } from '../../modules/customers/index.ts';
import { BUSINESS_TEXT } from './business-pages.text.ts';
import type { CustomerActivity } from './customer-activity.ts';
import type { CustomerDetail } from './customer-detail.ts';
import { DASHBOARD_STYLES } from './dashboard-page.ts';
import { renderHeader, type LayoutView } from './layout-page.ts';

const listTemplate = pageTemplate<object>(new URL('./templates/customers.hbs', import.meta.url), { strict: true });
const customerTemplate = pageTemplate<object>(new URL('./templates/customer.hbs', import.meta.url), { strict: true });
const notFoundTemplate = pageTemplate<object>(new URL('./templates/not-found.hbs', import.meta.url), { strict: true });

export function renderCustomerList(locale: PageLocale, layout: LayoutView, q: string, page: Page<CustomerView>): string {
  const words = BUSINESS_TEXT[locale];
  const nextHref = page.nextCursor === null ? undefined : `/dashboard/customers?${new URLSearchParams({ ...(q && { q }), cursor: page.nextCursor })}`;
  return listTemplate({
    locale,
    words,
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, layout, 'customers'),
    accountName: layout.accountName,
    q,
    nextHref,
    customers: page.items.map((customer) => ({
      id: customer.id,
      name: customer.name ?? words.unnamed,
      email: customer.email,
      document: customer.document,
      externalId: customer.externalId,
      created: formatShortDay(customer.createdAt, locale),
    })),
  });
}

export function renderCustomer(locale: PageLocale, layout: LayoutView, detail: CustomerDetail): string {
  const words = BUSINESS_TEXT[locale];
  const { customer } = detail;
  return customerTemplate({
    locale,
    words,
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, layout, 'customers'),
    accountName: layout.accountName,
    name: customer.name ?? words.unnamed,
    email: customer.email ?? '—',
    document: customer.document ?? '—',
    externalId: customer.externalId ?? '—',
    created: formatShortDay(customer.createdAt, locale),
    balances: customer.balances.map((balance) => formatAmount(balance.amount, balance.currency, locale)),
    ...activityView(locale, detail.activity),
    invoices: detail.invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.invoiceNumber ?? words.draftNumber,
      total: formatAmount(invoice.total, invoice.currency, locale),
      status: words.invoiceStatuses[invoice.status],
      created: formatShortDay(invoice.createdAt, locale),
    })),
    payments: detail.payments.map((payment) => ({
      id: payment.id,
      method: words.methods[payment.method],
      amount: formatAmount(payment.amount, payment.currency, locale),
      status: words.paymentStatuses[payment.status],
      created: formatShortDay(payment.created_at, locale),
    })),
  });
}

/** A usage quantity as stored (exact), with pt-BR's decimal comma. */
const formatQuantity = (value: string, locale: PageLocale) => (locale === 'pt-BR' ? value.replace('.', ',') : value);

/** Enrollments, subscriptions, usage this period and what the customer owes, in the page's words. */
function activityView(locale: PageLocale, activity: CustomerActivity) {
  const words = BUSINESS_TEXT[locale];
  const product = (name: string, version: number | null) => (version === null ? name : `${name} · ${words.versionLabel(version)}`);
  const span = (from: Date, to: Date) => `${formatShortDay(from, locale)} – ${formatShortDay(to, locale)}`;
  return {
    receivable: activity.receivable.map((line) => formatAmount(line.amount, line.currency, locale)),
    enrollments: activity.enrollments.map((e) => ({
      id: e.id,
      product: product(e.productName, e.version),
      status: words.enrollmentStatuses[e.status] ?? e.status,
      created: formatShortDay(e.createdAt, locale),
    })),
    subscriptions: activity.subscriptions.map((s) => ({
      id: s.id,
      product: product(s.productName, s.version),
      status: words.subscriptionStatuses[s.status],
      period: `${words.currentPeriod} ${span(s.periodStart, s.periodEnd)}`,
    })),
    usage: activity.usage.map((u) => ({
      id: `${u.enrollmentId}-${u.meter}`,
      product: u.productName,
      meter: u.meter,
      value: formatQuantity(u.value, locale),
      period: `${words.usageBasis[u.basis]} ${span(u.from, u.to)}`,
    })),
  };
}

export function renderCustomerNotFound(locale: PageLocale, layout: LayoutView): string {
  return notFoundTemplate({ locale, words: BUSINESS_TEXT[locale], styles: DASHBOARD_STYLES, header: renderHeader(locale, layout, 'customers') });
}

