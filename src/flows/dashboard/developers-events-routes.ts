// The event log in the dashboard (issue #32): GET /dashboard/developers/events, newest first, 25 a
// page, filtered by type; GET /dashboard/developers/events/:eventID, one event with its JSON. Of
// the session's account and environment; another tenant's or a malformed id answers 404.
import { Type } from '@sinclair/typebox';
import { AppError } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { afterIdOf } from './invoices-payments-shared-routes.ts';
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { getEvent, listEvents } from '../../modules/events/index.ts';
import { EVENT_KINDS } from '../../modules/webhooks/index.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { isView, pageView, sendMessage } from './developers-action-routes.ts';
import { renderEvent, renderEvents } from './developers-page.ts';
import { pageConfig, redirect, tags } from './members-forms.ts';

const PAGE_SIZE = 25;
const BACK_TO_EVENTS = '/dashboard/developers/events';

export function registerDeveloperEventRoutes(scope: App, kit: DashboardKit): void {
  const { deps } = kit;

  scope.get(
    '/dashboard/developers/events',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: the event log',
        description: "The events of the session's account and environment, newest first, 25 a page; type keeps the events of one kind (e.g. invoice.paid).",
        querystring: Type.Object({ type: Type.Optional(Type.String({ maxLength: 100 })), cursor: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: htmlResponse('The events page.'), 303: redirect('Signed out: to /dashboard/login.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const view = await pageView(kit, request, reply);
      if (!isView(view)) return view;
      const type = request.query.type?.trim() ?? '';
      const page = await listEvents(deps.db, view.ctx, type === '' ? {} : { type }, { limit: PAGE_SIZE, afterId: afterIdOf(request.query.cursor) });
      const nextHref = page.nextCursor === null ? null : `${BACK_TO_EVENTS}?${new URLSearchParams({ ...(type && { type }), cursor: page.nextCursor })}`;
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderEvents(locale, view.layout, { type, events: page.items, nextHref, kinds: EVENT_KINDS }));
    },
  );

  scope.get(
    '/dashboard/developers/events/:eventID',
    {
      config: pageConfig,
      attachValidation: true,
      schema: {
        tags,
        summary: 'The dashboard: one event and its JSON',
        description: "Another account's or environment's id, or a malformed one, answers 404.",
        params: Type.Object({ eventID: Type.String({ format: 'uuid' }) }),
        response: { 200: htmlResponse('The event page.'), 303: redirect('Signed out: to /dashboard/login.'), 404: htmlResponse('No such event in this account and environment.') },
      },
    },
    async (request, reply) => {
      const view = await pageView(kit, request, reply);
      if (!isView(view)) return view;
      const id = request.params.eventID;
      const event = isUuid(id) ? await getEvent(deps.db, view.ctx, id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return undefined;
        throw error;
      }) : undefined;
      if (!event) return sendMessage(kit, request, reply, view.layout, 404, { kind: 'not_found', backHref: BACK_TO_EVENTS });
      const locale = kit.locale(request);
      return kit.page(reply, 200, locale, renderEvent(locale, view.layout, event));
    },
  );
}
