// The dashboard's customers pages (issue #32): GET /dashboard/customers (search, pages of 25,
// newest first) and GET /dashboard/customers/:customerID. Read-only, of the session's account and
// environment; signed out, 303 to the sign-in page; an id of no customer of the tenant (another
// account's, or malformed) answers 404 alike.
import { Type } from '@sinclair/typebox';
import type { UseCaseContext } from '../../core/context.ts';
import { isUuid } from '../../core/ids.ts';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { getTenant } from '../../modules/accounts/index.ts';
import { searchCustomers } from '../../modules/customers/index.ts';
import type { DashboardSession } from '../../modules/members/index.ts';
import { loadCustomerDetail } from './customer-detail.ts';
import { renderCustomer, renderCustomerList, renderCustomerNotFound } from './customers-page.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import type { LayoutView } from './layout-page.ts';

const tags = ['dashboard'];
const PAGE_SIZE = 25;
const signedOut = { description: 'Signed out: to /dashboard/login.', type: 'null' as const };
const pageConfig = { auth: 'none' as const, page: true, keylessCost: { cost: 'page' as const } };

export function registerCustomersRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;

  /** The use-case context and the header's view of a signed-in session. */
  async function signedInView(session: DashboardSession): Promise<{ ctx: UseCaseContext; layout: LayoutView }> {
    const ctx = { tenant: { accountId: session.accountId, environment: session.environment }, now: deps.clock.now(), baseUrl: deps.config.baseUrl };
    const account = await getTenant(deps.db, ctx);
    return { ctx, layout: { accountName: account.name, environment: session.environment, csrf: session.csrfToken } };
  }

  scope.get(
    '/dashboard/customers',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: customers',
        description: 'The customers of the session\'s account and environment, newest first, 25 a page; q searches name, email and externalId (case-insensitive) and the document (punctuation ignored).',
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), cursor: Type.Optional(Type.String({ maxLength: 100 })) }),
        // An over-long q or cursor is refused before the page, in the API's error shape.
        response: { 200: htmlResponse('The customers page.'), 303: signedOut, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const session = await kit.session(request);
      if (!session) return reply.redirect('/dashboard/login', 303);
      const { ctx, layout } = await signedInView(session);
      const q = request.query.q ?? '';
      const page = await searchCustomers(deps.db, ctx, q, { limit: PAGE_SIZE, afterId: afterIdOf(request.query.cursor) });
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderCustomerList(locale, layout, q, page));
    },
  );

  scope.get(
    '/dashboard/customers/:customerID',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: one customer',
        description: 'The customer, its credit balances, its newest 20 invoices and their payments. Another account\'s or environment\'s id, or a malformed one, answers 404.',
        params: Type.Object({ customerID: Type.String({ maxLength: 100 }) }),
        response: { 200: htmlResponse('The customer page.'), 303: signedOut, 404: htmlResponse('No such customer in this account and environment.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const session = await kit.session(request);
      if (!session) return reply.redirect('/dashboard/login', 303);
      const { ctx, layout } = await signedInView(session);
      const detail = await loadCustomerDetail(deps.db, ctx, request.params.customerID);
      const locale = kit.locale(request);
      if (!detail) return kit.page(reply, 404, locale, renderCustomerNotFound(locale, layout));
      return kit.page(reply, 200, locale, renderCustomer(locale, layout, detail));
    },
  );
}

/** The id a `cursor` query names (the API's encoding); a broken cursor starts from the newest. */
export function afterIdOf(cursor: string | undefined): string | null {
  if (!cursor) return null;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return isUuid(id) ? id : null;
}
