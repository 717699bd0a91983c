// OpenAPI 3.1 generated from the route schemas (the single source of truth), served at
// /openapi.json, with a browsable reference at /docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/openapi.json', { schema: { hide: true }, config: { auth: 'none', rateLimit: false } }, async () => app.swagger());
}
