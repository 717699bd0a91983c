// The dashboard's invoices pages (issue #32): GET /dashboard/invoices (filters status and customer,
// 25 a page, newest first), GET /dashboard/invoices/:invoiceID, and its actions (finalize, send,
// mark-uncollectible, void), each a form posting here that calls the API's own route through
// callApi as the session's member: the API validates, records events and the ledger, and decides
// whether the status allows it. Reads go through the module doors in the session's tenant.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../core/ids.ts';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { listInvoices } from '../../modules/invoices/index.ts';
import { callApi } from './api-call.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { invoiceExists, loadInvoiceDetail } from './invoices-detail.ts';
import { actionResponses, afterIdOf, PAGE_SIZE, refusalText, signedOut } from './invoices-payments-shared-routes.ts';
import { INVOICE_ACTIONS, INVOICE_STATUSES, renderInvoice, renderInvoiceList, renderMoneyNotFound, type InvoicePageView } from './invoices-page.ts';
import { MONEY_TEXT } from './invoices-payments.text.ts';
import { formConfig, pageConfig, tags } from './members-forms.ts';
import { formSignedIn, isSignedIn, pageSignedIn, type SignedIn } from './signed-in.ts';

const InvoiceParams = Type.Object({ invoiceID: Type.String({ maxLength: 100 }) });

/** The invoice's page (200, or an action's refusal at its status, with the form as posted), or the 404 page. */
export async function sendInvoicePage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, who: SignedIn, status = 200, refusal: Pick<InvoicePageView, 'error' | 'creditNote'> = {}) {
  const { ctx, layout, member } = who;
  const locale = kit.locale(request);
  const detail = await loadInvoiceDetail(kit.deps.db, ctx, (request.params as { invoiceID: string }).invoiceID);
  if (!detail) return kit.page(reply, 404, locale, renderMoneyNotFound(locale, layout, 'invoices'));
  return kit.page(reply, status, locale, renderInvoice(locale, { layout, role: member.role, detail, ...refusal }));
}

export function registerInvoicesRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;
  const invoicePage = (request: FastifyRequest, reply: FastifyReply, who: SignedIn, status = 200, error?: string) => sendInvoicePage(kit, request, reply, who, status, { error });

  scope.get(
    '/dashboard/invoices',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: invoices',
        description: "The invoices of the session's account and environment, newest first, 25 a page; status filters by status, customerId by payer or enrollment.",
        querystring: Type.Object({
          status: Type.Optional(Type.String({ maxLength: 20 })),
          customerId: Type.Optional(Type.String({ maxLength: 100 })),
          cursor: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: htmlResponse('The invoices page.'), 303: signedOut, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageSignedIn(kit, request, reply);
      if (!isSignedIn(who)) return who;
      const { ctx, layout } = who;
      const status = INVOICE_STATUSES.find((s) => s === request.query.status);
      const customerId = (request.query.customerId ?? '').trim();
      const filters = { status, customerId };
      // A customer id that is no UUID names no customer: an empty list, not an error.
      const page = customerId && !isUuid(customerId)
        ? { items: [], nextCursor: null }
        : await listInvoices(deps.db, ctx, { status, customerId: customerId || undefined }, { limit: PAGE_SIZE, afterId: afterIdOf(request.query.cursor) });
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderInvoiceList(locale, layout, filters, page));
    },
  );

  scope.get(
    '/dashboard/invoices/:invoiceID',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: one invoice',
        description: "The invoice's lines and totals, payments, credit notes, hosted link, and the actions the member's role and the invoice's status allow. Another account's or environment's id, or a malformed one, answers 404.",
        params: InvoiceParams,
        response: { 200: htmlResponse('The invoice page.'), 303: signedOut, 404: htmlResponse('No such invoice in this account and environment.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageSignedIn(kit, request, reply);
      return isSignedIn(who) ? invoicePage(request, reply, who) : who;
    },
  );

  for (const action of INVOICE_ACTIONS) {
    scope.post(
      `/dashboard/invoices/:invoiceID/${action.path}`,
      {
        config: formConfig,
        // An over-long id is no invoice's: the 404 page (isUuid), not the API's JSON 422.
        attachValidation: true,
        schema: {
          tags,
          summary: `The dashboard: ${action.path} an invoice`,
          description: `Form fields csrf and idempotencyKey. Calls POST /billing/invoices/{invoiceID}/${action.path} as the member (roles: ${action.roles.join(', ')}); a double submit replays the first answer.`,
          params: InvoiceParams,
          response: actionResponses('/dashboard/invoices/{invoiceID}'),
        },
      },
      async (request, reply) => {
        const who = await formSignedIn(kit, request, reply);
        if (!isSignedIn(who)) return who;
        const id = request.params.invoiceID;
        const text = MONEY_TEXT[kit.locale(request)];
        if (!(await invoiceExists(deps.db, who.ctx, id))) return invoicePage(request, reply, who);
        if (!who.may(action.roles)) return invoicePage(request, reply, who, 403, text.forbidden);
        const idempotencyKey = formField(request.body, 'idempotencyKey', 100);
        if (!idempotencyKey) return invoicePage(request, reply, who, 422, text.missingKey);
        const answer = await callApi(kit, who.session, { method: 'POST', url: `/billing/invoices/${id}/${action.path}`, idempotencyKey });
        if (answer.status < 300) return reply.redirect(`/dashboard/invoices/${id}`, 303);
        return invoicePage(request, reply, who, answer.status, refusalText(kit.locale(request), answer));
      },
    );
  }
}
