// The invoices pages: the filtered list and one invoice's page (lines, totals, payments, credit
// notes with their ledger lines, the hosted link, and the action and credit note forms the member's
// role and the invoice's status allow), formatted for the page's language (money by core/locale.ts),
// inside the shared header.
import { formatAmount, formatShortDay } from '../../core/locale.ts';
import type { Page } from '../../core/pagination.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import type { InvoiceStatus, InvoiceView } from '../../modules/invoices/index.ts';
import type { MemberRole } from '../../modules/members/index.ts';
import { formIdempotencyKey } from './api-call.ts';
import { BUSINESS_TEXT } from './business-pages.text.ts';
import { DASHBOARD_STYLES } from './dashboard-page.ts';
import { creditNoteFormsView, type TypedCreditNote } from './invoices-credit-notes-page.ts';
import { CREDIT_NOTE_TEXT } from './invoices-credit-notes.text.ts';
import type { InvoiceDetail } from './invoices-detail.ts';
import { MONEY_TEXT } from './invoices-payments.text.ts';
import { renderHeader, type DashboardSection, type LayoutView } from './layout-page.ts';
import { ledgerTable } from './payments-page.ts';

const listTemplate = pageTemplate<object>(new URL('./templates/invoices.hbs', import.meta.url), { strict: true });
const invoiceTemplate = pageTemplate<object>(new URL('./templates/invoice.hbs', import.meta.url), { strict: true });
const notFoundTemplate = pageTemplate<object>(new URL('./templates/money-not-found.hbs', import.meta.url), { strict: true });

export const INVOICE_STATUSES: readonly InvoiceStatus[] = ['draft', 'open', 'paid', 'void', 'uncollectible'];

/** The invoice actions: the API's route under /billing/invoices/{id}/, who may, and the statuses they fit. */
export const INVOICE_ACTIONS = [
  { path: 'finalize', label: 'finalize', roles: ['owner', 'admin'], statuses: ['draft'] },
  { path: 'send', label: 'send', roles: ['owner', 'admin', 'support'], statuses: ['open'] },
  { path: 'mark-uncollectible', label: 'markUncollectible', roles: ['owner', 'admin'], statuses: ['open'] },
  { path: 'void', label: 'void', roles: ['owner', 'admin'], statuses: ['draft', 'open'] },
] as const satisfies ReadonlyArray<{ path: string; label: string; roles: readonly MemberRole[]; statuses: readonly InvoiceStatus[] }>;

export type InvoiceActionPath = (typeof INVOICE_ACTIONS)[number]['path'];

export interface InvoiceFilters {
  status: InvoiceStatus | undefined;
  customerId: string;
}

/** One invoice as a row of a list: its number (or "no number" for a draft), total, status, day. */
export function invoiceRow(locale: PageLocale, invoice: InvoiceView) {
  const words = BUSINESS_TEXT[locale];
  return {
    id: invoice.id,
    number: invoice.invoiceNumber ?? words.draftNumber,
    total: formatAmount(invoice.total, invoice.currency, locale),
    status: words.invoiceStatuses[invoice.status],
    created: formatShortDay(invoice.createdAt, locale),
  };
}

export function renderInvoiceList(locale: PageLocale, layout: LayoutView, filters: InvoiceFilters, page: Page<InvoiceView>): string {
  const words = BUSINESS_TEXT[locale];
  const query = { ...(filters.status && { status: filters.status }), ...(filters.customerId && { customerId: filters.customerId }) };
  const nextHref = page.nextCursor === null ? undefined : `/dashboard/invoices?${new URLSearchParams({ ...query, cursor: page.nextCursor })}`;
  return listTemplate({
    locale,
    words,
    text: MONEY_TEXT[locale],
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, layout, 'invoices'),
    accountName: layout.accountName,
    customerId: filters.customerId,
    statuses: INVOICE_STATUSES.map((status) => ({ value: status, name: words.invoiceStatuses[status], selected: status === filters.status })),
    nextHref,
    invoices: page.items.map((invoice) => invoiceRow(locale, invoice)),
  });
}

