// Name resolution for webhook targets outside development: Node's c-ares resolver (dns.Resolver)
// with a timeout and a number of tries, instead of dns.lookup. dns.lookup runs getaddrinfo on
// libuv's thread pool (4 threads, shared with file and crypto work) and cannot be given up: a
// tenant's endpoints at hosts whose DNS hangs (~5.8 s each, issue #30) held those threads however
// soon the attempt stopped waiting. c-ares queries go over the event loop's sockets and end at
// their timeout. Public names only: /etc/hosts is not read, which a webhook target must not need.
import { Resolver, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

/** Per query: 1 s, then a second try (c-ares doubles the wait): about 3 s at most. */
export const DNS_QUERY_TIMEOUT_MS = 1_000;
export const DNS_TRIES = 2;

const shared = new Resolver({ timeout: DNS_QUERY_TIMEOUT_MS, tries: DNS_TRIES });

/** A dns.lookup-compatible function over `resolver`: A and AAAA records, IPv4 first. */
export function resolverLookup(resolver: Resolver = shared): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number | string }, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
    const query = (kind: 4 | 6) =>
      family !== 0 && family !== kind
        ? Promise.resolve<LookupAddress[]>([])
        : new Promise<LookupAddress[]>((resolve, reject) =>
            (kind === 4 ? resolver.resolve4.bind(resolver) : resolver.resolve6.bind(resolver))(hostname, (error, found) =>
              error ? reject(error) : resolve(found.map((address) => ({ address, family: kind }))),
            ),
          );
    void Promise.allSettled([query(4), query(6)]).then(([v4, v6]) => {
      const found = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
      if (found.length === 0) {
        const failed = [v4, v6].find((r): r is PromiseRejectedResult => r.status === 'rejected');
        // A query that timed out says so; any other answer (NXDOMAIN, no records, SERVFAIL) is "not found".
        const code = (failed?.reason as NodeJS.ErrnoException | undefined)?.code === 'ETIMEOUT' ? 'ETIMEOUT' : 'ENOTFOUND';
        return callback(Object.assign(new Error(`queryA ${code} ${hostname}`), { code, hostname }), options.all ? [] : '');
      }
      if (options.all) return callback(null, found);
      callback(null, found[0]!.address, found[0]!.family);
    });
  }) as LookupFunction;
}
