// OpenAPI 3.1 generated from the route schemas (the single source of truth), served at
// /openapi.json, with a browsable reference at /docs (under a CSP of its own, security-headers.ts).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';
import { operationIdOf } from './operation-ids.ts';
import { docsContentSecurityPolicy } from './security-headers.ts';
import type { App } from './types.ts';

export async function registerOpenApi(app: App, baseUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Billing, Metering and Payments Service',
        version: '0.0.1',
        description:
          'JSON-over-HTTP API for selling and billing products. Money and quantities are decimal strings. ' +
          'Every write needs an Idempotency-Key header. The key prefix (sk_test_ / sk_live_) selects the environment.',
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: baseUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Secret key: sk_test_... (sandbox) or sk_live_... (production).' },
          admin: { type: 'http', scheme: 'bearer', description: 'The operator ADMIN_TOKEN.' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: documentOperation,
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  // Every route of /docs (the page, its static files, its copy of the document) extends the
  // root's helmet options with the CSP Swagger UI needs (@fastify/helmet reads config.helmet).
  const docsHelmet = { contentSecurityPolicy: docsContentSecurityPolicy(baseUrl) };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...route.config, helmet: docsHelmet } as typeof route.config;
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/openapi.json', { schema: { hide: true }, config: { auth: 'none', rateLimit: false } }, async () => app.swagger());
}

/**
 * What the document says of each route beyond its schema: its operationId (operation-ids.ts), and
 * a name for a trailing wildcard (the signed-object routes take the object key, slashes and all),
 * since OpenAPI has no `{*}` path parameter.
 */
function documentOperation({ schema, url, route }: { schema: FastifySchema; url: string; route: { method: string | string[] } }) {
  const method = [route.method].flat()[0]!;
  const own = schema as (FastifySchema & { operationId?: string }) | undefined;
  const operationId = own?.operationId ?? operationIdOf(method, url);
  const documented: FastifySchema & Record<string, unknown> = { ...own, ...(operationId && { operationId }) };
  if (!url.endsWith('/*')) return { schema: documented, url };
  documented.params = Type.Object({ objectKey: Type.String({ description: 'The object key, as the presigned URL carries it (slashes included).' }) });
  return { schema: documented, url: `${url.slice(0, -1)}:objectKey` };
}
