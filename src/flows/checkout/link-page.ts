// The payment link's checkout page (GET /pay/{slug}/{linkID}) and its "not found" twin: the
// product, its price for the page's locale, the seller's branding, a payer form (name, email, CPF or
// CNPJ, the address when the product is shipped), the methods the account accepts as a preferred
// choice, and a coupon code. A small script (allowed by the answer's CSP nonce, no inline handlers)
// posts the form to POST /pay/{slug}/{linkID}/checkout with an Idempotency-Key it keeps while the
// form is unchanged (a double click makes one invoice) and goes to the invoice's hosted page.
// pt-BR by default, English by Accept-Language. Handlebars escapes every value; the stylesheet is
// allowed by hash.
import { createHash } from 'node:crypto';
import Handlebars from 'handlebars';
import { formatAmount, type PageLocale } from '../../http/page-locale.ts';
import type { PaymentLinkOffer } from './link-checkout.ts';

const STYLES = `
  body { margin: 0; background: #f4f5f7; color: #1f2328; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 40rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  header { display: flex; gap: 1rem; align-items: center; border-bottom: 1px solid #d0d7de; padding-bottom: 1rem; margin-bottom: 1rem; }
  header img { max-height: 56px; max-width: 160px; }
  .seller { font-weight: 700; font-size: 1.1rem; margin: 0; }
  h1 { font-size: 1.5rem; margin: .5rem 0 .25rem; }
  .product-image { width: 100%; max-height: 240px; object-fit: cover; border-radius: 8px; }
  .description { color: #57606a; margin: 0 0 .5rem; }
  .price { font-size: 1.75rem; font-weight: 700; margin: .5rem 0 0; }
  .price-detail { color: #57606a; margin: 0 0 1rem; }
  fieldset { border: 1px solid #d0d7de; border-radius: 8px; margin: 1rem 0; padding: .5rem 1rem 1rem; }
  legend { font-weight: 700; padding: 0 .25rem; }
  label { display: block; margin: .6rem 0 .2rem; font-weight: 600; }
  input { font: inherit; padding: .45rem .6rem; border: 1px solid #6e7781; border-radius: 6px; width: 100%; box-sizing: border-box; }
  input[aria-invalid=true] { border-color: #a40e26; border-width: 2px; }
  .choice { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; }
  .choice label { display: inline; font-weight: 400; margin: 0 0 0 .35rem; }
  .choice input { width: auto; }
  button { background: #0a56c2; color: #fff; border: 0; border-radius: 8px; padding: .8rem 1.4rem; font: inherit; font-weight: 700; cursor: pointer; width: 100%; margin-top: .5rem; }
  button:disabled { opacity: .6; cursor: wait; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #1f2328; outline-offset: 2px; }
  a { color: #0a56c2; }
  .errors { color: #a40e26; background: #ffebe9; border-radius: 8px; padding: .5rem 1rem; margin: 1rem 0; }
  .errors ul { margin: .25rem 0; padding-left: 1.25rem; }
  .note { color: #57606a; font-size: .9rem; }
  .test-mode { background: #fff1e5; color: #953800; padding: .5rem 1rem; border-radius: 8px; margin: 0 0 1rem; font-weight: 600; }
  footer { margin-top: 1.5rem; color: #57606a; font-size: .9rem; }
  footer p { margin: .25rem 0; }
  [hidden] { display: none !important; }
`;

/** For the Content-Security-Policy: the only style the page may apply. */
export const PAYMENT_LINK_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLES).digest('base64')}'`;

const CYCLES = {
  'pt-BR': { weekly: 'por semana', monthly: 'por mês', annual: 'por ano' },
  en: { weekly: 'per week', monthly: 'per month', annual: 'per year' },
} as const;

const METHODS = {
  'pt-BR': { pix: 'Pix', boleto: 'Boleto', card: 'Cartão de crédito', crypto: 'USDC (cripto)' },
  en: { pix: 'Pix', boleto: 'Boleto', card: 'Credit card', crypto: 'USDC (crypto)' },
} as const;

