// The credit note routes (docs/decisions/credit-notes.md). Creating one reaches past the invoice
// (refunds through the payments' provider, the customer's balance), so the routes live with the flow.
import { pageRequest } from '../../core/pagination.ts';
import { contextOf } from '../../http/context.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { getCreditNote, listCreditNotes } from '../../modules/invoices/index.ts';
import { issueCreditNote } from './issue-credit-note.ts';
import { CreateCreditNoteBody, CreditNote, CreditNoteList, CreditNoteListQuery, CreditNoteParams, InvoiceCreditNoteParams } from './schemas.ts';

const tags = ['invoices'];

export function registerCreditNoteRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/billing/invoices/:invoiceID/credit-notes',
    {
      config: { scope: 'billing:write', resource: 'invoice' },
      schema: {
        tags,
        summary: 'Credit an open or paid invoice (a credit note)',
        description:
          'Takes `amount` (or the sum of `lines`) off the invoice: creditedAmount grows by it and a paid invoice stays paid. ' +
          "Outcome refund refunds the invoice's confirmed payments (paid invoices only; 409 on an open one); outcome credit adds to the " +
          "customer's balance (paid) or lowers amountDue (open; credited to zero, the invoice is paid). More than total - creditedAmount " +
          '(or amountDue on an open invoice, or what is left of a line): 422 credit_note_exceeds_invoice. A draft, void or uncollectible invoice: 409 conflict.',
        params: InvoiceCreditNoteParams,
        body: CreateCreditNoteBody,
        response: { 201: CreditNote, ...errorResponses(404, 409, 422) },
      },
    },
    async (request, reply) => deps.idempotency.run(request, reply, 201, (tx) => issueCreditNote(tx, contextOf(request, deps), request.params.invoiceID, request.body)),
  );

  app.get(
    '/billing/invoices/:invoiceID/credit-notes',
    {
      config: { scope: 'billing:read', resource: 'invoice' },
      schema: { tags, summary: "An invoice's credit notes, newest first", params: InvoiceCreditNoteParams, querystring: CreditNoteListQuery, response: { 200: CreditNoteList, ...errorResponses(404, 422) } },
    },
    async (request) => {
      const page = await listCreditNotes(deps.db, contextOf(request, deps), request.params.invoiceID, pageRequest(request.query));
      return { creditNotes: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/billing/credit-notes/:creditNoteID',
    {
      config: { scope: 'billing:read', resource: 'credit_note' },
      schema: { tags, summary: 'One credit note', params: CreditNoteParams, response: { 200: CreditNote, ...errorResponses(404) } },
    },
    async (request) => getCreditNote(deps.db, contextOf(request, deps), request.params.creditNoteID),
  );
}
