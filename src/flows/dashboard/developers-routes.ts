// The dashboard's developers pages (issue #32): GET /dashboard/developers (the environment's API
// keys and webhook endpoints, failing ones flagged), creating a restricted key (its secret shown
// once, on the answer to the form) and revoking one. Reads call the module doors directly, as the
// customers pages do; every action goes through the API's own route (developers-action-routes.ts). The
// endpoint pages: developers-webhook-routes.ts (editing and deleting: developers-endpoint-edit-routes.ts); the
// event log: developers-events-routes.ts; processor connections and the Rail settings:
// developers-providers-routes.ts and developers-rail-routes.ts.
import { Type } from '@sinclair/typebox';
import { SCOPES } from '../../core/auth.ts';
import { htmlResponse } from '../../http/pages.ts';
import type { App } from '../../http/types.ts';
import { listKeys } from '../../modules/accounts/index.ts';
import { listEndpointHealth } from '../../modules/webhooks/index.ts';
import { formIdempotencyKey } from './api-call.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { actionResponses, isView, pageView, runAction, SETTINGS_ROLES } from './developers-action-routes.ts';
import { renderDevelopers, renderSecret } from './developers-page.ts';
import { DEVELOPERS_TEXT } from './developers-page.text.ts';
import { registerDeveloperEventRoutes } from './developers-events-routes.ts';
import { registerDeveloperWebhookRoutes } from './developers-webhook-routes.ts';
import { registerDeveloperEndpointActionRoutes } from './developers-endpoint-action-routes.ts';
import { registerDeveloperEndpointEditRoutes } from './developers-endpoint-edit-routes.ts';
import { registerDeveloperProviderRoutes } from './developers-providers-routes.ts';
import { registerDeveloperRailRoutes } from './developers-rail-routes.ts';
import { formConfig, pageConfig, redirect, tags } from './members-forms.ts';

/** How many keys the page lists, newest first (revoked ones included). */
const KEYS_SHOWN = 100;

/** The scopes ticked in the form: every `scope` field, each a known scope, each once. */
function scopesOf(body: unknown): string[] | undefined {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).scope : undefined;
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (values.length === 0 || !values.every((v) => typeof v === 'string' && (SCOPES as readonly string[]).includes(v))) return undefined;
  return [...new Set(values as string[])];
}

export function registerDevelopersRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;
  registerDeveloperWebhookRoutes(scope, kit);
  registerDeveloperEndpointActionRoutes(scope, kit);
  registerDeveloperEventRoutes(scope, kit);
  registerDeveloperEndpointEditRoutes(scope, kit);
  registerDeveloperProviderRoutes(scope, kit);
  registerDeveloperRailRoutes(scope, kit);

  scope.get(
    '/dashboard/developers',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: developers (API keys and webhook endpoints)',
        description: "The session's environment's API keys (newest 100, revoked ones marked) and webhook endpoints, failing ones first and flagged. Owners and admins see the forms that create and revoke keys. Signed out: 303 to /dashboard/login.",
        response: { 200: htmlResponse('The developers page.'), 303: redirect('Signed out: to /dashboard/login.') },
      },
    },
    async (request, reply) => {
      const view = await pageView(kit, request, reply);
      if (!isView(view)) return view;
      const [keys, endpoints] = await Promise.all([listKeys(deps.db, view.ctx, { limit: KEYS_SHOWN, afterId: null }), listEndpointHealth(deps.db, view.ctx.tenant)]);
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderDevelopers(locale, view.layout, { keys: keys.items, endpoints, powers: view.powers, formKey: formIdempotencyKey }));
    },
  );

  scope.post(
    '/dashboard/developers/keys',
    {
      config: formConfig,
      schema: {
        tags,
        summary: 'Create a restricted API key (owners and admins)',
        description: 'Form fields name (optional), scope (one field per scope), idempotencyKey and csrf. Calls POST /account/keys in the session\'s environment and answers the page that shows the key, once; the same idempotencyKey replays that answer.',
        response: { ...actionResponses, 200: htmlResponse('The new key, shown once.') },
      },
    },
    async (request, reply) =>
      runAction<{ key: string; name: string | null }>(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: '/dashboard/developers',
        invalid: DEVELOPERS_TEXT[kit.locale(request)].invalidKeyForm,
        call: () => {
          const scopes = scopesOf(request.body);
          const name = formField(request.body, 'name', 100)?.trim();
          if (!scopes || name === undefined) return undefined;
          return { method: 'POST', url: '/account/keys', body: name === '' ? { scopes } : { name, scopes } };
        },
        done: (view, answer) => {
          const locale = kit.locale(request);
          const name = answer.body.name ?? DEVELOPERS_TEXT[locale].unnamedKey;
          return kit.page(reply, 200, locale, renderSecret(locale, view.layout, { kind: 'key', secret: answer.body.key, name, backHref: '/dashboard/developers' }));
        },
      }),
  );

  scope.post(
    '/dashboard/developers/keys/:keyID/revoke',
    {
      config: formConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Revoke an API key (owners and admins)',
        description: 'Form fields idempotencyKey and csrf. Calls DELETE /account/keys/:keyID: the key answers 401 from then on. Another account\'s or environment\'s key, or a malformed id, answers 404.',
        params: Type.Object({ keyID: Type.String({ format: 'uuid' }) }),
        response: actionResponses,
      },
    },
    async (request, reply) =>
      runAction(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: '/dashboard/developers',
        call: () => (request.validationError ? 'not_found' : { method: 'DELETE', url: `/account/keys/${request.params.keyID}` }),
        done: () => reply.redirect('/dashboard/developers', 303),
      }),
  );
}
