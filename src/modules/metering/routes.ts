import { Type } from '@sinclair/typebox';
import { contextOf } from '../../http/context.ts';
import { errorResponses, Nullable } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { registerIngestRoutes } from './ingest-routes.ts';
import { EventsQuery, StoredEvent, UsageQuery, UsageSummary } from './schemas.ts';
import { getUsage, listEvents } from './usage-reads.ts';

export function registerMeteringRoutes(app: App, deps: AppDeps): void {
  registerIngestRoutes(app, deps);

  app.get(
    '/metering/usage',
    {
      config: { scope: 'metering:read' },
      schema: {
        tags: ['metering'],
        summary: "An enrollment's aggregated usage of a meter over [from, to)",
        querystring: UsageQuery,
        response: { 200: UsageSummary, ...errorResponses(404, 422) },
      },
    },
    async (request) => getUsage(deps.db, contextOf(request, deps), request.query),
  );

  app.get(
    '/metering/events',
    {
      config: { scope: 'metering:read' },
      schema: {
        tags: ['metering'],
        summary: "An enrollment's raw usage events, newest first",
        querystring: EventsQuery,
        response: { 200: Type.Object({ events: Type.Array(StoredEvent), nextCursor: Nullable(Type.String()) }), ...errorResponses(404, 422) },
      },
    },
    async (request) => {
      const page = await listEvents(deps.db, contextOf(request, deps), request.query);
      return { events: page.items, nextCursor: page.nextCursor };
    },
  );
}
