// The catalog pages: products (with their versions' states), one product (versions, prices,
// payment links, the forms that add to them), meters, coupons and payment links. Money by
// core/locale.ts in the product's currency; the shared top (section links, the API's error, the
// read-only notice) is one template every catalog page inserts under the dashboard's header.
import { formatAmount, formatShortDay } from '../../core/locale.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import { formIdempotencyKey } from './api-call.ts';
import { describePrice } from './catalog-prices.text.ts';
import {
  COUPON_FIELDS,
  LINK_FIELDS,
  METER_FIELDS,
  PRODUCT_FIELDS,
  type ApiCoupon,
  type ApiMeter,
  type ApiPaymentLink,
  type ApiProduct,
  type ApiVersion,
  type FormValues,
} from './catalog-forms.ts';
import { CATALOG_TEXT, type CatalogText } from './catalog-page.text.ts';
import { modelOf, tierRows, VERSION_FIELDS } from './catalog-price-form.ts';
import { DASHBOARD_STYLES } from './dashboard-page.ts';
import { renderHeader, type LayoutView } from './layout-page.ts';

const template = (name: string) => pageTemplate<object>(new URL(`./templates/${name}.hbs`, import.meta.url), { strict: true });
const TEMPLATES = {
  top: template('catalog-top'),
  products: template('catalog-products'),
  product: template('catalog-product'),
  meters: template('catalog-meters'),
  coupons: template('catalog-coupons'),
  links: template('catalog-links'),
  message: template('catalog-message'),
};

export type CatalogSection = 'products' | 'meters' | 'coupons' | 'links';
const SECTIONS: Array<{ id: CatalogSection; href: string }> = [
  { id: 'products', href: '/dashboard/catalog' },
  { id: 'meters', href: '/dashboard/catalog/meters' },
  { id: 'coupons', href: '/dashboard/catalog/coupons' },
  { id: 'links', href: '/dashboard/catalog/payment-links' },
];

/** An API's refusal as the page shows it: our heading by status, then the API's own words. */
export interface ErrorView {
  title: string;
  message: string;
  fields: string[];
}

/** `label` names an API field path as the form labels it (the path itself by default). */
export function errorView(locale: PageLocale, status: number, body: unknown, label: (field: string) => string = (field) => field): ErrorView {
  const text = CATALOG_TEXT[locale];
  const answer = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; errors?: unknown; error?: { message?: unknown } };
  const message = typeof answer.message === 'string' ? answer.message : typeof answer.error?.message === 'string' ? answer.error.message : '';
  const fields = Array.isArray(answer.errors) ? answer.errors.map((e: { field?: string; description?: string }) => `${label(e.field ?? '')}: ${e.description ?? ''}`) : [];
  return { title: text.errors[status] ?? text.errors.other, message, fields };
}

/** What every catalog page gets: the layout, whether the member may change the catalog, the form's keys. */
export interface CatalogFrame {
  layout: LayoutView;
  canEdit: boolean;
  error?: ErrorView;
  values?: FormValues;
  /** The list's next page, when there is one. */
  nextHref?: string;
}

function frame(locale: PageLocale, current: CatalogSection, f: CatalogFrame, fields: readonly string[] = []) {
  const text = CATALOG_TEXT[locale];
  const top = TEMPLATES.top({
    text,
    sections: SECTIONS.map((s) => ({ ...s, label: sectionLabel(text, s.id), current: s.id === current })),
    canEdit: f.canEdit,
    error: f.error ?? null,
  });
  return {
    locale,
    text,
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, f.layout, 'catalog'),
    top,
    accountName: f.layout.accountName,
    csrf: f.layout.csrf,
    // One fresh key per form and per render: two forms of a page are two requests, and a form
    // shown again after a refusal is a new attempt, not a replay.
    idempotencyKey: formIdempotencyKey(),
    canEdit: f.canEdit,
    nextHref: f.nextHref ?? null,
    // Every field the form shows, blank unless posted (the templates are strict).
    values: { ...Object.fromEntries(fields.map((name) => [name, ''])), ...f.values } as FormValues,
  };
}

function sectionLabel(text: CatalogText, id: CatalogSection): string {
  return id === 'links' ? text.paymentLinks : text[id];
}

const options = <K extends string>(names: Record<K, string>, chosen: string | undefined) =>
  (Object.keys(names) as K[]).map((value) => ({ value, name: names[value], selected: value === chosen }));

const versionLabel = (v: Pick<ApiVersion, 'version'>) => `v${v.version}`;

export interface ProductsView extends CatalogFrame {
  products: Array<ApiProduct & { versions: ApiVersion[] }>;
}

export function renderProducts(locale: PageLocale, view: ProductsView): string {
  const text = CATALOG_TEXT[locale];
  const base = frame(locale, 'products', view, PRODUCT_FIELDS);
  return TEMPLATES.products({
    ...base,
    pricingModels: options(text.pricingModels, base.values.pricingModel || 'one_time'),
    billingCycles: options(text.billingCycles, base.values.billingCycle),
    products: view.products.map((p) => ({
      id: p.id,
      name: p.name,
      key: p.key,
      model: text.pricingModels[p.pricingModel],
      currency: p.currency,
      versions: p.versions.map((v) => ({ label: versionLabel(v), status: text.versionStatuses[v.status], isDefault: v.isDefault })),
    })),
  });
}

