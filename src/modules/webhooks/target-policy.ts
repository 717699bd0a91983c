// Which URLs may receive webhooks (OWASP API7, server-side request forgery). Outside development a
// URL must be https and its host must be, or resolve only to, public unicast addresses: no
// loopback, private, link-local (169.254.169.254, the cloud metadata address), CGNAT, multicast,
// unspecified, unique-local or IPv4-mapped ones. Ranges are ipaddr.js's, not hand-written. The
// address is checked again when each delivery connects (send-webhook.ts), as DNS may change.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

import type { TargetPolicy } from '../../core/webhook-targets.ts';
export type { TargetPolicy };

export const MAX_URL_LENGTH = 2048;
const DNS_TIMEOUT_MS = 5_000;

/** null when the URL may receive webhooks; otherwise why not, in one sentence (a 422 naming `url`). */
export async function checkWebhookUrl(url: string, policy: TargetPolicy): Promise<string | null> {
  if (url.length > MAX_URL_LENGTH) return `url must be at most ${MAX_URL_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be an absolute http or https URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'url must use https';
  if (parsed.username || parsed.password) return 'url must not hold a user name or password';
  if (policy.allowPrivateTargets) return null;
  if (parsed.protocol !== 'https:') return 'url must use https';
  // The WHATWG parser has already turned decimal, octal, hex and short IPv4 forms into dotted quads.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'url must not point to localhost';
  if (ipaddr.isValid(host)) return refusedAddress(host);
  let addresses: string[];
  try {
    addresses = await resolveAll(host, policy.lookup ?? (dnsLookup as LookupFunction));
  } catch {
    return `url's host ${host} could not be resolved`;
  }
  if (addresses.length === 0) return `url's host ${host} could not be resolved`;
  for (const address of addresses) {
    const problem = refusedAddress(address);
    if (problem) return problem.replace('url points to', `url's host ${host} resolves to`);
  }
  return null;
}

/** Why an address may not receive webhooks, or null for a public unicast address. */
export function refusedAddress(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return `url points to an address that cannot be checked (${address})`;
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  // An IPv4-mapped IPv6 address is refused as such, and named by the IPv4 address it carries.
  const shown = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? `${address}, ${(parsed as ipaddr.IPv6).toIPv4Address().toString()}` : address;
  return `url points to a ${describeRange(range)} address (${shown})`;
}

function describeRange(range: string): string {
  const names: Record<string, string> = {
    loopback: 'loopback',
    private: 'private',
    linkLocal: 'link-local',
    carrierGradeNat: 'carrier-grade NAT',
    uniqueLocal: 'unique-local',
    multicast: 'multicast',
    unspecified: 'unspecified',
    broadcast: 'broadcast',
    ipv4Mapped: 'IPv4-mapped',
  };
  return names[range] ?? `non-public (${range})`;
}

function resolveAll(host: string, lookup: LookupFunction): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('DNS timeout')), DNS_TIMEOUT_MS);
    lookup(host, { all: true }, (error: NodeJS.ErrnoException | null, addresses: string | LookupAddress[]) => {
      clearTimeout(timer);
      if (error) return reject(error);
      resolve(Array.isArray(addresses) ? addresses.map((a) => a.address) : [addresses]);
    });
  });
}
