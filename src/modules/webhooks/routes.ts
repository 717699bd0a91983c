import { pageRequest } from '../../core/pagination.ts';
import { fieldError } from '../../core/errors.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses, ListQuery } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import {
  CreateEndpointBody,
  Delivery,
  DeliveryList,
  DeliveryListQuery,
  DeliveryParams,
  Endpoint,
  EndpointList,
  EndpointParams,
  EndpointWithSecret,
  UpdateEndpointBody,
} from './schemas.ts';
import * as webhooks from './service.ts';
import { checkWebhookUrl } from './target-policy.ts';

const tags = ['webhooks'];

export function registerWebhookRoutes(app: App, deps: AppDeps): void {
  // Checked before the idempotent work (it resolves DNS): a refused URL is not stored as an answer.
  const assertTarget = async (url: string | undefined) => {
    if (url === undefined) return;
    const problem = await checkWebhookUrl(url, deps.webhookPolicy);
    if (problem) throw fieldError('url', url, 'webhook_target', problem);
  };

  app.post(
    '/account/webhooks',
    {
      config: { scope: 'account:write' },
      schema: {
        tags,
        summary: 'Register a webhook endpoint',
        description:
          'Events of the calling key’s environment recorded from now on are POSTed to `url`, signed by the Standard Webhooks scheme. ' +
          'The answer holds the signing `secret`, shown only here. An unknown event kind is refused (422) with the known ones listed.',
        body: CreateEndpointBody,
        response: { 201: EndpointWithSecret, ...errorResponses(409, 413, 422) },
      },
    },
    async (request, reply) => {
      await assertTarget(request.body.url);
      return deps.idempotency.run(request, reply, 201, (tx) => webhooks.createEndpoint(tx, contextOf(request, deps), request.body));
    },
  );

  app.get(
    '/account/webhooks',
    {
      config: { scope: 'account:read' },
      schema: { tags, summary: 'List webhook endpoints, newest first', querystring: ListQuery, response: { 200: EndpointList, ...errorResponses(422) } },
    },
    async (request) => {
      const page = await webhooks.listEndpoints(deps.db, contextOf(request, deps), pageRequest(request.query));
      return { webhooks: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/account/webhooks/:endpointID',
    {
      config: { scope: 'account:read', resource: 'webhook_endpoint' },
      schema: { tags, summary: 'One webhook endpoint', params: EndpointParams, response: { 200: Endpoint, ...errorResponses(404) } },
    },
    async (request) => webhooks.getEndpoint(deps.db, contextOf(request, deps), request.params.endpointID),
  );

  app.patch(
    '/account/webhooks/:endpointID',
    {
      config: { scope: 'account:write', resource: 'webhook_endpoint' },
      schema: {
        tags,
        summary: 'Change a webhook endpoint',
        description: '`isActive` false stops deliveries (pending ones fail); true turns a disabled endpoint back on.',
        params: EndpointParams,
        body: UpdateEndpointBody,
        response: { 200: Endpoint, ...errorResponses(404, 413, 422) },
      },
    },
    async (request, reply) => {
      await assertTarget(request.body.url);
      return deps.idempotency.run(request, reply, 200, (tx) => webhooks.updateEndpoint(tx, contextOf(request, deps), request.params.endpointID, request.body));
    },
  );

  app.delete(
    '/account/webhooks/:endpointID',
    {
      config: { scope: 'account:write', resource: 'webhook_endpoint' },
      schema: { tags, summary: 'Delete a webhook endpoint and its deliveries', params: EndpointParams, response: { 200: Endpoint, ...errorResponses(404) } },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => webhooks.deleteEndpoint(tx, contextOf(request, deps), request.params.endpointID)),
  );

  app.post(
    '/account/webhooks/:endpointID/rotate-secret',
    {
      config: { scope: 'account:write', resource: 'webhook_endpoint' },
      schema: {
        tags,
        summary: 'Replace the signing secret',
        description: 'Answers the new secret (shown only here). For 24 hours deliveries carry a signature by each secret in webhook-signature.',
        params: EndpointParams,
        response: { 200: EndpointWithSecret, ...errorResponses(404) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => webhooks.rotateSecret(tx, contextOf(request, deps), request.params.endpointID)),
  );

  app.get(
    '/account/webhooks/:endpointID/deliveries',
    {
      config: { scope: 'account:read', resource: 'webhook_endpoint' },
      schema: {
        tags,
        summary: 'Deliveries to this endpoint, newest first, with every attempt',
        params: EndpointParams,
        querystring: DeliveryListQuery,
        response: { 200: DeliveryList, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const { status } = request.query;
      const page = await webhooks.listDeliveries(deps.db, contextOf(request, deps), request.params.endpointID, { status }, pageRequest(request.query));
      return { deliveries: page.items, nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/account/webhooks/:endpointID/deliveries/:deliveryID/retry',
    {
      config: { scope: 'account:write', resource: 'webhook_delivery' },
      schema: {
        tags,
        summary: 'Send a delivery again now',
        description: 'Whatever its state; the attempts so far are kept. 409 when the endpoint is disabled.',
        params: DeliveryParams,
        response: { 202: Delivery, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 202, (tx) => webhooks.retryDelivery(tx, contextOf(request, deps), request.params.endpointID, request.params.deliveryID)),
  );

  app.post(
    '/account/webhooks/:endpointID/test',
    {
      config: { scope: 'account:write', resource: 'webhook_endpoint' },
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint only',
        description: 'Records a `webhook.test` event and answers its delivery, sent at once. 409 when the endpoint is disabled.',
        params: EndpointParams,
        response: { 202: Delivery, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 202, (tx) => webhooks.sendTestEvent(tx, contextOf(request, deps), request.params.endpointID)),
  );
}
