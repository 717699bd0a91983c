// Operator API, guarded by ADMIN_TOKEN (absent setting: these routes answer 404).
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { CreateAccountBody, CreatedAccount } from './schemas.ts';
import * as accounts from './service.ts';

/** Where a one-time sign-in link lands (flows/dashboard serves it). */
const signInUrl = (baseUrl: string, token: string) => `${baseUrl}/dashboard/sign-in/${token}`;

export function registerAdminRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/admin/accounts',
    {
      config: { auth: 'admin', idempotency: 'optional' },
      schema: {
        tags: ['admin'],
        summary: 'Create an account (operator)',
        description:
          'Returns the account and one secret and one publishable key per environment, and with `owner` its first dashboard member ' +
          '(role owner; without a password, a one-time sign-in link valid 24 hours). Idempotent when Idempotency-Key is sent.',
        body: CreateAccountBody,
        response: { 201: CreatedAccount, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) =>
      deps.idempotency.run(request, reply, 201, async (tx) => {
        const { owner, ...created } = await accounts.createAccount(tx, request.body, deps.clock.now());
        if (!owner) return created;
        const { signInToken, ...member } = owner;
        return { ...created, owner: { ...member, signInUrl: signInToken && signInUrl(deps.config.baseUrl, signInToken) } };
      }),
  );
}
