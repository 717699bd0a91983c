// The shop's HTML page (GET /shop/{slug}): products with a quantity each, the payer's details, the
// fulfillment choice and, when asked, the address; a small script (allowed by the answer's CSP
// nonce, no inline handlers) posts the cart to POST /public/storefronts/{slug}/orders with an
// Idempotency-Key and goes to the checkout URL (the hosted invoice page). pt-BR by default,
// English by Accept-Language. Handlebars escapes every value; the stylesheet is allowed by hash.
import { createHash } from 'node:crypto';
import Handlebars from 'handlebars';
import { currencyExponent } from '../../core/money.ts';
import { formatAmount, type PageLocale } from '../../http/page-locale.ts';
import type { PublicShop } from './orders.ts';
import { ACCENT_COLOURS } from './storefront-rules.ts';

const accents = Object.entries(ACCENT_COLOURS)
  .map(([name, colour]) => `.accent-${name} { --accent: ${colour}; }`)
  .join('\n  ');

const STYLES = `
  body { margin: 0; background: #f4f5f7; color: #1f2328; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  ${accents}
  main { max-width: 46rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  .preset-minimal main { box-shadow: none; border: 1px solid #d0d7de; border-radius: 0; }
  .preset-bold h1 { font-size: 2.2rem; text-transform: uppercase; letter-spacing: .03em; }
  .preset-modern main { border-radius: 20px; }
  header { border-bottom: 4px solid var(--accent); padding-bottom: 1rem; margin-bottom: 1rem; display: flex; gap: 1rem; align-items: center; }
  header img { max-height: 64px; max-width: 160px; }
  .banner { width: 100%; max-height: 200px; object-fit: cover; border-radius: 8px; }
  h1 { margin: 0; color: var(--accent); }
  h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
  .product { display: grid; grid-template-columns: 1fr auto 6rem; gap: 1rem; align-items: center; padding: .75rem 0; border-bottom: 1px solid #d0d7de; }
  .product p { margin: 0; color: #57606a; font-size: .9rem; }
  .price { font-weight: 600; white-space: nowrap; }
  input, select { font: inherit; padding: .45rem .6rem; border: 1px solid #8c959f; border-radius: 6px; width: 100%; box-sizing: border-box; }
  .product input { width: 5.5rem; }
  label { display: block; margin: .6rem 0 .2rem; font-weight: 600; }
  fieldset { border: 1px solid #d0d7de; border-radius: 8px; margin: 1rem 0; padding: .5rem 1rem 1rem; }
  .choice label { display: inline; font-weight: 400; margin-right: 1rem; }
  .choice input { width: auto; }
  .total { font-size: 1.3rem; font-weight: 700; margin: 1rem 0; }
  button { background: var(--accent); color: #fff; border: 0; border-radius: 8px; padding: .8rem 1.4rem; font: inherit; font-weight: 700; cursor: pointer; }
  button:disabled { opacity: .6; cursor: wait; }
  button:focus-visible, input:focus-visible { outline: 3px solid #1f2328; outline-offset: 2px; }
  .errors { color: #a40e26; background: #ffebe9; border-radius: 8px; padding: .5rem 1rem; }
  .note { color: #57606a; }
  [hidden] { display: none !important; }
`;

/** For the Content-Security-Policy: the only style the page may apply. */
export const SHOP_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLES).digest('base64')}'`;

const TEXT = {
  'pt-BR': {
    products: 'Produtos', quantity: 'Quantidade', payer: 'Seus dados', name: 'Nome', email: 'E-mail', document: 'CPF ou CNPJ (opcional)',
    fulfillment: 'Entrega', pickup: 'Retirar no local', shipping: 'Receber em casa', address: 'Endereço', line1: 'Rua e número', line2: 'Complemento (opcional)',
    city: 'Cidade', state: 'Estado', postalCode: 'CEP', country: 'País (código de 2 letras)', shippingFee: 'Frete', shippingArranged: 'Frete combinado à parte',
    total: 'Total', submit: 'Ir para o pagamento', empty: 'Escolha ao menos um produto.', failed: 'Não foi possível criar o pedido:', notFound: 'Loja não encontrada',
    notFoundText: 'Esta loja não existe ou está fora do ar.', nothing: 'Esta loja ainda não tem produtos.', testMode: 'Modo de teste: nenhum dinheiro real é cobrado.',
  },
  en: {
    products: 'Products', quantity: 'Quantity', payer: 'Your details', name: 'Name', email: 'Email', document: 'CPF or CNPJ (optional)',
    fulfillment: 'Delivery', pickup: 'Pick up', shipping: 'Ship to me', address: 'Address', line1: 'Street and number', line2: 'Apartment, suite (optional)',
    city: 'City', state: 'State', postalCode: 'Postal code', country: 'Country (2-letter code)', shippingFee: 'Shipping', shippingArranged: 'Shipping arranged separately',
    total: 'Total', submit: 'Continue to payment', empty: 'Choose at least one product.', failed: 'The order could not be placed:', notFound: 'Shop not found',
    notFoundText: 'This shop does not exist or is offline.', nothing: 'This shop has no products yet.', testMode: 'Test mode: no real money is charged.',
  },
} as const;

