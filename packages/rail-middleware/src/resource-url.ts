// The URL the agent asked for, as the PaymentRequired's resource.url names it: https behind TLS,
// and the scheme and host a proxy reports only when the seller trusts that proxy (an agent could
// send Forwarded / X-Forwarded-* itself and make the server name another resource).
import type { RailRequest } from './types.ts';

export function resourceUrl(request: RailRequest, trustProxy: boolean): string {
  let scheme = request.protocol ?? (request.secure ? 'https' : 'http');
  let host = request.host ?? 'localhost';
  if (trustProxy) {
    // The first hop is the one the agent reached (RFC 7239: proxies append).
    const forwarded = (request.header('forwarded') ?? '').split(',')[0]!;
    const pair = (key: string) => new RegExp(`(?:^|;)\\s*${key}="?([^";]+)"?`, 'i').exec(forwarded)?.[1]?.trim();
    const first = (name: string) => request.header(name)?.split(',')[0]?.trim() || undefined;
    scheme = pair('proto') ?? first('x-forwarded-proto') ?? scheme;
    host = pair('host') ?? first('x-forwarded-host') ?? host;
  }
  scheme = scheme.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') scheme = 'http';
  return `${scheme}://${host}${request.url}`;
}
