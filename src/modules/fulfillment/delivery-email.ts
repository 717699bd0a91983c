// The email that hands a buyer what they paid for: one link per product with a deliverable.
import { compileEmailTemplate } from '../email/index.ts';

interface DeliveryEmailData {
  accountName: string;
  greeting: string;
  invoiceNumber: string;
  links: string[];
}

const template = compileEmailTemplate<DeliveryEmailData>({
  subject: 'Your purchase from {{accountName}} is ready',
  text: `{{greeting}}

Thank you for your payment{{#if invoiceNumber}} of invoice {{invoiceNumber}}{{/if}} to {{accountName}}.
Download what you bought:

{{#each links}}{{this}}
{{/each}}
Keep this email: the links are yours.
`,
  html: `<!doctype html>
<html><body style="font-family: sans-serif; color: #222">
<p>{{greeting}}</p>
<p>Thank you for your payment{{#if invoiceNumber}} of invoice <strong>{{invoiceNumber}}</strong>{{/if}} to {{accountName}}.</p>
<ul>{{#each links}}<li><a href="{{this}}">Download</a></li>{{/each}}</ul>
<p>Keep this email: the links are yours.</p>
</body></html>
`,
});

export function renderDeliveryEmail(data: { accountName: string; name: string | null; invoiceNumber: string | null; links: string[] }) {
  const values = { accountName: data.accountName, greeting: data.name ? `Hello ${data.name},` : 'Hello,', invoiceNumber: data.invoiceNumber ?? '', links: data.links };
  return { subject: template.subject(values), text: template.text(values), html: template.html(values) };
}
