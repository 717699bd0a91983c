// Builds the Fastify app: cross-cutting plugins first, then each area's routes, explicitly.
import { randomUUID } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './core/clock.ts';
import { DECIMAL_PATTERN } from './core/money.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerAuth } from './http/auth.ts';
import { registerAuditRoutes } from './http/audit-routes.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { assertIdempotencyKey, createIdempotency } from './http/idempotency.ts';
import { registerJsonBody } from './http/json-body.ts';
import { registerOpenApi } from './http/openapi.ts';
import { clientErrorHandler, frameworkErrorHandler, registerDrainAnswer } from './http/protocol-errors.ts';
import { createRateLimiters, registerRateLimit, type RateLimiters } from './http/rate-limit.ts';
import { registerKeylessWriteLane } from './http/keyless-writes.ts';
import { ERROR_RESPONSE, sharedSchemas } from './http/schemas.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import type { App, AppDeps } from './http/types.ts';
import { assertStorableStrings, validatorCompiler } from './http/validation.ts';
import { buildCachedSerializer } from './http/serializer-cache.ts';
import { wireAreas } from './wiring.ts';
import { createAuthenticator, registerAccountRoutes, registerAdminRoutes, registerPublicAccountRoutes } from './modules/accounts/index.ts';
import { registerStorefrontRoutes, registerShopPageRoutes } from './flows/storefronts/index.ts';
import { registerCatalogRoutes, registerMeterRoutes, registerPaymentLinkRoutes } from './modules/catalog/index.ts';
import { registerCheckoutRoutes, registerPaymentLinkCheckoutRoutes, registerBoletoRoutes } from './flows/checkout/index.ts';
import { registerCustomerRoutes, registerEnrollmentRoutes } from './modules/customers/index.ts';
import { registerDeliveryRoutes } from './modules/fulfillment/index.ts';
import { registerEmailRoutes } from './modules/email/index.ts';
import { registerEventRoutes } from './modules/events/index.ts';
import { registerHealthRoutes } from './modules/health/index.ts';
import { registerHomeRoutes } from './modules/home/index.ts';
import { registerDashboardRoutes } from './flows/dashboard/index.ts';
import { registerInvoiceRoutes } from './modules/invoices/index.ts';
import { registerMeteringRoutes } from './modules/metering/index.ts';
import { registerUsageInvoicingRoutes } from './flows/usage-invoicing/index.ts';
import { registerPaymentRoutes, registerSandboxRoutes } from './flows/payment-confirmation/index.ts';
import { createObjectStore, registerStorageRoutes } from './modules/storage/index.ts';
import { registerWebhookRoutes } from './modules/webhooks/index.ts';
import { railCryptoSettlement, registerRailRoutes, registerWalletRoutes } from './flows/rail/index.ts';
import { registerCouponRoutes } from './modules/coupons/index.ts';
import { registerLedgerRoutes } from './modules/ledger/index.ts';
import { registerCreditNoteRoutes } from './flows/credit-notes/index.ts';
import { registerSubscriptionRoutes, registerTestClockRoutes } from './flows/subscriptions/index.ts';
import { connectionSourceOf, registerProviderRoutes } from './modules/providers/index.ts';
import { registerMandateRoutes } from './modules/payments/index.ts';
import { registerServiceProcessors, useConnectionSource, useCryptoSettlement } from './modules/payments/index.ts';
import { registerProcessorEventRoutes } from './flows/payment-confirmation/index.ts';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** A pino logger instance or `false`; defaults to JSON logs at config.logLevel. */
  logger?: boolean | object;
  /** DNS lookup for webhook URL checks (tests resolve names to chosen addresses). */
  webhookLookup?: LookupFunction;
}

