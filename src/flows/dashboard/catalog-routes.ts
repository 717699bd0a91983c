// The dashboard's catalog pages (issue #32): products with their versions' states, one product
// (versions, prices, payment links), meters, coupons and payment links, of the session's account
// and environment. Every role reads them; the forms show for owners and admins, and post to
// catalog-actions.ts. Reads go through the API (callApi GET): the catalog's lists are not on its
// module's door, and the API's answers carry the wire amounts and the links' URLs as clients see them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../core/ids.ts';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { formIdempotencyKey } from './api-call.ts';
import { registerCatalogActions } from './catalog-actions.ts';
import type { ApiCoupon, ApiMeter, ApiPaymentLink, ApiProduct, ApiVersion, FormValues } from './catalog-forms.ts';
import { renderCoupons, renderLinks, renderMeters, renderProduct, renderProducts, type ErrorView } from './catalog-page.ts';
import {
  isMember,
  listResponses,
  listUrl,
  ListPageQuery,
  notFound,
  pageMember,
  ProductParams,
  readApi,
  signedOut,
  tags,
  type CatalogMember,
} from './catalog-session.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { pageConfig } from './members-forms.ts';

const PRODUCTS_PAGE = 20;
const LIST_PAGE = 25;
/** A product's versions, links and the meters a price may name, on one page (the API's largest page). */
const ALL = 100;

/** A page's answer after a refused form: its status, the API's error and what was typed. */
export interface Outcome {
  status: number;
  error?: ErrorView;
  values?: FormValues;
}

type Lists<K extends string, T> = Record<K, T[]> & { nextCursor: string | null };

function nextHref(path: string, cursor: string | null): string | undefined {
  return cursor === null ? undefined : `${path}?${new URLSearchParams({ cursor })}`;
}

export async function productsPage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: CatalogMember, cursor?: string, outcome: Outcome = { status: 200 }) {
  const page = (await readApi<Lists<'products', ApiProduct>>(kit, who, listUrl('/products', PRODUCTS_PAGE, cursor)))!;
  const products = await Promise.all(
    page.products.map(async (product) => {
      const versions = await readApi<Lists<'versions', ApiVersion>>(kit, who, listUrl(`/products/${product.id}/versions`, ALL, undefined));
      return { ...product, versions: sortVersions(versions?.versions ?? []) };
    }),
  );
  const locale = kit.locale(request);
  const html = renderProducts(locale, { ...frameOf(who, outcome), products, nextHref: nextHref('/dashboard/catalog', page.nextCursor) });
  return kit.page(reply, outcome.status, locale, html);
}

/** The product's page, or the 404 page when the id is not a product of the session's tenant. */
export async function productPage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: CatalogMember, productId: string, outcome: Outcome = { status: 200 }) {
  const product = isUuid(productId) ? await readApi<ApiProduct>(kit, who, `/products/${productId}`) : null;
  if (!product) return notFound(kit, request, reply, who);
  const [versions, links, meters] = await Promise.all([
    readApi<Lists<'versions', ApiVersion>>(kit, who, listUrl(`/products/${productId}/versions`, ALL, undefined)),
    readApi<Lists<'paymentLinks', ApiPaymentLink>>(kit, who, listUrl('/payment-links', ALL, undefined, { productId })),
    readApi<Lists<'meters', ApiMeter>>(kit, who, listUrl('/meters', ALL, undefined)),
  ]);
  const locale = kit.locale(request);
  const html = renderProduct(locale, {
    ...frameOf(who, outcome),
    product,
    versions: sortVersions(versions?.versions ?? []),
    links: links?.paymentLinks ?? [],
    meters: meters?.meters ?? [],
  });
  return kit.page(reply, outcome.status, locale, html);
}

export async function metersPage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: CatalogMember, cursor?: string, outcome: Outcome = { status: 200 }) {
  const page = (await readApi<Lists<'meters', ApiMeter>>(kit, who, listUrl('/meters', LIST_PAGE, cursor)))!;
  const locale = kit.locale(request);
  const html = renderMeters(locale, { ...frameOf(who, outcome), meters: page.meters, nextHref: nextHref('/dashboard/catalog/meters', page.nextCursor) });
  return kit.page(reply, outcome.status, locale, html);
}

