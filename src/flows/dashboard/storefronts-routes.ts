// The dashboard's storefronts (issue #32): GET /dashboard/storefronts (list; a create form for
// owners and admins), GET /dashboard/storefronts/:storefrontID (its settings form and a link to the
// public page /shop/<slug>), and the two forms. Reads and writes go through the API's own routes
// (callApi), so a save gets the API's validation, idempotency, events and audit entry. Forms check
// CSRF, then the role (support and read_only: 403, nothing changes); the API's refusal is shown on
// the form with its status and message. Another account's or environment's id answers 404.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../core/ids.ts';
import { allowPageSources, htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { callApi, formIdempotencyKey } from './api-call.ts';
import type { ApiProduct } from './catalog-forms.ts';
import { errorView } from './catalog-page.ts';
import { actionResponses, listUrl, readApi, signedOut, tags, withCatalogPowers, type CatalogMember } from './catalog-pages.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { formConfig, pageConfig } from './members-forms.ts';
import { isSignedIn, formSignedIn, pageSignedIn } from './signed-in.ts';
import { patchBody, type StorefrontForm } from './storefronts-forms.ts';
import { registerStorefrontLogoRoutes } from './storefronts-logo-routes.ts';
import { renderStorefront, renderStorefrontNotFound, renderStorefronts, type ApiStorefront, type Refusal } from './storefronts-page.ts';
import { renderCatalogMessage } from './catalog-page.ts';

const Params = Type.Object({ storefrontID: Type.String({ maxLength: 100 }) });
const ALL = 100;

export function registerStorefrontsRoutes(scope: App, kit: DashboardKit): void {
  async function listPage(request: FastifyRequest, reply: FastifyReply, who: CatalogMember, refusal?: Refusal): Promise<FastifyReply> {
    const list = await readApi<{ storefronts: ApiStorefront[] }>(kit, who, listUrl('/storefronts', ALL, undefined));
    const locale = kit.locale(request);
    const frame = { layout: who.layout, canEdit: who.canEdit, idempotencyKey: formIdempotencyKey(), ...(refusal && { refusal }) };
    return kit.page(reply, refusal?.status ?? 200, locale, renderStorefronts(locale, frame, list?.storefronts ?? []));
  }

  async function editPage(request: FastifyRequest, reply: FastifyReply, who: CatalogMember, id: string, refusal?: Refusal): Promise<FastifyReply> {
    const locale = kit.locale(request);
    const storefront = isUuid(id) ? await readApi<ApiStorefront>(kit, who, `/storefronts/${id}`) : null;
    if (!storefront) return kit.page(reply, 404, locale, renderStorefrontNotFound(locale, who.layout));
    const products = await readApi<{ products: ApiProduct[] }>(kit, who, listUrl('/products', ALL, undefined));
    // The shop sells products priced once (docs/decisions/storefronts.md, "Products").
    const sellable = (products?.products ?? []).filter((p) => p.pricingModel === 'one_time').map((p) => ({ id: p.id, name: p.name }));
    const frame = { layout: who.layout, canEdit: who.canEdit, idempotencyKey: formIdempotencyKey(), ...(refusal && { refusal }) };
    // The page frames the storefront's preview (storefronts-preview-routes.ts), of this origin.
    allowPageSources(reply, { frameSrc: ["'self'"] });
    return kit.page(reply, refusal?.status ?? 200, locale, renderStorefront(locale, frame, storefront, sellable, kit.deps.config.baseUrl));
  }

  /** CSRF, then the role, then the API call with the form's key; refused: the form again. */
  async function act(request: FastifyRequest, reply: FastifyReply, form: StorefrontForm, again: (who: CatalogMember, refusal: Refusal) => Promise<FastifyReply>): Promise<FastifyReply> {
    const signedIn = await formSignedIn(kit, request, reply);
    if (!isSignedIn(signedIn)) return signedIn;
    const who = withCatalogPowers(signedIn);
    const locale = kit.locale(request);
    if (!who.canEdit) return kit.page(reply, 403, locale, renderCatalogMessage(locale, who.layout, 'forbidden'));
    const idempotencyKey = formField(request.body, 'idempotencyKey', 100) || formIdempotencyKey();
    const answer = await callApi<ApiStorefront>(kit, who.session, { method: form.method, url: form.url, body: form.body, idempotencyKey });
    if (answer.status >= 200 && answer.status < 300) return reply.redirect(`/dashboard/storefronts/${answer.body.id}`, 303);
    if (answer.status === 404) return kit.page(reply, 404, locale, renderStorefrontNotFound(locale, who.layout));
    if (answer.status >= 500) throw new Error(`${form.method} ${form.url} answered ${answer.status}`);
    return again(who, { status: answer.status, error: errorView(locale, answer.status, answer.body), values: form.values });
  }

  registerStorefrontLogoRoutes(scope, kit, editPage);

  scope.get(
    '/dashboard/storefronts',
    { config: pageConfig, schema: { tags, summary: 'The dashboard: storefronts', description: "The storefronts of the session's account and environment, newest first (100); owners and admins get a create form.", response: { 200: htmlResponse('The storefronts page.'), 303: signedOut } } },
    async (request, reply) => {
      const who = await pageSignedIn(kit, request, reply);
      return isSignedIn(who) ? listPage(request, reply, withCatalogPowers(who)) : who;
    },
  );

  scope.get(
    '/dashboard/storefronts/:storefrontID',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: one storefront',
        description: "The storefront's settings form and a link to its public page. Another account's or environment's id, or a malformed one, answers 404.",
        params: Params,
        response: { 200: htmlResponse('The storefront page.'), 303: signedOut, 404: htmlResponse('No such storefront in this account and environment.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageSignedIn(kit, request, reply);
      return isSignedIn(who) ? editPage(request, reply, withCatalogPowers(who), request.params.storefrontID) : who;
    },
  );

  scope.post(
    '/dashboard/storefronts',
    { config: formConfig, schema: { tags, summary: 'Create a storefront', description: 'Form fields name, slug, idempotencyKey and csrf: POST /storefronts (defaults: classic blue, active, pickup).', response: actionResponses("Done: to the storefront's page") } },
    async (request, reply) => {
      const name = formField(request.body, 'name', 200) ?? '';
      const slug = formField(request.body, 'slug', 200) ?? '';
      const form = { method: 'POST' as const, url: '/storefronts', body: { name, slug }, values: { name, slug } };
      return act(request, reply, form, (who, refusal) => listPage(request, reply, who, refusal));
    },
  );

  scope.post(
    '/dashboard/storefronts/:storefrontID',
    {
      config: formConfig,
      schema: {
        tags,
        summary: 'Save a storefront',
        description: 'Form fields name, slug, description, preset, accent, status, fulfillmentMode, shippingFlatAmount, pickupNote, requireAddress, logoObjectKey, productIds (repeated), idempotencyKey and csrf: PATCH /storefronts/{id}.',
        params: Params,
        response: { ...actionResponses("Done: to the storefront's page"), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const { storefrontID } = request.params;
      const form = patchBody(storefrontID, request.body);
      if (!form) {
        const signedIn = await formSignedIn(kit, request, reply);
        if (!isSignedIn(signedIn)) return signedIn;
        return kit.page(reply, 404, kit.locale(request), renderStorefrontNotFound(kit.locale(request), signedIn.layout));
      }
      return act(request, reply, form, (who, refusal) => editPage(request, reply, who, storefrontID, refusal));
    },
  );
}

