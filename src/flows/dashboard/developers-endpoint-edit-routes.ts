// Changing and deleting a webhook endpoint from its page (issue #32), owners and admins: the edit
// form sends PATCH /account/webhooks/:id with everything it shows (URL, events, description,
// active or disabled); deleting takes a confirmation page first, whose one button sends DELETE.
// Another tenant's or a malformed id answers the same 404, on the pages and on the forms.
import { Type } from '@sinclair/typebox';
import { isUuid } from '../../core/ids.ts';
import { htmlResponse } from '../../http/pages.ts';
import type { App } from '../../http/types.ts';
import { findEndpointHealth } from '../../modules/webhooks/index.ts';
import { formIdempotencyKey } from './api-call.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { actionResponses, isView, pageView, runAction, sendMessage, SETTINGS_ROLES } from './developers-action-routes.ts';
import { eventsOf } from './developers-endpoint-action-routes.ts';
import { DEVELOPERS_SETTINGS_TEXT } from './developers-settings.text.ts';
import { renderConfirm } from './developers-settings-page.ts';
import { formConfig, pageConfig, redirect, tags } from './members-forms.ts';

const Params = Type.Object({ endpointID: Type.String({ format: 'uuid' }) });

export function registerDeveloperEndpointEditRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;
  const endpointPath = (id: string) => `/dashboard/developers/webhooks/${id}`;

  scope.post(
    '/dashboard/developers/webhooks/:endpointID/edit',
    {
      config: formConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Change a webhook endpoint (owners and admins)',
        description:
          'Form fields url, event (one field per event kind, or * for all), description (empty clears it), state (active or disabled), idempotencyKey and csrf. Calls PATCH /account/webhooks/:endpointID: 303 to the endpoint\'s page. Disabling fails its pending deliveries; enabling starts its failure count afresh.',
        params: Params,
        response: actionResponses,
      },
    },
    async (request, reply) =>
      runAction(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: request.validationError ? '/dashboard/developers' : endpointPath(request.params.endpointID),
        invalid: DEVELOPERS_SETTINGS_TEXT[kit.locale(request)].invalidEditForm,
        call: () => {
          if (request.validationError) return 'not_found';
          const url = formField(request.body, 'url', 2048)?.trim();
          const description = formField(request.body, 'description', 500)?.trim();
          const state = formField(request.body, 'state', 20);
          const events = eventsOf(request.body);
          if (!url || !events || description === undefined || (state !== 'active' && state !== 'disabled')) return undefined;
          const body = { url, events, description: description === '' ? null : description, isActive: state === 'active' };
          return { method: 'PATCH', url: `/account/webhooks/${request.params.endpointID}`, body };
        },
        done: () => reply.redirect(endpointPath(request.params.endpointID), 303),
      }),
  );

  scope.get(
    '/dashboard/developers/webhooks/:endpointID/delete',
    {
      config: pageConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'The dashboard: confirm deleting a webhook endpoint (owners and admins)',
        description: "The endpoint's URL and the one button that deletes it. Other roles get 403; another account's or environment's id, or a malformed one, 404.",
        params: Params,
        response: {
          200: htmlResponse('The confirmation page.'),
          303: redirect('Signed out: to /dashboard/login.'),
          403: htmlResponse('The role cannot delete endpoints.'),
          404: htmlResponse('No such endpoint in this account and environment.'),
        },
      },
    },
    async (request, reply) => {
      const view = await pageView(kit, request, reply);
      if (!isView(view)) return view;
      const id = request.params.endpointID;
      const endpoint = !request.validationError && isUuid(id) ? await findEndpointHealth(deps.db, view.ctx.tenant, id) : undefined;
      if (!endpoint) return sendMessage(kit, request, reply, view.layout, 404, { kind: 'not_found' });
      if (!view.powers.manage) return sendMessage(kit, request, reply, view.layout, 403, { kind: 'forbidden', backHref: endpointPath(id) });
      const locale = kit.locale(request);
      const s = DEVELOPERS_SETTINGS_TEXT[locale];
      return kit.page(
        reply,
        200,
        locale,
        renderConfirm(locale, view.layout, {
          title: s.deleteEndpointTitle,
          lead: s.deleteEndpointLead,
          subject: endpoint.url,
          action: `${endpointPath(id)}/delete`,
          button: s.deleteConfirm,
          cancelHref: endpointPath(id),
          idempotencyKey: formIdempotencyKey(),
        }),
      );
    },
  );

  scope.post(
    '/dashboard/developers/webhooks/:endpointID/delete',
    {
      config: formConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Delete a webhook endpoint (owners and admins)',
        description: 'Form fields idempotencyKey and csrf, from the confirmation page. Calls DELETE /account/webhooks/:endpointID (its pending deliveries fail, its deliveries go): 303 to /dashboard/developers.',
        params: Params,
        response: actionResponses,
      },
    },
    async (request, reply) =>
      runAction(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: '/dashboard/developers',
        call: () => (request.validationError ? 'not_found' : { method: 'DELETE', url: `/account/webhooks/${request.params.endpointID}` }),
        done: () => reply.redirect('/dashboard/developers', 303),
      }),
  );
}
