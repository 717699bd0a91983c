// A key that a keyless route (`config.auth: 'none'`) still reads when one is sent: GET
// /rail/supported answers anyone, and a caller's key narrows it to its account. A key sent is
// checked as the auth hook checks it (src/http/auth.ts): 401 for one that is not live, 403 for a
// publishable key or a restricted key without the scope; only no Authorization header is "no key".
import type { FastifyRequest } from 'fastify';
import type { Authenticator, Scope } from '../../core/auth.ts';
import { AppError } from '../../core/errors.ts';

/** True when the request carries a key, now on request.auth; false without one. */
export async function optionalKey(request: FastifyRequest, authenticator: Authenticator, scope: Scope): Promise<boolean> {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return false;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!token) throw new AppError('unauthorized', 'The Authorization header must be "Bearer sk_test_..." (or sk_live_), or absent.');
  const auth = await authenticator.authenticate(token);
  if (auth.keyType !== 'secret') throw new AppError('forbidden', 'A publishable key cannot call this route; use a secret key on your server.');
  if (!auth.scopes.includes(scope)) throw new AppError('forbidden', `This key lacks the scope ${scope}.`);
  request.auth = auth;
  return true;
}