const TEXT = {
  'pt-BR': {
    title: 'Pagamento', seller: 'Vendido por', quantity: 'Quantidade', each: 'cada', subscription: 'Assinatura, cobrada', payer: 'Seus dados', name: 'Nome completo',
    email: 'E-mail', document: 'CPF ou CNPJ', documentOptional: 'CPF ou CNPJ (opcional)', address: 'Endereço de entrega', line1: 'Rua e número',
    line2: 'Complemento (opcional)', city: 'Cidade', state: 'Estado', postalCode: 'CEP', country: 'País (código de 2 letras)', methods: 'Forma de pagamento preferida',
    methodsNote: 'Você confirma a forma de pagamento na próxima página.', noMethods: 'Este vendedor ainda não aceita pagamentos online.', coupon: 'Cupom de desconto (opcional)',
    submit: 'Continuar para o pagamento', failed: 'Confira os dados:', network: 'Não foi possível enviar. Verifique sua conexão e tente de novo.',
    testMode: 'Modo de teste: nenhum dinheiro real é cobrado.', support: 'Dúvidas?', terms: 'Termos de uso', notFound: 'Link de pagamento não encontrado',
    notFoundText: 'Este link não existe ou não está mais ativo. Peça um novo link ao vendedor.',
    fields: {
      'payer.name': 'Nome', 'payer.email': 'E-mail', 'payer.document': 'CPF ou CNPJ', address: 'Endereço', 'address.line1': 'Rua e número', 'address.line2': 'Complemento',
      'address.city': 'Cidade', 'address.state': 'Estado', 'address.postalCode': 'CEP', 'address.country': 'País', couponCode: 'Cupom', paymentMethod: 'Forma de pagamento',
    },
  },
  en: {
    title: 'Checkout', seller: 'Sold by', quantity: 'Quantity', each: 'each', subscription: 'Subscription, billed', payer: 'Your details', name: 'Full name',
    email: 'Email', document: 'CPF or CNPJ', documentOptional: 'CPF or CNPJ (optional)', address: 'Shipping address', line1: 'Street and number',
    line2: 'Apartment, suite (optional)', city: 'City', state: 'State', postalCode: 'Postal code', country: 'Country (2-letter code)', methods: 'Preferred payment method',
    methodsNote: 'You confirm the payment method on the next page.', noMethods: 'This seller does not take online payments yet.', coupon: 'Coupon code (optional)',
    submit: 'Continue to payment', failed: 'Please check:', network: 'Could not send. Check your connection and try again.',
    testMode: 'Test mode: no real money is charged.', support: 'Questions?', terms: 'Terms of service', notFound: 'Payment link not found',
    notFoundText: 'This link does not exist or is no longer active. Ask the seller for a new link.',
    fields: {
      'payer.name': 'Name', 'payer.email': 'Email', 'payer.document': 'CPF or CNPJ', address: 'Address', 'address.line1': 'Street and number', 'address.line2': 'Apartment',
      'address.city': 'City', 'address.state': 'State', 'address.postalCode': 'Postal code', 'address.country': 'Country', couponCode: 'Coupon', paymentMethod: 'Payment method',
    },
  },
} as const;

const handlebars = Handlebars.create();

