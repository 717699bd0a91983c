// The sandbox confirmation page: plain server-rendered HTML, no script. A pending charge shows a
// button (a form POST to the same link) that confirms it without real money; other states say
// what happened. Handlebars escapes every value; the inline stylesheet is allowed by its hash.
import { createHash } from 'node:crypto';
import Handlebars from 'handlebars';

const STYLES = `
  body { margin: 0; background: #f4f5f7; color: #1f2328; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 32rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  .test-mode { background: #fff1e5; color: #953800; padding: .5rem 1rem; border-radius: 8px; margin-bottom: 1rem; font-weight: 600; }
  .amount { font-size: 2rem; font-weight: 700; margin: .5rem 0 1.5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { color: #57606a; }
  dd { margin: 0; overflow-wrap: anywhere; }
  button { margin-top: 1.5rem; width: 100%; padding: .85rem; font-size: 1.05rem; font-weight: 600; color: #fff; background: #1f883d; border: 0; border-radius: 8px; cursor: pointer; }
  .notice { padding: 1rem; border-radius: 8px; background: #f6f8fa; }
  .notice-ok { background: #dafbe1; color: #116329; }
  .notice-bad { background: #ffebe9; color: #a40e26; }
`;

export const SANDBOX_PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLES).digest('base64')}'`;

const handlebars = Handlebars.create();
const template = handlebars.compile(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>{{title}}</title>
<style>{{{styles}}}</style>
</head>
<body>
<main>
  <div class="test-mode">Sandbox: no real money moves.</div>
  <h1>{{title}}</h1>
  {{#if payment}}
  <div class="amount">{{payment.amount}} {{payment.currency}}</div>
  <dl>
    <dt>Method</dt><dd>{{payment.method}}</dd>
    <dt>Payment</dt><dd>{{payment.id}}</dd>
    <dt>Status</dt><dd id="status">{{payment.status}}</dd>
  </dl>
  {{/if}}
  {{#if notice}}<p class="notice {{noticeClass}}" id="notice">{{notice}}</p>{{/if}}
  {{#if action}}
  <form method="post" action="{{action}}"><button type="submit">Confirm payment</button></form>
  {{/if}}
</main>
</body>
</html>
`);

export interface SandboxPagePayment {
  id: string;
  amount: string;
  currency: string;
  method: string;
  status: string;
}

export interface SandboxPage {
  title: string;
  payment?: SandboxPagePayment;
  notice?: string;
  tone?: 'ok' | 'bad';
  /** The form's target (the confirmation link itself) when the charge can be confirmed. */
  action?: string;
}

export function renderSandboxPage(page: SandboxPage): string {
  return template({ ...page, styles: STYLES, noticeClass: page.tone ? `notice-${page.tone}` : '' });
}
