// What the catalog's routes show and share (issue #32): the signed-in member's view (layout,
// whether the role may change the catalog), reads through the service's own API as that member
// (callApi GET: the catalog's lists are not on its module's door, and the API's answers carry the
// wire amounts and the links' URLs as clients see them), each page with its lists, the 404 page,
// and the schema pieces of the routes' OpenAPI entries.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../core/ids.ts';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { MemberRole } from '../../modules/members/index.ts';
import { callApi } from './api-call.ts';
import type { ApiCoupon, ApiMeter, ApiPaymentLink, ApiProduct, ApiVersion, FormValues } from './catalog-forms.ts';
import { renderCatalogMessage, renderCoupons, renderLinks, renderMeters, renderProduct, renderProducts, type ErrorView } from './catalog-page.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { isSignedIn, pageSignedIn, type SignedIn } from './signed-in.ts';

/** The roles that change the catalog; support and read_only read it. */
export const CATALOG_EDITORS: readonly MemberRole[] = ['owner', 'admin'];

/** The signed-in member, and whether its role may change the catalog. */
export type CatalogMember = SignedIn & { canEdit: boolean };

export function withCatalogPowers(who: SignedIn): CatalogMember {
  return { ...who, canEdit: who.may(CATALOG_EDITORS) };
}

/** The signed-in member of a page request, or the redirect to sign-in already sent. */
export async function pageMember(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply): Promise<CatalogMember | FastifyReply> {
  const who = await pageSignedIn(kit, request, reply);
  return isSignedIn(who) ? withCatalogPowers(who) : who;
}

export function isMember(value: CatalogMember | FastifyReply): value is CatalogMember {
  return 'canEdit' in value;
}

/** A read through the API (the same tenant filter and wire shapes as an API client's); null on 404. */
export async function readApi<T>(kit: DashboardKit, who: CatalogMember, url: string): Promise<T | null> {
  const answer = await callApi<T>(kit, who.session, { method: 'GET', url });
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The 404 page of the catalog: another account's or environment's id, an unknown or malformed one. */
export function notFound(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: CatalogMember): FastifyReply {
  const locale = kit.locale(request);
  return kit.page(reply, 404, locale, renderCatalogMessage(locale, who.layout, 'notFound'));
}

/**
 * A page of a list, newest first. `cursor` is the page's `?cursor=`, passed on to the API; one
 * the API refuses (edited by hand) starts from the newest, as the customers page does.
 */
async function readPage<T>(kit: DashboardKit, who: CatalogMember, path: string, limit: number, cursor: string | undefined): Promise<T> {
  const answer = await callApi<T>(kit, who.session, { method: 'GET', url: listUrl(path, limit, cursor) });
  if ((answer.status === 400 || answer.status === 422) && cursor) return readPage(kit, who, path, limit, undefined);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** An API list's URL with its page size and cursor. */
export function listUrl(path: string, limit: number, cursor: string | undefined, extra: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ ...extra, limit: String(limit), ...(cursor && { cursor }) })}`;
}

export const tags = ['dashboard'];
export const signedOut = { description: 'Signed out: to /dashboard/login.', type: 'null' as const };
export const ListPageQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 200 })) });
export const ProductParams = Type.Object({ productID: Type.String({ maxLength: 100 }) });
export const VersionParams = Type.Object({ productID: Type.String({ maxLength: 100 }), versionID: Type.String({ maxLength: 100 }) });
/** A list page's answers: an over-long cursor is refused before the page, in the API's error shape. */
export const listResponses = (what: string) => ({ 200: htmlResponse(what), 303: signedOut, ...errorResponses(422) });
export const actionResponses = (done: string) => ({
  303: { description: `${done} (or /dashboard/login when signed out).`, type: 'null' as const },
  400: htmlResponse('The API could not read the request: the form again with its message.'),
  403: htmlResponse('CSRF token refused, or the role cannot change the catalog (support, read_only).'),
  404: htmlResponse('No such product or version in this account and environment.'),
  409: htmlResponse('The API refused a conflict (a meter key in use): the form again with its message.'),
  422: htmlResponse('The API refused a field: the form again with its message.'),
});

const PRODUCTS_PAGE = 20;
const LIST_PAGE = 25;
/** A product's versions, links and the meters a price may name, on one page (the API's largest page). */
const ALL = 100;

/** A page's answer after a refused form: its status, the API's error and what was typed. */
export interface Outcome {
  status: number;
  error?: ErrorView;
  values?: FormValues;
  /** The version form's tiers table grows by this many rows ("more rows" pressed). */
  moreTierRows?: number;
}

type Lists<K extends string, T> = Record<K, T[]> & { nextCursor: string | null };

function nextHref(path: string, cursor: string | null): string | undefined {
  return cursor === null ? undefined : `${path}?${new URLSearchParams({ cursor })}`;
}

export async function productsPage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: CatalogMember, cursor?: string, outcome: Outcome = { status: 200 }) {
  const page = await readPage<Lists<'products', ApiProduct>>(kit, who, '/products', PRODUCTS_PAGE, cursor);
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
    moreTierRows: outcome.moreTierRows,
  });
  return kit.page(reply, outcome.status, locale, html);
}

export async function metersPage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: CatalogMember, cursor?: string, outcome: Outcome = { status: 200 }) {
  const page = await readPage<Lists<'meters', ApiMeter>>(kit, who, '/meters', LIST_PAGE, cursor);
  const locale = kit.locale(request);
  const html = renderMeters(locale, { ...frameOf(who, outcome), meters: page.meters, nextHref: nextHref('/dashboard/catalog/meters', page.nextCursor) });
  return kit.page(reply, outcome.status, locale, html);
}

export async function couponsPage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: CatalogMember, cursor?: string, outcome: Outcome = { status: 200 }) {
  const page = await readPage<Lists<'coupons', ApiCoupon>>(kit, who, '/billing/coupons', LIST_PAGE, cursor);
  const locale = kit.locale(request);
  const html = renderCoupons(locale, { ...frameOf(who, outcome), coupons: page.coupons, nextHref: nextHref('/dashboard/catalog/coupons', page.nextCursor) });
  return kit.page(reply, outcome.status, locale, html);
}

export async function linksPage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: CatalogMember, cursor?: string) {
  const page = await readPage<Lists<'paymentLinks', ApiPaymentLink>>(kit, who, '/payment-links', LIST_PAGE, cursor);
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
  return { layout: who.layout, canEdit: who.canEdit, error: outcome.error, values: outcome.values };
}
