// JSON bodies: Fastify's own parser (prototype and constructor poisoning refused, empty and
// malformed bodies answered 400 as before), reading the body as bytes and keeping them. The
// idempotency fingerprint hashes these bytes: one hash, instead of serialising the parsed body
// again, which for a large batch costs about as much as validating it.
// Before parsing, one pass over the bytes (json-scan.ts) refuses a body nested too deep (every
// recursive walk after the parser, JSON.stringify included, would overflow the stack) and notes
// whether any string may hold a character the service refuses (validation.ts then names it).
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.ts';
import { MAX_BODY_DEPTH, scanJson, SCAN_TOO_DEEP } from './json-scan.ts';

export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // A text/plain body is not read as a string to validate: it answers "send application/json".
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    const refusal = charsetRefusal(request.headers['content-type']) ?? (isUtf8(bytes) ? null : notUtf8());
    if (refusal) return done(refusal, undefined);
    const flags = scanJson(bytes);
    if (flags & SCAN_TOO_DEEP) return done(new AppError('bad_request', `The body nests deeper than ${MAX_BODY_DEPTH} levels of objects and arrays.`), undefined);
    request.rawBody = bytes;
    request.jsonEscapes = flags;
    // Fastify's parser takes the text or its bytes alike (secure-json-parse reads either).
    parse(request, bytes as unknown as string, done);
  });
}

/** JSON is UTF-8 (RFC 8259): a body declared in another charset is refused, not misread. */
function charsetRefusal(contentType: string | undefined): AppError | null {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return null;
  return new AppError('bad_request', `Send the body as application/json in UTF-8 (charset=${charset} is not accepted).`);
}

function notUtf8(): AppError {
  return new AppError('bad_request', 'The body is not valid UTF-8 (JSON text is UTF-8; a lone surrogate is written as an escape, and refused).');
}
