// A webhook endpoint's page (issue #32): its state (failing flagged: disabled, failing since,
// unanswered attempts, slow lane), its 20 newest deliveries with status, attempts and last error,
// resending a delivery (owners and admins) and rotating the signing secret (owners and
// admins; the new secret shown once). Another tenant's or a malformed id answers the same 404.
import { Type } from '@sinclair/typebox';
import { isUuid } from '../../core/ids.ts';
import { htmlResponse } from '../../http/pages.ts';
import type { App } from '../../http/types.ts';
import { findEndpointHealth, listDeliveries } from '../../modules/webhooks/index.ts';
import { formIdempotencyKey } from './api-call.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { actionResponses, isView, pageView, RESEND_ROLES, runAction, sendMessage, SETTINGS_ROLES } from './developers-action-routes.ts';
import { renderEndpoint, renderSecret } from './developers-page.ts';
import { formConfig, pageConfig, redirect, tags } from './members-forms.ts';

/** How many deliveries the endpoint's page lists, newest first. */
const DELIVERIES_SHOWN = 20;

const Id = Type.String({ format: 'uuid' });

export function registerDeveloperWebhookRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;
  const endpointPath = (id: string) => `/dashboard/developers/webhooks/${id}`;

  scope.get(
    '/dashboard/developers/webhooks/:endpointID',
    {
      config: pageConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'The dashboard: one webhook endpoint and its deliveries',
        description: "The endpoint of the session's environment, whether it is failing and why, and its 20 newest deliveries (status, attempts, last error). Another account's or environment's id, or a malformed one, answers 404.",
        params: Type.Object({ endpointID: Id }),
        response: { 200: htmlResponse('The endpoint page.'), 303: redirect('Signed out: to /dashboard/login.'), 404: htmlResponse('No such endpoint in this account and environment.') },
      },
    },
    async (request, reply) => {
      const view = await pageView(kit, request, reply);
      if (!isView(view)) return view;
      const id = request.params.endpointID;
      const endpoint = isUuid(id) ? await findEndpointHealth(deps.db, view.ctx.tenant, id) : undefined;
      if (!endpoint) return sendMessage(kit, request, reply, view.layout, 404, { kind: 'not_found' });
      const deliveries = await listDeliveries(deps.db, view.ctx, id, {}, { limit: DELIVERIES_SHOWN, afterId: null });
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderEndpoint(locale, view.layout, { endpoint, deliveries: deliveries.items, powers: view.powers, formKey: formIdempotencyKey }));
    },
  );

  scope.post(
    '/dashboard/developers/webhooks/:endpointID/deliveries/:deliveryID/retry',
    {
      config: formConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Resend a webhook delivery (owners and admins)',
        description: "Form fields idempotencyKey and csrf. Calls POST /account/webhooks/:endpointID/deliveries/:deliveryID/retry: 303 to the endpoint's page; 409 when the endpoint is disabled.",
        params: Type.Object({ endpointID: Id, deliveryID: Id }),
        response: actionResponses,
      },
    },
    async (request, reply) =>
      runAction(kit, request, reply, {
        allowed: RESEND_ROLES,
        backHref: request.validationError ? '/dashboard/developers' : endpointPath(request.params.endpointID),
        call: () =>
          request.validationError ? 'not_found' : { method: 'POST', url: `/account/webhooks/${request.params.endpointID}/deliveries/${request.params.deliveryID}/retry` },
        done: () => reply.redirect(endpointPath(request.params.endpointID), 303),
      }),
  );

  scope.post(
    '/dashboard/developers/webhooks/:endpointID/rotate-secret',
    {
      config: formConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: "Rotate a webhook endpoint's signing secret (owners and admins)",
        description: 'Form fields idempotencyKey and csrf. Calls POST /account/webhooks/:endpointID/rotate-secret and answers the page that shows the new secret, once (the old one signs beside it for 24 hours).',
        params: Type.Object({ endpointID: Id }),
        response: { ...actionResponses, 200: htmlResponse('The new secret, shown once.') },
      },
    },
    async (request, reply) =>
      runAction<{ secret: string; url: string }>(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: request.validationError ? '/dashboard/developers' : endpointPath(request.params.endpointID),
        call: () => (request.validationError ? 'not_found' : { method: 'POST', url: `/account/webhooks/${request.params.endpointID}/rotate-secret` }),
        done: (view, answer) => {
          const locale = kit.locale(request);
          return kit.page(reply, 200, locale, renderSecret(locale, view.layout, { kind: 'webhook', secret: answer.body.secret, name: answer.body.url, backHref: endpointPath(request.params.endpointID) }));
        },
      }),
  );
}
