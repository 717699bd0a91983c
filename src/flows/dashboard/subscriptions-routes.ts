// The dashboard's subscriptions pages (issue #32): GET /dashboard/subscriptions (status filter, 25 a
// page, newest first), GET /dashboard/subscriptions/:subscriptionID, and its actions (pause, resume,
// cancel at the period end or now, change of version), each a form posting here that calls the
// API's own route through callApi as the session's member. A change of version is two submits: the
// preview (POST .../change-version/preview, which writes nothing) renders what it would invoice, and
// its confirm form performs it. Owners and admins act; support and read_only read.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../core/ids.ts';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import type { VersionChangePreview } from '../subscriptions/index.ts';
import { callApi } from './api-call.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { actionResponses, afterIdOf, PAGE_SIZE, refusalText, signedOut } from './invoices-payments-shared-routes.ts';
import { formConfig, pageConfig, tags } from './members-forms.ts';
import { formSignedIn, isSignedIn, pageSignedIn, type SignedIn } from './signed-in.ts';
import { loadSubscriptionDetail, namesOf, type ApiGet, type ApiSubscription } from './subscriptions-detail.ts';
import { renderSubscription, renderSubscriptionList, renderSubscriptionNotFound, SUBSCRIPTION_ACTORS, SUBSCRIPTION_STATUSES, type SubscriptionPageView } from './subscriptions-page.ts';
import { SUBSCRIPTIONS_TEXT } from './subscriptions.text.ts';

const SubscriptionParams = Type.Object({ subscriptionID: Type.String({ maxLength: 100 }) });

/** What each action form posts to the API: its path under /billing/subscriptions/{id}/ and its body. */
const ACTIONS: Array<{ path: string; summary: string; body: (form: unknown) => unknown }> = [
  { path: 'pause', summary: 'pause a subscription', body: () => undefined },
  { path: 'resume', summary: 'resume a subscription', body: () => undefined },
  // `when` now cancels at once; anything else at the period end, the gentler choice.
  { path: 'cancel', summary: 'cancel a subscription (field when: period_end or now)', body: (form) => ({ atPeriodEnd: formField(form, 'when', 20) !== 'now' }) },
  { path: 'change-version', summary: 'change the version (fields productVersionId, prorate), after its preview', body: versionBody },
];

function versionBody(form: unknown) {
  return { productVersionId: formField(form, 'productVersionId', 100) ?? '', prorate: formField(form, 'prorate', 10) === 'true' };
}

