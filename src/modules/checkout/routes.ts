// Hosted pages for the payer's browser under /pay. No API key: the link is the credential. Until the
// checkout issue lands this is the hosted invoice page only (payment-link pages are still to come).
// Security headers: http/pages.ts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { registerPageSecurity, sendPage } from '../../http/pages.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { hasUnstorableString } from '../../http/validation.ts';
import { findHostedInvoice } from './hosted-invoice.ts';
import { PAGE_STYLE_HASH, renderInvoicePage, renderNotFoundPage } from './invoice-page.ts';

const tags = ['checkout'];
const Html = (description: string) => ({ description, content: { 'text/html': { schema: Type.String() } } });

export function registerCheckoutRoutes(app: App, deps: AppDeps): void {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    await registerPageSecurity(scope, { styles: [PAGE_STYLE_HASH] });

    scope.get(
      '/pay/:slug/invoices/:invoiceID',
      {
        // page: a malformed id or token, or one the database cannot hold, is a page that does not
        // exist, not a JSON validation error.
        config: { auth: 'none', page: true },
        attachValidation: true,
        schema: {
          tags,
          summary: 'Hosted invoice page (HTML)',
          description:
            "The invoice's `invoiceUrl`, for the customer: the seller's name and support email, the invoice's number, status, dates, " +
            'lines and amounts. No key: the link is the credential. A wrong slug, id or token, or a draft, answers a 404 HTML page.',
          params: Type.Object({ slug: Type.String(), invoiceID: Type.String() }),
          querystring: Type.Object({ token: Type.Optional(Type.String({ description: 'The access token of the invoice link.' })) }),
          response: { 200: Html('The invoice page.'), 404: Html('The "invoice not found" page.') },
        },
      },
      async (request, reply) => {
        const { slug, invoiceID } = request.params;
        const unreadable = request.validationError || hasUnstorableString(request.params) || hasUnstorableString(request.query);
        const invoice = unreadable ? null : await findHostedInvoice(deps.db, { slug, invoiceId: invoiceID, token: request.query.token });
        if (!invoice) return sendPage(reply, 404, renderNotFoundPage());
        return sendPage(reply, 200, renderInvoicePage(invoice));
      },
    );
  });
}
