// Verifying the webhooks the service sends (Standard Webhooks: webhook-id, webhook-timestamp,
// webhook-signature; HMAC-SHA256 with the endpoint's whsec_ secret), for sellers' servers.
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * The event of a delivery, once its signature is checked against the endpoint's secret; throws
 * WebhookVerificationError when it is forged, altered or older than five minutes. Pass the body
 * exactly as received (the raw string or bytes), not a re-serialised object.
 */
export function verifyWebhook(rawBody: string | Buffer, headers: Record<string, string | string[] | undefined>, secret: string): WebhookEvent {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  return new Webhook(secret).verify(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'), flat) as WebhookEvent;
}

export { WebhookVerificationError };
