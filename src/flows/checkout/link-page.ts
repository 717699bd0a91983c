// The payment link's checkout page (GET /pay/{slug}/{linkID}) and its "not found" twin: the
// product, its price for the page's locale, the seller's branding, a payer form (name, email, CPF or
// CNPJ, the address when the product is shipped), the methods the account accepts as a preferred
// choice, and a coupon code. A small script (assets/link-page.js, allowed by the answer's CSP nonce,
// no inline handlers) posts the form to POST /pay/{slug}/{linkID}/checkout with an Idempotency-Key
// it keeps while the form is unchanged (a double click or a retry after a lost answer makes one
// invoice; a corrected form is a new request with a new key) and goes to the invoice's hosted page.
// pt-BR by default, English by Accept-Language (link-page.text.ts). The markup is
// templates/link-page.hbs and templates/link-not-found.hbs; Handlebars escapes every value; the
// stylesheet (assets/link-page.css) is allowed by hash.
import { ADDRESS_FIELDS_SCRIPT, addressFieldsView } from '../../http/address-fields.ts';
import { formatAmount, type PageLocale } from '../../http/page-locale.ts';
import { formatCnpj } from '../../modules/accounts/index.ts';
import { pageAsset, pageTemplate, styleHash } from '../../http/page-templates.ts';
import { pageValidationJson } from '../../http/page-validation.text.ts';
import type { PaymentLinkOffer } from './link-checkout.ts';
import { LINK_PAGE_CYCLES as CYCLES, LINK_PAGE_METHODS as METHODS, LINK_PAGE_TEXT as TEXT } from './link-page.text.ts';

const STYLES = pageAsset(new URL('./assets/link-page.css', import.meta.url));
const SCRIPT = pageAsset(new URL('./assets/link-page.js', import.meta.url)) + ADDRESS_FIELDS_SCRIPT;

/** For the Content-Security-Policy: the only style the page may apply. */
export const PAYMENT_LINK_STYLE_HASH = styleHash(STYLES);

const checkoutPage = pageTemplate(new URL('./templates/link-page.hbs', import.meta.url), { strict: false });
const notFoundPage = pageTemplate(new URL('./templates/link-not-found.hbs', import.meta.url), { strict: true });

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
    cnpj: offer.account.cnpj ? formatCnpj(offer.account.cnpj) : '',
    address: addressFieldsView(locale),
    product: offer.product,
    amount: formatAmount(offer.amount, offer.currency, locale),
    unitPrice: formatAmount(offer.unitPrice, offer.currency, locale, true),
    quantity: offer.quantity,
    several,
    cycle: offer.kind === 'subscription' && offer.billingCycle ? CYCLES[locale][offer.billingCycle as keyof (typeof CYCLES)['en']] : '',
    documentRequired: offer.currency === 'BRL',
    methods: offer.paymentMethods.map((value) => ({ value, label: METHODS[locale][value] })),
    labels: JSON.stringify(t.fields),
    validation: pageValidationJson(locale),
    action: `/pay/${encodeURIComponent(offer.slug)}/${offer.linkId}/checkout`,
  });
}

export function renderPaymentLinkNotFound(locale: PageLocale): string {
  return notFoundPage({ locale, t: TEXT[locale], styles: STYLES });
}
