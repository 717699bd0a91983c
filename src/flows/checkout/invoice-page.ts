// The hosted invoice page and its "not found" twin: server-rendered HTML in pt-BR (default) or
// English, amounts formatted for the locale (locale.ts). An open invoice carries the pay panel: a
// small script (pay-script.ts, allowed by the answer's CSP nonce, no inline handlers) drives the
// JSON actions (pay.ts). A paid invoice shows the receipt. Handlebars escapes every value; the
// stylesheet is inline and allowed by its hash in the page's CSP.
import { createHash } from 'node:crypto';
import Handlebars from 'handlebars';
import type { PaymentMethod } from '../../modules/payments/index.ts';
import type { HostedInvoice } from './hosted-invoice.ts';
import { DEFAULT_PAGE_LOCALE, formatAmount, type PageLocale } from '../../http/page-locale.ts';
import { PAY_SCRIPT } from './pay-script.ts';

const STYLES = `
  body { margin: 0; background: #f4f5f7; color: #1f2328; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 44rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 1rem; flex-wrap: wrap; }
  h1 { font-size: 1.5rem; margin: 0; }
  h2 { font-size: 1.2rem; margin: 1.5rem 0 .75rem; }
  .seller { color: #57606a; margin: .25rem 0 0; }
  .status { display: inline-block; padding: .2rem .7rem; border-radius: 999px; font-weight: 600; font-size: .9rem; background: #eaeef2; }
  .status-open { background: #fff8c5; color: #7d4e00; }
  .status-paid { background: #dafbe1; color: #116329; }
  .status-void, .status-uncollectible { background: #ffebe9; color: #a40e26; }
  .due { margin: 1.5rem 0; padding: 1rem 1.25rem; background: #f6f8fa; border-radius: 8px; }
  .due strong { display: block; font-size: 1.75rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 1rem 0; }
  dt { color: #57606a; }
  dd { margin: 0; overflow-wrap: anywhere; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { padding: .5rem; border-bottom: 1px solid #d0d7de; text-align: left; vertical-align: top; }
  th { font-size: .85rem; color: #57606a; font-weight: 600; }
  .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
  tfoot td { border-bottom: none; }
  tfoot tr.total td { font-weight: 700; border-top: 2px solid #1f2328; }
  .test-mode { background: #fff1e5; color: #953800; padding: .5rem 1rem; border-radius: 8px; margin-bottom: 1rem; font-weight: 600; }
  footer { margin-top: 2rem; color: #57606a; font-size: .9rem; }
  .pay, .receipt { border-top: 1px solid #d0d7de; margin-top: 1.5rem; }
  .methods { display: flex; flex-wrap: wrap; gap: .75rem; }
  button { font: inherit; font-weight: 600; padding: .7rem 1.2rem; border-radius: 8px; border: 1px solid #1a7f37; background: #1a7f37; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1f2328; border-color: #8c959f; }
  button:disabled { opacity: .6; cursor: wait; }
  button:focus-visible, input:focus-visible, a:focus-visible, textarea:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
  a { color: #0550ae; }
  .panel { margin-top: 1rem; }
  .qr { display: block; width: 240px; height: 240px; image-rendering: pixelated; border: 1px solid #d0d7de; border-radius: 8px; }
  .barcode { display: block; max-width: 100%; height: 70px; margin: .75rem 0; }
  .code { width: 100%; box-sizing: border-box; font: .9rem/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; padding: .5rem; border: 1px solid #8c959f; border-radius: 6px; resize: vertical; }
  .line { font: 600 1rem/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; padding: .75rem 1rem; background: #f6f8fa; border-radius: 8px; overflow-wrap: anywhere; }
  .row { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin: .75rem 0; }
  label { display: block; margin: .6rem 0 .2rem; font-weight: 600; }
  input { font: inherit; padding: .45rem .6rem; border: 1px solid #8c959f; border-radius: 6px; width: 100%; box-sizing: border-box; }
  .card-grid { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 0 .75rem; }
  .error { color: #a40e26; background: #ffebe9; border-radius: 8px; padding: .5rem 1rem; }
  .note { color: #57606a; }
  .ok { color: #116329; background: #dafbe1; border-radius: 8px; padding: .5rem 1rem; }
  [hidden] { display: none !important; }
  @media print { .pay, footer, .test-mode { display: none; } main { box-shadow: none; margin: 0; } }
`;

