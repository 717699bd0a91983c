// The catalog's forms (owners and admins): create a product, a draft version with a price, publish
// a version, a payment link, a meter, a coupon. Each checks the session's CSRF token, then the role
// (requireRole: support and read_only get 403 and nothing changes), then calls the API's own route
// (callApi) with the form's idempotencyKey, so a double submit replays the first answer instead
// of acting twice, and the API's validation, events and ledger apply as for any client. Done: 303
// to the resource's page. Refused: the form again with the API's status and message.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../core/ids.ts';
import type { App } from '../../http/types.ts';
import { callApi, formIdempotencyKey } from './api-call.ts';
import {
  COUPON_FIELDS,
  couponBody,
  LINK_FIELDS,
  linkBody,
  METER_FIELDS,
  meterBody,
  PRODUCT_FIELDS,
  productBody,
  formValues,
  type FormValues,
} from './catalog-forms.ts';
import { errorView, renderCatalogMessage } from './catalog-page.ts';
import { CATALOG_TEXT } from './catalog-page.text.ts';
import { MORE_TIER_ROWS, priceFieldLabel, VERSION_FIELDS, versionBody } from './catalog-price-form.ts';
import {
  actionResponses,
  couponsPage,
  metersPage,
  notFound,
  ProductParams,
  productPage,
  productsPage,
  tags,
  VersionParams,
  type CatalogMember,
  type Outcome,
  withCatalogPowers,
} from './catalog-pages.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { formConfig } from './members-forms.ts';
import { formSignedIn, isSignedIn } from './signed-in.ts';

interface Action {
  /** The API call the form makes; undefined when an id in the path cannot name a tenant's resource. */
  call(values: FormValues): { url: string; body: unknown } | undefined;
  /** Where the browser goes when the API did it. */
  done(body: unknown): string;
  /** The form's page again, with the API's refusal. */
  again(who: CatalogMember, outcome: Outcome): Promise<FastifyReply>;
  /** Answers the form itself, without the API (a button that only changes the form), or undefined. */
  instead?(who: CatalogMember, values: FormValues): Promise<FastifyReply> | undefined;
  /** A refused field's API path as the form labels it. */
  label?(field: string, values: FormValues): string;
}

