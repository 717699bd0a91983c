// The dashboard's payments pages (issue #32): GET /dashboard/payments (filters status and method,
// 25 a page, newest first), GET /dashboard/payments/:paymentID, and its refund form, which calls
// POST /billing/payments/{paymentID}/refunds through callApi as the session's member (the API's
// validation, idempotency, events, credit note and ledger). Reads go through the module doors.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { listPayments } from '../../modules/payments/index.ts';
import { callApi } from './api-call.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { actionResponses, afterIdOf, PAGE_SIZE, refusalText, signedOut } from './invoices-payments-shared-routes.ts';
import { renderMoneyNotFound } from './invoices-page.ts';
import { MONEY_TEXT } from './invoices-payments.text.ts';
import { formConfig, pageConfig, tags } from './members-forms.ts';
import { formSignedIn, isSignedIn, pageSignedIn, type SignedIn } from './signed-in.ts';
import { loadPaymentDetail, paymentExists } from './payments-detail.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_ROLES, renderPayment, renderPaymentList, type PaymentPageView } from './payments-page.ts';

const PaymentParams = Type.Object({ paymentID: Type.String({ maxLength: 100 }) });

/** A typed amount as the API's decimal: "30,50" (pt-BR) or "30.50"; empty is none (all that is left). */
export function refundAmountOf(typed: string): string | undefined | null {
  const amount = typed.trim();
  if (amount === '') return undefined;
  return /^\d{1,12}([.,]\d{1,8})?$/.test(amount) ? amount.replace(',', '.') : null;
}

export function registerPaymentsRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;

  /** The payment's page (200, or a refund's refusal at its status), or the 404 page. */
  async function paymentPage(request: FastifyRequest, reply: FastifyReply, who: SignedIn, status = 200, refusal: Pick<PaymentPageView, 'error' | 'refund'> = {}) {
    const { ctx, layout, member } = who;
    const locale = kit.locale(request);
    const detail = await loadPaymentDetail(deps.db, ctx, (request.params as { paymentID: string }).paymentID);
    if (!detail) return kit.page(reply, 404, locale, renderMoneyNotFound(locale, layout, 'payments'));
    return kit.page(reply, status, locale, renderPayment(locale, { layout, role: member.role, detail, ...refusal }));
  }

  scope.get(
    '/dashboard/payments',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: payments',
        description: "The payments of the session's account and environment, newest first, 25 a page; status and method filter.",
        querystring: Type.Object({
          status: Type.Optional(Type.String({ maxLength: 20 })),
          method: Type.Optional(Type.String({ maxLength: 20 })),
          cursor: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: htmlResponse('The payments page.'), 303: signedOut, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageSignedIn(kit, request, reply);
      if (!isSignedIn(who)) return who;
      const { ctx, layout } = who;
      const filters = { status: PAYMENT_STATUSES.find((s) => s === request.query.status), method: PAYMENT_METHODS.find((m) => m === request.query.method) };
      const page = await listPayments(deps.db, ctx, filters, { limit: PAGE_SIZE, afterId: afterIdOf(request.query.cursor) });
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderPaymentList(locale, layout, filters, page));
    },
  );

  scope.get(
    '/dashboard/payments/:paymentID',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: one payment',
        description: "The payment with the processor's reference, its refunds, the refund credit notes of its invoice, the ledger lines of both, and the refund form (a confirmed payment; owner, admin, support). Another account's or environment's id, or a malformed one, answers 404.",
        params: PaymentParams,
        response: { 200: htmlResponse('The payment page.'), 303: signedOut, 404: htmlResponse('No such payment in this account and environment.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageSignedIn(kit, request, reply);
      return isSignedIn(who) ? paymentPage(request, reply, who) : who;
    },
  );

  scope.post(
    '/dashboard/payments/:paymentID/refunds',
    {
      config: formConfig,
      // An over-long id is no payment's: the 404 page (isUuid), not the API's JSON 422.
      attachValidation: true,
      schema: {
        tags,
        summary: 'The dashboard: refund a payment',
        description:
          'Form fields amount (empty: all that is left; a decimal comma or point), reason, csrf and idempotencyKey. Calls POST /billing/payments/{paymentID}/refunds ' +
          'as the member (owner, admin, support); a double submit replays the first answer, so it refunds once.',
        params: PaymentParams,
        response: actionResponses('/dashboard/payments/{paymentID}'),
      },
    },
    async (request, reply) => {
      const who = await formSignedIn(kit, request, reply);
      if (!isSignedIn(who)) return who;
      const id = request.params.paymentID;
      const text = MONEY_TEXT[kit.locale(request)];
      const typed = { amount: formField(request.body, 'amount', 40) ?? '', reason: formField(request.body, 'reason', 500) ?? '' };
      if (!(await paymentExists(deps.db, who.ctx, id))) return paymentPage(request, reply, who);
      if (!who.may(REFUND_ROLES)) return paymentPage(request, reply, who, 403, { error: text.forbidden });
      const idempotencyKey = formField(request.body, 'idempotencyKey', 100);
      if (!idempotencyKey) return paymentPage(request, reply, who, 422, { error: text.missingKey, refund: typed });
      const amount = refundAmountOf(typed.amount);
      if (amount === null) return paymentPage(request, reply, who, 422, { error: text.badAmount, refund: typed });
      const reason = typed.reason.trim();
      const body = { ...(amount !== undefined && { amount }), ...(reason && { reason }) };
      const answer = await callApi(kit, who.session, { method: 'POST', url: `/billing/payments/${id}/refunds`, body, idempotencyKey });
      if (answer.status < 300) return reply.redirect(`/dashboard/payments/${id}`, 303);
      return paymentPage(request, reply, who, answer.status, { error: refusalText(kit.locale(request), answer), refund: typed });
    },
  );
}
