export { BillingClient, type BillingClientOptions, type Query, type RequestBody } from './client.ts';
export { BillingError, type FieldError } from './errors.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retrying-fetch.ts';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent } from './webhooks.ts';
export type { components, operations, paths } from './schema.ts';
