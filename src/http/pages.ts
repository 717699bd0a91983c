// What every HTML page for the payer's browser shares (hosted invoice, boleto, sandbox pages):
// security headers inside the page's encapsulated scope (helmet again, over the root's of every
// answer, security-headers.ts: the page's CSP replaces the root's), and the answer's headers.
// Styles are allowed by hash (the page's own inline stylesheet); scripts only where a scope asks
// for them, by a nonce made for each answer (`reply.cspNonce.script`), never inline handlers. Their
// links carry tokens: never sent to another site, never kept by a shared cache, never indexed.
import helmet from '@fastify/helmet';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface PagePolicy {
  /** CSP hashes of the inline stylesheets the pages of this scope use. */
  styles: string[];
  /** `'self'` where a page posts a form to itself; none otherwise. */
  formAction?: "'self'";
  /** `data:` where a page shows an inline image. */
  images?: 'data:';
  /**
   * Pages with script: helmet makes a nonce per answer (`reply.cspNonce.script`, also
   * `reply.cspNonce.style`) and adds it to script-src; `fetch` and `EventSource` reach this origin
   * only (connect-src 'self').
   */
  scripts?: boolean;
  /** Image sources beyond `data:`, e.g. `'self'` for logos served by the service. */
  imageSources?: string[];
}

export async function registerPageSecurity(scope: FastifyInstance, policy: PagePolicy): Promise<void> {
  const images = [...(policy.images ? [policy.images] : []), ...(policy.imageSources ?? [])];
  await scope.register(helmet, {
    enableCSPNonces: policy.scripts === true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: policy.styles,
        ...(images.length > 0 && { imgSrc: images }),
        ...(policy.scripts && { scriptSrc: [], connectSrc: ["'self'"] }),
        baseUri: ["'none'"],
        formAction: [policy.formAction ?? "'none'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // As every answer (security-headers.ts): a page is never framed, by this header or its CSP.
    xFrameOptions: { action: 'deny' },
  });
}

/** The OpenAPI response of a page: HTML, described. */
export const htmlResponse = (description: string) => ({ description, content: { 'text/html': { schema: Type.String() } } });

export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow').send(html);
}

/**
 * Adds origins to directives of the CSP helmet set on this answer (a page that loads a payment
 * processor's library): each directive keeps what it had and gains these sources.
 */
export function allowPageSources(reply: FastifyReply, sources: Record<string, string[]>): void {
  const header = reply.getHeader('content-security-policy');
  if (typeof header !== 'string') throw new Error('allowPageSources: the page has no Content-Security-Policy to extend');
  const directives = new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values] as const;
      }),
  );
  for (const [camel, extra] of Object.entries(sources)) {
    if (extra.length === 0) continue;
    const name = camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const values = (directives.get(name) ?? []).filter((v) => v !== "'none'");
    directives.set(name, [...values, ...extra.filter((v) => !values.includes(v))]);
  }
  reply.header('content-security-policy', [...directives].map(([name, values]) => [name, ...values].join(' ')).join(';'));
}
