// The storefront's preview (issue #32: "Storefronts (edit theme, logo, fulfillment; preview)"):
// GET /dashboard/storefronts/:storefrontID/preview renders the shop page buyers get at /shop/<slug>,
// from the saved settings, whatever the shop's status (a disabled shop is previewed before it
// opens), with a banner and no script: nothing can be ordered from it. Every role may look. The
// storefront's settings page embeds it in a frame; this answer alone may be framed, and only by
// this origin (frame-ancestors 'self'), as the dashboard's pages are framed by nobody.
import { Type } from '@sinclair/typebox';
import { AppError } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import { allowPageSources, htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { openShopPreview, presentShop, renderShopPage, SHOP_STYLE_HASH } from '../storefronts/index.ts';
import { signedOut, tags } from './catalog-pages.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { pageConfig } from './members-forms.ts';
import { isSignedIn, pageSignedIn } from './signed-in.ts';
import { renderStorefrontNotFound } from './storefronts-page.ts';

const Params = Type.Object({ storefrontID: Type.String({ maxLength: 100 }) });

export function registerStorefrontPreviewRoutes(scope: App, kit: DashboardKit): void {
  scope.get(
    '/dashboard/storefronts/:storefrontID/preview',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: "The dashboard: a storefront's preview",
        description:
          'The shop page as buyers see it (GET /shop/{slug}), from the saved settings and whatever the status, with a preview banner and no script: no order can be placed. ' +
          "Framed by the storefront's settings page (frame-ancestors 'self'). Another account's or environment's id, or a malformed one, answers 404.",
        params: Params,
        response: { 200: htmlResponse('The preview.'), 303: signedOut, 404: htmlResponse('No such storefront in this account and environment.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageSignedIn(kit, request, reply);
      if (!isSignedIn(who)) return who;
      const locale = kit.locale(request);
      const id = request.params.storefrontID;
      try {
        if (!isUuid(id)) throw new AppError('not_found', 'No such storefront.', { resource: 'storefront' });
        const { shop, seller } = await openShopPreview(kit.deps.db, who.ctx, id);
        const view = await presentShop(kit.deps.db, who.ctx, shop, kit.deps.objectStore);
        // The shop's stylesheet and its logo, banner and product images; framed by this origin only.
        allowPageSources(reply, { styleSrc: [SHOP_STYLE_HASH], frameAncestors: ["'self'"] });
        reply.header('x-frame-options', 'SAMEORIGIN');
        return kit.page(reply, 200, locale, renderShopPage(view, seller, locale, '', who.session.environment === 'sandbox', true));
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return kit.page(reply, 404, locale, renderStorefrontNotFound(locale, who.layout));
        throw error;
      }
    },
  );
}
