import { Type } from '@sinclair/typebox';
import { isDatabaseReachable } from '../../db/database.ts';
import { AppError } from '../../core/errors.ts';
import type { App, AppDeps } from '../../http/types.ts';

const Status = Type.Object({ status: Type.String() });
const keyless = { auth: 'none', rateLimit: false } as const;

export function registerHealthRoutes(app: App, deps: AppDeps): void {
  app.get('/healthz', { config: keyless, schema: { tags: ['health'], summary: 'The process is up', response: { 200: Status } } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/readyz',
    { config: keyless, schema: { tags: ['health'], summary: 'The database is reachable', response: { 200: Status, 503: Status } } },
    async () => {
      if (!(await isDatabaseReachable(deps.db))) throw new AppError('service_unavailable', 'The database is not reachable.');
      return { status: 'ready' };
    },
  );
}
