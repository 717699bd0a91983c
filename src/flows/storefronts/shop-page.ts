// The shop's HTML page (GET /shop/{slug}): products (image, description, price) each with an "add"
// button, the cart summary (a line per product with one less / one more, shipping, total), the
// payer's details, the fulfillment choice and, when asked, the address (country and state selects,
// CEP mask: http/address-fields.ts), and the seller (name, CNPJ, support email); a small script (assets/shop-page.js, allowed by
// the answer's CSP nonce, no inline handlers) posts the cart to POST /public/storefronts/{slug}/orders
// with an Idempotency-Key and goes to the checkout URL (the hosted invoice page). The script adds
// amounts as integers scaled by the currency's digits (BigInt), never floats, and formats them by
// Intl from a decimal string; a retry of an unchanged cart reuses its Idempotency-Key, so a double
// click orders once. pt-BR by default, English by Accept-Language (shop-page.text.ts). The markup
// is templates/shop-page.hbs and templates/shop-not-found.hbs; Handlebars escapes every value; the
// stylesheet (assets/shop-page.css, with one rule per accent colour written in) is allowed by hash.
import { currencyExponent } from '../../core/money.ts';
import { ADDRESS_FIELDS_SCRIPT, addressFieldsView } from '../../http/address-fields.ts';
import { formatAmount, type PageLocale } from '../../http/page-locale.ts';
import { formatCnpj } from '../../modules/accounts/index.ts';
import { pageValidationJson } from '../../http/page-validation.text.ts';
import { pageAsset, pageTemplate, styleHash } from '../../http/page-templates.ts';
import type { PublicShop, ShopSeller } from './orders.ts';
import { SHOP_PAGE_TEXT as TEXT } from './shop-page.text.ts';
import { ACCENT_COLOURS } from './storefront-rules.ts';

/** The stylesheet's line that becomes one `.accent-{name}` rule per accent colour. */
const ACCENTS_LINE = /^ {2}\/\* accents: .*\*\/$/m;
const accents = Object.entries(ACCENT_COLOURS)
  .map(([name, colour]) => `.accent-${name} { --accent: ${colour}; }`)
  .join('\n  ');
const stylesheet = pageAsset(new URL('./assets/shop-page.css', import.meta.url));
if (!ACCENTS_LINE.test(stylesheet)) throw new Error('assets/shop-page.css has no accents line');
const STYLES = stylesheet.replace(ACCENTS_LINE, () => `  ${accents}`);
const SCRIPT = pageAsset(new URL('./assets/shop-page.js', import.meta.url)) + ADDRESS_FIELDS_SCRIPT;

/** For the Content-Security-Policy: the only style the page may apply. */
export const SHOP_STYLE_HASH = styleHash(STYLES);

const shopPage = pageTemplate(new URL('./templates/shop-page.hbs', import.meta.url), { strict: false });
const notFoundPage = pageTemplate(new URL('./templates/shop-not-found.hbs', import.meta.url), { strict: true });

/**
 * The page; `preview` is its seller's look at it from the dashboard: the same markup with a banner
 * saying orders are off there, and no script (nothing can be ordered from a preview).
 */
export function renderShopPage(shop: PublicShop, seller: ShopSeller, locale: PageLocale, nonce: string, testMode: boolean, preview = false): string {
  const currency = shop.currency ?? 'BRL';
  const t = TEXT[locale];
  return shopPage({
    locale,
    t,
    seller,
    cnpj: seller.cnpj ? formatCnpj(seller.cnpj) : '',
    address: addressFieldsView(locale),
    // A JSON data block, never executed: "<" is escaped so no text can close the element.
    pageText: JSON.stringify({ less: t.less, more: t.more }).replace(/</g, '\\u003c'),
    validation: pageValidationJson(locale),
    styles: STYLES,
    script: SCRIPT,
    nonce,
    testMode,
    preview,
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
