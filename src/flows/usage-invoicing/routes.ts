import { Type } from '@sinclair/typebox';
import { contextOf } from '../../http/context.ts';
import { DateTimeInput, errorResponses, Uuid } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { Invoice } from '../../modules/invoices/index.ts';
import { invoiceUsage } from './from-usage.ts';

const FromUsageBody = Type.Object(
  {
    customerId: Uuid({ description: "The customer's enrollment id in the product (not the customer id)." }),
    from: DateTimeInput({ description: 'Start of the billed usage, included.' }),
    to: DateTimeInput({ description: 'End of the billed usage, excluded.' }),
    send: Type.Optional(Type.Boolean({ description: 'True finalizes the invoice and emails it.' })),
  },
  { additionalProperties: false },
);

export function registerUsageInvoicingRoutes(app: App, deps: AppDeps): void {
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
