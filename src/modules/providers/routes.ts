import { contextOf } from '../../http/context.ts';
import { errorResponses } from '../../http/schemas.ts';
import { paymentSchemas } from '../payments/index.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { Connection, ConnectionBody, ConnectionList, ProviderParams } from './schemas.ts';
import * as providers from './service.ts';

const tags = ['providers'];

export function registerProviderRoutes(app: App, deps: AppDeps): void {
  const providerDeps: providers.ProviderDeps = { config: deps.config, policy: deps.webhookPolicy };

  app.put(
    '/account/providers/:provider',
    {
      config: { scope: 'account:write', resource: 'provider' },
      schema: {
        tags,
        summary: 'Connect a payment processor (or replace its connection)',
        description:
          'Stores the credentials encrypted and answers the connection with each secret as its last four characters, and the `webhookUrl` to register at the processor. ' +
          '409 `provider_method_taken` when another connection of this environment serves one of `methods`.',
        params: ProviderParams,
        body: ConnectionBody,
        response: { 200: Connection, ...errorResponses(404, 409, 413, 422, 503), ...paymentSchemas.ProcessorErrorResponses },
      },
    },
    async (request, reply) => {
      // Checked before the idempotent work (the pix_api baseUrl check resolves DNS).
      await providers.validateConnection(providerDeps, request.params.provider, request.body);
      return deps.idempotency.run(request, reply, 200, (tx) => providers.putConnection(tx, contextOf(request, deps), providerDeps, request.params.provider, request.body));
    },
  );

  app.get(
    '/account/providers',
    { config: { scope: 'account:read' }, schema: { tags, summary: 'The processors connected in this environment', response: { 200: ConnectionList } } },
    async (request) => ({ providers: await providers.listConnections(deps.db, contextOf(request, deps), providerDeps) }),
  );

  app.get(
    '/account/providers/:provider',
    {
      config: { scope: 'account:read', resource: 'provider' },
      schema: { tags, summary: 'One processor connection', params: ProviderParams, response: { 200: Connection, ...errorResponses(404) } },
    },
    async (request) => providers.getConnection(deps.db, contextOf(request, deps), providerDeps, request.params.provider),
  );

  app.delete(
    '/account/providers/:provider',
    {
      config: { scope: 'account:write', resource: 'provider' },
      schema: { tags, summary: 'Disconnect a processor', description: 'Its payments keep their provider and providerId.', params: ProviderParams, response: { 200: Connection, ...errorResponses(404) } },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => providers.deleteConnection(tx, contextOf(request, deps), providerDeps, request.params.provider)),
  );

  app.post(
    '/account/providers/:provider/check',
    {
      config: { scope: 'account:write', resource: 'provider' },
      schema: {
        tags,
        summary: 'Prove the credentials with a real, harmless call',
        description: 'Records `status` `active`, or `failing` with the processor’s reason in `statusReason`.',
        params: ProviderParams,
        response: { 200: Connection, ...errorResponses(404, 503) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => providers.checkConnection(tx, contextOf(request, deps), providerDeps, request.params.provider)),
  );
}