export async function couponsPage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: CatalogMember, cursor?: string, outcome: Outcome = { status: 200 }) {
  const page = (await readApi<Lists<'coupons', ApiCoupon>>(kit, who, listUrl('/billing/coupons', LIST_PAGE, cursor)))!;
  const locale = kit.locale(request);
  const html = renderCoupons(locale, { ...frameOf(who, outcome), coupons: page.coupons, nextHref: nextHref('/dashboard/catalog/coupons', page.nextCursor) });
  return kit.page(reply, outcome.status, locale, html);
}

async function linksPage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: CatalogMember, cursor?: string) {
  const page = (await readApi<Lists<'paymentLinks', ApiPaymentLink>>(kit, who, listUrl('/payment-links', LIST_PAGE, cursor)))!;
  // Each product once (a page of links may share a few products).
  const ids = [...new Set(page.paymentLinks.map((link) => link.productId))];
  const names = new Map((await Promise.all(ids.map((id) => readApi<ApiProduct>(kit, who, `/products/${id}`)))).flatMap((p) => (p ? [[p.id, p.name] as const] : [])));
  const links = page.paymentLinks.map((link) => ({ ...link, productName: names.get(link.productId) ?? '' }));
  const locale = kit.locale(request);
  const html = renderLinks(locale, { ...frameOf(who, { status: 200 }), links, nextHref: nextHref('/dashboard/catalog/payment-links', page.nextCursor) });
  return kit.page(reply, 200, locale, html);
}

/** Versions newest first (the number, not the id: the API's page order is an implementation's). */
function sortVersions(versions: ApiVersion[]): ApiVersion[] {
  return [...versions].sort((a, b) => b.version - a.version);
}

function frameOf(who: CatalogMember, outcome: Outcome) {
  // A fresh key on every render: a form re-shown after a refusal is a new attempt, not a replay.
  return { layout: who.layout, canEdit: who.canEdit, idempotencyKey: formIdempotencyKey(), error: outcome.error, values: outcome.values };
}

export function registerCatalogRoutes(scope: App, kit: DashboardKit): void {
  const list = (path: string, summary: string, description: string, show: typeof metersPage | typeof linksPage) =>
    scope.get(
      path,
      { config: pageConfig, schema: { tags, summary, description, querystring: ListPageQuery, response: listResponses('The page.') } },
      async (request, reply) => {
        const who = await pageMember(kit, request, reply);
        return isMember(who) ? show(kit, request, reply, who, request.query.cursor) : who;
      },
    );

  list('/dashboard/catalog', 'The dashboard: products', "The products of the session's account and environment, newest first, 20 a page, with their versions' states; owners and admins also get the new-product form.", productsPage);
  list('/dashboard/catalog/meters', 'The dashboard: meters', 'The meters, newest first, 25 a page; owners and admins also get the new-meter form.', metersPage);
  list('/dashboard/catalog/coupons', 'The dashboard: coupons', 'The coupons, newest first, 25 a page; owners and admins also get the new-coupon form.', couponsPage);
  list('/dashboard/catalog/payment-links', 'The dashboard: payment links', 'The payment links with their URLs and products, newest first, 25 a page. Links are created on a product page.', linksPage);

  scope.get(
    '/dashboard/catalog/products/:productID',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: one product',
        description: "The product, its versions (states, base price, usage prices) and payment links; owners and admins also get the forms: a new draft version, publish a draft, a new link for a published version. Another account's or environment's id, or a malformed one, answers 404.",
        params: ProductParams,
        response: { 200: htmlResponse('The product page.'), 303: signedOut, 404: htmlResponse('No such product in this account and environment.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageMember(kit, request, reply);
      return isMember(who) ? productPage(kit, request, reply, who, request.params.productID) : who;
    },
  );

  registerCatalogActions(scope, kit);
}