export interface InvoicePageView {
  layout: LayoutView;
  role: MemberRole;
  detail: InvoiceDetail;
  error?: string;
  /** A credit note form as posted, shown again with its refusal. */
  creditNote?: TypedCreditNote;
}

export function renderInvoice(locale: PageLocale, view: InvoicePageView): string {
  const words = BUSINESS_TEXT[locale];
  const text = MONEY_TEXT[locale];
  const { invoice, customer } = view.detail;
  const money = (amount: string) => formatAmount(amount, invoice.currency, locale);
  const actions = INVOICE_ACTIONS.filter((action) => (action.roles as readonly MemberRole[]).includes(view.role) && (action.statuses as readonly InvoiceStatus[]).includes(invoice.status));
  return invoiceTemplate({
    locale,
    words,
    text,
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, view.layout, 'invoices'),
    accountName: view.layout.accountName,
    csrf: view.layout.csrf,
    error: view.error,
    id: invoice.id,
    number: invoice.invoiceNumber ?? words.draftNumber,
    status: words.invoiceStatuses[invoice.status],
    customer: customer && { id: customer.id, name: customer.name ?? customer.email ?? words.unnamed },
    created: formatShortDay(invoice.createdAt, locale),
    dueDate: invoice.dueDate ? formatShortDay(invoice.dueDate, locale) : '—',
    paidAt: invoice.paidAt ? formatShortDay(invoice.paidAt, locale) : undefined,
    lines: invoice.lineItems.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: formatAmount(line.unitPrice, invoice.currency, locale, true), amount: money(line.amount) })),
    subtotal: money(invoice.subtotal),
    tax: money(invoice.tax),
    total: money(invoice.total),
    credited: Number(invoice.creditedAmount) === 0 ? undefined : money(invoice.creditedAmount),
    appliedBalance: Number(invoice.appliedBalance) === 0 ? undefined : money(invoice.appliedBalance),
    amountDue: money(invoice.amountDue),
    // A draft's link opens nothing for the buyer yet: shown once the invoice is issued.
    hostedUrl: invoice.status === 'draft' ? undefined : invoice.invoiceUrl,
    payments: view.detail.payments.map((payment) => ({
      id: payment.id,
      method: words.methods[payment.method],
      amount: formatAmount(payment.amount, payment.currency, locale),
      status: words.paymentStatuses[payment.status],
      created: formatShortDay(payment.createdAt, locale),
    })),
    creditNotes: view.detail.creditNotes.map(({ creditNote: note, ledger }) => ({
      id: note.id,
      number: note.number,
      amount: formatAmount(note.amount, note.currency, locale),
      outcome: text.outcomes[note.outcome],
      reason: note.reason,
      created: formatShortDay(note.createdAt, locale),
      lines: note.lines.map((line) => ({ description: line.description, amount: formatAmount(line.amount, note.currency, locale) })),
      ledgerTitle: text.ledgerOfCreditNote(note.number),
      ledger: ledgerTable(locale, `credit-note-ledger-${note.id}`, ledger),
    })),
    creditedLinesTitle: CREDIT_NOTE_TEXT[locale].creditedLines,
    creditNoteForms: creditNoteFormsView(locale, invoice, view.role, view.creditNote),
    actions: actions.map((action) => ({ path: action.path, label: text[action.label], idempotencyKey: formIdempotencyKey() })),
  });
}

/** The 404 page of an invoice or payment address that is not of this account and environment. */
export function renderMoneyNotFound(locale: PageLocale, layout: LayoutView, section: Extract<DashboardSection, 'invoices' | 'payments'>): string {
  const text = MONEY_TEXT[locale];
  const invoices = section === 'invoices';
  return notFoundTemplate({
    locale,
    text,
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, layout, section),
    message: invoices ? text.notFoundInvoice : text.notFoundPayment,
    backHref: invoices ? '/dashboard/invoices' : '/dashboard/payments',
    back: invoices ? text.backToInvoices : text.backToPayments,
  });
}