export interface ProductView extends CatalogFrame {
  /** Rows to add to the tiers table ("more rows" pressed). */
  moreTierRows?: number;
  product: ApiProduct;
  versions: ApiVersion[];
  links: ApiPaymentLink[];
  meters: ApiMeter[];
}

export function renderProduct(locale: PageLocale, view: ProductView): string {
  const text = CATALOG_TEXT[locale];
  const base = frame(locale, 'products', view, [...VERSION_FIELDS, ...LINK_FIELDS]);
  const { product } = view;
  const money = (amount: string, full = false) => formatAmount(amount, product.currency, locale, full);
  const hasDefault = view.versions.some((v) => v.isDefault);
  const published = view.versions.filter((v) => v.status === 'published');
  const labels = new Map(view.versions.map((v) => [v.id, versionLabel(v)]));
  return TEMPLATES.product({
    ...base,
    product: { id: product.id, name: product.name, key: product.key, description: product.description, model: text.pricingModels[product.pricingModel], currency: product.currency },
    versions: view.versions.map((v) => ({
      id: v.id,
      label: versionLabel(v),
      status: text.versionStatuses[v.status],
      isDefault: v.isDefault,
      basePrice: v.basePrice === null ? text.noBasePrice : money(v.basePrice),
      cycle: v.billingCycle === null ? null : text.billingCycles[v.billingCycle],
      prices: v.prices.map((p) => ({ meter: p.meter, unitPrice: describePrice(p, locale, (amount) => money(amount, true)) })),
      draft: v.status === 'draft',
      publishKey: formIdempotencyKey(),
      // An offer needs a default to sit beside (the API answers 422 no_default_version otherwise).
      canOffer: v.status === 'draft' && hasDefault,
      created: formatShortDay(new Date(v.createdAt), locale),
    })),
    hasCycle: product.pricingModel === 'subscription' || product.pricingModel === 'prepaid',
    billingCycles: options(text.billingCycles, base.values.billingCycle),
    meters: view.meters.map((m) => ({ key: m.key, name: m.name, selected: m.key === base.values.meter })),
    priceModels: options(text.priceForm.models, modelOf(base.values)),
    tierRows: tierRows(base.values, text, view.moreTierRows),
    offers: view.versions
      .filter((v) => v.status === 'published' && !v.isDefault)
      .map((v) => ({ id: v.id, label: versionLabel(v), basePrice: v.basePrice === null ? text.noBasePrice : money(v.basePrice), endKey: formIdempotencyKey() })),
    published: published.map((v) => ({ id: v.id, label: `${versionLabel(v)}${v.isDefault ? ` (${text.default})` : ''}`, selected: v.id === base.values.productVersionId })),
    linkKey: formIdempotencyKey(),
    links: view.links.map((l) => ({ id: l.id, url: l.url, version: labels.get(l.productVersionId) ?? '', quantity: l.quantity, active: l.active })),
  });
}

export interface MetersView extends CatalogFrame {
  meters: ApiMeter[];
}

export function renderMeters(locale: PageLocale, view: MetersView): string {
  const text = CATALOG_TEXT[locale];
  const base = frame(locale, 'meters', view, METER_FIELDS);
  return TEMPLATES.meters({
    ...base,
    aggregations: options(text.aggregations, base.values.aggregation || 'sum'),
    meters: view.meters.map((m) => ({ id: m.id, key: m.key, name: m.name, aggregation: text.aggregations[m.aggregation], unit: m.unit, property: m.property })),
  });
}

export interface CouponsView extends CatalogFrame {
  coupons: ApiCoupon[];
}

export function renderCoupons(locale: PageLocale, view: CouponsView): string {
  const text = CATALOG_TEXT[locale];
  const base = frame(locale, 'coupons', view, COUPON_FIELDS);
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  return TEMPLATES.coupons({
    ...base,
    durations: options(text.durations, base.values.duration || 'once'),
    coupons: view.coupons.map((c) => ({
      id: c.id,
      code: c.code,
      // The string overload of format() is exact, as in formatAmount.
      percentOff: `${percent.format(c.percentOff as unknown as number)}%`,
      duration: c.duration === 'repeating' ? `${text.durations.repeating} (${c.durationInCycles})` : text.durations[c.duration],
      status: text.couponStatuses[c.status],
      redeemed: c.maxRedemptions === null ? text.redeemed(c.timesRedeemed) : `${text.redeemed(c.timesRedeemed)} / ${c.maxRedemptions}`,
      redeemBy: c.redeemBy === null ? null : formatShortDay(new Date(c.redeemBy), locale),
    })),
  });
}

export interface LinksView extends CatalogFrame {
  links: Array<ApiPaymentLink & { productName: string }>;
}

export function renderLinks(locale: PageLocale, view: LinksView): string {
  const base = frame(locale, 'links', view);
  return TEMPLATES.links({ ...base, links: view.links.map((l) => ({ id: l.id, url: l.url, productId: l.productId, productName: l.productName, quantity: l.quantity, active: l.active })) });
}

/** The 404 (another account's or environment's id, an unknown or malformed one) or the role's 403. */
export function renderCatalogMessage(locale: PageLocale, layout: LayoutView, kind: 'notFound' | 'forbidden'): string {
  const text = CATALOG_TEXT[locale];
  return TEMPLATES.message({
    locale,
    text,
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, layout, 'catalog'),
    title: kind === 'notFound' ? text.notFoundTitle : text.forbiddenTitle,
    message: kind === 'notFound' ? text.notFound : text.forbidden,
    id: kind === 'notFound' ? 'not-found' : 'forbidden',
  });
}
