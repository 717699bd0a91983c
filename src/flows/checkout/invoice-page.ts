// The hosted invoice page and its "not found" twin: server-rendered HTML in pt-BR (default) or
// English (invoice-page.text.ts), amounts formatted for the locale (page-locale.ts). An open invoice
// carries the pay panel: a small script (assets/pay.js, allowed by the answer's CSP nonce, no inline
// handlers) drives the JSON actions (pay.ts). A paid invoice shows the receipt. The markup is
// templates/invoice-page.hbs and templates/invoice-not-found.hbs; Handlebars escapes every value;
// the stylesheet (assets/invoice-page.css) is inline and allowed by its hash in the page's CSP.
//
// The pay panel's script reads the invoice link from the page's own URL (nothing secret is written
// into the HTML) and its messages from the page's JSON data block, and:
// - pays by the chosen method: POST {page}/payments {token, method} with an Idempotency-Key made
//   there and reused until that request has an answer, so a double click pays once;
// - shows the method: Pix QR, copy-and-paste code and its expiry counting down; boleto line, barcode
//   and print link; the sandbox card form (POST /pay/sandbox/cards/{paymentID} with the
//   clientSecret; a decline shows its message and the next try makes a new card charge); the
//   crypto widget data and, in sandbox, the test wallet; the sandbox confirmation link;
// - "pay another way" goes back to the methods (the next choice supersedes the pending charge);
// - opened with ?method=pix|boleto|card|crypto (the payment link's form), starts that method;
// - polls {page}/status every 2 s and, once the invoice is paid, goes to the successUrl or reloads
//   (the page then shows the receipt).
import type { PaymentMethod } from '../../modules/payments/index.ts';
import type { HostedInvoice } from './hosted-invoice.ts';
import { DEFAULT_PAGE_LOCALE, formatAmount, type PageLocale } from '../../http/page-locale.ts';
import { PAGE_VALIDATION_TEXT } from '../../http/page-validation.text.ts';
import { pageAsset, pageTemplate, styleHash } from '../../http/page-templates.ts';
import { INVOICE_PAGE_TEXT as TEXT } from './invoice-page.text.ts';
import { cardLibraryOf } from './card-libraries.ts';
import { formatCnpj } from '../../modules/accounts/index.ts';

const STYLES = pageAsset(new URL('./assets/invoice-page.css', import.meta.url));
const PAY_SCRIPT = pageAsset(new URL('./assets/pay.js', import.meta.url));
const PRINT_SCRIPT = pageAsset(new URL('./assets/print.js', import.meta.url));

/** For the Content-Security-Policy: the only style the page may apply. */
export const PAGE_STYLE_HASH = styleHash(STYLES);

type Text = (typeof TEXT)[PageLocale];

interface PageData {
  locale: PageLocale;
  t: Text;
  title: string;
  styles: string;
  accountName: string;
  /** The seller's CNPJ, formatted, when the account has one. */
  sellerCnpj: string | null;
  supportEmail: string | null;
  testMode: boolean;
  invoiceNumber: string;
  statusClass: string;
  statusLabel: string;
  statusNote: string;
  amountDue: string;
  facts: Array<{ label: string; value: string }>;
  lines: Array<{ description: string; quantity: string; unitPrice: string; amount: string }>;
  subtotal: string;
  tax: string;
  total: string;
  pay: { methods: Array<{ method: PaymentMethod; label: string }>; cancelUrl: string | null; open: boolean } | null;
  receipt: { amount: string; paidOn: string; method: string; downloads: string[] } | null;
  /** A live processor's card form: its library's files, and whether the page draws the pay button (Adyen's component has its own). */
  liveCard: { processor: string; environment: string; scripts: string[]; styles: string[]; payButton: boolean } | null;
  nonce: string;
  script: string;
  printScript: string;
  pageText: string;
}

const invoicePage = pageTemplate<PageData>(new URL('./templates/invoice-page.hbs', import.meta.url), { strict: false });
const notFoundPage = pageTemplate<{ styles: string; locale: PageLocale; t: Text }>(new URL('./templates/invoice-not-found.hbs', import.meta.url), { strict: true });

