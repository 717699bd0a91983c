import { Type } from '@sinclair/typebox';
import { contextOf } from '../../http/context.ts';
import { DateTimeInput, errorResponses, Nullable, Uuid } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { Invoice } from '../invoices/index.ts';
import { registerIngestRoutes } from './ingest-routes.ts';
import { invoiceUsage } from './invoice-usage.ts';
import { EventsQuery, StoredEvent, UsageQuery, UsageSummary } from './schemas.ts';
import { getUsage, listEvents } from './usage-reads.ts';

const FromUsageBody = Type.Object(
  {
    customerId: Uuid({ description: "The customer's enrollment id in the product (not the customer id)." }),
    from: DateTimeInput({ description: 'Start of the billed usage, included.' }),
    to: DateTimeInput({ description: 'End of the billed usage, excluded.' }),
    send: Type.Optional(Type.Boolean({ description: 'True finalizes the invoice and emails it.' })),
  },
  { additionalProperties: false },
);

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

  app.post(
    '/billing/invoices/from-usage',
    {
      config: { scope: 'billing:write' },
      schema: {
        tags: ['billing'],
        summary: "Invoice an enrollment's usage over [from, to)",
        description:
          '`to` may not be later than now (422). Each part of the range is priced by what was in effect then: the rate card whose ' +
          "[effectiveFrom, effectiveTo) covers it, else the version's prices; a range crossing a card boundary gets lines per part, each naming its sub-period. " +
          'An overlapping earlier invoice that is not void answers 409 usage_already_invoiced; a range reaching into what a live subscription of the enrollment invoices at its period ends, 409 conflict. With send true the invoice is finalized and emailed.',
        body: FromUsageBody,
        response: { 201: Invoice, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 201, (tx) => invoiceUsage(tx, contextOf(request, deps), request.body)),
  );
}
