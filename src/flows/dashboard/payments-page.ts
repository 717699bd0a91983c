// The payments pages: the filtered list and one payment's page (the processor's reference, its
// refunds, the refund credit notes of its invoice, the ledger lines of both, and the refund form
// where the payment is confirmed and the role may refund), formatted for the page's language.
import { formatAmount, formatShortDay } from '../../core/locale.ts';
import type { Page } from '../../core/pagination.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import type { LedgerTransactionView } from '../../modules/ledger/index.ts';
import type { MemberRole } from '../../modules/members/index.ts';
import type { PaymentMethod, PaymentStatus, PaymentView } from '../../modules/payments/index.ts';
import { formIdempotencyKey } from './api-call.ts';
import { BUSINESS_TEXT } from './business-pages.text.ts';
import { DASHBOARD_STYLES } from './dashboard-page.ts';
import { MONEY_TEXT } from './invoices-payments.text.ts';
import { renderHeader, type LayoutView } from './layout-page.ts';
import type { PaymentDetail } from './payments-detail.ts';

const listTemplate = pageTemplate<object>(new URL('./templates/payments.hbs', import.meta.url), { strict: true });
const paymentTemplate = pageTemplate<object>(new URL('./templates/payment.hbs', import.meta.url), { strict: true });
const ledgerTemplate = pageTemplate<object>(new URL('./templates/ledger-lines.hbs', import.meta.url), { strict: true });

export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['pending', 'confirmed', 'failed', 'refunded', 'charged_back'];
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['pix', 'boleto', 'card', 'crypto'];
/** Who may refund from the dashboard (the API's use case decides the rest). */
export const REFUND_ROLES: readonly MemberRole[] = ['owner', 'admin', 'support'];

export interface PaymentFilters {
  status: PaymentStatus | undefined;
  method: PaymentMethod | undefined;
}

export function renderPaymentList(locale: PageLocale, layout: LayoutView, filters: PaymentFilters, page: Page<PaymentView & { payer: { name: string | null; email: string | null } | null }>): string {
  const words = BUSINESS_TEXT[locale];
  const query = { ...(filters.status && { status: filters.status }), ...(filters.method && { method: filters.method }) };
  const nextHref = page.nextCursor === null ? undefined : `/dashboard/payments?${new URLSearchParams({ ...query, cursor: page.nextCursor })}`;
  return listTemplate({
    locale,
    words,
    text: MONEY_TEXT[locale],
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, layout, 'payments'),
    accountName: layout.accountName,
    statuses: PAYMENT_STATUSES.map((status) => ({ value: status, name: words.paymentStatuses[status], selected: status === filters.status })),
    methods: PAYMENT_METHODS.map((method) => ({ value: method, name: words.methods[method], selected: method === filters.method })),
    nextHref,
    payments: page.items.map((payment) => ({
      id: payment.id,
      method: words.methods[payment.method],
      amount: formatAmount(payment.amount, payment.currency, locale),
      status: words.paymentStatuses[payment.status],
      payer: payment.payer ? (payment.payer.name ?? payment.payer.email ?? undefined) : undefined,
      created: formatShortDay(payment.createdAt, locale),
    })),
  });
}

/** Ledger transactions as a table: a debit (positive) in its column, a credit (negative) in the other. */
export function ledgerTable(locale: PageLocale, tableId: string, transactions: LedgerTransactionView[]): string {
  const rows = transactions.map((transaction) => ({
    id: transaction.id,
    kind: transaction.kind,
    created: formatShortDay(transaction.createdAt, locale),
    entries: transaction.entries.map((entry) => {
      const credit = entry.amount.startsWith('-');
      const amount = formatAmount(credit ? entry.amount.slice(1) : entry.amount, entry.currency, locale);
      return { account: entry.account, debit: credit ? '' : amount, credit: credit ? amount : '' };
    }),
  }));
  return ledgerTemplate({ text: MONEY_TEXT[locale], tableId, transactions: rows });
}

export interface PaymentPageView {
  layout: LayoutView;
  role: MemberRole;
  detail: PaymentDetail;
  error?: string;
  /** The refund form's fields as posted, shown again with a refusal. */
  refund?: { amount: string; reason: string };
}

export function renderPayment(locale: PageLocale, view: PaymentPageView): string {
  const words = BUSINESS_TEXT[locale];
  const text = MONEY_TEXT[locale];
  const { payment } = view.detail;
  const money = (amount: string) => formatAmount(amount, payment.currency, locale);
  const refundable = payment.status === 'confirmed' && REFUND_ROLES.includes(view.role);
  return paymentTemplate({
    locale,
    words,
    text,
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, view.layout, 'payments'),
    accountName: view.layout.accountName,
    csrf: view.layout.csrf,
    error: view.error,
    id: payment.id,
    invoiceId: payment.invoiceId,
    invoiceNumber: view.detail.invoiceNumber ?? words.draftNumber,
    method: words.methods[payment.method],
    amount: money(payment.amount),
    status: words.paymentStatuses[payment.status],
    provider: payment.provider,
    providerId: payment.providerId ?? '—',
    refunded: payment.refundedAmount && Number(payment.refundedAmount) !== 0 ? money(payment.refundedAmount) : undefined,
    payer: payment.payer ? { id: payment.payer.id, name: payment.payer.name ?? payment.payer.email ?? words.unnamed } : undefined,
    created: formatShortDay(payment.createdAt, locale),
    confirmedAt: payment.confirmedAt ? formatShortDay(payment.confirmedAt, locale) : undefined,
    failureCode: payment.failureCode ?? undefined,
    refunds: view.detail.refunds.map((refund) => ({
      id: refund.id,
      amount: formatAmount(refund.amount, refund.currency, locale),
      status: text.refundStatuses[refund.status],
      reason: refund.reason ?? '—',
      created: formatShortDay(refund.createdAt, locale),
    })),
    ledger: ledgerTable(locale, 'payment-ledger', view.detail.ledger),
    creditNotes: view.detail.creditNotes.map(({ creditNote, ledger }) => ({
      id: creditNote.id,
      number: creditNote.number,
      amount: formatAmount(creditNote.amount, creditNote.currency, locale),
      reason: creditNote.reason,
      created: formatShortDay(creditNote.createdAt, locale),
      ledgerTitle: text.ledgerOfCreditNote(creditNote.number),
      ledger: ledgerTable(locale, `credit-note-ledger-${creditNote.id}`, ledger),
    })),
    refundForm: refundable ? { idempotencyKey: formIdempotencyKey(), amount: view.refund?.amount ?? '', reason: view.refund?.reason ?? '' } : undefined,
  });
}
