// The invoice page's credit note forms (issue #32): POST /dashboard/invoices/:invoiceID/credit-notes
// takes the whole-amount form (by=amount) or the per-line one (by=lines) and calls the API's own
// POST /billing/invoices/{invoiceID}/credit-notes through callApi as the session's member, with the
// form's Idempotency-Key: the API's limits, statuses, ledger, balance, refunds, events and audit.
import { Type } from '@sinclair/typebox';
import { isUuid } from '../../core/ids.ts';
import type { App } from '../../http/types.ts';
import { loadInvoiceView } from '../../modules/invoices/index.ts';
import { callApi } from './api-call.ts';
import { formField, type DashboardKit } from './dashboard-routes.ts';
import { CREDIT_NOTE_ROLES, creditNoteBody, typedCreditNote } from './invoices-credit-notes-page.ts';
import { CREDIT_NOTE_TEXT } from './invoices-credit-notes.text.ts';
import { unlessNotFound } from './invoices-detail.ts';
import { actionResponses, refusalText } from './invoices-payments-shared-routes.ts';
import { MONEY_TEXT } from './invoices-payments.text.ts';
import { sendInvoicePage } from './invoices-routes.ts';
import { formConfig, tags } from './members-forms.ts';
import { formSignedIn, isSignedIn } from './signed-in.ts';

const InvoiceParams = Type.Object({ invoiceID: Type.String({ maxLength: 100 }) });

export function registerInvoiceCreditNoteRoutes(scope: App, kit: DashboardKit): void {
  scope.post(
    '/dashboard/invoices/:invoiceID/credit-notes',
    {
      config: formConfig,
      // An over-long id is no invoice's: the 404 page (isUuid), not the API's JSON 422.
      attachValidation: true,
      schema: {
        tags,
        summary: 'The dashboard: issue a credit note on an invoice',
        description:
          'Form fields csrf, idempotencyKey, by (amount or lines), reason, outcome (credit or refund), and amount (by=amount) or amount_<n> / quantity_<n> ' +
          "for the invoice's line at position n (by=lines; a decimal comma or point). Calls POST /billing/invoices/{invoiceID}/credit-notes as the member " +
          '(owner, admin, support); a double submit replays the first answer, so it credits once.',
        params: InvoiceParams,
        response: actionResponses('/dashboard/invoices/{invoiceID}'),
      },
    },
    async (request, reply) => {
      const who = await formSignedIn(kit, request, reply);
      if (!isSignedIn(who)) return who;
      const id = request.params.invoiceID;
      const locale = kit.locale(request);
      const text = MONEY_TEXT[locale];
      const invoice = isUuid(id) ? await unlessNotFound(loadInvoiceView(kit.deps.db, who.ctx, id)) : undefined;
      if (!invoice) return sendInvoicePage(kit, request, reply, who);
      if (!who.may(CREDIT_NOTE_ROLES)) return sendInvoicePage(kit, request, reply, who, 403, { error: text.forbidden });
      const typed = typedCreditNote(request.body, invoice.lineItems.length);
      const idempotencyKey = formField(request.body, 'idempotencyKey', 100);
      if (!idempotencyKey) return sendInvoicePage(kit, request, reply, who, 422, { error: text.missingKey, creditNote: typed });
      const body = creditNoteBody(
        typed,
        invoice.lineItems.map((line) => line.id),
      );
      if (body === 'badAmount' || body === 'noLines') {
        const error = body === 'badAmount' ? text.badAmount : CREDIT_NOTE_TEXT[locale].noLines;
        return sendInvoicePage(kit, request, reply, who, 422, { error, creditNote: typed });
      }
      const answer = await callApi(kit, who.session, { method: 'POST', url: `/billing/invoices/${id}/credit-notes`, body, idempotencyKey });
      if (answer.status < 300) return reply.redirect(`/dashboard/invoices/${id}`, 303);
      return sendInvoicePage(kit, request, reply, who, answer.status, { error: refusalText(locale, answer), creditNote: typed });
    },
  );
}