const handlebars = Handlebars.create();

const shopPage = handlebars.compile(
  `<!doctype html>
<html lang="{{locale}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{shop.name}}</title>
<style>{{{styles}}}</style>
</head>
<body class="accent-{{shop.theme.accent}} preset-{{shop.theme.preset}}">
<main>
{{#if shop.bannerUrl}}<img class="banner" src="{{shop.bannerUrl}}" alt="">{{/if}}
<header>
{{#if shop.logoUrl}}<img src="{{shop.logoUrl}}" alt="{{shop.name}}">{{/if}}
<h1 data-testid="shop-name">{{shop.name}}</h1>
</header>
{{#if shop.description}}<p>{{shop.description}}</p>{{/if}}
{{#if testMode}}<p class="note" data-testid="test-mode">{{t.testMode}}</p>{{/if}}
<form id="cart" data-slug="{{shop.slug}}" data-currency="{{shop.currency}}" data-locale="{{locale}}" data-scale="{{scale}}" data-shipping="{{shippingAmount}}" novalidate>
<h2>{{t.products}}</h2>
{{#each products}}
<div class="product">
  <div><strong>{{name}}</strong>{{#if description}}<p>{{description}}</p>{{/if}}</div>
  <span class="price" data-testid="price">{{price}}</span>
  <input type="number" min="0" max="1000" step="1" value="0" name="quantity" aria-label="{{../t.quantity}}: {{name}}" data-product="{{id}}" data-price="{{unitPrice}}" data-testid="quantity">
</div>
{{else}}<p>{{t.nothing}}</p>
{{/each}}
<fieldset>
<legend>{{t.payer}}</legend>
<label for="payer-name">{{t.name}}</label><input id="payer-name" name="name" autocomplete="name" required maxlength="200">
<label for="payer-email">{{t.email}}</label><input id="payer-email" name="email" type="email" autocomplete="email" required maxlength="254">
<label for="payer-document">{{t.document}}</label><input id="payer-document" name="document" maxlength="32">
</fieldset>
<fieldset>
<legend>{{t.fulfillment}}</legend>
<div class="choice">
{{#if offersPickup}}<input type="radio" id="mode-pickup" name="mode" value="pickup"{{#if pickupFirst}} checked{{/if}}><label for="mode-pickup">{{t.pickup}}</label>{{/if}}
{{#if offersShipping}}<input type="radio" id="mode-shipping" name="mode" value="shipping"{{#unless pickupFirst}} checked{{/unless}}><label for="mode-shipping">{{t.shipping}}</label>{{/if}}
</div>
{{#if shop.pickupNote}}<p class="note" data-pickup-note>{{shop.pickupNote}}</p>{{/if}}
{{#if offersShipping}}<p class="note" data-shipping-fee>{{#if shippingAmount}}{{t.shippingFee}}: {{shippingLabel}}{{else}}{{t.shippingArranged}}{{/if}}</p>{{/if}}
<div id="address" data-require="{{#if shop.requireAddress}}true{{else}}false{{/if}}">
<label for="line1">{{t.line1}}</label><input id="line1" name="line1" autocomplete="address-line1" maxlength="200">
<label for="line2">{{t.line2}}</label><input id="line2" name="line2" autocomplete="address-line2" maxlength="200">
<label for="city">{{t.city}}</label><input id="city" name="city" autocomplete="address-level2" maxlength="100">
<label for="state">{{t.state}}</label><input id="state" name="state" autocomplete="address-level1" maxlength="100">
<label for="postalCode">{{t.postalCode}}</label><input id="postalCode" name="postalCode" autocomplete="postal-code" maxlength="20">
<label for="country">{{t.country}}</label><input id="country" name="country" autocomplete="country" maxlength="2" value="BR">
</div>
</fieldset>
<p class="total">{{t.total}}: <span data-testid="total" aria-live="polite"></span></p>
<div class="errors" id="errors" role="alert" hidden data-failed="{{t.failed}}" data-empty="{{t.empty}}"></div>
<button type="submit" data-testid="submit">{{t.submit}}</button>
</form>
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
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{t.notFound}}</title><style>{{{styles}}}</style></head>
<body class="accent-gray"><main><h1>{{t.notFound}}</h1><p>{{t.notFoundText}}</p></main></body>
</html>
`,
  { strict: true },
);