/** For the Content-Security-Policy: the only style the page may apply. */
export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLES).digest('base64')}'`;

const TEXT = {
  'pt-BR': {
    title: (n: string, seller: string) => `Fatura ${n} de ${seller}`,
    invoice: 'Fatura', from: 'de', testMode: 'Modo de teste: esta fatura é de um ambiente de testes; nenhum dinheiro real é cobrado.',
    amountDue: 'Valor a pagar', invoiceNumber: 'Número da fatura', issuedOn: 'Emitida em', dueOn: 'Vence em', currency: 'Moeda',
    description: 'Descrição', quantity: 'Quantidade', unitPrice: 'Preço unitário', amount: 'Valor', subtotal: 'Subtotal', tax: 'Impostos', total: 'Total',
    status: { draft: 'Rascunho', open: 'Em aberto', paid: 'Paga', void: 'Cancelada', uncollectible: 'Incobrável' },
    dueNote: (d: string) => `Vence em ${d}.`, dueNow: 'Vence agora.', paidNote: (d: string) => `Paga em ${d}. Obrigado!`, paidThanks: 'Paga. Obrigado!',
    voidNote: 'Esta fatura foi cancelada; nada é devido.', uncollectibleNote: 'Esta fatura foi baixada pelo vendedor.',
    supportWith: 'Dúvidas sobre esta fatura? Fale com', supportAt: 'em', notFound: 'Fatura não encontrada',
    notFoundText: 'Este link não leva a uma fatura. Confira se você abriu o link completo do seu e-mail, ou peça um novo ao vendedor.',
    pay: 'Pagar', chooseMethod: 'Escolha como pagar:', payAnotherWay: 'Pagar de outra forma', cancel: 'Cancelar e voltar à loja',
    noMethods: 'Esta fatura ainda não pode ser paga on-line. Fale com o vendedor para pagar.',
    methods: { pix: 'Pix', boleto: 'Boleto', card: 'Cartão de crédito', crypto: 'USDC (cripto)' },
    pixQr: 'QR code do Pix', pixCode: 'Código Pix copia e cola', copyCode: 'Copiar código', copyLine: 'Copiar linha digitável', copied: 'Copiado!',
    expiresIn: 'O código expira em', expired: 'Este código Pix expirou. Escolha "Pagar de outra forma" para gerar outro.', waiting: 'Aguardando a confirmação do pagamento…',
    sandboxConfirm: 'Confirmar o pagamento de teste (sandbox)', boletoLine: 'Linha digitável', boletoBarcode: 'Código de barras do boleto', printBoleto: 'Imprimir o boleto',
    boletoDue: 'Vencimento', cardNumber: 'Número do cartão', expMonth: 'Mês de validade', expYear: 'Ano de validade', cvc: 'Código de segurança (CVC)', monthHint: 'MM', yearHint: 'AAAA',
    payByCard: 'Pagar com cartão', testCards: 'Cartões de teste: 4242 4242 4242 4242 paga; 4000 0000 0000 0002 é recusado.',
    chargeToken: 'Token da cobrança', network: 'Rede', settlement: 'Liquidação', testNetwork: 'teste', mainNetwork: 'principal', testWallet: 'Pagar com a carteira de teste',
    processing: 'Processando…', failed: 'Não foi possível concluir:', paidRedirect: 'Pagamento confirmado!',
    declined: 'O cartão foi recusado. Confira os dados ou tente outro cartão.',
    declines: {
      card_declined: 'O cartão foi recusado pelo banco emissor. Tente outro cartão.', insufficient_funds: 'Saldo ou limite insuficiente. Tente outro cartão.',
      card_expired: 'O cartão está vencido. Tente outro cartão.', authentication_required: 'O banco pediu autenticação. Tente outro cartão.',
      card_stolen: 'O cartão foi recusado. Tente outro cartão.',
    },
    receipt: 'Recibo', amountPaid: 'Valor pago', paidOn: 'Pago em', method: 'Forma de pagamento', downloads: 'Seus arquivos', download: 'Baixar',
  },
  en: {
    title: (n: string, seller: string) => `Invoice ${n} from ${seller}`,
    invoice: 'Invoice', from: 'from', testMode: 'Test mode: this invoice is from a sandbox; no real money is involved.',
    amountDue: 'Amount due', invoiceNumber: 'Invoice number', issuedOn: 'Issued on', dueOn: 'Due on', currency: 'Currency',
    description: 'Description', quantity: 'Quantity', unitPrice: 'Unit price', amount: 'Amount', subtotal: 'Subtotal', tax: 'Tax', total: 'Total',
    status: { draft: 'Draft', open: 'Open', paid: 'Paid', void: 'Void', uncollectible: 'Uncollectible' },
    dueNote: (d: string) => `Due on ${d}.`, dueNow: 'Due now.', paidNote: (d: string) => `Paid on ${d}. Thank you!`, paidThanks: 'Paid. Thank you!',
    voidNote: 'This invoice was cancelled; nothing is due.', uncollectibleNote: 'This invoice was written off by the seller.',
    supportWith: 'Questions about this invoice? Contact', supportAt: 'at', notFound: 'Invoice not found',
    notFoundText: 'This link does not lead to an invoice. Check that you opened the whole link from your email, or ask the seller for a new one.',
    pay: 'Pay', chooseMethod: 'Choose how to pay:', payAnotherWay: 'Pay another way', cancel: 'Cancel and return to the shop',
    noMethods: 'This invoice cannot be paid online yet. Contact the seller to pay it.',
    methods: { pix: 'Pix', boleto: 'Boleto', card: 'Card', crypto: 'USDC (crypto)' },
    pixQr: 'Pix QR code', pixCode: 'Pix copy-and-paste code', copyCode: 'Copy code', copyLine: 'Copy digitable line', copied: 'Copied!',
    expiresIn: 'The code expires in', expired: 'This Pix code expired. Choose "Pay another way" to get a new one.', waiting: 'Waiting for the payment to be confirmed…',
    sandboxConfirm: 'Confirm the test payment (sandbox)', boletoLine: 'Digitable line', boletoBarcode: 'Boleto barcode', printBoleto: 'Print the boleto',
    boletoDue: 'Due date', cardNumber: 'Card number', expMonth: 'Expiry month', expYear: 'Expiry year', cvc: 'Security code (CVC)', monthHint: 'MM', yearHint: 'YYYY',
    payByCard: 'Pay by card', testCards: 'Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.',
    chargeToken: 'Charge token', network: 'Network', settlement: 'Settlement', testNetwork: 'test', mainNetwork: 'main', testWallet: 'Pay with the test wallet',
    processing: 'Processing…', failed: 'This could not be completed:', paidRedirect: 'Payment confirmed!',
    declined: 'The card was declined. Check the details or try another card.',
    declines: {
      card_declined: 'The card was declined by its issuer. Try another card.', insufficient_funds: 'Insufficient funds or limit. Try another card.',
      card_expired: 'The card has expired. Try another card.', authentication_required: 'The bank asked for authentication. Try another card.',
      card_stolen: 'The card was declined. Try another card.',
    },
    receipt: 'Receipt', amountPaid: 'Amount paid', paidOn: 'Paid on', method: 'Payment method', downloads: 'Your downloads', download: 'Download',
  },
} as const;

