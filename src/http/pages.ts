// What every HTML page for the payer's browser shares (hosted invoice, boleto, sandbox pages):
// security headers inside the page's encapsulated scope, so the JSON API's headers do not change,
// and the answer's headers. No script runs on any page: the only style allowed is the page's own
// inline stylesheet, by its hash. Their links carry tokens: never sent to another site, never kept
// by a shared cache, never indexed.
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface PagePolicy {
  /** CSP hashes of the inline stylesheets the pages of this scope use. */
  styles: string[];
  /** `'self'` where a page posts a form to itself; none otherwise. */
  formAction?: "'self'";
  /** `data:` where a page shows an inline image. */
  images?: 'data:';
}

export async function registerPageSecurity(scope: FastifyInstance, policy: PagePolicy): Promise<void> {
  await scope.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: policy.styles,
        ...(policy.images && { imgSrc: [policy.images] }),
        baseUri: ["'none'"],
        formAction: [policy.formAction ?? "'none'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').send(html);
}
