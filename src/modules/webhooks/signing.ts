// Standard Webhooks signatures (https://www.standardwebhooks.com): `whsec_` + base64 secrets,
// `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, several space separated
// while a rotated secret is still honoured. Signing is the `standardwebhooks` package's own.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Headers for one delivery of `body`, signed by every secret given (newest first). */
export function signWebhook(secrets: readonly string[], messageId: string, timestamp: Date, body: string): SignedHeaders {
  // Standard Webhooks timestamps are whole seconds; the signature must cover the value sent.
  const seconds = new Date(Math.floor(timestamp.getTime() / 1000) * 1000);
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, seconds, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(seconds.getTime() / 1000),
    'webhook-signature': signatures.join(' '),
  };
}