export async function buildApp(options: BuildOptions): Promise<App & { deps: AppDeps }> {
  const { config, database } = options;
  wireAreas();
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Request ids are opaque (X-Request-Id, tracer_id): a v4 UUID from Node's cached entropy is
    // cheaper than a UUIDv7, and one is made for every request.
    genReqId: () => randomUUID(),
    bodyLimit: config.bodyLimitBytes,
    // Off unless TRUST_PROXY names the proxies in front (src/core/trust-proxy.ts).
    trustProxy: config.trustProxy,
    // The response serialiser validates anyOf branches with its own Ajv: teach it our format too.
    serializerOpts: { ajv: { formats: { decimal: new RegExp(DECIMAL_PATTERN) } } },
    schemaController: { compilersFactory: { buildSerializer: buildCachedSerializer } },
    ajv: { customOptions: {} },
    // Answers that never reach a route carry the interface's error shape too (protocol-errors.ts).
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>() as App;

  registerJsonBody(app);
  app.setValidatorCompiler(validatorCompiler);
  for (const schema of sharedSchemas) app.addSchema(schema);
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  app.addHook('onRoute', documentRoute);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerDrainAnswer(app);

  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config,
    clock,
    idempotency: createIdempotency(database.db, clock, config.idempotencyRetentionHours),
    objectStore: await createObjectStore(config, database.db, clock.now()),
    webhookPolicy: { allowPrivateTargets: config.webhooksAllowPrivateTargets, ...(options.webhookLookup ? { lookup: options.webhookLookup } : {}) },
  };
  app.addHook('onClose', async () => deps.objectStore.close());
  const limiters: RateLimiters = createRateLimiters(config);
  app.addHook('onReady', async () => limiters.ready());
  app.addHook('onClose', async () => limiters.close());

  registerAuth(app, deps, createAuthenticator(deps.db));
  registerRateLimit(app, limiters);
  registerKeylessWriteLane(app, config.rateLimits.keyless.writesAtOnce);
  app.addHook('preValidation', async (request) => {
    assertIdempotencyKey(request);
    assertStorableStrings(request);
  });

  await registerOpenApi(app, config.baseUrl);
  registerHealthRoutes(app, deps);
  registerHomeRoutes(app, deps);
  registerDashboardRoutes(app, deps, limiters);
  registerAdminRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerPublicAccountRoutes(app, deps, limiters);
  registerStorefrontRoutes(app, deps);
  registerShopPageRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerMeterRoutes(app, deps);
  registerCatalogRoutes(app, deps);
  registerPaymentLinkRoutes(app, deps);
  registerCustomerRoutes(app, deps);
  registerEnrollmentRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerMandateRoutes(app, deps);
  registerCouponRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  registerTestClockRoutes(app, deps);
  registerDeliveryRoutes(app, deps);
  registerMeteringRoutes(app, deps);
  registerUsageInvoicingRoutes(app, deps);
  registerEmailRoutes(app, deps);
  registerStorageRoutes(app, deps);
  registerCheckoutRoutes(app, deps);
  registerPaymentLinkCheckoutRoutes(app, deps);
  registerSandboxRoutes(app, deps);
  registerBoletoRoutes(app, deps);
  registerRailRoutes(app, deps);
  registerWalletRoutes(app, deps);
  registerLedgerRoutes(app, deps);
  registerCreditNoteRoutes(app, deps);
  // Live charges reach the processor connections through this source (modules/payments cannot
  // import modules/providers, which imports it); the processors themselves are in the registry.
  registerServiceProcessors(config.processors);
  useConnectionSource(connectionSourceOf({ config, policy: deps.webhookPolicy }));
  // Production crypto charges are settled by the account's own Rail facilitator (payments cannot import a flow).
  useCryptoSettlement(railCryptoSettlement(deps));
  registerProviderRoutes(app, deps);
  registerProcessorEventRoutes(app, deps);

  return Object.assign(app, { deps });
}

/** Adds what every route shares to its schema: standard errors, security, and docs routes keyless. */
function documentRoute(route: { url: string; method: string | string[]; config?: unknown; schema?: Record<string, unknown> }): void {
  if (route.url.startsWith('/docs')) {
    route.config = { ...(route.config as object), auth: 'none', rateLimit: false };
    return;
  }
  const config = (route.config ?? {}) as { auth?: string; keylessCost?: unknown };
  // Every keyless route a buyer's browser calls spends a cost budget (http/keyless-budgets.ts).
  if (config.auth === 'none' && /^\/(public|pay|shop)\//.test(route.url) && !config.keylessCost) {
    throw new Error(`${route.url}: a keyless route under /public, /pay or /shop needs config.keylessCost`);
  }
  const schema = (route.schema ??= {});
  if (schema.hide) return;
  const response = ((schema.response as Record<string, unknown>) ??= {});
  const statuses = config.auth === 'none' ? [400, 429, 500, 503] : config.auth === 'admin' ? [400, 401, 500, 503] : [400, 401, 403, 429, 500, 503];
  for (const status of statuses) response[status] ??= ERROR_RESPONSE[status];
  // Any request with a body may be larger than BODY_LIMIT_BYTES.
  if ([route.method].flat().some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')) response[413] ??= ERROR_RESPONSE[413];
  if (config.auth === 'none') schema.security = [];
  if (config.auth === 'admin') schema.security = [{ admin: [] }];
}
