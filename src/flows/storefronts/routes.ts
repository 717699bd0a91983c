// Storefront routes: the seller's API (key with storefronts:read / storefronts:write) and the
// shop's public JSON routes (no key, limited per client address). docs/decisions/storefronts.md.
import { Type } from '@sinclair/typebox';
import { pageRequest } from '../../core/pagination.ts';
import { notFound } from '../../core/errors.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { hasUnstorableString } from '../../http/validation.ts';
import { openShop, placeOrder, presentShop } from './orders.ts';
import { CreateStorefrontBody, Order, OrderBody, PublicShop, Storefront, StorefrontList, StorefrontListQuery, StorefrontParams, StorefrontPatch } from './schemas.ts';
import * as storefronts from './service.ts';

const tags = ['storefronts'];
const SlugParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });

export function registerStorefrontRoutes(app: App, deps: AppDeps): void {
  const store = deps.objectStore;

  app.post(
    '/storefronts',
    {
      config: { scope: 'storefronts:write' },
      schema: {
        tags,
        summary: 'Create a storefront',
        description: 'A public shop at /shop/{slug} and /public/storefronts/{slug}. A slug already used by any shop answers 409 `slug_taken`.',
        body: CreateStorefrontBody,
        response: { 201: Storefront, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 201, (tx) => storefronts.createStorefront(tx, contextOf(request, deps), request.body, store)),
  );

  app.get(
    '/storefronts',
    {
      config: { scope: 'storefronts:read' },
      schema: { tags, summary: 'List storefronts', querystring: StorefrontListQuery, response: { 200: StorefrontList, ...errorResponses(422) } },
    },
    async (request) => {
      const page = await storefronts.listStorefronts(deps.db, contextOf(request, deps), pageRequest(request.query), store);
      return { storefronts: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/storefronts/:storefrontID',
    {
      config: { scope: 'storefronts:read', resource: 'storefront' },
      schema: { tags, summary: 'Get a storefront', params: StorefrontParams, response: { 200: Storefront, ...errorResponses(404) } },
    },
    async (request) => storefronts.getStorefront(deps.db, contextOf(request, deps), request.params.storefrontID, store),
  );

  app.patch(
    '/storefronts/:storefrontID',
    {
      config: { scope: 'storefronts:write', resource: 'storefront' },
      schema: {
        tags,
        summary: 'Update a storefront',
        description:
          'Every field optional; omitted fields do not change. An empty `logoObjectKey` or `bannerObjectKey` removes the image. ' +
          '`status` `disabled` takes the shop offline at once; `active` brings it back.',
        params: StorefrontParams,
        body: StorefrontPatch,
        response: { 200: Storefront, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) => storefronts.updateStorefront(tx, contextOf(request, deps), request.params.storefrontID, request.body, store)),
  );

  app.get(
    '/public/storefronts/:slug',
    {
      config: { auth: 'none', resource: 'storefront', keylessCost: { cost: 'page', seller: 'storefront' } },
      schema: {
        tags: ['public'],
        summary: 'A shop and its products',
        description: 'No key. A disabled shop, a shop of a suspended or closed account and an unknown slug answer 404.',
        params: SlugParams,
        response: { 200: PublicShop, ...errorResponses(404) },
      },
    },
    async (request) => {
      if (hasUnstorableString(request.params)) throw notFound('storefront');
      const { shop, ctx } = await openShop(deps.db, request.params.slug, deps.clock.now(), deps.config.baseUrl);
      return presentShop(deps.db, ctx, shop, store);
    },
  );

  app.post(
    '/public/storefronts/:slug/orders',
    {
      config: { auth: 'none', resource: 'storefront', idempotencyPerAddress: true, keylessCost: { cost: 'write', seller: 'storefront' } },
      schema: {
        tags: ['public'],
        summary: 'Place an order (cart checkout)',
        description:
          'No key; an Idempotency-Key (the shop page makes one per cart) so a double click orders once. Finds the payer by email within the shop\'s ' +
          'account or creates them, makes and finalizes the invoice (one line per item, shipping as a line when shipped and the shop sets an amount) ' +
          'and answers with `checkoutUrl`, the hosted invoice page where the buyer pays.',
        params: SlugParams,
        body: OrderBody,
        response: { 201: Order, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => {
      if (hasUnstorableString(request.params)) throw notFound('storefront');
      return deps.idempotency.run(request, reply, 201, async (tx) => {
        const { shop, ctx } = await openShop(tx, request.params.slug, deps.clock.now(), deps.config.baseUrl);
        return placeOrder(tx, shop, ctx, request.body);
      });
    },
  );
}
