// Operator API, guarded by ADMIN_TOKEN (absent setting: these routes answer 404).
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { CreateAccountBody, CreatedAccount } from './schemas.ts';
import * as accounts from './service.ts';

export function registerAdminRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/admin/accounts',
    {
      config: { auth: 'admin', idempotency: 'optional' },
      schema: {
        tags: ['admin'],
        summary: 'Create an account (operator)',
        description: 'Returns the account and one secret and one publishable key per environment. Idempotent when Idempotency-Key is sent.',
        body: CreateAccountBody,
        response: { 201: CreatedAccount, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 201, (tx) => accounts.createAccount(tx, request.body, deps.clock.now())),
  );
}
