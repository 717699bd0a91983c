// Accepted keyless writes (orders, charges, checkouts: `keylessCost.cost` `write`) run at most
// `atOnce` at a time in this process; the rest wait here, before their transaction. On the
// embedded database every query shares one connection in arrival order, so a burst of orders would
// each hold it in turn ahead of another tenant's keyed read; one at a time, that read waits for
// one order at most. The budgets (keyless-budgets.ts) bound how many can wait.
import { AppError } from '../core/errors.ts';
import type { App } from './types.ts';

export function registerKeylessWriteLane(app: App, atOnce: number): void {
  let running = 0;
  const waiting: Array<(gone: boolean) => void> = [];
  app.addHook('preHandler', async (request, reply) => {
    if (request.auth || request.routeOptions.config.keylessCost?.cost !== 'write') return;
    let state: 'waiting' | 'running' | 'done' = 'waiting';
    let wake: ((gone: boolean) => void) | null = null;
    // Listened to before waiting: a client gone while in line leaves the line (and its request
    // stops); one gone or answered while running hands its place to the next or frees it.
    const done = () => {
      const was = state;
      if (was === 'done') return;
      state = 'done';
      if (was === 'waiting') {
        const at = wake ? waiting.indexOf(wake) : -1;
        if (at >= 0) waiting.splice(at, 1);
        wake?.(true);
        return;
      }
      const next = waiting.shift();
      if (next) next(false);
      else running -= 1;
    };
    reply.raw.once('finish', done);
    reply.raw.once('close', done);
    if (running < atOnce) {
      running += 1;
      state = 'running';
      return;
    }
    const gone = await new Promise<boolean>((resolve) => {
      wake = (isGone) => {
        if (!isGone) state = 'running';
        resolve(isGone);
      };
      waiting.push(wake);
    });
    if (gone) throw new AppError('service_unavailable', 'The client left while its request waited.');
  });
}
