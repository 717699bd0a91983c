// Seller-given URLs called through a library that uses the global fetch and takes no dispatcher
// (the official x402 HTTPFacilitatorClient calling a seller's remote facilitator): a fetch started
// inside `withEgressGuard` connects through an undici agent that judges every address it is about
// to connect to, as webhook deliveries do (target-agents.ts): an IP literal host before
// connecting, a name on every address its lookup gives. Redirect hops connect through the same
// agent. Every other fetch of the process goes on to the dispatcher that was global before, so
// the routing dispatcher changes nothing outside a guarded call.
import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import { Agent, buildConnector, Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import type { EgressGuard } from '../../core/webhook-targets.ts';
import { TargetRefusedError } from './target-agents.ts';

const current = new AsyncLocalStorage<Agent>();
const agents = new WeakMap<EgressGuard, Agent>();
let installed = false;

function agentOf(guard: EgressGuard): Agent {
  let agent = agents.get(guard);
  if (!agent) {
    const connect = buildConnector({ lookup: guard.lookup });
    agent = new Agent({
      connect: (options, callback) => {
        const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
        const problem = isIP(host) ? guard.refusedAddress(host) : null;
        if (problem) return callback(new TargetRefusedError(host, problem), null);
        return connect(options, callback);
      },
    });
    agents.set(guard, agent);
  }
  return agent;
}

/** The global dispatcher: the guarded call's agent inside `withEgressGuard`, the previous one elsewhere. */
class RoutingDispatcher extends Dispatcher {
  constructor(private readonly fallback: Dispatcher) {
    super();
  }
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return (current.getStore() ?? this.fallback).dispatch(options, handler);
  }
  override close(...args: []): Promise<void> {
    return this.fallback.close(...args);
  }
  override destroy(...args: []): Promise<void> {
    return this.fallback.destroy(...args);
  }
}

/** Runs `call` with every fetch it starts connecting under `guard`; null (development) runs it as is. */
export function withEgressGuard<T>(guard: EgressGuard | null, call: () => Promise<T>): Promise<T> {
  if (!guard) return call();
  if (!installed) {
    setGlobalDispatcher(new RoutingDispatcher(getGlobalDispatcher()));
    installed = true;
  }
  return current.run(agentOf(guard), call);
}
