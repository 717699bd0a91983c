// The connection-time half of the webhook target policy: http and https agents that judge the
// address a delivery is about to connect to with the very refusedAddress that checked the URL at
// creation (target-policy.ts), since a name's DNS answer may have changed since. An IP literal host
// is judged before connecting; a name is judged on every address its lookup gives (all of them,
// whether Node asks for one or, to race IPv4 and IPv6, for all). The approach is
// request-filtering-agent's (a lookup wrapped inside createConnection); the judgement is ours, so
// that both checks agree on every IPv6 form that carries an IPv4 address. Names resolve through
// bounded-dns.ts (c-ares, with a timeout), not dns.lookup.
import type { LookupAddress } from 'node:dns';
import type { EgressGuard } from '../../core/webhook-targets.ts';
import http from 'node:http';
import https from 'node:https';
import { isIP, Socket, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import { resolverLookup } from './bounded-dns.ts';
import { refusedAddress, type TargetPolicy } from './target-policy.ts';

// Names are resolved by c-ares with a timeout, never on the thread pool (bounded-dns.ts).
const boundedLookup = resolverLookup();

/** A connection refused by the policy: `address` is the one refused. */
export class TargetRefusedError extends Error {
  readonly code = 'ERR_WEBHOOK_TARGET_REFUSED';
  constructor(
    readonly address: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** `lookup`, answering a TargetRefusedError instead of any address the policy refuses. */
export function filteredLookup(lookup: LookupFunction): LookupFunction {
  return ((hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((a: LookupAddress) => a.address) : [address];
      for (const one of addresses) {
        const problem = refusedAddress(one);
        if (problem) return callback(new TargetRefusedError(one, problem), '', undefined);
      }
      callback(null, address, family);
    });
  }) as LookupFunction;
}

const guards = new WeakMap<TargetPolicy, EgressGuard>();

/** The guard other clients of seller-given URLs connect through (one per policy); null when private targets are allowed. */
export function egressGuardOf(policy: TargetPolicy): EgressGuard | null {
  if (policy.allowPrivateTargets) return null;
  let guard = guards.get(policy);
  if (!guard) {
    guard = { lookup: filteredLookup(policy.lookup ?? boundedLookup), refusedAddress };
    guards.set(policy, guard);
  }
  return guard;
}

type Options = http.ClientRequestArgs;
type Callback = (err: Error | null, stream: Duplex) => void;

/** The options a connection is made with, or the error that refuses it. */
function filtered(options: Options): Options | TargetRefusedError {
  const host = options.host ?? options.hostname;
  if (host && isIP(host)) {
    const problem = refusedAddress(host);
    if (problem) return new TargetRefusedError(host, problem);
  }
  return { ...options, lookup: filteredLookup(options.lookup ?? boundedLookup) };
}

/** An unconnected socket, its error handed to the agent (which fails the request with it). */
function refuse(error: TargetRefusedError, callback: Callback | undefined): Socket {
  const socket = new Socket();
  if (callback) callback(error, socket);
  else socket.destroy(error);
  return socket;
}

export class FilteringHttpAgent extends http.Agent {
  override createConnection(options: Options, callback?: Callback): Duplex | null | undefined {
    const checked = filtered(options);
    return checked instanceof TargetRefusedError ? refuse(checked, callback) : super.createConnection(checked, callback);
  }
}

export class FilteringHttpsAgent extends https.Agent {
  override createConnection(options: Options, callback?: Callback): Duplex | null | undefined {
    const checked = filtered(options);
    return checked instanceof TargetRefusedError ? refuse(checked, callback) : super.createConnection(checked, callback);
  }
}
