// The subscriptions pages: the filtered list and one subscription's page (customer, product and
// version, status, current period, next billing, pause and cancel state, its invoices, a prepaid
// balance, and the action forms the member's role and the status allow, with the proration
// preview of a change of version), formatted for the page's language, inside the shared header.
import { formatAmount, formatShortDay } from '../../core/locale.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import type { MemberRole } from '../../modules/members/index.ts';
import type { VersionChangePreview } from '../subscriptions/index.ts';
import { formIdempotencyKey } from './api-call.ts';
import { BUSINESS_TEXT } from './business-pages.text.ts';
import { DASHBOARD_STYLES } from './dashboard-page.ts';
import { renderHeader, type LayoutView } from './layout-page.ts';
import type { ApiSubscription, SubscriptionDetail, SubscriptionRowView } from './subscriptions-detail.ts';
import { SUBSCRIPTIONS_TEXT } from './subscriptions.text.ts';

const listTemplate = pageTemplate<object>(new URL('./templates/subscriptions.hbs', import.meta.url), { strict: true });
const subscriptionTemplate = pageTemplate<object>(new URL('./templates/subscription.hbs', import.meta.url), { strict: true });
const notFoundTemplate = pageTemplate<object>(new URL('./templates/money-not-found.hbs', import.meta.url), { strict: true });

export const SUBSCRIPTION_STATUSES: ReadonlyArray<ApiSubscription['status']> = ['active', 'trialing', 'past_due', 'paused', 'canceled'];

/** Who acts on a subscription: owners and admins (support reads, refunds and resends; read_only reads). */
export const SUBSCRIPTION_ACTORS: readonly MemberRole[] = ['owner', 'admin'];

/** The statuses each action fits (the API refuses the others with 409 anyway). */
const FITS = {
  pause: ['active', 'past_due'],
  resume: ['paused'],
  cancel: ['trialing', 'active', 'past_due', 'paused'],
  changeVersion: ['trialing', 'active', 'past_due'],
} as const satisfies Record<string, ReadonlyArray<ApiSubscription['status']>>;

const day = (value: string | Date | null, locale: PageLocale) => (value === null ? undefined : formatShortDay(new Date(value), locale));

function nameOf(row: SubscriptionRowView, locale: PageLocale) {
  const text = SUBSCRIPTIONS_TEXT[locale];
  const { customer, product, version } = row.names;
  return {
    customer: customer && { id: customer.id, name: customer.name ?? customer.email ?? BUSINESS_TEXT[locale].unnamed },
    product: version === null ? product.name : `${product.name} · ${text.version(version)}`,
  };
}

export interface SubscriptionListView {
  status: ApiSubscription['status'] | undefined;
  rows: SubscriptionRowView[];
  nextHref: string | undefined;
}

export function renderSubscriptionList(locale: PageLocale, layout: LayoutView, view: SubscriptionListView): string {
  const words = BUSINESS_TEXT[locale];
  return listTemplate({
    locale,
    words,
    text: SUBSCRIPTIONS_TEXT[locale],
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, layout, 'subscriptions'),
    accountName: layout.accountName,
    statuses: SUBSCRIPTION_STATUSES.map((status) => ({ value: status, name: words.subscriptionStatuses[status], selected: status === view.status })),
    nextHref: view.nextHref,
    subscriptions: view.rows.map((row) => ({
      id: row.subscription.id,
      ...nameOf(row, locale),
      status: words.subscriptionStatuses[row.subscription.status],
      nextBilling: day(row.subscription.nextBillingDate, locale) ?? '—',
    })),
  });
}

export interface SubscriptionPageView {
  layout: LayoutView;
  role: MemberRole;
  detail: SubscriptionDetail;
  error?: string;
  /** A change of version's preview, with what the confirm form sends. */
  preview?: { answer: VersionChangePreview; productVersionId: string; prorate: boolean };
}