export function registerSubscriptionsRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;
  const getAs = (who: SignedIn): ApiGet => (url) => callApi(kit, who.session, { method: 'GET', url });

  /** The subscription's page (200, or an action's refusal at its status, or a preview), or the 404 page. */
  async function subscriptionPage(request: FastifyRequest, reply: FastifyReply, who: SignedIn, status = 200, extra: Pick<SubscriptionPageView, 'error' | 'preview'> = {}) {
    const locale = kit.locale(request);
    const detail = await loadSubscriptionDetail(deps.db, who.ctx, (request.params as { subscriptionID: string }).subscriptionID, getAs(who));
    if (!detail) return kit.page(reply, 404, locale, renderSubscriptionNotFound(locale, who.layout));
    return kit.page(reply, status, locale, renderSubscription(locale, { layout: who.layout, role: who.member.role, detail, ...extra }));
  }

  /**
   * Before an action: sends the 404 page for no subscription of the tenant, the 403 page for a role
   * that may not act, and answers whether it did. A boolean, not the reply: a FastifyReply is
   * thenable, and awaiting one returned from an async function would lose it.
   */
  async function refusedBefore(request: FastifyRequest, reply: FastifyReply, who: SignedIn, id: string): Promise<boolean> {
    if (!isUuid(id) || (await getAs(who)(`/billing/subscriptions/${id}`)).status !== 200) {
      await subscriptionPage(request, reply, who);
      return true;
    }
    if (!who.may(SUBSCRIPTION_ACTORS)) {
      await subscriptionPage(request, reply, who, 403, { error: SUBSCRIPTIONS_TEXT[kit.locale(request)].forbidden });
      return true;
    }
    return false;
  }

  scope.get(
    '/dashboard/subscriptions',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: subscriptions',
        description: "The subscriptions of the session's account and environment, newest first, 25 a page; status filters by status.",
        querystring: Type.Object({ status: Type.Optional(Type.String({ maxLength: 20 })), cursor: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: htmlResponse('The subscriptions page.'), 303: signedOut, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageSignedIn(kit, request, reply);
      if (!isSignedIn(who)) return who;
      const status = SUBSCRIPTION_STATUSES.find((s) => s === request.query.status);
      // A broken cursor starts from the newest, as the invoices list does.
      const cursor = afterIdOf(request.query.cursor) === null ? undefined : request.query.cursor;
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(status && { status }), ...(cursor && { cursor }) });
      const answer = await getAs(who)<{ subscriptions: ApiSubscription[]; nextCursor: string | null }>(`/billing/subscriptions?${query}`);
      if (answer.status !== 200) throw new Error(`GET /billing/subscriptions answered ${answer.status}`);
      const rows = await Promise.all(answer.body.subscriptions.map(async (subscription) => ({ subscription, names: await namesOf(deps.db, who.ctx, subscription) })));
      const next = answer.body.nextCursor;
      const nextHref = next === null ? undefined : `/dashboard/subscriptions?${new URLSearchParams({ ...(status && { status }), cursor: next })}`;
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderSubscriptionList(locale, who.layout, { status, rows, nextHref }));
    },
  );

  scope.get(
    '/dashboard/subscriptions/:subscriptionID',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: one subscription',
        description: "The customer, product and version, status, current period, next billing, pause and cancel state, its invoices, a prepaid balance, and the actions the member's role and the status allow. Another account's or environment's id, or a malformed one, answers 404.",
        params: SubscriptionParams,
        response: { 200: htmlResponse('The subscription page.'), 303: signedOut, 404: htmlResponse('No such subscription in this account and environment.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageSignedIn(kit, request, reply);
      return isSignedIn(who) ? subscriptionPage(request, reply, who) : who;
    },
  );

  scope.post(
    '/dashboard/subscriptions/:subscriptionID/change-version/preview',
    {
      config: formConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'The dashboard: preview a change of version',
        description: `Form fields csrf, productVersionId, prorate ("true" when checked). Calls POST /billing/subscriptions/{subscriptionID}/change-version/preview as the member (roles: ${SUBSCRIPTION_ACTORS.join(', ')}) and renders its answer with a confirm form; writes nothing.`,
        params: SubscriptionParams,
        response: { 200: htmlResponse('The subscription page with the preview and its confirm form.'), ...actionResponses('/dashboard/subscriptions/{subscriptionID}') },
      },
    },
    async (request, reply) => {
      const who = await formSignedIn(kit, request, reply);
      if (!isSignedIn(who)) return who;
      const id = request.params.subscriptionID;
      if (await refusedBefore(request, reply, who, id)) return reply;
      const body = versionBody(request.body);
      const answer = await callApi<VersionChangePreview>(kit, who.session, { method: 'POST', url: `/billing/subscriptions/${id}/change-version/preview`, body });
      if (answer.status !== 200) return subscriptionPage(request, reply, who, answer.status, { error: refusalText(kit.locale(request), answer) });
      return subscriptionPage(request, reply, who, 200, { preview: { answer: answer.body, ...body } });
    },
  );

  for (const action of ACTIONS) {
    scope.post(
      `/dashboard/subscriptions/:subscriptionID/${action.path}`,
      {
        config: formConfig,
        // An over-long id is no subscription's: the 404 page (isUuid), not the API's JSON 422.
        attachValidation: true,
        schema: {
          tags,
          summary: `The dashboard: ${action.summary}`,
          description: `Form fields csrf and idempotencyKey. Calls POST /billing/subscriptions/{subscriptionID}/${action.path} as the member (roles: ${SUBSCRIPTION_ACTORS.join(', ')}); a double submit replays the first answer.`,
          params: SubscriptionParams,
          response: actionResponses('/dashboard/subscriptions/{subscriptionID}'),
        },
      },
      async (request, reply) => {
        const who = await formSignedIn(kit, request, reply);
        if (!isSignedIn(who)) return who;
        const id = request.params.subscriptionID;
        if (await refusedBefore(request, reply, who, id)) return reply;
        const idempotencyKey = formField(request.body, 'idempotencyKey', 100);
        if (!idempotencyKey) return subscriptionPage(request, reply, who, 422, { error: SUBSCRIPTIONS_TEXT[kit.locale(request)].missingKey });
        const answer = await callApi(kit, who.session, { method: 'POST', url: `/billing/subscriptions/${id}/${action.path}`, body: action.body(request.body), idempotencyKey });
        if (answer.status < 300) return reply.redirect(`/dashboard/subscriptions/${id}`, 303);
        return subscriptionPage(request, reply, who, answer.status, { error: refusalText(kit.locale(request), answer) });
      },
    );
  }
}
