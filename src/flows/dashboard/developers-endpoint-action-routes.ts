// Webhook endpoint actions of the dashboard (issue #32): registering an endpoint (URL, events,
// description; the signing secret shown once, like a new key) and sending it a webhook.test event
// (its delivery then appears on the endpoint's page). Both through the API's own routes.
import { Type } from '@sinclair/typebox';
import { htmlResponse } from '../../http/pages.ts';
import type { App } from '../../http/types.ts';
import { ALL_EVENTS, isEventKind } from '../../modules/webhooks/index.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { actionResponses, runAction, SETTINGS_ROLES } from './developers-action-routes.ts';
import { renderSecret } from './developers-page.ts';
import { DEVELOPERS_TEXT } from './developers-page.text.ts';
import { formConfig, tags } from './members-forms.ts';

/** The event kinds ticked in the form: every `event` field, each known (or "*"), each once. */
export function eventsOf(body: unknown): string[] | undefined {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).event : undefined;
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (values.length === 0 || !values.every((v) => typeof v === 'string' && (v === ALL_EVENTS || isEventKind(v)))) return undefined;
  // "*" already means every kind: the others beside it add nothing.
  return values.includes(ALL_EVENTS) ? [ALL_EVENTS] : [...new Set(values as string[])];
}

export function registerDeveloperEndpointActionRoutes(scope: App, kit: DashboardKit): void {
  const endpointPath = (id: string) => `/dashboard/developers/webhooks/${id}`;

  scope.post(
    '/dashboard/developers/webhooks',
    {
      config: formConfig,
      schema: {
        tags,
        summary: 'Register a webhook endpoint (owners and admins)',
        description: "Form fields url, event (one field per event kind, or * for all), description (optional), idempotencyKey and csrf. Calls POST /account/webhooks in the session's environment and answers the page that shows the signing secret, once.",
        response: { ...actionResponses, 200: htmlResponse('The new endpoint and its signing secret, shown once.') },
      },
    },
    async (request, reply) =>
      runAction<{ id: string; secret: string; url: string }>(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: '/dashboard/developers',
        invalid: DEVELOPERS_TEXT[kit.locale(request)].invalidEndpointForm,
        call: () => {
          const url = formField(request.body, 'url', 2048)?.trim();
          const description = formField(request.body, 'description', 500)?.trim();
          const events = eventsOf(request.body);
          if (!url || !events || description === undefined) return undefined;
          return { method: 'POST', url: '/account/webhooks', body: description === '' ? { url, events } : { url, events, description } };
        },
        done: (view, answer) => {
          const locale = kit.locale(request);
          return kit.page(reply, 200, locale, renderSecret(locale, view.layout, { kind: 'webhook-created', secret: answer.body.secret, name: answer.body.url, backHref: endpointPath(answer.body.id) }));
        },
      }),
  );

  scope.post(
    '/dashboard/developers/webhooks/:endpointID/test',
    {
      config: formConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Send a webhook.test event to an endpoint (owners and admins)',
        description: "Form fields idempotencyKey and csrf. Calls POST /account/webhooks/:endpointID/test: 303 to the endpoint's page, where the delivery appears; 409 when the endpoint is disabled.",
        params: Type.Object({ endpointID: Type.String({ format: 'uuid' }) }),
        response: actionResponses,
      },
    },
    async (request, reply) =>
      runAction(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: request.validationError ? '/dashboard/developers' : endpointPath(request.params.endpointID),
        call: () => (request.validationError ? 'not_found' : { method: 'POST', url: `/account/webhooks/${request.params.endpointID}/test` }),
        done: () => reply.redirect(endpointPath(request.params.endpointID), 303),
      }),
  );
}
