// Products and their versions.
import { pageRequest } from '../../core/pagination.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses, ListQuery } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import {
  CreateProductBody,
  CreateVersionBody,
  Product,
  ProductList,
  ProductListQuery,
  ProductParams,
  ProductPatch,
  ProductVersion,
  ProductWithVersion,
  PublishBody,
  VersionList,
  VersionParams,
  VersionPatch,
} from './schemas.ts';
import * as catalog from './service.ts';

const tags = ['catalog'];

export function registerCatalogRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/products',
    {
      config: { scope: 'catalog:write' },
      schema: {
        tags,
        summary: 'Create a product (or return the product of an existing key)',
        description:
          'Creates the product with version 1 as a draft (201) and records `product.created`. When the key exists, returns that product ' +
          '(200) with name and description updated; pricing is never changed this way: a different basePrice, billingCycle, pricingModel ' +
          'or currency answers 422 `pricing_immutable`.',
        body: CreateProductBody,
        response: { 200: ProductWithVersion, 201: ProductWithVersion, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(
        request,
        reply,
        (result: catalog.CreateProductResult) => (result.created ? 201 : 200),
        (tx) => catalog.createProduct(tx, contextOf(request, deps), request.body),
      ),
  );

  app.get(
    '/products',
    {
      config: { scope: 'catalog:read' },
      schema: { tags, summary: 'List products', querystring: ProductListQuery, response: { 200: ProductList, ...errorResponses(422) } },
    },
    async (request) => {
      const page = await catalog.listProducts(deps.db, contextOf(request, deps), { key: request.query.key }, pageRequest(request.query));
      return { products: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/products/:productID',
    {
      config: { scope: 'catalog:read', resource: 'product' },
      schema: { tags, summary: 'Get a product', params: ProductParams, response: { 200: Product, ...errorResponses(404) } },
    },
    async (request) => catalog.getProduct(deps.db, contextOf(request, deps), request.params.productID),
  );

  app.patch(
    '/products/:productID',
    {
      config: { scope: 'catalog:write', resource: 'product' },
      schema: {
        tags,
        summary: 'Update a product',
        description: 'Name, description, image and shipping only; pricing changes through versions.',
        params: ProductParams,
        body: ProductPatch,
        response: { 200: Product, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) => catalog.updateProduct(tx, contextOf(request, deps), request.params.productID, request.body)),
  );

  app.post(
    '/products/:productID/versions',
    {
      config: { scope: 'catalog:write', resource: 'product' },
      schema: {
        tags,
        summary: 'Create a draft version',
        description: 'The next sequential version, as a draft. Fields not sent are copied from the current version (latest published, else latest).',
        params: ProductParams,
        body: CreateVersionBody,
        response: { 201: ProductVersion, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 201, (tx) => catalog.createVersion(tx, contextOf(request, deps), request.params.productID, request.body)),
  );

  app.get(
    '/products/:productID/versions',
    {
      config: { scope: 'catalog:read', resource: 'product' },
      schema: { tags, summary: 'List the versions of a product', params: ProductParams, querystring: ListQuery, response: { 200: VersionList, ...errorResponses(404, 422) } },
    },
    async (request) => {
      const page = await catalog.listVersions(deps.db, contextOf(request, deps), request.params.productID, pageRequest(request.query));
      return { versions: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/products/:productID/versions/:versionID',
    {
      config: { scope: 'catalog:read', resource: 'product_version' },
      schema: { tags, summary: 'Get a version', params: VersionParams, response: { 200: ProductVersion, ...errorResponses(404) } },
    },
    async (request) => catalog.getVersion(deps.db, contextOf(request, deps), request.params.productID, request.params.versionID),
  );

  app.patch(
    '/products/:productID/versions/:versionID',
    {
      config: { scope: 'catalog:write', resource: 'product_version' },
      schema: {
        tags,
        summary: 'Edit a draft version',
        description: 'Drafts only: a published or archived version answers 422 `version_not_draft`. `prices`, when sent, replaces the list.',
        params: VersionParams,
        body: VersionPatch,
        response: { 200: ProductVersion, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) =>
        catalog.updateVersion(tx, contextOf(request, deps), request.params.productID, request.params.versionID, request.body),
      ),
  );

  app.post(
    '/products/:productID/versions/:versionID/publish',
    {
      config: { scope: 'catalog:write', resource: 'product_version' },
      schema: {
        tags,
        summary: 'Publish a draft version',
        description:
          'With `default` true or no body, the version becomes the default (the previous default stays published as an offer) and the ' +
          "product's first payment link is created if it has none. With `default` false the version is an offer; the product must " +
          'already have a default version (422 `no_default_version`). Records `product.version_published`.',
        params: VersionParams,
        body: PublishBody,
        response: { 200: ProductVersion, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) =>
        catalog.publishVersion(tx, contextOf(request, deps), request.params.productID, request.params.versionID, request.body ?? {}),
      ),
  );

  app.post(
    '/products/:productID/versions/:versionID/archive',
    {
      config: { scope: 'catalog:write', resource: 'product_version' },
      schema: {
        tags,
        summary: 'Archive a version',
        description: "A draft or a published offer; its payment links are deactivated. The default version answers 409: publish another default first.",
        params: VersionParams,
        response: { 200: ProductVersion, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) =>
        catalog.archiveVersion(tx, contextOf(request, deps), request.params.productID, request.params.versionID),
      ),
  );
}
