// Processor connections in the dashboard (issue #32): GET /dashboard/developers/providers lists
// every processor this service offers, connected or not (environment, methods, status, last
// check); one processor's page shows its connection and, to owners and admins, the form that
// connects or replaces it, its check and its disconnection (after a confirmation page). Reads
// and writes all go through the API's /account/providers routes as the member: the API keeps the
// credentials sealed and answers secrets masked, and the pages show a secret only as "stored".
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { PROCESSOR_NAMES, processorNamed } from '../../modules/payments/index.ts';
import { callApi, formIdempotencyKey } from './api-call.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { actionResponses, isView, pageView, runAction, sendMessage, SETTINGS_ROLES, type DeveloperView } from './developers-action-routes.ts';
import { renderConfirm, renderProvider, renderProviders, type ApiConnection, type ProcessorShape } from './developers-settings-page.ts';
import { DEVELOPERS_SETTINGS_TEXT } from './developers-settings.text.ts';
import { formConfig, pageConfig, redirect, tags } from './members-forms.ts';

const LIST_PATH = '/dashboard/developers/providers';
const providerPath = (name: string) => `${LIST_PATH}/${name}`;
/** PEM certificates and keys exceed the dashboard forms' usual 4 KiB. */
const CONNECT_BODY_LIMIT = 64 * 1024;

const Params = Type.Object({ provider: Type.String({ pattern: '^[a-z_]{1,40}$' }) });

/** The processor of that name this service offers, with the fields its connection takes. */
function processorShape(name: string): ProcessorShape | undefined {
  const adapter = (PROCESSOR_NAMES as readonly string[]).includes(name) ? processorNamed(name) : null;
  if (!adapter) return undefined;
  return {
    name: adapter.name,
    supportedMethods: adapter.supportedMethods.filter((m) => m !== 'crypto'),
    credentialFields: adapter.credentialFields,
    optionalCredentialFields: adapter.optionalCredentialFields ?? [],
    secretFields: adapter.secretFields,
  };
}

/** The connection form's body: ticked methods (each supported, once) and the non-empty credentials. */
function connectionBody(processor: ProcessorShape, body: unknown): { methods: string[]; credentials: Record<string, string> } | undefined {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).method : undefined;
  const methods = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (methods.length === 0 || !methods.every((m) => typeof m === 'string' && processor.supportedMethods.includes(m))) return undefined;
  const credentials: Record<string, string> = {};
  for (const field of [...processor.credentialFields, ...processor.optionalCredentialFields]) {
    const value = formField(body, `credential.${field}`, 16_384)?.trim();
    // Left empty: omitted (the API names a missing required field).
    if (value) credentials[field] = value;
  }
  return { methods: [...new Set(methods as string[])], credentials };
}

/** The member's connection to that processor through the API, or null when there is none. */
async function connectionOf(kit: DashboardKit, view: DeveloperView, name: string): Promise<ApiConnection | null> {
  const answer = await callApi<ApiConnection>(kit, view.session, { method: 'GET', url: `/account/providers/${name}` });
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw new Error(`GET /account/providers/${name} answered ${answer.status}`);
  return answer.body;
}

/** The signed-in view and the processor named in the path, or the answer already sent (sign-in, 404). */
async function providerPage(kit: DashboardKit, request: FastifyRequest, reply: FastifyReply, name: string | undefined) {
  const view = await pageView(kit, request, reply);
  if (!isView(view)) return view;
  const processor = name === undefined ? undefined : processorShape(name);
  if (!processor) return sendMessage(kit, request, reply, view.layout, 404, { kind: 'not_found', backHref: LIST_PATH });
  return { view, processor };
}