type Text = (typeof TEXT)[PageLocale];

const handlebars = Handlebars.create();

interface PageData {
  locale: PageLocale;
  t: Text;
  title: string;
  styles: string;
  accountName: string;
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
  nonce: string;
  script: string;
  pageText: string;
}

const invoicePage = handlebars.compile<PageData>(
  `<!doctype html>
<html lang="{{locale}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>{{title}}</title>
<style>{{{styles}}}</style>
</head>
<body>
<main>
{{#if testMode}}<p class="test-mode" data-testid="test-mode">{{t.testMode}}</p>{{/if}}
<header>
  <div>
    <h1>{{t.invoice}} <span data-testid="invoice-number">{{invoiceNumber}}</span></h1>
    <p class="seller">{{t.from}} <span data-testid="account-name">{{accountName}}</span></p>
  </div>
  <span class="status {{statusClass}}" data-testid="status">{{statusLabel}}</span>
</header>
<div class="due">
  <span>{{t.amountDue}}</span>
  <strong data-testid="amount-due">{{amountDue}}</strong>
  <span>{{statusNote}}</span>
</div>
{{#if receipt}}
<section class="receipt" data-testid="receipt" aria-labelledby="receipt-title">
  <h2 id="receipt-title">{{t.receipt}}</h2>
  <dl>
    <dt>{{t.amountPaid}}</dt><dd data-testid="receipt-amount">{{receipt.amount}}</dd>
    <dt>{{t.paidOn}}</dt><dd data-testid="receipt-date">{{receipt.paidOn}}</dd>
    <dt>{{t.method}}</dt><dd data-testid="receipt-method">{{receipt.method}}</dd>
  </dl>
  {{#if receipt.downloads.length}}
  <h3>{{t.downloads}}</h3>
  <ul>
  {{#each receipt.downloads}}  <li><a href="{{this}}" data-testid="download" rel="noopener">{{../t.download}}{{#if @index}} ({{@index}}){{/if}}</a></li>
  {{/each}}</ul>
  {{/if}}
</section>
{{/if}}
{{#if pay}}
<section class="pay" id="pay" aria-labelledby="pay-title">
  <h2 id="pay-title">{{t.pay}}</h2>
  {{#if pay.methods.length}}
  <div id="methods">
    <p>{{t.chooseMethod}}</p>
    <div class="methods">
    {{#each pay.methods}}  <button type="button" data-method="{{method}}" data-testid="method-{{method}}">{{label}}</button>
    {{/each}}</div>
  </div>
  <div class="panel" id="panel-pix" hidden>
    <h3>{{t.methods.pix}}</h3>
    <img class="qr" id="pix-qr" alt="{{t.pixQr}}" data-testid="pix-qr">
    <label for="pix-code">{{t.pixCode}}</label>
    <textarea class="code" id="pix-code" rows="3" readonly data-testid="pix-code"></textarea>
    <div class="row"><button type="button" class="secondary" data-copy="pix-code" data-testid="copy-pix">{{t.copyCode}}</button></div>
    <p id="pix-expiry">{{t.expiresIn}} <strong id="pix-countdown" data-testid="pix-countdown"></strong></p>
    <p class="error" id="pix-expired" hidden>{{t.expired}}</p>
  </div>
  <div class="panel" id="panel-boleto" hidden>
    <h3>{{t.methods.boleto}}</h3>
    <p id="boleto-line-label">{{t.boletoLine}}</p>
    <p class="line" id="boleto-line" aria-labelledby="boleto-line-label" data-testid="boleto-line"></p>
    <div class="row"><button type="button" class="secondary" data-copy="boleto-line" data-testid="copy-boleto">{{t.copyLine}}</button>
    <a id="boleto-print" href="#" target="_blank" rel="noopener" data-testid="boleto-print">{{t.printBoleto}}</a></div>
    <img class="barcode" id="boleto-barcode" alt="{{t.boletoBarcode}}" data-testid="boleto-barcode">
    <p>{{t.boletoDue}}: <span id="boleto-due"></span></p>
  </div>
  <div class="panel" id="panel-card" hidden>
    <h3>{{t.methods.card}}</h3>
    <form id="card-form" novalidate>
      <label for="card-number">{{t.cardNumber}}</label>
      <input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required>
      <div class="card-grid">
        <div><label for="card-month">{{t.expMonth}}</label><input id="card-month" name="expMonth" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" placeholder="{{t.monthHint}}" required></div>
        <div><label for="card-year">{{t.expYear}}</label><input id="card-year" name="expYear" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" placeholder="{{t.yearHint}}" required></div>
        <div><label for="card-cvc">{{t.cvc}}</label><input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div>
      </div>
      {{#if testMode}}<p class="note">{{t.testCards}}</p>{{/if}}
      <div class="row"><button type="submit" data-testid="pay-card">{{t.payByCard}}</button></div>
    </form>
  </div>
  <div class="panel" id="panel-crypto" hidden>
    <h3>{{t.methods.crypto}}</h3>
    <dl>
      <dt>{{t.chargeToken}}</dt><dd id="crypto-token" data-testid="crypto-token"></dd>
      <dt>{{t.network}}</dt><dd id="crypto-network" data-testid="crypto-network"></dd>
      <dt>{{t.settlement}}</dt><dd id="crypto-settlement"></dd>
    </dl>
    {{#if testMode}}<div class="row"><button type="button" id="test-wallet" data-testid="test-wallet">{{t.testWallet}}</button></div>{{/if}}
  </div>
  {{#if testMode}}<p class="row" id="sandbox-row" hidden><a id="sandbox-confirm" href="#" target="_blank" rel="noopener" data-testid="sandbox-confirm">{{t.sandboxConfirm}}</a></p>{{/if}}
  <p class="note" id="pay-status" role="status" aria-live="polite"></p>
  <div class="error" id="pay-error" role="alert" hidden data-testid="pay-error"></div>
  <div class="row">
    <button type="button" class="secondary" id="switch" hidden data-testid="switch">{{t.payAnotherWay}}</button>
    {{#if pay.cancelUrl}}<a href="{{pay.cancelUrl}}" data-testid="cancel">{{t.cancel}}</a>{{/if}}
  </div>
  {{else}}
  <p class="note" data-testid="no-methods">{{t.noMethods}}</p>
  {{#if pay.cancelUrl}}<p><a href="{{pay.cancelUrl}}" data-testid="cancel">{{t.cancel}}</a></p>{{/if}}
  {{/if}}
</section>
{{/if}}
<h2>{{t.invoice}}</h2>
<dl>
{{#each facts}}  <dt>{{label}}</dt><dd>{{value}}</dd>
{{/each}}</dl>
<table data-testid="lines">
  <thead><tr><th scope="col">{{t.description}}</th><th scope="col" class="num">{{t.quantity}}</th><th scope="col" class="num">{{t.unitPrice}}</th><th scope="col" class="num">{{t.amount}}</th></tr></thead>
  <tbody>
{{#each lines}}    <tr><td>{{description}}</td><td class="num">{{quantity}}</td><td class="num">{{unitPrice}}</td><td class="num">{{amount}}</td></tr>
{{/each}}  </tbody>
  <tfoot>
    <tr><td colspan="3">{{t.subtotal}}</td><td class="num">{{subtotal}}</td></tr>
    <tr><td colspan="3">{{t.tax}}</td><td class="num">{{tax}}</td></tr>
    <tr class="total"><td colspan="3">{{t.total}}</td><td class="num" data-testid="total">{{total}}</td></tr>
  </tfoot>
</table>
<footer>
{{#if supportEmail}}  {{t.supportWith}} {{accountName}} {{t.supportAt}} <a href="mailto:{{supportEmail}}" data-testid="support-email">{{supportEmail}}</a>.
{{else}}  {{t.supportWith}} {{accountName}}.
{{/if}}</footer>
</main>
{{#if pay.methods.length}}<script type="application/json" id="page-text">{{{pageText}}}</script>
<script nonce="{{nonce}}">{{{script}}}</script>{{/if}}
</body>
</html>
`,
  { strict: false },
);

const notFoundPage = handlebars.compile<{ styles: string; locale: PageLocale; t: Text }>(
  `<!doctype html>
<html lang="{{locale}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>{{t.notFound}}</title>
<style>{{{styles}}}</style>
</head>
<body>
<main>
<h1>{{t.notFound}}</h1>
<p>{{t.notFoundText}}</p>
</main>
</body>
</html>
`,
  { strict: true },
);

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
    paid: t.paidRedirect, expired: t.expired, testNetwork: t.testNetwork, mainNetwork: t.mainNetwork, locale,
  };
  return invoicePage({
    locale,
    t,
    title: t.title(invoice.invoiceNumber, invoice.accountName),
    styles: STYLES,
    accountName: invoice.accountName,
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
    nonce,
    script: PAY_SCRIPT,
    // A JSON data block, never executed: "<" is escaped so no text can close the element.
    pageText: JSON.stringify(pageText).replace(/</g, '\\u003c'),
  });
}

export function renderNotFoundPage(locale: PageLocale = 'en'): string {
  return notFoundPage({ styles: STYLES, locale, t: TEXT[locale] });
}
