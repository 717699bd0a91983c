import { AppError } from '../../core/errors.ts';
import { pageRequest } from '../../core/pagination.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { EmailList, EmailListQuery } from './schemas.ts';
import * as email from './service.ts';

export function registerEmailRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/test/emails',
    {
      config: { scope: 'account:read' },
      schema: {
        tags: ['test'],
        summary: 'The sandbox mail outbox, newest first',
        description: 'Emails the service would have sent in sandbox (invoices, ...). Sandbox keys (sk_test_) only; a live key gets 404.',
        querystring: EmailListQuery,
        response: { 200: EmailList, ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const ctx = contextOf(request, deps);
      // Test helpers do not exist in production: answer as for an unknown route.
      if (ctx.tenant.environment !== 'sandbox') throw new AppError('not_found', 'No route GET /test/emails.', { resource: 'route' });
      const page = await email.listEmails(deps.db, ctx, { to: request.query.to }, pageRequest(request.query));
      return { emails: page.items, nextCursor: page.nextCursor };
    },
  );
}
