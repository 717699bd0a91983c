// The dashboard's catalog pages (issue #32): products with their versions' states, one product
// (versions, prices, payment links), meters, coupons and payment links, of the session's account
// and environment. Every role reads them; the forms show for owners and admins, and post to
// catalog-action-routes.ts. What each page shows is in catalog-pages.ts.
import { htmlResponse } from '../../http/pages.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App } from '../../http/types.ts';
import { registerCatalogActions } from './catalog-action-routes.ts';
import {
  couponsPage,
  isMember,
  linksPage,
  listResponses,
  ListPageQuery,
  metersPage,
  pageMember,
  ProductParams,
  productPage,
  productsPage,
  signedOut,
  tags,
} from './catalog-pages.ts';
import type { DashboardKit } from './dashboard-routes.ts';
import { pageConfig } from './members-forms.ts';

export function registerCatalogRoutes(scope: App, kit: DashboardKit): void {
  const list = (path: string, summary: string, description: string, show: typeof metersPage | typeof linksPage) =>
    scope.get(
      path,
      { config: pageConfig, schema: { tags, summary, description, querystring: ListPageQuery, response: listResponses('The page.') } },
      async (request, reply) => {
        const who = await pageMember(kit, request, reply);
        return isMember(who) ? show(kit, request, reply, who, request.query.cursor) : who;
      },
    );

  list('/dashboard/catalog', 'The dashboard: products', "The products of the session's account and environment, newest first, 20 a page, with their versions' states; owners and admins also get the new-product form.", productsPage);
  list('/dashboard/catalog/meters', 'The dashboard: meters', 'The meters, newest first, 25 a page; owners and admins also get the new-meter form.', metersPage);
  list('/dashboard/catalog/coupons', 'The dashboard: coupons', 'The coupons, newest first, 25 a page; owners and admins also get the new-coupon form.', couponsPage);
  list('/dashboard/catalog/payment-links', 'The dashboard: payment links', 'The payment links with their URLs and products, newest first, 25 a page. Links are created on a product page.', linksPage);

  scope.get(
    '/dashboard/catalog/products/:productID',
    {
      config: pageConfig,
      schema: {
        tags,
        summary: 'The dashboard: one product',
        description: "The product, its versions (states, base price, usage prices) and payment links; owners and admins also get the forms: a new draft version, publish a draft, a new link for a published version. Another account's or environment's id, or a malformed one, answers 404.",
        params: ProductParams,
        response: { 200: htmlResponse('The product page.'), 303: signedOut, 404: htmlResponse('No such product in this account and environment.'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const who = await pageMember(kit, request, reply);
      return isMember(who) ? productPage(kit, request, reply, who, request.params.productID) : who;
    },
  );

  registerCatalogActions(scope, kit);
}
