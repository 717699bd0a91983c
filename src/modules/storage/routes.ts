import { Type } from '@sinclair/typebox';
import { contextOf } from '../../http/context.ts';
import { errorResponses, Uuid } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { Deliverable, DeliverableBody, PresignBody, PresignedUpload } from './schemas.ts';
import * as storage from './service.ts';
import { registerSignedObjectRoutes } from './upload-routes.ts';

const ProductParams = Type.Object({ productID: Uuid() });

export function registerStorageRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/catalog/images/presign',
    {
      config: { scope: 'catalog:write' },
      schema: {
        tags: ['catalog'],
        summary: 'Presign an upload (image or deliverable file)',
        description: 'Returns a URL to PUT the file to, with the headers to send. The objectKey is then referenced by deliverables and storefronts.',
        body: PresignBody,
        response: { 201: PresignedUpload, ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 201, (tx) => storage.presignUpload(tx, contextOf(request, deps), request.body, deps.objectStore)),
  );

  app.get(
    '/products/:productID/deliverable',
    {
      config: { scope: 'catalog:read', resource: 'product' },
      schema: { tags: ['catalog'], summary: 'The product\'s deliverable', params: ProductParams, response: { 200: Deliverable, ...errorResponses(404) } },
    },
    async (request) => storage.getDeliverable(deps.db, contextOf(request, deps), request.params.productID),
  );

  app.put(
    '/products/:productID/deliverable',
    {
      config: { scope: 'catalog:write', resource: 'product' },
      schema: {
        tags: ['catalog'],
        summary: 'Set or replace the product\'s deliverable',
        description: 'A link ({kind: "link", url}) or an uploaded file ({kind: "file", objectKey}); size and type come from the upload.',
        params: ProductParams,
        body: DeliverableBody,
        response: { 200: Deliverable, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) =>
        storage.putDeliverable(tx, contextOf(request, deps), { productId: request.params.productID, deliverable: request.body }, deps.objectStore),
      ),
  );

  app.delete(
    '/products/:productID/deliverable',
    {
      config: { scope: 'catalog:write', resource: 'product' },
      schema: {
        tags: ['catalog'],
        summary: 'Remove the product\'s deliverable',
        description: 'Returns the removed deliverable. Files already granted to buyers stay downloadable.',
        params: ProductParams,
        response: { 200: Deliverable, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 200, (tx) => storage.deleteDeliverable(tx, contextOf(request, deps), request.params.productID)),
  );

  registerSignedObjectRoutes(app, deps);
}
