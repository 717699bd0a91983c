// TRUST_PROXY: which X-Forwarded-For entries the service believes when it takes a client's address
// (the per-address rate limit of keyless routes counts by that address). Off by default: anyone can
// write X-Forwarded-For, so believing it unconditionally would let a client pick a fresh address per
// request. Behind proxies, name them: addresses, CIDR ranges or the presets `loopback`, `linklocal`,
// `uniquelocal`. No hop count: it cannot tell a proxy from a client connecting directly with a forged
// header (Fastify itself treats a numeric trustProxy as trusting nobody).
import { isIP } from 'node:net';

/** Fastify's `trustProxy`: false, or the proxies' addresses and ranges. */
export type TrustProxy = false | string[];

const PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Parses the setting; returns a message naming the problem when it is not valid. */
export function parseTrustProxy(value: string | undefined): TrustProxy | { problem: string } {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') {
    return { problem: 'TRUST_PROXY: "true" would believe any X-Forwarded-For; give the addresses of the proxies in front of the service (e.g. 10.0.0.0/8 or loopback)' };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    return { problem: `TRUST_PROXY: expected a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal (not valid: "${bad.join('", "')}")` };
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (PRESETS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
