// The email that carries an invoice: who sends it, the total, the due date and the hosted
// invoice page link, in the account's locale (words: invoice-email.text.ts; amounts and the date
// formatted for it). Handlebars escapes every value in the HTML part.
import { formatAmount, formatDay, type Locale } from '../../core/locale.ts';
import { compileEmailTemplate } from '../email/index.ts';
import { INVOICE_EMAIL_TEXT } from './invoice-email.text.ts';
import type { InvoiceView } from './invoice-view.ts';

interface InvoiceEmailData {
  lang: Locale;
  subject: string;
  greeting: string;
  sentYou: string;
  invoiceNumber: string;
  t: { total: string; amountDue: string; dueDate: string; viewAndPay: string };
  total: string;
  amountDue: string;
  dueDate: string;
  invoiceUrl: string;
  lines: Array<{ description: string; quantity: string; amount: string }>;
}

const template = compileEmailTemplate<InvoiceEmailData>({
  subject: '{{subject}}',
  text: `{{greeting}}

{{sentYou}} {{invoiceNumber}}.

{{#each lines}}- {{description}} (x {{quantity}}): {{amount}}
{{/each}}
{{t.total}}: {{total}}
{{t.amountDue}}: {{amountDue}}
{{t.dueDate}}: {{dueDate}}

{{t.viewAndPay}}: {{invoiceUrl}}
`,
  html: `<!doctype html>
<html lang="{{lang}}"><body style="font-family: sans-serif; color: #222">
<p>{{greeting}}</p>
<p>{{sentYou}} <strong>{{invoiceNumber}}</strong>.</p>
<table cellpadding="4" style="border-collapse: collapse">
{{#each lines}}<tr><td>{{description}}</td><td align="right">x {{quantity}}</td><td align="right">{{amount}}</td></tr>
{{/each}}<tr><td colspan="2"><strong>{{t.total}}</strong></td><td align="right"><strong>{{total}}</strong></td></tr>
<tr><td colspan="2">{{t.amountDue}}</td><td align="right">{{amountDue}}</td></tr>
<tr><td colspan="2">{{t.dueDate}}</td><td align="right">{{dueDate}}</td></tr>
</table>
<p><a href="{{invoiceUrl}}">{{t.viewAndPay}}</a></p>
</body></html>
`,
});

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Renders the invoice email for an open invoice (it has a number and a due date by then). */
export function renderInvoiceEmail(invoice: InvoiceView, accountName: string, customerName: string | null, locale: Locale): RenderedEmail {
  const words = INVOICE_EMAIL_TEXT[locale];
  const money = (amount: string) => formatAmount(amount, invoice.currency, locale);
  const number = invoice.invoiceNumber ?? '';
  const data: InvoiceEmailData = {
    lang: locale,
    subject: words.subject(number, accountName),
    greeting: words.greeting(customerName),
    sentYou: words.sentYou(accountName),
    invoiceNumber: number,
    t: { total: words.total, amountDue: words.amountDue, dueDate: words.dueDate, viewAndPay: words.viewAndPay },
    total: money(invoice.total),
    amountDue: money(invoice.amountDue),
    dueDate: invoice.dueDate ? formatDay(invoice.dueDate, locale) : '',
    invoiceUrl: invoice.invoiceUrl,
    lines: invoice.lineItems.map((line) => ({ description: line.description, quantity: line.quantity, amount: money(line.amount) })),
  };
  return { subject: template.subject(data), text: template.text(data), html: template.html(data) };
}