const checkoutPage = handlebars.compile(
  `<!doctype html>
<html lang="{{locale}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>{{product.name}} · {{account.name}}</title>
<style>{{{styles}}}</style>
</head>
<body>
<main>
{{#if testMode}}<p class="test-mode" data-testid="test-mode">{{t.testMode}}</p>{{/if}}
<header>
{{#if account.logoUrl}}<img src="{{account.logoUrl}}" alt="{{account.name}}" data-testid="logo">{{/if}}
<p class="seller"><span class="note">{{t.seller}}</span><br><span data-testid="account-name">{{account.name}}</span></p>
</header>
{{#if product.imageUrl}}<img class="product-image" src="{{product.imageUrl}}" alt="">{{/if}}
<h1 data-testid="product-name">{{product.name}}</h1>
{{#if product.description}}<p class="description" data-testid="product-description">{{product.description}}</p>{{/if}}
<p class="price" data-testid="price">{{amount}}</p>
{{#if cycle}}<p class="price-detail" data-testid="price-detail">{{t.subscription}} {{cycle}}</p>{{/if}}
{{#if several}}<p class="price-detail" data-testid="price-detail">{{t.quantity}}: {{quantity}} × {{unitPrice}} {{t.each}}</p>{{/if}}
<form id="checkout" data-action="{{action}}" novalidate>
<fieldset>
<legend>{{t.payer}}</legend>
<label for="payer-name">{{t.name}}</label><input id="payer-name" name="name" autocomplete="name" required maxlength="200" data-field="payer.name">
<label for="payer-email">{{t.email}}</label><input id="payer-email" name="email" type="email" autocomplete="email" required maxlength="254" data-field="payer.email">
<label for="payer-document">{{#if documentRequired}}{{t.document}}{{else}}{{t.documentOptional}}{{/if}}</label><input id="payer-document" name="document" inputmode="text" maxlength="32"{{#if documentRequired}} required{{/if}} data-field="payer.document">
</fieldset>
{{#if product.requiresShipping}}
<fieldset id="address" data-testid="address">
<legend>{{t.address}}</legend>
<label for="line1">{{t.line1}}</label><input id="line1" name="line1" autocomplete="address-line1" required maxlength="200" data-field="address.line1">
<label for="line2">{{t.line2}}</label><input id="line2" name="line2" autocomplete="address-line2" maxlength="200" data-field="address.line2">
<label for="city">{{t.city}}</label><input id="city" name="city" autocomplete="address-level2" required maxlength="100" data-field="address.city">
<label for="state">{{t.state}}</label><input id="state" name="state" autocomplete="address-level1" required maxlength="100" data-field="address.state">
<label for="postalCode">{{t.postalCode}}</label><input id="postalCode" name="postalCode" autocomplete="postal-code" required maxlength="20" data-field="address.postalCode">
<label for="country">{{t.country}}</label><input id="country" name="country" autocomplete="country" required maxlength="2" value="BR" data-field="address.country">
</fieldset>
{{/if}}
<fieldset data-testid="methods">
<legend>{{t.methods}}</legend>
{{#if methods.length}}
<div class="choice">
{{#each methods}}<span><input type="radio" id="method-{{value}}" name="method" value="{{value}}"{{#if @first}} checked{{/if}}><label for="method-{{value}}">{{label}}</label></span>
{{/each}}
</div>
<p class="note">{{t.methodsNote}}</p>
{{else}}<p class="note">{{t.noMethods}}</p>{{/if}}
</fieldset>
<label for="coupon">{{t.coupon}}</label><input id="coupon" name="coupon" maxlength="64" autocomplete="off" data-field="couponCode">
<div class="errors" id="errors" role="alert" hidden data-failed="{{t.failed}}" data-network="{{t.network}}" data-labels="{{labels}}"></div>
<button type="submit" data-testid="submit">{{t.submit}}</button>
</form>
<footer>
{{#if account.supportEmail}}<p>{{t.support}} <a href="mailto:{{account.supportEmail}}" data-testid="support-email">{{account.supportEmail}}</a></p>{{/if}}
{{#if account.termsUrl}}<p><a href="{{account.termsUrl}}" rel="noopener noreferrer" target="_blank" data-testid="terms">{{t.terms}}</a></p>{{/if}}
</footer>
</main>
<script nonce="{{nonce}}">{{{script}}}</script>
</body>
</html>
`,
  { strict: false },
);

const notFoundPage = handlebars.compile(
  `<!doctype html>
<html lang="{{locale}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>{{t.notFound}}</title><style>{{{styles}}}</style></head>
<body><main><h1 data-testid="not-found">{{t.notFound}}</h1><p>{{t.notFoundText}}</p></main></body>
</html>
`,
  { strict: true },
);

