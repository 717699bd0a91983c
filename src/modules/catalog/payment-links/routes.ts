import { pageRequest } from '../../../core/pagination.ts';
import { contextOf } from '../../../http/context.ts';
import { errorResponses } from '../../../http/schemas.ts';
import type { App, AppDeps } from '../../../http/types.ts';
import { CreatePaymentLinkBody, PaymentLink, PaymentLinkList, PaymentLinkListQuery, PaymentLinkParams, PaymentLinkPatch } from '../schemas.ts';
import * as catalog from '../service.ts';

const tags = ['payment links'];

export function registerPaymentLinkRoutes(app: App, deps: AppDeps): void {
  const urls = { baseUrl: deps.config.baseUrl };

  app.post(
    '/payment-links',
    {
      config: { scope: 'catalog:write' },
      schema: {
        tags,
        summary: 'Create a payment link',
        description:
          'Sells a published version: `productVersionId`, or the default version when omitted (422 `no_default_version` when the product has none). ' +
          '`url` is {base_url}/pay/{accountSlug}/{linkID}.',
        body: CreatePaymentLinkBody,
        response: { 201: PaymentLink, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 201, (tx) => catalog.createPaymentLink(tx, contextOf(request, deps), request.body, urls)),
  );

  app.get(
    '/payment-links',
    {
      config: { scope: 'catalog:read' },
      schema: { tags, summary: 'List payment links', querystring: PaymentLinkListQuery, response: { 200: PaymentLinkList, ...errorResponses(422) } },
    },
    async (request) => {
      const page = await catalog.listPaymentLinks(deps.db, contextOf(request, deps), { productId: request.query.productId }, pageRequest(request.query), urls);
      return { paymentLinks: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/payment-links/:linkID',
    {
      config: { scope: 'catalog:read', resource: 'payment_link' },
      schema: { tags, summary: 'Get a payment link', params: PaymentLinkParams, response: { 200: PaymentLink, ...errorResponses(404) } },
    },
    async (request) => catalog.getPaymentLink(deps.db, contextOf(request, deps), request.params.linkID, urls),
  );

  app.patch(
    '/payment-links/:linkID',
    {
      config: { scope: 'catalog:write', resource: 'payment_link' },
      schema: {
        tags,
        summary: 'Turn a payment link on or off',
        params: PaymentLinkParams,
        body: PaymentLinkPatch,
        response: { 200: PaymentLink, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) => catalog.updatePaymentLink(tx, contextOf(request, deps), request.params.linkID, request.body, urls)),
  );
}