// The cart's script. Amounts are added as integers scaled by the currency's digits (BigInt), never
// floats, and formatted by Intl from a decimal string. A retry of an unchanged cart reuses its
// Idempotency-Key, so a double click orders once.
const SCRIPT = `
(() => {
  const form = document.getElementById('cart');
  const scale = Number(form.dataset.scale);
  const money = new Intl.NumberFormat(form.dataset.locale, { style: 'currency', currency: form.dataset.currency || 'BRL' });
  const toUnits = (text) => { const [w, f = ''] = text.split('.'); return BigInt(w + f.padEnd(scale, '0').slice(0, scale)); };
  const toText = (units) => { const s = units.toString().padStart(scale + 1, '0'); return scale ? s.slice(0, -scale) + '.' + s.slice(-scale) : s; };
  const quantities = [...form.querySelectorAll('input[name=quantity]')];
  const address = document.getElementById('address');
  const errors = document.getElementById('errors');
  const mode = () => (form.querySelector('input[name=mode]:checked') || {}).value || 'pickup';
  const wantsAddress = () => mode() === 'shipping' || address.dataset.require === 'true';
  const update = () => {
    address.hidden = !wantsAddress();
    let total = 0n;
    for (const q of quantities) total += toUnits(q.dataset.price) * BigInt(Math.max(0, Math.floor(Number(q.value) || 0)));
    if (mode() === 'shipping' && form.dataset.shipping) total += toUnits(form.dataset.shipping);
    document.querySelector('[data-testid=total]').textContent = money.format(toText(total));
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  update();
  let last = { body: '', key: '' };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const value = (name) => form.elements[name].value.trim();
    const items = quantities.filter((q) => Number(q.value) > 0).map((q) => ({ productId: q.dataset.product, quantity: Math.floor(Number(q.value)) }));
    errors.hidden = true;
    if (items.length === 0) { errors.textContent = errors.dataset.empty; errors.hidden = false; return; }
    const payer = { name: value('name'), email: value('email') };
    if (value('document')) payer.document = value('document');
    const fulfillment = { mode: mode() };
    if (wantsAddress()) {
      fulfillment.address = { line1: value('line1'), city: value('city'), state: value('state'), postalCode: value('postalCode'), country: value('country').toUpperCase() };
      if (value('line2')) fulfillment.address.line2 = value('line2');
    }
    const body = JSON.stringify({ items, payer, fulfillment });
    if (body !== last.body) last = { body, key: crypto.randomUUID() };
    const button = form.querySelector('button');
    button.disabled = true;
    try {
      const res = await fetch('/public/storefronts/' + encodeURIComponent(form.dataset.slug) + '/orders', {
        method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': last.key }, body,
      });
      const answer = await res.json();
      if (res.status === 201) { const url = new URL(answer.checkoutUrl); location.assign(url.pathname + url.search); return; }
      const list = document.createElement('ul');
      for (const e of answer.errors || [{ field: '', description: answer.message || (answer.error && answer.error.message) || String(res.status) }]) {
        const li = document.createElement('li');
        li.textContent = (e.field ? e.field + ': ' : '') + e.description;
        list.append(li);
      }
      errors.textContent = errors.dataset.failed;
      errors.append(list);
      errors.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
})();
`;

export function renderShopPage(shop: PublicShop, locale: PageLocale, nonce: string, testMode: boolean): string {
  const currency = shop.currency ?? 'BRL';
  return shopPage({
    locale,
    t: TEXT[locale],
    styles: STYLES,
    script: SCRIPT,
    nonce,
    testMode,
    shop,
    scale: currencyExponent(currency),
    offersPickup: shop.fulfillmentMode !== 'shipping',
    offersShipping: shop.fulfillmentMode !== 'pickup',
    pickupFirst: shop.fulfillmentMode !== 'shipping',
    shippingAmount: shop.fulfillmentMode === 'pickup' ? '' : (shop.shippingFlatAmount ?? ''),
    shippingLabel: shop.shippingFlatAmount === null ? '' : formatAmount(shop.shippingFlatAmount, currency, locale),
    products: shop.products.map((p) => ({ ...p, price: formatAmount(p.unitPrice, p.currency, locale, true) })),
  });
}

export function renderShopNotFound(locale: PageLocale): string {
  return notFoundPage({ locale, t: TEXT[locale], styles: STYLES });
}
