import type { FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import type { AppDeps } from './types.ts';

/** The use-case context of an authenticated request. */
export function contextOf(request: FastifyRequest, deps: AppDeps): UseCaseContext {
  const auth = request.auth;
  if (!auth) throw new AppError('unauthorized', 'Missing API key.');
  // A sandbox account with a test clock runs as of that instant (POST /test/clock/advance).
  // What runs on the real time (countdowns, authorization windows) reads `realNow` (core/context.ts).
  const realNow = deps.clock.now();
  const clocked = auth.sandboxClock && auth.environment === 'sandbox' ? new Date(auth.sandboxClock) : null;
  return { tenant: { accountId: auth.accountId, environment: auth.environment }, now: clocked ?? realNow, ...(clocked ? { realNow } : {}), baseUrl: deps.config.baseUrl };
}
