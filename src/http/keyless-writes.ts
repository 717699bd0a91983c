// Accepted keyless writes (orders, charges, checkouts: `keylessCost.cost` `write`) run at most
// `atOnce` at a time in this process; the rest wait here, before their transaction. On the
// embedded database every query shares one connection in arrival order, so a burst of orders would
// each hold it in turn ahead of another tenant's keyed read; one at a time, that read waits for
// one order at most. The budgets (keyless-budgets.ts) bound how many can wait.
import type { App } from './types.ts';

export function registerKeylessWriteLane(app: App, atOnce: number): void {
  let running = 0;
  const waiting: Array<() => void> = [];
  app.addHook('preHandler', async (request, reply) => {
    if (request.auth || request.routeOptions.config.keylessCost?.cost !== 'write') return;
    // A finished request hands its place to the next in line (running stays the same) or frees it.
    if (running < atOnce) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  });
}
