// The shop's HTML page for a buyer's browser, in its own encapsulated scope: page security
// headers (http/pages.ts) with a script nonce per answer, leaving the JSON API's headers alone.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../core/errors.ts';
import { htmlResponse, registerPageSecurity, sendPage } from '../../http/pages.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { hasUnstorableString } from '../../http/validation.ts';
import { pageLocale } from '../../http/page-locale.ts';
import { openShop, presentShop } from './orders.ts';
import { renderShopNotFound, renderShopPage, SHOP_STYLE_HASH } from './shop-page.ts';


export function registerShopPageRoutes(app: App, deps: AppDeps): void {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    // Logos and banners are signed URLs of the object store: this origin, or an S3 endpoint.
    await registerPageSecurity(scope, { styles: [SHOP_STYLE_HASH], scripts: true, imageSources: ["'self'", 'https:'] });

    scope.get(
      '/shop/:slug',
      {
        config: { auth: 'none', page: true, keylessCost: { cost: 'page', seller: 'storefront' } },
        attachValidation: true,
        schema: {
          tags: ['storefronts'],
          summary: 'The shop page (HTML)',
          description:
            'The storefront for a buyer: products with "add" buttons, a cart summary, the seller (name, CNPJ, support email), payer details, pickup or shipping and the address when asked. ' +
            'Its script places the order (POST /public/storefronts/{slug}/orders) and opens the checkout URL. Portuguese (pt-BR) by default, ' +
            'English when Accept-Language prefers it. A disabled or unknown shop answers a 404 page.',
          params: Type.Object({ slug: Type.String() }),
          response: { 200: htmlResponse('The shop page.'), 404: htmlResponse('The "shop not found" page.') },
        },
      },
      async (request, reply) => {
        const locale = pageLocale(request.headers['accept-language']);
        if (request.validationError || hasUnstorableString(request.params)) return sendPage(reply, 404, renderShopNotFound(locale));
        try {
          const { shop, ctx, seller } = await openShop(deps.db, request.params.slug, deps.clock.now(), deps.config.baseUrl);
          const view = await presentShop(deps.db, ctx, shop, deps.objectStore);
          return sendPage(reply.header('content-language', locale), 200, renderShopPage(view, seller, locale, reply.cspNonce.script, shop.environment === 'sandbox'));
        } catch (error) {
          if (error instanceof AppError && error.code === 'not_found') return sendPage(reply, 404, renderShopNotFound(locale));
          throw error;
        }
      },
    );
  });
}
