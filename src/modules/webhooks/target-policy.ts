// Which URLs may receive webhooks (OWASP API7, server-side request forgery). Outside development a
// URL must be https and its host must be, or resolve only to, public unicast addresses: no
// loopback, private, link-local (169.254.169.254, the cloud metadata address), CGNAT, multicast,
// unspecified, unique-local or other special ones. An IPv6 address that carries an IPv4 one
// (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64 64:ff9b::/96, 6to4) is judged by the IPv4
// address it carries; Teredo and local-use NAT64 (64:ff9b:1::/48), whose IPv4 cannot be read
// reliably, are refused outright. Ranges are ipaddr.js's, not hand-written. The address is checked
// again, by this same refusedAddress, when each delivery connects (target-agents.ts), as DNS may
// have changed.
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { resolverLookup } from './bounded-dns.ts';

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
    addresses = await resolveAll(host, policy.lookup ?? resolverLookup());
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
  if (parsed.kind() === 'ipv6') {
    const carried = carriedIPv4(parsed as ipaddr.IPv6);
    if (carried === 'unreadable') return `url points to a ${describeRange(parsed.range())} address (${address})`;
    if (carried) {
      // Judged by the IPv4 address it carries, and named by it too.
      const range = carried.range();
      return range === 'unicast' ? null : `url points to a ${describeRange(range)} address (${address}, carrying ${carried.toString()})`;
    }
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  return `url points to a ${describeRange(range)} address (${address})`;
}

/**
 * The IPv4 address an IPv6 address carries in its last 32 bits (IPv4-mapped ::ffff:0:0/96,
 * IPv4-translated ::ffff:0:0:0/96, IPv4-compatible ::/96 (RFC 4291, deprecated), NAT64's well-known
 * prefix 64:ff9b::/96 (RFC 6052)) or in bits 16 to 47 (6to4 2002::/16, RFC 3056); 'unreadable'
 * for Teredo 2001::/32 (the client's IPv4 is XOR-ed in, the server's is a relay) and local-use
 * NAT64 64:ff9b:1::/48 (RFC 8215: where the IPv4 sits depends on the operator's prefix length);
 * null for any other IPv6 address.
 */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | 'unreadable' | null {
  const p = address.parts;
  const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return ipv4(p[6]!, p[7]!);
    case 'rfc6052':
      return address.match(NAT64_WELL_KNOWN, 96) ? ipv4(p[6]!, p[7]!) : 'unreadable';
    case '6to4':
      return ipv4(p[1]!, p[2]!);
    case 'teredo':
      return 'unreadable';
    case 'unicast':
      // ::/96 but for :: and ::1 (ranges of their own): IPv4-compatible.
      return p.slice(0, 6).every((part) => part === 0) ? ipv4(p[6]!, p[7]!) : null;
    default:
      return null;
  }
}

const NAT64_WELL_KNOWN = ipaddr.IPv6.parse('64:ff9b::');

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
    rfc6052: 'local-use NAT64',
    teredo: 'Teredo',
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