export function registerCatalogActions(scope: App, kit: DashboardKit): void {
  /** CSRF, then the role, then the API call with the form's key; the answer as described above. */
  async function act(request: FastifyRequest, reply: FastifyReply, fields: readonly string[], action: Action): Promise<FastifyReply> {
    const signedIn = await formSignedIn(kit, request, reply);
    if (!isSignedIn(signedIn)) return signedIn;
    const who = withCatalogPowers(signedIn);
    const locale = kit.locale(request);
    if (!who.canEdit) return kit.page(reply, 403, locale, renderCatalogMessage(locale, who.layout, 'forbidden'));
    const values = formValues(request.body, fields);
    const answered = action.instead?.(who, values);
    if (answered) return answered;
    const call = action.call(values);
    if (!call) return notFound(kit, request, reply, who);
    // A form from our page always has its key; one without is a new attempt of its own.
    const idempotencyKey = formField(request.body, 'idempotencyKey', 100) || formIdempotencyKey();
    const answer = await callApi(kit, who.session, { method: 'POST', url: call.url, body: call.body, idempotencyKey });
    if (answer.status >= 200 && answer.status < 300) return reply.redirect(action.done(answer.body), 303);
    if (answer.status === 404) return notFound(kit, request, reply, who);
    if (answer.status >= 500) throw new Error(`POST ${call.url} answered ${answer.status}`);
    return action.again(who, { status: answer.status, error: errorView(locale, answer.status, answer.body, action.label && ((field) => action.label!(field, values))), values });
  }

  const productPath = (id: string) => `/dashboard/catalog/products/${id}`;
  const idOf = (body: unknown, key: 'id' | 'productId') => String((body as Record<string, unknown>)[key]);

  scope.post(
    '/dashboard/catalog/products',
    { config: formConfig, schema: { tags, summary: 'Create a product', description: "Form fields key, name, description, pricingModel, currency, billingCycle, basePrice, idempotencyKey and csrf: POST /products (version 1 as a draft). A key that exists answers that product, as the API does.", response: actionResponses("Done: to the product's page") } },
    async (request, reply) =>
      act(request, reply, PRODUCT_FIELDS, {
        call: (values) => ({ url: '/products', body: productBody(values) }),
        done: (body) => productPath((body as { product: { id: string } }).product.id),
        again: (who, outcome) => productsPage(kit, request, reply, who, undefined, outcome),
      }),
  );

  scope.post(
    '/dashboard/catalog/products/:productID/versions',
    { config: formConfig, schema: { tags, summary: 'Create a draft version', description: 'Form fields basePrice, billingCycle, and one usage price replacing the list: meter, model (per_unit, tiered, volume, package), unitPrice (per_unit), tierNUpTo/tierNUnitPrice/tierNFlatPrice (N from 0) and aboveUnitPrice/aboveFlatPrice (the open last tier), packageSize and packagePrice (package); tierRows and moreTiers (the button that shows the form again with more tier rows, calling nothing); idempotencyKey and csrf: POST /products/{id}/versions. Blank fields copy the current version.', params: ProductParams, response: actionResponses("Done: to the product's page") } },
    async (request, reply) => {
      const { productID } = request.params;
      return act(request, reply, VERSION_FIELDS, {
        call: (values) => (isUuid(productID) ? { url: `/products/${productID}/versions`, body: versionBody(values) } : undefined),
        done: (body) => productPath(idOf(body, 'productId')),
        again: (who, outcome) => productPage(kit, request, reply, who, productID, outcome),
        label: (field, values) => priceFieldLabel(field, values, CATALOG_TEXT[kit.locale(request)]),
        // "More rows" works without a script: the form again, as typed, with more empty tier rows.
        instead: (who, values) => (formField(request.body, 'moreTiers') ? productPage(kit, request, reply, who, productID, { status: 200, values, moreTierRows: MORE_TIER_ROWS }) : undefined),
      });
    },
  );

  scope.post(
    '/dashboard/catalog/products/:productID/versions/:versionID/publish',
    { config: formConfig, schema: { tags, summary: 'Publish a draft version', description: 'Form fields default (absent or "false": an offer beside the default), idempotencyKey and csrf: POST /products/{id}/versions/{id}/publish.', params: VersionParams, response: actionResponses("Done: to the product's page") } },
    async (request, reply) => {
      const { productID, versionID } = request.params;
      const asOffer = formField(request.body, 'default') === 'false';
      return act(request, reply, [], {
        call: () => (isUuid(productID) && isUuid(versionID) ? { url: `/products/${productID}/versions/${versionID}/publish`, body: { default: !asOffer } } : undefined),
        done: (body) => productPath(idOf(body, 'productId')),
        again: (who, outcome) => productPage(kit, request, reply, who, productID, outcome),
      });
    },
  );

  scope.post(
    '/dashboard/catalog/products/:productID/versions/:versionID/archive',
    { config: formConfig, schema: { tags, summary: 'End an offer', description: 'Form fields idempotencyKey and csrf: POST /products/{id}/versions/{id}/archive (a published offer or a draft; its payment links are deactivated; the default version answers 409, shown on the page).', params: VersionParams, response: actionResponses("Done: to the product's page") } },
    async (request, reply) => {
      const { productID, versionID } = request.params;
      return act(request, reply, [], {
        call: () => (isUuid(productID) && isUuid(versionID) ? { url: `/products/${productID}/versions/${versionID}/archive`, body: {} } : undefined),
        done: (body) => productPath(idOf(body, 'productId')),
        again: (who, outcome) => productPage(kit, request, reply, who, productID, outcome),
      });
    },
  );

  scope.post(
    '/dashboard/catalog/products/:productID/payment-links',
    { config: formConfig, schema: { tags, summary: 'Create a payment link', description: 'Form fields productVersionId (a published version), quantity, idempotencyKey and csrf: POST /payment-links.', params: ProductParams, response: actionResponses("Done: to the product's page, which shows the link's URL") } },
    async (request, reply) => {
      const { productID } = request.params;
      return act(request, reply, LINK_FIELDS, {
        call: (values) => (isUuid(productID) ? { url: '/payment-links', body: linkBody(productID, values) } : undefined),
        done: (body) => `${productPath(idOf(body, 'productId'))}#link-${idOf(body, 'id')}`,
        again: (who, outcome) => productPage(kit, request, reply, who, productID, outcome),
      });
    },
  );

  scope.post(
    '/dashboard/catalog/meters',
    { config: formConfig, schema: { tags, summary: 'Create a meter', description: 'Form fields key, name, aggregation, unit, property, idempotencyKey and csrf: POST /meters.', response: actionResponses('Done: to the meters page') } },
    async (request, reply) =>
      act(request, reply, METER_FIELDS, {
        call: (values) => ({ url: '/meters', body: meterBody(values) }),
        done: () => '/dashboard/catalog/meters',
        again: (who, outcome) => metersPage(kit, request, reply, who, undefined, outcome),
      }),
  );

  scope.post(
    '/dashboard/catalog/coupons',
    { config: formConfig, schema: { tags, summary: 'Create a coupon', description: 'Form fields code, percentOff, duration, durationInCycles, maxRedemptions, redeemBy (a day, good through its end in UTC), idempotencyKey and csrf: POST /billing/coupons.', response: actionResponses('Done: to the coupons page') } },
    async (request, reply) =>
      act(request, reply, COUPON_FIELDS, {
        call: (values) => ({ url: '/billing/coupons', body: couponBody(values) }),
        done: () => '/dashboard/catalog/coupons',
        again: (who, outcome) => couponsPage(kit, request, reply, who, undefined, outcome),
      }),
  );
}
