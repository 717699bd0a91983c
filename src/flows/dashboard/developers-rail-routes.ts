// The Rail settings in the dashboard (issue #32): GET /dashboard/developers/rail shows the
// account's Rail settings of the session's environment (GET /rail/settings; "not configured"
// before the first PUT) and its relayer's address (GET /rail/relayer). Owners and admins get the
// form that sets them all (PUT /rail/settings, every field, as the API replaces them), the form
// that sets the relayer's private key (PUT /rail/relayer: write-only, never drawn again) and its
// removal after a confirmation page (DELETE /rail/relayer). All through the API as the member.
import { htmlResponse } from '../../http/pages.ts';
import type { App } from '../../http/types.ts';
import { callApi, formIdempotencyKey } from './api-call.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { actionResponses, isView, pageView, runAction, sendMessage, SETTINGS_ROLES, type DeveloperView } from './developers-action-routes.ts';
import { FACILITATORS, renderConfirm, renderRail, type ApiRailSettings } from './developers-settings-page.ts';
import { DEVELOPERS_SETTINGS_TEXT } from './developers-settings.text.ts';
import { formConfig, pageConfig, redirect, tags } from './members-forms.ts';

const RAIL_PATH = '/dashboard/developers/rail';

/** A whole number typed in the form (the API checks its range). */
function integerOf(body: unknown, name: string): number | undefined {
  const text = formField(body, name, 12)?.trim();
  return text !== undefined && /^\d{1,10}$/.test(text) ? Number(text) : undefined;
}

/** The PUT /rail/settings body the form describes; undefined when a field is missing or not a whole number. */
function settingsBody(body: unknown): Record<string, unknown> | undefined {
  const text = (name: string, max: number) => formField(body, name, max)?.trim();
  const [network, asset, payTo, window, maxPerAgent, maxTotal] = [text('network', 80), text('asset', 80), text('payTo', 80), text('graceWindow', 40), text('graceMaxPerAgent', 80), text('graceMaxTotal', 80)];
  const [assetDecimals, queueLimit, clockSkewSeconds] = [integerOf(body, 'assetDecimals'), integerOf(body, 'graceQueueLimit'), integerOf(body, 'graceClockSkewSeconds')];
  const provider = formField(body, 'facilitator', 20);
  const discovery = formField(body, 'indexesForDiscovery', 10);
  const [domainName, domainVersion] = [text('assetDomainName', 64) ?? '', text('assetDomainVersion', 16) ?? ''];
  const given = [network, asset, payTo, window, maxPerAgent, maxTotal];
  if (given.some((v) => !v) || assetDecimals === undefined || queueLimit === undefined || clockSkewSeconds === undefined) return undefined;
  if (!FACILITATORS.includes(provider as (typeof FACILITATORS)[number]) || (domainName === '') !== (domainVersion === '')) return undefined;
  return {
    network,
    asset,
    assetDecimals,
    payTo,
    grace: { window, maxPerAgent, maxTotal, queueLimit, clockSkewSeconds },
    // An unticked checkbox sends nothing: false.
    facilitator: { provider, indexesForDiscovery: discovery === 'true' },
    ...(domainName === '' ? {} : { assetDomain: { name: domainName, version: domainVersion } }),
  };
}

/** The member's Rail settings and relayer through the API; null where none is set yet. */
async function railOf(kit: DashboardKit, view: DeveloperView) {
  const [settings, relayer] = await Promise.all([
    callApi<ApiRailSettings>(kit, view.session, { method: 'GET', url: '/rail/settings' }),
    callApi<{ address: string; updatedAt: string }>(kit, view.session, { method: 'GET', url: '/rail/relayer' }),
  ]);
  // 409 rail_not_configured before the first PUT; 404 without a relayer.
  if (![200, 409].includes(settings.status) || ![200, 404].includes(relayer.status)) throw new Error(`the Rail's reads answered ${settings.status} and ${relayer.status}`);
  return { settings: settings.status === 200 ? settings.body : null, relayer: relayer.status === 200 ? relayer.body : null };
}

