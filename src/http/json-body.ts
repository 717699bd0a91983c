// JSON bodies: Fastify's own parser (prototype and constructor poisoning refused, empty and
// malformed bodies answered 400 as before), reading the body as bytes and keeping them. The
// idempotency fingerprint hashes these bytes: one hash, instead of serialising the parsed body
// again, which for a large batch costs about as much as validating it.
import type { FastifyInstance } from 'fastify';

export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer;
    // Fastify's parser takes the text or its bytes alike (secure-json-parse reads either).
    parse(request, body as unknown as string, done);
  });
}
