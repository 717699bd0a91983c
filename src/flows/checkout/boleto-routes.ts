// The printable boleto page under /pay (no key; the invoice link's token is the credential). Its
// own encapsulated scope: the page shows its barcode as a data: image, which no other page allows.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { htmlResponse, registerPageSecurity, sendPage } from '../../http/pages.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { hasUnstorableString } from '../../http/validation.ts';
import { PAGE_STYLE_HASH, renderNotFoundPage } from './invoice-page.ts';
import { BOLETO_PAGE_STYLE_HASH } from './boleto-page.ts';
import { boletoPageFor } from './boleto-page-route.ts';


export function registerBoletoRoutes(app: App, deps: AppDeps): void {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    await registerPageSecurity(scope, { styles: [BOLETO_PAGE_STYLE_HASH, PAGE_STYLE_HASH], images: 'data:' });
    scope.get(
      '/pay/:slug/boletos/:paymentID',
      {
        config: { auth: 'none', page: true, keylessCost: { cost: 'page', seller: 'account' } },
        attachValidation: true,
        schema: {
          tags: ['checkout'],
          summary: 'Printable boleto page (HTML)',
          description: "A boleto charge's boletoUrl: the digitable line and the ITF barcode, to print or pay in a banking app. A wrong slug, id or token answers a 404 HTML page.",
          params: Type.Object({ slug: Type.String(), paymentID: Type.String() }),
          querystring: Type.Object({ token: Type.Optional(Type.String({ description: "The access token of the invoice's link." })) }),
          response: { 200: htmlResponse('The boleto page.'), 404: htmlResponse('The "not found" page.') },
        },
      },
      async (request, reply) => {
        const unreadable = request.validationError || hasUnstorableString(request.params) || hasUnstorableString(request.query);
        const html = unreadable ? null : await boletoPageFor(deps.db, { slug: request.params.slug, paymentId: request.params.paymentID, token: request.query.token });
        return sendPage(reply, html ? 200 : 404, html ?? renderNotFoundPage());
      },
    );
  });
}