export function renderSubscription(locale: PageLocale, view: SubscriptionPageView): string {
  const words = BUSINESS_TEXT[locale];
  const text = SUBSCRIPTIONS_TEXT[locale];
  const { subscription: s, period, names } = view.detail;
  const mayAct = SUBSCRIPTION_ACTORS.includes(view.role);
  const fits = (action: keyof typeof FITS) => mayAct && (FITS[action] as ReadonlyArray<ApiSubscription['status']>).includes(s.status);
  const money = (amount: string, currency: string) => formatAmount(amount, currency, locale);
  const preview = view.preview && previewView(locale, view.preview.answer);
  return subscriptionTemplate({
    locale,
    words,
    text,
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, view.layout, 'subscriptions'),
    accountName: view.layout.accountName,
    csrf: view.layout.csrf,
    error: view.error,
    id: s.id,
    ...nameOf(view.detail, locale),
    status: words.subscriptionStatuses[s.status],
    cycle: text.cycles[s.billingCycle],
    billingMode: text.billingModes[s.billingMode],
    period: period && `${day(period.start, locale)} – ${day(period.end, locale)}`,
    nextBilling: day(s.nextBillingDate, locale) ?? '—',
    started: day(s.startedAt, locale),
    trialEnds: day(s.trialEndsAt, locale),
    pausedSince: day(s.pausedAt, locale),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd && s.status !== 'canceled',
    canceledAt: day(s.canceledAt, locale),
    balance: view.detail.balance && money(view.detail.balance.balance, view.detail.balance.currency),
    invoices: view.detail.invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.invoiceNumber ?? words.draftNumber,
      total: money(invoice.total, invoice.currency),
      status: words.invoiceStatuses[invoice.status],
      created: day(invoice.createdAt, locale),
    })),
    pause: fits('pause') && { idempotencyKey: formIdempotencyKey() },
    resume: fits('resume') && { idempotencyKey: formIdempotencyKey() },
    cancel: fits('cancel') && { idempotencyKey: formIdempotencyKey() },
    changeVersion: fits('changeVersion') && {
      versions: view.detail.versions.map((v) => ({
        id: v.id,
        label: v.basePrice === null ? text.version(v.version) : `${text.version(v.version)} · ${money(v.basePrice, names.product.currency)}`,
        selected: v.id === view.preview?.productVersionId,
      })),
      prorate: view.preview?.prorate ?? true,
    },
    preview: preview && {
      ...preview,
      productVersionId: view.preview!.productVersionId,
      prorate: view.preview!.prorate ? 'true' : 'false',
      idempotencyKey: formIdempotencyKey(),
    },
    noActions: !fits('pause') && !fits('resume') && !fits('cancel') && !fits('changeVersion'),
  });
}

function previewView(locale: PageLocale, answer: VersionChangePreview) {
  const text = SUBSCRIPTIONS_TEXT[locale];
  const money = (amount: string) => formatAmount(amount, answer.currency, locale);
  const when = answer.invoicedAt === null ? '—' : formatShortDay(new Date(answer.invoicedAt), locale);
  return {
    timing: text.timings[answer.timing](when),
    lines: answer.lines.map((line) => ({ description: line.description, amount: money(line.amount) })),
    credit: money(answer.credit),
    charge: money(answer.charge),
    discount: Number(answer.discount) === 0 ? undefined : money(answer.discount),
    subtotal: money(answer.subtotal),
    confirmable: answer.timing !== 'unchanged',
  };
}

/** The 404 page of a subscription address that is not of this account and environment. */
export function renderSubscriptionNotFound(locale: PageLocale, layout: LayoutView): string {
  const text = SUBSCRIPTIONS_TEXT[locale];
  return notFoundTemplate({
    locale,
    text: { notFoundTitle: BUSINESS_TEXT[locale].notFoundTitle },
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, layout, 'subscriptions'),
    message: text.notFound,
    backHref: '/dashboard/subscriptions',
    back: text.backToSubscriptions,
  });
}