export function registerDeveloperRailRoutes(scope: App, kit: DashboardKit): void {
  scope.get(
    RAIL_PATH,
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: Rail settings and relayer',
        description: "The Rail settings of the session's environment and its relayer's address (never its key). Owners and admins also get the forms that set them and the relayer's removal.",
        response: { 200: htmlResponse('The Rail page.'), 303: redirect('Signed out: to /dashboard/login.') },
      },
    },
    async (request, reply) => {
      const view = await pageView(kit, request, reply);
      if (!isView(view)) return view;
      const rail = await railOf(kit, view);
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderRail(locale, view.layout, { ...rail, manage: view.powers.manage, formKey: formIdempotencyKey }));
    },
  );

  scope.post(
    `${RAIL_PATH}/settings`,
    {
      config: formConfig,
      schema: {
        tags,
        summary: 'Set the Rail settings (owners and admins)',
        description:
          'Form fields network, asset, assetDecimals, payTo, graceWindow, graceMaxPerAgent, graceMaxTotal, graceQueueLimit, graceClockSkewSeconds, facilitator (sandbox, self or remote), indexesForDiscovery (true when ticked), assetDomainName and assetDomainVersion (both or neither), idempotencyKey and csrf. Calls PUT /rail/settings: 303 to the Rail page; every field the API refuses is shown.',
        response: actionResponses,
      },
    },
    async (request, reply) =>
      runAction(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: RAIL_PATH,
        invalid: DEVELOPERS_SETTINGS_TEXT[kit.locale(request)].invalidRailForm,
        call: () => {
          const body = settingsBody(request.body);
          return body && { method: 'PUT', url: '/rail/settings', body };
        },
        done: () => reply.redirect(RAIL_PATH, 303),
      }),
  );

  scope.post(
    `${RAIL_PATH}/relayer`,
    {
      config: formConfig,
      schema: {
        tags,
        summary: "Set the Rail relayer's private key (owners and admins)",
        description: 'Form fields privateKey, idempotencyKey and csrf. Calls PUT /rail/relayer (the key is sealed at rest and never answered nor shown again): 303 to the Rail page, which shows its address.',
        response: { ...actionResponses, 503: htmlResponse('The API refused: the secrets key is not configured.') },
      },
    },
    async (request, reply) =>
      runAction(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: RAIL_PATH,
        invalid: DEVELOPERS_SETTINGS_TEXT[kit.locale(request)].invalidRelayerForm,
        call: () => {
          const privateKey = formField(request.body, 'privateKey', 400)?.trim();
          return privateKey ? { method: 'PUT', url: '/rail/relayer', body: { privateKey } } : undefined;
        },
        done: () => reply.redirect(RAIL_PATH, 303),
      }),
  );

  scope.get(
    `${RAIL_PATH}/relayer/remove`,
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: confirm removing the Rail relayer (owners and admins)',
        description: 'The relayer\'s address and the one button that removes it. Other roles get 403; without a relayer, 404.',
        response: {
          200: htmlResponse('The confirmation page.'),
          303: redirect('Signed out: to /dashboard/login.'),
          403: htmlResponse('The role cannot remove the relayer.'),
          404: htmlResponse('No relayer in this environment.'),
        },
      },
    },
    async (request, reply) => {
      const view = await pageView(kit, request, reply);
      if (!isView(view)) return view;
      const { relayer } = await railOf(kit, view);
      if (!relayer) return sendMessage(kit, request, reply, view.layout, 404, { kind: 'not_found', backHref: RAIL_PATH });
      if (!view.powers.manage) return sendMessage(kit, request, reply, view.layout, 403, { kind: 'forbidden', backHref: RAIL_PATH });
      const locale = kit.locale(request);
      const s = DEVELOPERS_SETTINGS_TEXT[locale];
      return kit.page(
        reply,
        200,
        locale,
        renderConfirm(locale, view.layout, {
          title: s.removeRelayerTitle,
          lead: s.removeRelayerLead,
          subject: relayer.address,
          action: `${RAIL_PATH}/relayer/remove`,
          button: s.removeConfirm,
          cancelHref: RAIL_PATH,
          idempotencyKey: formIdempotencyKey(),
        }),
      );
    },
  );

  scope.post(
    `${RAIL_PATH}/relayer/remove`,
    {
      config: formConfig,
      schema: {
        tags,
        summary: 'Remove the Rail relayer (owners and admins)',
        description: 'Form fields idempotencyKey and csrf, from the confirmation page. Calls DELETE /rail/relayer (settlements by "self" answer 409 until another is set): 303 to the Rail page.',
        response: actionResponses,
      },
    },
    async (request, reply) =>
      runAction(kit, request, reply, {
        allowed: SETTINGS_ROLES,
        backHref: RAIL_PATH,
        call: () => ({ method: 'DELETE', url: '/rail/relayer' }),
        done: () => reply.redirect(RAIL_PATH, 303),
      }),
  );
}
