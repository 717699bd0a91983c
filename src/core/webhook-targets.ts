// Which webhook URLs the service may call: settings app.ts reads from the configuration and hands to
// the webhooks area (modules/webhooks/target-policy.ts applies them).
import type { LookupFunction } from 'node:net';

export interface TargetPolicy {
  /** Development only: http:// and private or loopback addresses allowed. */
  allowPrivateTargets: boolean;
  /** DNS lookup (dns.lookup-compatible); tests inject one. Default: c-ares with a timeout (src/modules/webhooks/bounded-dns.ts). */
  lookup?: LookupFunction;
}

/**
 * The connection-time half of the policy, for other clients that call seller-given URLs (a Pix
 * PSP's baseUrl): a lookup that refuses any address the policy refuses, and the judgement of an IP
 * literal host (which no lookup sees). Null in development (private targets allowed).
 */
export interface EgressGuard {
  lookup: LookupFunction;
  /** Why an address may not be connected to, or null. */
  refusedAddress(address: string): string | null;
}
