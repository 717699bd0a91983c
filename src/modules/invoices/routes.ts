import { pageRequest } from '../../core/pagination.ts';
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { CreateInvoiceBody, Invoice, InvoiceList, InvoiceListQuery, InvoiceParams } from './schemas.ts';
import * as invoices from './service.ts';
import type { InvoiceView } from './service.ts';

const tags = ['invoices'];

/** The state moves: POST /billing/invoices/{invoiceID}/<action>. */
const ACTIONS: Array<{ path: string; summary: string; description: string; run: (tx: Tx, ctx: UseCaseContext, id: string) => Promise<InvoiceView> }> = [
  {
    path: 'finalize',
    summary: 'Issue a draft invoice',
    description: 'draft -> open: assigns the next invoice number of the account and environment, finalizedAt, and dueDate when unset (7 days later). An invoice with nothing due is paid at once.',
    run: invoices.finalizeInvoice,
  },
  { path: 'void', summary: 'Cancel an invoice', description: 'draft or open -> void; amountDue becomes 0.', run: invoices.voidInvoice },
  { path: 'mark-uncollectible', summary: 'Write an invoice off', description: 'open -> uncollectible.', run: invoices.markInvoiceUncollectible },
  {
    path: 'send',
    summary: 'Email an open invoice to its customer',
    description: "Emails the total, the due date and the hosted invoice page link to the customer's email address. A draft answers 409 (finalize it first). Sandbox emails are not delivered: read them with GET /test/emails.",
    run: invoices.sendInvoice,
  },
];

export function registerInvoiceRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/billing/invoices',
    {
      config: { scope: 'billing:write' },
      schema: {
        tags,
        summary: 'Create a one-off invoice (draft)',
        description: 'A draft invoice for a customer (payerId), with one_off lines. Finalize it to issue it.',
        body: CreateInvoiceBody,
        response: { 201: Invoice, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 201, (tx) => invoices.createOneOffInvoice(tx, contextOf(request, deps), request.body)),
  );

  app.get(
    '/billing/invoices',
    {
      config: { scope: 'billing:read' },
      schema: { tags, summary: 'List invoices, newest first', querystring: InvoiceListQuery, response: { 200: InvoiceList, ...errorResponses(422) } },
    },
    async (request) => {
      const { status, customerId, subscriptionId } = request.query;
      const page = await invoices.listInvoices(deps.db, contextOf(request, deps), { status, customerId, subscriptionId }, pageRequest(request.query));
      return { invoices: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/billing/invoices/:invoiceID',
    {
      config: { scope: 'billing:read', resource: 'invoice' },
      schema: { tags, summary: 'One invoice', params: InvoiceParams, response: { 200: Invoice, ...errorResponses(404) } },
    },
    async (request) => invoices.getInvoice(deps.db, contextOf(request, deps), request.params.invoiceID),
  );

  for (const action of ACTIONS) {
    app.post(
      `/billing/invoices/:invoiceID/${action.path}`,
      {
        config: { scope: 'billing:write', resource: 'invoice' },
        schema: {
          tags,
          summary: action.summary,
          description: `${action.description} Another status answers 409 conflict.`,
          params: InvoiceParams,
          response: { 200: Invoice, ...errorResponses(404, 409, 422) },
        },
      },
      async (request, reply) => deps.idempotency.run(request, reply, 200, (tx) => action.run(tx, contextOf(request, deps), request.params.invoiceID)),
    );
  }
}
