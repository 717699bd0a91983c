// Which webhook URLs the service may call: settings app.ts reads from the configuration and hands to
// the webhooks area (modules/webhooks/target-policy.ts applies them).
import type { LookupFunction } from 'node:net';

export interface TargetPolicy {
  /** Development only: http:// and private or loopback addresses allowed. */
  allowPrivateTargets: boolean;
  /** DNS lookup (dns.lookup-compatible); tests inject one. Default: c-ares with a timeout (src/modules/webhooks/bounded-dns.ts). */
  lookup?: LookupFunction;
}
