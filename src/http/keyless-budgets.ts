// Keyless routes (/public, /pay, /shop) are limited by what they cost, not only by how often they
// are called: each route spends its cost class from three budgets in turn (the client address,
// the seller named by the path's slug, the whole service). The address comes first, so a flood's
// refused requests spend only its own budget, never the shop's or the service's.
// Units, budgets and why: docs/reliability.md, "Keyless routes: budgets by cost".
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../core/errors.ts';
import type { KeylessCost } from './types.ts';

/**
 * Units per request: one unit is about a millisecond of event loop on the embedded database
 * (measured per route, docs/reliability.md): a status poll or branding read ~1 ms, a page that
 * loads a shop, invoice or link ~5 ms, an order, charge or checkout (a transaction writing an
 * invoice, ledger entries, events) ~25 ms.
 */
export const KEYLESS_COST_UNITS: Record<KeylessCost, number> = { light: 1, page: 5, write: 25 };

export interface KeylessBudgets {
  address: RateLimiterAbstract;
  seller: RateLimiterAbstract;
  total: RateLimiterAbstract;
  hold: RefusalHold;
}

/** Refused keyless requests held open by one address at most (this process); past it they answer at once and close. */
const MAX_HELD_PER_ADDRESS = 64;

/**
 * Holds a keyless 429 for up to `delayMs` (never past its Retry-After) before it is sent. A refusal
 * costs the event loop about as much as a page read; a client looping at full speed would get
 * thousands a second and slow every tenant (measured: scenario 15). Held, each of its connections
 * gets about one answer per `delayMs`. An address holding too many already is answered at once,
 * with `Connection: close`, so it cannot park unbounded sockets here.
 */
export class RefusalHold {
  private readonly held = new Map<string, number>();

  constructor(private readonly delayMs: number) {}

  async hold(reply: FastifyReply, address: string, msBeforeNext: number): Promise<void> {
    const ms = Math.min(this.delayMs, msBeforeNext);
    if (ms <= 0) return;
    const count = this.held.get(address) ?? 0;
    if (count >= MAX_HELD_PER_ADDRESS) {
      reply.header('connection', 'close');
      return;
    }
    this.held.set(address, count + 1);
    try {
      await sleep(ms);
    } finally {
      const left = (this.held.get(address) ?? 1) - 1;
      if (left > 0) this.held.set(address, left);
      else this.held.delete(address);
    }
  }
}

/** Spends the route's cost, or answers 429 (nested `rate_limited`, Retry-After) from the first budget that refuses. */
export async function spendKeylessBudget(request: FastifyRequest, reply: FastifyReply, budgets: KeylessBudgets): Promise<void> {
  const route = request.routeOptions.config.keylessCost;
  if (!route) return;
  const units = KEYLESS_COST_UNITS[route.cost];
  const slug = route.seller ? (request.params as { slug?: unknown }).slug : undefined;
  const steps: Array<{ limiter: RateLimiterAbstract; subject: string; what: string }> = [
    { limiter: budgets.address, subject: `ip:${request.ip}`, what: 'requests from this address' },
    ...(typeof slug === 'string' ? [{ limiter: budgets.seller, subject: `${route.seller}:${slug}`, what: `requests to this ${route.seller === 'storefront' ? 'shop' : 'seller'}` }] : []),
    { limiter: budgets.total, subject: 'all', what: 'requests to public pages right now' },
  ];
  for (const { limiter, subject, what } of steps) {
    try {
      await limiter.consume(subject, units);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      // The RateLimit headers of a refusal describe the budget that refused (in cost units).
      reply.header('ratelimit-limit', String(limiter.points));
      reply.header('ratelimit-remaining', '0');
      reply.header('ratelimit-reset', String(retryAfter));
      await budgets.hold.hold(reply, request.ip, rejection.msBeforeNext);
      throw new AppError('rate_limited', `Too many ${what}; retry after ${retryAfter} s.`, { retryAfterSeconds: retryAfter });
    }
  }
}
