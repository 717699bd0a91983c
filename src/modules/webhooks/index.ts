// The door of modules/webhooks: the only file other areas import (docs/ARCHITECTURE.md).
export { webhookJobHandler } from './deliver.ts';
export { fanOutEvents } from './fan-out.ts';
export { findEndpointHealth, listEndpointHealth, listFailingEndpoints, type EndpointHealth } from './endpoint-health.ts';
export { listDeliveries, type DeliveryView } from './service.ts';
export { registerWebhookRoutes } from './routes.ts';
export { newWebhookSecret, signWebhook } from './signing.ts';
export { ALL_EVENTS, EVENT_KINDS, isEventKind } from './event-kinds.ts';
export { type WebhookTables } from './tables.ts';
export { withEgressGuard } from './guarded-fetch.ts';
export { egressGuardOf } from './target-agents.ts';
export { checkWebhookUrl, type TargetPolicy } from './target-policy.ts';
