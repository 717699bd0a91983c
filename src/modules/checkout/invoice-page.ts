// The hosted invoice page and its "not found" twin: server-rendered HTML, no script. Handlebars
// escapes every value; the stylesheet is inline and allowed by its hash in the page's CSP.
import { createHash } from 'node:crypto';
import Handlebars from 'handlebars';
import { currencyExponent } from '../../core/money.ts';
import type { HostedInvoice } from './hosted-invoice.ts';

const STYLES = `
  body { margin: 0; background: #f4f5f7; color: #1f2328; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 44rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 1rem; flex-wrap: wrap; }
  h1 { font-size: 1.5rem; margin: 0; }
  .seller { color: #57606a; margin: .25rem 0 0; }
  .status { display: inline-block; padding: .2rem .7rem; border-radius: 999px; font-weight: 600; font-size: .9rem; background: #eaeef2; }
  .status-open { background: #fff8c5; color: #7d4e00; }
  .status-paid { background: #dafbe1; color: #116329; }
  .status-void, .status-uncollectible { background: #ffebe9; color: #a40e26; }
  .due { margin: 1.5rem 0; padding: 1rem 1.25rem; background: #f6f8fa; border-radius: 8px; }
  .due strong { display: block; font-size: 1.75rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 1rem 0; }
  dt { color: #57606a; }
  dd { margin: 0; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { padding: .5rem; border-bottom: 1px solid #d0d7de; text-align: left; vertical-align: top; }
  th { font-size: .85rem; color: #57606a; font-weight: 600; }
  .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
  tfoot td { border-bottom: none; }
  tfoot tr.total td { font-weight: 700; border-top: 2px solid #1f2328; }
  .test-mode { background: #fff1e5; color: #953800; padding: .5rem 1rem; border-radius: 8px; margin-bottom: 1rem; font-weight: 600; }
  footer { margin-top: 2rem; color: #57606a; font-size: .9rem; }
`;

/** For the Content-Security-Policy: the only style the page may apply. */
export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLES).digest('base64')}'`;

const handlebars = Handlebars.create();

interface PageData {
  styles: string;
  accountName: string;
  supportEmail: string | null;
  testMode: boolean;
  invoiceNumber: string;
  statusClass: string;
  statusLabel: string;
  statusNote: string;
  amountDue: string;
  currency: string;
  facts: Array<{ label: string; value: string }>;
  lines: Array<{ description: string; quantity: string; unitPrice: string; amount: string }>;
  subtotal: string;
  tax: string;
  total: string;
}

const invoicePage = handlebars.compile<PageData>(
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Invoice {{invoiceNumber}} from {{accountName}}</title>
<style>{{{styles}}}</style>
</head>
<body>
<main>
{{#if testMode}}<p class="test-mode" data-testid="test-mode">Test mode: this invoice is from a sandbox; no real money is involved.</p>{{/if}}
<header>
  <div>
    <h1>Invoice <span data-testid="invoice-number">{{invoiceNumber}}</span></h1>
    <p class="seller">from <span data-testid="account-name">{{accountName}}</span></p>
  </div>
  <span class="status {{statusClass}}" data-testid="status">{{statusLabel}}</span>
</header>
<div class="due">
  <span>Amount due</span>
  <strong data-testid="amount-due">{{amountDue}}</strong>
  <span>{{statusNote}}</span>
</div>
<dl>
{{#each facts}}  <dt>{{label}}</dt><dd>{{value}}</dd>
{{/each}}</dl>
<table data-testid="lines">
  <thead><tr><th>Description</th><th class="num">Quantity</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
  <tbody>
{{#each lines}}    <tr><td>{{description}}</td><td class="num">{{quantity}}</td><td class="num">{{unitPrice}}</td><td class="num">{{amount}}</td></tr>
{{/each}}  </tbody>
  <tfoot>
    <tr><td colspan="3">Subtotal</td><td class="num">{{subtotal}}</td></tr>
    <tr><td colspan="3">Tax</td><td class="num">{{tax}}</td></tr>
    <tr class="total"><td colspan="3">Total</td><td class="num" data-testid="total">{{total}}</td></tr>
  </tfoot>
</table>
<footer>
{{#if supportEmail}}  Questions about this invoice? Contact {{accountName}} at <a href="mailto:{{supportEmail}}" data-testid="support-email">{{supportEmail}}</a>.
{{else}}  Questions about this invoice? Contact {{accountName}}.
{{/if}}</footer>
</main>
</body>
</html>
`,
  { strict: true },
);

const notFoundPage = handlebars.compile<{ styles: string }>(
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Invoice not found</title>
<style>{{{styles}}}</style>
</head>
<body>
<main>
<h1>Invoice not found</h1>
<p>This link does not lead to an invoice. Check that you opened the whole link from your email, or ask the seller for a new one.</p>
</main>
</body>
</html>
`,
  { strict: true },
);

const STATUS: Record<HostedInvoice['status'], { label: string; note: (invoice: HostedInvoice) => string }> = {
  draft: { label: 'Draft', note: () => '' },
  open: { label: 'Open', note: (invoice) => (invoice.dueDate ? `Due on ${day(invoice.dueDate)}.` : 'Due now.') },
  paid: { label: 'Paid', note: (invoice) => (invoice.paidAt ? `Paid on ${day(invoice.paidAt)}. Thank you!` : 'Paid. Thank you!') },
  void: { label: 'Void', note: () => 'This invoice was cancelled; nothing is due.' },
  uncollectible: { label: 'Uncollectible', note: () => 'This invoice was written off by the seller.' },
};

export function renderInvoicePage(invoice: HostedInvoice): string {
  const money = (amount: string) => displayMoney(amount, invoice.currency);
  const status = STATUS[invoice.status];
  const facts = [
    { label: 'Invoice number', value: invoice.invoiceNumber },
    ...(invoice.issuedAt ? [{ label: 'Issued on', value: day(invoice.issuedAt) }] : []),
    ...(invoice.dueDate ? [{ label: 'Due on', value: day(invoice.dueDate) }] : []),
    { label: 'Currency', value: invoice.currency },
  ];
  return invoicePage({
    styles: STYLES,
    accountName: invoice.accountName,
    supportEmail: invoice.supportEmail,
    testMode: invoice.environment === 'sandbox',
    invoiceNumber: invoice.invoiceNumber,
    statusClass: `status-${invoice.status}`,
    statusLabel: status.label,
    statusNote: status.note(invoice),
    amountDue: money(invoice.amountDue),
    currency: invoice.currency,
    facts,
    lines: invoice.lines.map((line) => ({ ...line, unitPrice: money(withMinorUnits(line.unitPrice, invoice.currency)), amount: money(line.amount) })),
    subtotal: money(invoice.subtotal),
    tax: money(invoice.tax),
    total: money(invoice.total),
  });
}

export function renderNotFoundPage(): string {
  return notFoundPage({ styles: STYLES });
}

/**
 * "BRL 1,234.50" from the exact decimal string the invoice view formatted: digits are only
 * grouped, never parsed into a number, so what the page shows is what is stored.
 */
export function displayMoney(amount: string, currency: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${currency} ${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** A unit price at full precision, but never fewer decimals than the currency's: "1234.5" -> "1234.50", "0.0015" stays. */
export function withMinorUnits(value: string, currency: string): string {
  const digits = currencyExponent(currency);
  const [whole = '0', fraction = ''] = value.split('.');
  if (fraction.length >= digits) return value;
  return `${whole}.${fraction.padEnd(digits, '0')}`;
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}
