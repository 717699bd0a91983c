// Calls of the service's own API on behalf of a caller that holds no API key: a dashboard member
// signed in by a session (flows/dashboard/api-call.ts). The dashboard thus acts through the very
// routes an API key calls (the same validation, idempotency, events, ledger and audit), not a copy.
// The caller's AuthContext is handed over with a one-use token, random and known to this process
// only, that the auth hook exchanges for it: the token is taken when the request starts and
// forgotten when the call ends, so it cannot be replayed, and a request from the network cannot
// present one (it is never sent anywhere).
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AuthContext } from '../core/auth.ts';
import type { App } from './types.ts';

/** The prefix of a principal token: never a key's (sk_, pk_), so the two cannot be mistaken. */
export const PRINCIPAL_PREFIX = 'prn_';

export interface CallPrincipals {
  /** The principal of a token, once: a second take (or an unknown token) answers undefined. */
  take(token: string): AuthContext | undefined;
  /** Runs one request of the app as `auth` (its Authorization header is the one-use token). */
  call(auth: AuthContext, request: InjectOptions): Promise<LightMyRequestResponse>;
}

export function createCallPrincipals(app: App): CallPrincipals {
  const waiting = new Map<string, AuthContext>();
  return {
    take(token) {
      const auth = waiting.get(token);
      waiting.delete(token);
      return auth;
    },
    async call(auth, request) {
      const token = `${PRINCIPAL_PREFIX}${randomBytes(32).toString('base64url')}`;
      waiting.set(token, auth);
      try {
        return await app.inject({ ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } });
      } finally {
        waiting.delete(token);
      }
    },
  };
}
