// The security headers of every answer (issue #30): set at the root (helmet's, see below), so JSON
// answers, errors, 404s, the OpenAPI document and /docs carry them, and the pages' own helmet (pages.ts)
// and /docs's route config extend them. Only what an API answer needs is on here:
//   - X-Content-Type-Options: nosniff (no answer is ever read as another type than it says);
//   - framing refused twice: X-Frame-Options: DENY, and the CSP's frame-ancestors 'none';
//   - a CSP of nothing (default-src 'none'): a JSON document opened in a browser runs and loads
//     nothing. Signed downloads set their own (storage), pages theirs (pages.ts), /docs its own.
// The other helmet headers (HSTS, Referrer-Policy, Cross-Origin-*-Policy ...) stay on the pages
// only, as before: Cross-Origin-Resource-Policy would stop other sites showing logos and stored
// images, and HSTS is the deployment's decision (its TLS terminator).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const API_POLICY = { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } };

/**
 * Registered before the hooks that may answer early (auth, rate limit, drain), so theirs carry it too.
 * @fastify/helmet, registered globally, builds a new helmet middleware on every request (parsing
 * the CSP's directives each time): about 5% of a single usage event's CPU (docs/benchmarks.md,
 * scenario 1). So it stays registered, not global, for what it does per route (/docs's
 * `config.helmet`, merged with these options) and its reply decorators; every other answer gets
 * the same three headers from helmet's CSP middleware built once and two fixed values.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: API_POLICY,
    xFrameOptions: { action: 'deny' },
    xContentTypeOptions: true,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // helmet's CSP middleware, which @fastify/helmet re-exports on its default export (its types put it on `fastifyHelmet`).
  const csp = (helmet as unknown as typeof helmet.fastifyHelmet).contentSecurityPolicy(API_POLICY);
  app.addHook('onRequest', (request, reply, next) => {
    if ((request.routeOptions.config as { helmet?: unknown }).helmet !== undefined) return next();
    // On the raw response, as helmet sets them, so a page's own helmet (pages.ts) replaces them.
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    reply.raw.setHeader('x-frame-options', 'DENY');
    csp(request.raw, reply.raw, () => next());
  });
}

/**
 * The CSP of /docs (Swagger UI, @fastify/swagger-ui): its page loads its scripts, stylesheets and
 * favicons from /docs/static and has no inline script. Its one inline style is the `<style>` of
 * the logo's SVG in the top bar, allowed by its hash (test/foundation/security-headers.test.ts
 * hashes the inline styles of the files served, so an upgrade that changes it is seen); React sets
 * other styles through the DOM, which CSP does not govern. Images: its own, its stylesheet's data:
 * icons, and blob: for an image answer shown by "Try it out". It fetches the document from
 * /docs/json and sends "Try it out" requests to the API (`baseUrl`, which a proxy may put on
 * another origin). Swagger UI's validator badge is off (validatorUrl null): no other host.
 */
export function docsContentSecurityPolicy(baseUrl: string) {
  let api: string[] = [];
  try {
    api = [new URL(baseUrl).origin];
  } catch {
    // A baseUrl that is not a URL: 'self' only.
  }
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", SWAGGER_UI_LOGO_STYLE],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", ...api],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/** sha256 of `.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}` (swagger-ui-standalone-preset.js). */
export const SWAGGER_UI_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";