// The form's script. The Idempotency-Key is kept while the body is unchanged: a double click or a
// retry after a lost answer makes one invoice; a corrected form is a new request with a new key.
const SCRIPT = `
(() => {
  const form = document.getElementById('checkout');
  const errors = document.getElementById('errors');
  const labels = JSON.parse(errors.dataset.labels);
  const value = (name) => (form.elements[name] ? form.elements[name].value.trim() : '');
  let last = { body: '', key: '' };
  const show = (items) => {
    const list = document.createElement('ul');
    for (const item of items) {
      const li = document.createElement('li');
      li.textContent = item;
      list.append(li);
    }
    errors.textContent = errors.dataset.failed;
    errors.append(list);
    errors.hidden = false;
    errors.focus();
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
    errors.hidden = true;
    const payer = { name: value('name'), email: value('email') };
    if (value('document')) payer.document = value('document');
    const body = { payer };
    if (form.elements.line1) {
      body.address = { line1: value('line1'), city: value('city'), state: value('state'), postalCode: value('postalCode'), country: value('country').toUpperCase() };
      if (value('line2')) body.address.line2 = value('line2');
    }
    const method = form.querySelector('input[name=method]:checked');
    if (method) body.paymentMethod = method.value;
    if (value('coupon')) body.couponCode = value('coupon');
    const text = JSON.stringify(body);
    if (text !== last.body) last = { body: text, key: crypto.randomUUID() };
    const button = form.querySelector('button');
    button.disabled = true;
    try {
      const res = await fetch(form.dataset.action, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': last.key }, body: text });
      const answer = await res.json().catch(() => ({}));
      if (res.status === 201 && answer.invoiceUrl) {
        const url = new URL(answer.invoiceUrl, location.href);
        // The invoice page starts the chosen method at once (its charge is made there).
        if (answer.preferredMethod) url.searchParams.set('method', answer.preferredMethod);
        location.assign(url.pathname + url.search);
        return;
      }
      const found = answer.errors || [];
      for (const e of found) {
        const input = form.querySelector('[data-field="' + CSS.escape(e.field) + '"]');
        if (input) input.setAttribute('aria-invalid', 'true');
      }
      const message = answer.message || (answer.error && answer.error.message) || String(res.status);
      show(found.length ? found.map((e) => (labels[e.field] || e.field) + ': ' + e.description) : [message]);
    } catch {
      show([errors.dataset.network]);
    } finally {
      button.disabled = false;
    }
  });
  errors.tabIndex = -1;
})();
`;

export function renderPaymentLinkPage(offer: PaymentLinkOffer, locale: PageLocale, nonce: string): string {
  const t = TEXT[locale];
  const several = offer.kind === 'one_time' && offer.quantity !== '1';
  return checkoutPage({
    locale,
    t,
    styles: STYLES,
    script: SCRIPT,
    nonce,
    testMode: offer.environment === 'sandbox',
    account: offer.account,
    product: offer.product,
    amount: formatAmount(offer.amount, offer.currency, locale),
    unitPrice: formatAmount(offer.unitPrice, offer.currency, locale, true),
    quantity: offer.quantity,
    several,
    cycle: offer.kind === 'subscription' && offer.billingCycle ? CYCLES[locale][offer.billingCycle as keyof (typeof CYCLES)['en']] : '',
    documentRequired: offer.currency === 'BRL',
    methods: offer.paymentMethods.map((value) => ({ value, label: METHODS[locale][value] })),
    labels: JSON.stringify(t.fields),
    action: `/pay/${encodeURIComponent(offer.slug)}/${offer.linkId}/checkout`,
  });
}

export function renderPaymentLinkNotFound(locale: PageLocale): string {
  return notFoundPage({ locale, t: TEXT[locale], styles: STYLES });
}
