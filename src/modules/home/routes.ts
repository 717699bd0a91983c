// GET / : a person's browser gets the front page (links to the API reference and a quick start, in
// pt-BR or English by Accept-Language); a client that prefers JSON (`Accept: application/json`,
// or `*/*` as curl sends) gets an index of the same links. No key, no data of any account.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import Negotiator from 'negotiator';
import { pageLocale } from '../../http/page-locale.ts';
import { registerPageSecurity, sendPage } from '../../http/pages.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { serviceVersion } from '../../core/version.ts';
import { HOME_PAGE_STYLE_HASH, renderHomePage } from './home-page.ts';

const HomeIndex = Type.Object(
  {
    service: Type.String({ description: 'billing' }),
    version: Type.String({ description: "The service's version (package.json)." }),
    links: Type.Object({
      docs: Type.String({ description: 'The API reference (HTML).' }),
      openapi: Type.String({ description: 'The OpenAPI document.' }),
      health: Type.String({ description: 'Liveness.' }),
      ready: Type.String({ description: 'Readiness (the database is reachable).' }),
    }),
  },
  { title: 'HomeIndex' },
);

export function registerHomeRoutes(app: App, deps: AppDeps): void {
  const base = deps.config.baseUrl;
  const index = {
    service: 'billing',
    version: serviceVersion(),
    links: { docs: `${base}/docs`, openapi: `${base}/openapi.json`, health: `${base}/healthz`, ready: `${base}/readyz` },
  };
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    await registerPageSecurity(scope, { styles: [HOME_PAGE_STYLE_HASH] });
    scope.get(
      '/',
      {
        config: { auth: 'none', page: true, keylessCost: { cost: 'page' } },
        schema: {
          tags: ['health'],
          summary: 'The front page (HTML), or an index of links (JSON)',
          description:
            'A browser (Accept: text/html) gets a page linking the API reference and a quick start, in Portuguese (pt-BR) by default or English ' +
            'when Accept-Language prefers it. A client preferring JSON (Accept: application/json, or */*) gets the links as JSON.',
          response: {
            200: {
              description: 'The front page, or the index of links.',
              content: { 'text/html': { schema: Type.String() }, 'application/json': { schema: HomeIndex } },
            },
          },
        },
      },
      async (request, reply) => {
        reply.header('vary', 'accept, accept-language');
        const type = new Negotiator({ headers: request.headers }).mediaType(['application/json', 'text/html']);
        if (type !== 'text/html') return reply.type('application/json; charset=utf-8').send(index);
        const locale = pageLocale(request.headers['accept-language']);
        reply.header('content-language', locale);
        return sendPage(reply, 200, renderHomePage(locale, base));
      },
    );
  });
}
