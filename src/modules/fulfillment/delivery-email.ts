// The email that hands a buyer what they paid for: one link per product with a deliverable, in
// the account's locale (words: delivery-email.text.ts).
import type { Locale } from '../../core/locale.ts';
import { compileEmailTemplate } from '../email/index.ts';
import { DELIVERY_EMAIL_TEXT } from './delivery-email.text.ts';

interface DeliveryEmailData {
  lang: Locale;
  subject: string;
  greeting: string;
  thanks: string;
  t: { downloadWhat: string; download: string; keep: string };
  links: string[];
}

const template = compileEmailTemplate<DeliveryEmailData>({
  subject: '{{subject}}',
  text: `{{greeting}}

{{thanks}}
{{t.downloadWhat}}

{{#each links}}{{this}}
{{/each}}
{{t.keep}}
`,
  html: `<!doctype html>
<html lang="{{lang}}"><body style="font-family: sans-serif; color: #222">
<p>{{greeting}}</p>
<p>{{thanks}}</p>
<ul>{{#each links}}<li><a href="{{this}}">{{@root.t.download}}</a></li>{{/each}}</ul>
<p>{{t.keep}}</p>
</body></html>
`,
});

export function renderDeliveryEmail(data: { accountName: string; name: string | null; invoiceNumber: string | null; links: string[]; locale: Locale }) {
  const words = DELIVERY_EMAIL_TEXT[data.locale];
  const values: DeliveryEmailData = {
    lang: data.locale,
    subject: words.subject(data.accountName),
    greeting: words.greeting(data.name),
    thanks: words.thanks(data.accountName, data.invoiceNumber),
    t: { downloadWhat: words.downloadWhat, download: words.download, keep: words.keep },
    links: data.links,
  };
  return { subject: template.subject(values), text: template.text(values), html: template.html(values) };
}
