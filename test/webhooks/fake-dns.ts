// A DNS of fixed answers for webhook tests (no real DNS here); unknown names fail like NXDOMAIN.
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';

export function fakeLookup(table: Record<string, string[]>): LookupFunction {
  return ((hostname: string, options: unknown, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    const addresses = table[hostname.toLowerCase()];
    if (!addresses) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    const all = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if ((options as { all?: boolean }).all) return callback(null, all);
    callback(null, all[0]!.address, all[0]!.family);
  }) as LookupFunction;
}
