import type { FastifyRequest } from 'fastify';
import type { UseCaseContext } from '../core/context.ts';
import { AppError } from '../core/errors.ts';
import type { AppDeps } from './types.ts';

/** The use-case context of an authenticated request. */
export function contextOf(request: FastifyRequest, deps: AppDeps): UseCaseContext {
  const auth = request.auth;
  if (!auth) throw new AppError('unauthorized', 'Missing API key.');
  return { tenant: { accountId: auth.accountId, environment: auth.environment }, now: deps.clock.now(), baseUrl: deps.config.baseUrl };
}
