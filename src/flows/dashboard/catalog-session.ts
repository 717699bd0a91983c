// What the catalog routes share: the signed-in member's view (layout, whether the role may change
// the catalog), reading through the service's own API as that member (callApi GET), the page
// after an API refusal, and the schema pieces of the routes' OpenAPI entries.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import { getTenant } from '../../modules/accounts/index.ts';
import { findMemberView, type DashboardSession, type MemberRole, type MemberView } from '../../modules/members/index.ts';
import { callApi } from './api-call.ts';
import { renderCatalogMessage } from './catalog-page.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import type { LayoutView } from './layout-page.ts';

/** The roles that change the catalog; support and read_only read it. */
export const CATALOG_EDITORS: readonly MemberRole[] = ['owner', 'admin'];

export interface CatalogMember {
  session: DashboardSession;
  member: MemberView;
  layout: LayoutView;
  canEdit: boolean;
}

export async function catalogMember(kit: DashboardKit, session: DashboardSession): Promise<CatalogMember | undefined> {
  const tenant = { accountId: session.accountId, environment: session.environment };
  const [account, member] = await Promise.all([getTenant(kit.deps.db, { tenant, now: kit.deps.clock.now() }), findMemberView(kit.deps.db, session.memberId)]);
  if (!member) return undefined;
  return { session, member, layout: { accountName: account.name, environment: session.environment, csrf: session.csrfToken }, canEdit: CATALOG_EDITORS.includes(member.role) };
}

/** The signed-in member of a page request, or the redirect to sign-in already sent. */
export async function pageMember(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply): Promise<CatalogMember | FastifyReply> {
  const session = await kit.session(request);
  const member = session && (await catalogMember(kit, session));
  return member ?? reply.redirect('/dashboard/login', 303);
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

/** `?cursor=` of a list page, passed on to the API as it came. */
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
