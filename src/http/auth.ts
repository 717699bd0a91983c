// Bearer authentication and scope checks, declared per route through `config.auth` and `config.scope`.
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../core/errors.ts';
import { createAuthenticator } from '../modules/accounts/service.ts';
import type { App, AppDeps } from './types.ts';

export function registerAuth(app: App, deps: AppDeps): void {
  const authenticate = createAuthenticator(deps.db);
  app.decorateRequest('auth', null);
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
    const auth = await authenticate(token);
    if (auth.keyType !== 'secret') throw new AppError('forbidden', 'A publishable key cannot call this route; use a secret key on your server.');
    if (config.scope && !auth.scopes.includes(config.scope)) {
      throw new AppError('forbidden', `This key lacks the scope ${config.scope}.`);
    }
    request.auth = auth;
  });
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