export function registerDeveloperProviderRoutes(scope: App, kit: DashboardKit): void {
  const pageResponses = { 200: htmlResponse('The page.'), 303: redirect('Signed out: to /dashboard/login.'), 404: htmlResponse('No such processor in this service, or no connection to it.') };

  scope.get(
    LIST_PATH,
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: processor connections',
        description: "Every processor this service offers, in the session's environment: connected or not, its environment, methods, status (with the processor's reason when failing) and last check. Secrets are never shown.",
        response: { 200: htmlResponse('The connections page.'), 303: redirect('Signed out: to /dashboard/login.') },
      },
    },
    async (request, reply) => {
      const view = await pageView(kit, request, reply);
      if (!isView(view)) return view;
      const answer = await callApi<{ providers: ApiConnection[] }>(kit, view.session, { method: 'GET', url: '/account/providers' });
      if (answer.status !== 200) throw new Error(`GET /account/providers answered ${answer.status}`);
      const processors = PROCESSOR_NAMES.map(processorShape).filter((p): p is ProcessorShape => p !== undefined);
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderProviders(locale, view.layout, { processors, connections: answer.body.providers }));
    },
  );

  scope.get(
    `${LIST_PATH}/:provider`,
    {
      config: pageConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'The dashboard: one processor connection',
        description: 'The connection (if any) with its non-secret credentials and events URL; owners and admins also get the form that connects or replaces it (secrets are asked again, never filled in), its check and its disconnection. checked=1 shows the answer of the check just run.',
        params: Params,
        querystring: Type.Object({ checked: Type.Optional(Type.String({ maxLength: 1 })) }),
        response: { ...pageResponses, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const found = await providerPage(kit, request, reply, request.validationError ? undefined : request.params.provider);
      if (!('processor' in found)) return found;
      const { view, processor } = found;
      const connection = await connectionOf(kit, view, processor.name);
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderProvider(locale, view.layout, { processor, connection, manage: view.powers.manage, checked: request.query.checked === '1', formKey: formIdempotencyKey }));
    },
  );

  scope.post(
    `${LIST_PATH}/:provider`,
    {
      config: formConfig,
      attachValidation: true,
      bodyLimit: CONNECT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Connect a processor, or replace its connection (owners and admins)',
        description:
          'Form fields method (one per method), credential.<field> (one per credential the processor takes; empty optional ones are left out), idempotencyKey and csrf. Calls PUT /account/providers/:provider: 303 to the processor\'s page. The API\'s refusal (a missing credential, a method another connection serves) is shown with its status.',
        params: Params,
        response: { ...actionResponses, 413: htmlResponse('The form is too large.'), 503: htmlResponse('The API refused: the processor or the secrets key is unavailable.') },
      },
    },
    async (request, reply) => {
      const processor = request.validationError ? undefined : processorShape(request.params.provider);
      return runAction(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: processor ? providerPath(processor.name) : LIST_PATH,
        invalid: DEVELOPERS_SETTINGS_TEXT[kit.locale(request)].invalidProviderForm,
        call: () => {
          if (!processor) return 'not_found';
          const body = connectionBody(processor, request.body);
          return body && { method: 'PUT', url: `/account/providers/${processor.name}`, body };
        },
        done: () => reply.redirect(providerPath(processor!.name), 303),
      });
    },
  );

  scope.post(
    `${LIST_PATH}/:provider/check`,
    {
      config: formConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: "Check a processor connection's credentials (owners and admins)",
        description: "Form fields idempotencyKey and csrf. Calls POST /account/providers/:provider/check (a real, harmless call to the processor): 303 to the processor's page with checked=1, which shows the answer (active, or failing with the processor's reason).",
        params: Params,
        response: { ...actionResponses, 503: htmlResponse('The API refused: the secrets key is unavailable.') },
      },
    },
    async (request, reply) => {
      const processor = request.validationError ? undefined : processorShape(request.params.provider);
      return runAction(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: processor ? providerPath(processor.name) : LIST_PATH,
        call: () => (processor ? { method: 'POST', url: `/account/providers/${processor.name}/check` } : 'not_found'),
        done: () => reply.redirect(`${providerPath(processor!.name)}?checked=1`, 303),
      });
    },
  );

  scope.get(
    `${LIST_PATH}/:provider/disconnect`,
    {
      config: pageConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'The dashboard: confirm disconnecting a processor (owners and admins)',
        description: 'The one button that disconnects it. Other roles get 403; a processor without a connection in this environment, 404.',
        params: Params,
        response: { ...pageResponses, 403: htmlResponse('The role cannot disconnect processors.') },
      },
    },
    async (request, reply) => {
      const found = await providerPage(kit, request, reply, request.validationError ? undefined : request.params.provider);
      if (!('processor' in found)) return found;
      const { view, processor } = found;
      const connection = await connectionOf(kit, view, processor.name);
      if (!connection) return sendMessage(kit, request, reply, view.layout, 404, { kind: 'not_found', backHref: LIST_PATH });
      if (!view.powers.manage) return sendMessage(kit, request, reply, view.layout, 403, { kind: 'forbidden', backHref: providerPath(processor.name) });
      const locale = kit.locale(request);
      const s = DEVELOPERS_SETTINGS_TEXT[locale];
      return kit.page(
        reply,
        200,
        locale,
        renderConfirm(locale, view.layout, {
          title: s.disconnectTitle,
          lead: s.disconnectLead,
          subject: `${processor.name} (${connection.methods.join(', ')})`,
          action: `${providerPath(processor.name)}/disconnect`,
          button: s.disconnectConfirm,
          cancelHref: providerPath(processor.name),
          idempotencyKey: formIdempotencyKey(),
        }),
      );
    },
  );

  scope.post(
    `${LIST_PATH}/:provider/disconnect`,
    {
      config: formConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Disconnect a processor (owners and admins)',
        description: 'Form fields idempotencyKey and csrf, from the confirmation page. Calls DELETE /account/providers/:provider (its payments keep their provider and providerId): 303 to the connections page.',
        params: Params,
        response: actionResponses,
      },
    },
    async (request, reply) => {
      const processor = request.validationError ? undefined : processorShape(request.params.provider);
      return runAction(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: LIST_PATH,
        call: () => (processor ? { method: 'DELETE', url: `/account/providers/${processor.name}` } : 'not_found'),
        done: () => reply.redirect(LIST_PATH, 303),
      });
    },
  );
}
