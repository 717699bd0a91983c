// The seller dashboard at /dashboard (issue #32, first slice: access). Pages for a person's
// browser, keyless (the session cookie is the credential), under the page CSP of http/pages.ts
// with form-action 'self'. Their forms post application/x-www-form-urlencoded, parsed here with
// URLSearchParams; they are exempt from Idempotency-Key (a browser form sends none) and every one
// carries a CSRF token. Sign-in: sign-in-routes.ts; the signed-in pages: home-routes.ts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { registerPageSecurity } from '../../http/pages.ts';
import type { RateLimiters } from '../../http/rate-limit.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { DASHBOARD_STYLE_HASH } from './dashboard-page.ts';
import { registerAuditPageRoutes } from './audit-routes.ts';
import { dashboardKit } from './dashboard-routes.ts';
import { registerCatalogRoutes } from './catalog-routes.ts';
import { registerCustomersRoutes } from './customers-routes.ts';
import { registerDevelopersRoutes } from './developers-routes.ts';
import { registerHomeRoutes } from './home-routes.ts';
import { registerMoneyRoutes } from './invoices-payments-routes.ts';
import { registerMembersRoutes } from './members-routes.ts';
import { registerSecurityRoutes } from './security-routes.ts';
import { registerSignInRoutes } from './sign-in-routes.ts';
import { registerStorefrontPreviewRoutes } from './storefronts-preview-routes.ts';
import { registerStorefrontsRoutes } from './storefronts-routes.ts';
import { registerSubscriptionsRoutes } from './subscriptions-routes.ts';

export function registerDashboardRoutes(app: App, deps: AppDeps, limiters: RateLimiters): void {
  const kit = dashboardKit(deps, limiters, app);
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    // Images: storefront logos and product images, signed URLs of the object store (this origin, or
    // an S3 endpoint), as on the shop page.
    await registerPageSecurity(scope, { styles: [DASHBOARD_STYLE_HASH], formAction: "'self'", imageSources: ["'self'", 'https:'] });
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      // One value per field: a repeated field becomes an array, which formField refuses.
      const fields: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        const seen = fields[name];
        fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      done(null, fields);
    });
    registerSignInRoutes(scope, kit);
    registerHomeRoutes(scope, kit);
    registerCustomersRoutes(scope, kit);
    registerMembersRoutes(scope, kit);
    registerMoneyRoutes(scope, kit);
    registerDevelopersRoutes(scope, kit);
    registerAuditPageRoutes(scope, kit);
    registerCatalogRoutes(scope, kit);
    registerStorefrontsRoutes(scope, kit);
    registerStorefrontPreviewRoutes(scope, kit);
    registerSubscriptionsRoutes(scope, kit);
    registerSecurityRoutes(scope, kit);
  });
}