export function renderInvoicePage(invoice: HostedInvoice, locale: PageLocale = DEFAULT_PAGE_LOCALE, nonce = ''): string {
  const t = TEXT[locale];
  const money = (amount: string, full = false) => formatAmount(amount, invoice.currency, locale, full);
  const day = (date: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  const notes: Record<HostedInvoice['status'], () => string> = {
    draft: () => '',
    open: () => (invoice.dueDate ? t.dueNote(day(invoice.dueDate)) : t.dueNow),
    paid: () => (invoice.paidAt ? t.paidNote(day(invoice.paidAt)) : t.paidThanks),
    void: () => t.voidNote,
    uncollectible: () => t.uncollectibleNote,
  };
  const facts = [
    { label: t.invoiceNumber, value: invoice.invoiceNumber },
    ...(invoice.issuedAt ? [{ label: t.issuedOn, value: day(invoice.issuedAt) }] : []),
    ...(invoice.dueDate ? [{ label: t.dueOn, value: day(invoice.dueDate) }] : []),
    { label: t.currency, value: invoice.currency },
  ];
  const open = invoice.status === 'open';
  const testMode = invoice.environment === 'sandbox';
  const pageText = {
    copied: t.copied, processing: t.processing, failed: t.failed, waiting: t.waiting, declined: t.declined, declines: t.declines,
    paid: t.paidRedirect, expired: t.expired, testNetwork: t.testNetwork, mainNetwork: t.mainNetwork, walletSigning: t.walletSigning, locale,
    settlementOn: t.settlementOn, cardholderMissing: t.cardholderMissing,
    validation: PAGE_VALIDATION_TEXT[locale],
  };
  return invoicePage({
    locale,
    t,
    title: t.title(invoice.invoiceNumber, invoice.accountName),
    styles: STYLES,
    accountName: invoice.accountName,
    sellerCnpj: invoice.accountCnpj ? formatCnpj(invoice.accountCnpj) : null,
    supportEmail: invoice.supportEmail,
    testMode,
    invoiceNumber: invoice.invoiceNumber,
    statusClass: `status-${invoice.status}`,
    statusLabel: t.status[invoice.status],
    statusNote: notes[invoice.status](),
    amountDue: money(invoice.amountDue),
    facts,
    lines: invoice.lines.map((line) => ({ ...line, unitPrice: money(line.unitPrice, true), amount: money(line.amount) })),
    subtotal: money(invoice.subtotal),
    tax: money(invoice.tax),
    total: money(invoice.total),
    pay: open ? { methods: invoice.methods.map((method) => ({ method, label: t.methods[method] })), cancelUrl: invoice.cancelUrl, open } : null,
    receipt: invoice.receipt
      ? {
          amount: money(invoice.total),
          paidOn: invoice.receipt.paidAt ? day(invoice.receipt.paidAt) : '',
          method: invoice.receipt.method ? t.methods[invoice.receipt.method] : '',
          downloads: invoice.receipt.downloads,
        }
      : null,
    liveCard: liveCardOf(invoice),
    nonce,
    script: PAY_SCRIPT,
    printScript: PRINT_SCRIPT,
    // A JSON data block, never executed: "<" is escaped so no text can close the element.
    pageText: JSON.stringify(pageText).replace(/</g, '\\u003c'),
  });
}

function liveCardOf(invoice: HostedInvoice): PageData['liveCard'] {
  const library = invoice.methods.includes('card') ? cardLibraryOf(invoice.cardForm) : null;
  if (!library || !invoice.cardForm || invoice.cardForm.kind === 'sandbox') return null;
  const environment = invoice.cardForm.kind === 'processor_a' ? invoice.cardForm.environment : '';
  return { processor: invoice.cardForm.kind, environment, scripts: library.scripts, styles: library.styles, payButton: invoice.cardForm.kind === 'processor_b' };
}

export function renderNotFoundPage(locale: PageLocale = 'en'): string {
  return notFoundPage({ styles: STYLES, locale, t: TEXT[locale] });
}
