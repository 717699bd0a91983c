import { Type } from '@sinclair/typebox';
import { pageRequest } from '../../core/pagination.ts';
import { contextOf } from '../../http/context.ts';
import { DateTime, errorResponses, ListQuery, Nullable, Uuid } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import * as events from './service.ts';

const tags = ['account'];
const Event = Type.Object(
  {
    id: Uuid(),
    type: Type.String({ description: 'Event kind, e.g. invoice.finalized.' }),
    environment: Type.String(),
    data: Type.Unknown({ description: 'The resource as it was after the change.' }),
    createdAt: DateTime(),
  },
  { title: 'Event' },
);

export function registerEventRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/account/events',
    {
      config: { scope: 'account:read' },
      schema: {
        tags,
        summary: 'The event log behind webhooks, newest first',
        querystring: Type.Object({ ...ListQuery.properties, type: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false }),
        response: { 200: Type.Object({ events: Type.Array(Event), nextCursor: Nullable(Type.String()) }), ...errorResponses(422) },
      },
    },
    async (request) => {
      const { type } = request.query;
      const page = await events.listEvents(deps.db, contextOf(request, deps), { type }, pageRequest(request.query));
      return { events: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/account/events/:eventID',
    {
      config: { scope: 'account:read', resource: 'event' },
      schema: { tags, summary: 'One event', params: Type.Object({ eventID: Uuid() }), response: { 200: Event, ...errorResponses(404) } },
    },
    async (request) => events.getEvent(deps.db, contextOf(request, deps), request.params.eventID),
  );
}
