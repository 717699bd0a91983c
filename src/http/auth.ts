// Bearer authentication and scope checks, declared per route through `config.auth` and `config.scope`.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import type { AuthContext, Authenticator } from '../core/auth.ts';
import { renderError, toAppError } from './error-handler.ts';
import { createCallPrincipals, PRINCIPAL_PREFIX } from './principals.ts';
import type { App, AppDeps } from './types.ts';

/** Checks keys through `authenticator` (the accounts area's, handed over by app.ts). */
export function registerAuth(app: App, deps: AppDeps, authenticator: Authenticator): void {
  app.decorateRequest('auth', null);
  const principals = createCallPrincipals(app);
  app.decorate('principals', principals);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    const mode = config.auth ?? 'secret';
    if (mode === 'none') return;
    const token = bearerToken(request.headers.authorization);
    if (mode === 'admin') {
      // Without ADMIN_TOKEN the operator API does not exist.
      if (!deps.config.adminToken) throw new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`, { resource: 'route' });
      if (!token || !sameSecret(token, deps.config.adminToken)) throw new AppError('unauthorized', 'The admin token is missing or wrong.');
      return;
    }
    if (!token) throw new AppError('unauthorized', 'Missing API key. Send "Authorization: Bearer sk_test_..." (or sk_live_).');
    const auth = token.startsWith(PRINCIPAL_PREFIX)
      ? principalOf(principals.take(token))
      : config.keyFromMemory
        ? await authenticator.authenticateFromMemory(token)
        : await authenticator.authenticate(token);
    const refusal = keyRefusalOnRoute(auth.keyType, auth.scopes, config.scope);
    if (refusal) {
      // A key from memory that is no longer live gets the lookup's answer (401 revoked) instead.
      if (auth.unconfirmed) await authenticator.confirm(auth.unconfirmed);
      throw refusal;
    }
    request.auth = auth;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const key = request.auth?.unconfirmed;
    if (!key || key.state === 'live') return done(null, payload);
    if (key.state === 'refused' || key.state === 'clocked') {
      authenticator.forget(key.hash);
      return done(null, payload);
    }
    confirmBeforeAnswering(authenticator, request, reply, payload).then((sent) => done(null, sent), done);
  });
}

/** The caller a principal token stood for (http/principals.ts); an unknown or used one is no key. */
function principalOf(auth: AuthContext | undefined): AuthContext {
  if (!auth) throw new AppError('unauthorized', 'The API key is not valid.');
  return auth;
}

/**
 * A key taken from memory that the route's write did not confirm (the request failed before its
 * write: a validation error, a rate limit): its row is read now, and a key no longer live gets the
 * answer a lookup before the route would have given, instead of the route's.
 */
async function confirmBeforeAnswering(authenticator: Authenticator, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  try {
    await authenticator.confirm(request.auth!.unconfirmed!);
    return payload;
  } catch (error) {
    const { status, body } = renderError(toAppError(error, request), request.id);
    reply.removeHeader('retry-after');
    reply.code(status).type('application/json; charset=utf-8');
    return body;
  }
}

/** Why a live key may not call this route: a publishable key, or a restricted key without the route's scope. */
function keyRefusalOnRoute(keyType: string, scopes: readonly string[], scope: string | undefined): AppError | null {
  if (keyType !== 'secret') return new AppError('forbidden', 'A publishable key cannot call this route; use a secret key on your server.');
  if (scope && !scopes.includes(scope)) return new AppError('forbidden', `This key lacks the scope ${scope}.`);
  return null;
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
