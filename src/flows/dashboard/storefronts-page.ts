// The storefronts pages: the list with its create form, and one storefront's settings form (the
// fields PATCH /storefronts/{id} accepts), in the page's language inside the shared header.
import { formIdempotencyKey } from './api-call.ts';
import { pageTemplate } from '../../http/page-templates.ts';
import type { PageLocale } from '../../http/page-locale.ts';
import { THEME_ACCENTS, THEME_PRESETS } from '../storefronts/index.ts';
import { BUSINESS_TEXT } from './business-pages.text.ts';
import type { ErrorView } from './catalog-page.ts';
import { DASHBOARD_STYLES } from './dashboard-page.ts';
import { renderHeader, type LayoutView } from './layout-page.ts';
import { STOREFRONTS_TEXT } from './storefronts-page.text.ts';

const listTemplate = pageTemplate<object>(new URL('./templates/storefronts.hbs', import.meta.url), { strict: true });
const editTemplate = pageTemplate<object>(new URL('./templates/storefront.hbs', import.meta.url), { strict: true });
const errorTemplate = pageTemplate<object>(new URL('./templates/storefront-error.hbs', import.meta.url));
const notFoundTemplate = pageTemplate<object>(new URL('./templates/not-found.hbs', import.meta.url), { strict: true });

/** A storefront as GET /storefronts/{id} answers it. */
export interface ApiStorefront {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  theme: { preset: string; accent: string };
  status: 'active' | 'disabled';
  fulfillmentMode: 'pickup' | 'shipping' | 'both';
  requireAddress: boolean;
  pickupNote: string | null;
  shippingFlatAmount: string | null;
  logoObjectKey: string | null;
  logoUrl: string | null;
  productIds: string[];
}

/** The form's fields as typed (or as saved), shown again after a refusal. */
export type StorefrontValues = Record<string, string | boolean | string[] | undefined>;

export interface Refusal {
  status: number;
  error: ErrorView;
  /** The form's values as sent; absent: the saved ones (a refused logo upload). */
  values?: StorefrontValues;
}

interface Frame {
  layout: LayoutView;
  canEdit: boolean;
  idempotencyKey: string;
  refusal?: Refusal;
}

function frameOf(locale: PageLocale, frame: Frame) {
  const { layout, refusal } = frame;
  return {
    locale,
    text: STOREFRONTS_TEXT[locale],
    styles: DASHBOARD_STYLES,
    header: renderHeader(locale, layout, 'storefronts'),
    accountName: layout.accountName,
    csrf: layout.csrf,
    canEdit: frame.canEdit,
    idempotencyKey: frame.idempotencyKey,
    errorBox: refusal ? errorTemplate({ error: refusal.error, status: refusal.status }) : '',
  };
}

export function renderStorefronts(locale: PageLocale, frame: Frame, storefronts: ApiStorefront[]): string {
  const text = STOREFRONTS_TEXT[locale];
  return listTemplate({
    ...frameOf(locale, frame),
    values: frame.refusal?.values ?? { name: '', slug: '' },
    storefronts: storefronts.map((s) => ({ id: s.id, name: s.name, slug: s.slug, status: text.statuses[s.status] })),
  });
}

/** The values a saved storefront fills its form with. */
export function savedValues(storefront: ApiStorefront): StorefrontValues {
  return {
    name: storefront.name,
    slug: storefront.slug,
    description: storefront.description ?? '',
    preset: storefront.theme.preset,
    accent: storefront.theme.accent,
    status: storefront.status,
    fulfillmentMode: storefront.fulfillmentMode,
    shippingFlatAmount: storefront.shippingFlatAmount ?? '',
    pickupNote: storefront.pickupNote ?? '',
    requireAddress: storefront.requireAddress,
    logoObjectKey: storefront.logoObjectKey ?? '',
    productIds: storefront.productIds,
  };
}

export function renderStorefront(locale: PageLocale, frame: Frame, storefront: ApiStorefront, products: Array<{ id: string; name: string }>, baseUrl: string): string {
  const text = STOREFRONTS_TEXT[locale];
  const values = frame.refusal?.values ?? savedValues(storefront);
  const chosen = new Set(Array.isArray(values.productIds) ? values.productIds : []);
  const options = <T extends string>(list: readonly T[], current: unknown, label: (value: T) => string = (v) => v) =>
    list.map((value) => ({ value, label: label(value), selected: value === current }));
  return editTemplate({
    ...frameOf(locale, frame),
    id: storefront.id,
    name: storefront.name,
    publicHref: `${baseUrl}/shop/${storefront.slug}`,
    previewHref: `/dashboard/storefronts/${storefront.id}/preview`,
    // The logo form is a second request of its own: its own key.
    logoIdempotencyKey: formIdempotencyKey(),
    logoUrl: storefront.logoUrl,
    logoWas: storefront.logoObjectKey ?? '',
    values,
    presets: options(THEME_PRESETS, values.preset),
    accents: options(THEME_ACCENTS, values.accent),
    statuses: options(['active', 'disabled'] as const, values.status, (v) => text.statuses[v]),
    modes: options(['pickup', 'shipping', 'both'] as const, values.fulfillmentMode, (v) => text.modes[v]),
    products: products.map((p) => ({ ...p, checked: chosen.has(p.id) })),
  });
}

export function renderStorefrontNotFound(locale: PageLocale, layout: LayoutView): string {
  const text = STOREFRONTS_TEXT[locale];
  const words = { ...BUSINESS_TEXT[locale], notFoundTitle: text.notFoundTitle, notFound: text.notFound };
  return notFoundTemplate({ locale, words, styles: DASHBOARD_STYLES, header: renderHeader(locale, layout, 'storefronts') });
}
