// The email that carries an invoice: who sends it, the total, the due date and the hosted
// invoice page link. Handlebars escapes every value in the HTML part.
import { compileEmailTemplate } from '../email/index.ts';
import type { InvoiceView } from './invoice-view.ts';

interface InvoiceEmailData {
  accountName: string;
  greeting: string;
  invoiceNumber: string;
  total: string;
  amountDue: string;
  dueDate: string;
  invoiceUrl: string;
  lines: Array<{ description: string; quantity: string; amount: string }>;
}

const template = compileEmailTemplate<InvoiceEmailData>({
  subject: 'Invoice {{invoiceNumber}} from {{accountName}}',
  text: `{{greeting}}

{{accountName}} sent you invoice {{invoiceNumber}}.

{{#each lines}}- {{description}} (x {{quantity}}): {{amount}}
{{/each}}
Total: {{total}}
Amount due: {{amountDue}}
Due date: {{dueDate}}

View and pay the invoice: {{invoiceUrl}}
`,
  html: `<!doctype html>
<html><body style="font-family: sans-serif; color: #222">
<p>{{greeting}}</p>
<p>{{accountName}} sent you invoice <strong>{{invoiceNumber}}</strong>.</p>
<table cellpadding="4" style="border-collapse: collapse">
{{#each lines}}<tr><td>{{description}}</td><td align="right">x {{quantity}}</td><td align="right">{{amount}}</td></tr>
{{/each}}<tr><td colspan="2"><strong>Total</strong></td><td align="right"><strong>{{total}}</strong></td></tr>
<tr><td colspan="2">Amount due</td><td align="right">{{amountDue}}</td></tr>
<tr><td colspan="2">Due date</td><td align="right">{{dueDate}}</td></tr>
</table>
<p><a href="{{invoiceUrl}}">View and pay the invoice</a></p>
</body></html>
`,
});

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Renders the invoice email for an open invoice (it has a number and a due date by then). */
export function renderInvoiceEmail(invoice: InvoiceView, accountName: string, customerName: string | null): RenderedEmail {
  const money = (amount: string) => `${invoice.currency} ${amount}`;
  const data: InvoiceEmailData = {
    accountName,
    greeting: customerName ? `Hello ${customerName},` : 'Hello,',
    invoiceNumber: invoice.invoiceNumber ?? '',
    total: money(invoice.total),
    amountDue: money(invoice.amountDue),
    dueDate: invoice.dueDate ? invoice.dueDate.toISOString().slice(0, 10) : '',
    invoiceUrl: invoice.invoiceUrl,
    lines: invoice.lineItems.map((line) => ({ description: line.description, quantity: line.quantity, amount: money(line.amount) })),
  };
  return { subject: template.subject(data), text: template.text(data), html: template.html(data) };
}
