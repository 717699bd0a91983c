// The dashboard's customers pages (issue #32): GET /dashboard/customers (search, pages of 25,
// newest first) and GET /dashboard/customers/:customerID. Read-only, of the session's account and
// environment; signed out, 303 to the sign-in page; an id of no customer of the tenant (another
// account's, or malformed) answers 404 alike.
import { Type } from '@sinclair/typebox';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { searchCustomers } from '../../modules/customers/index.ts';
import { callApi } from './api-call.ts';
import type { ApiRead } from './customer-activity.ts';
import { loadCustomerDetail } from './customer-detail.ts';
import { renderCustomer, renderCustomerList, renderCustomerNotFound } from './customers-page.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { afterIdOf, PAGE_SIZE, signedOut } from './invoices-payments-shared-routes.ts';
import { isSignedIn, pageSignedIn } from './signed-in.ts';

const tags = ['dashboard'];
const pageConfig = { auth: 'none' as const, page: true, keylessCost: { cost: 'page' as const } };

export function registerCustomersRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;

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
      const who = await pageSignedIn(kit, request, reply);
      if (!isSignedIn(who)) return who;
      const { ctx, layout } = who;
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
        description: 'The customer, its credit balances, what it owes (the ledger\'s receivable), its enrollments and subscriptions (with the current period), usage this period per meter, its newest 20 invoices and their payments. Another account\'s or environment\'s id, or a malformed one, answers 404.',
        params: Type.Object({ customerID: Type.String({ maxLength: 100 }) }),
        response: { 200: htmlResponse('The customer page.'), 303: signedOut, 404: htmlResponse('No such customer in this account and environment.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageSignedIn(kit, request, reply);
      if (!isSignedIn(who)) return who;
      const { ctx, layout } = who;
      // Reads of the API's own routes as the member: the same tenant, scopes and shapes as the API.
      const read: ApiRead = async <T>(url: string) => {
        const answer = await callApi<T>(kit, who.session, { method: 'GET', url });
        if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
        return answer.body;
      };
      const detail = await loadCustomerDetail(deps.db, ctx, request.params.customerID, read);
      const locale = kit.locale(request);
      if (!detail) return kit.page(reply, 404, locale, renderCustomerNotFound(locale, layout));
      return kit.page(reply, 200, locale, renderCustomer(locale, layout, detail));
    },
  );
}
