// The local store's signed URLs: PUT receives an upload, GET serves a download. They take no API
// key (the signature is the credential) and no Idempotency-Key (a PUT of the same bytes to the
// same key is naturally idempotent, as with S3) until the object is first used: then it is sealed
// (objects.ts) and a PUT answers 409. With a bucket configured these routes do not exist: clients
// talk to the bucket.
import type { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError, notFound } from '../../core/errors.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { LocalObjectStore, OBJECT_ROUTE_PREFIX, tooLarge } from './local-store.ts';
import { contentDisposition, parseObjectKey } from './object-keys.ts';
import { SignedUrlQuery, UploadedObject } from './schemas.ts';
import * as storage from './service.ts';
import { dispositionOf, mediaTypeOf } from './upload-policy.ts';
import type { SignatureCheck } from './url-signing.ts';

const config = { auth: 'none', idempotency: 'exempt', resource: 'object' } as const;
const tags = ['storage'];
const unsupportedMediaType = Type.Unsafe({ $ref: 'StandardError#', description: 'The Content-Type is not the one the URL was signed for.' });

export function registerSignedObjectRoutes(app: App, deps: AppDeps): void {
  const store = deps.objectStore;
  if (!(store instanceof LocalObjectStore)) return;

  // An encapsulated scope: only these routes take raw bodies of any type, as a stream.
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.put(
      `${OBJECT_ROUTE_PREFIX}*`,
      {
        config,
        schema: {
          tags,
          summary: 'Upload an object through a presigned URL',
          description: 'Send the file bytes with the Content-Type the URL was presigned for. No API key: the signature is the credential.',
          querystring: SignedUrlQuery,
          response: { 200: UploadedObject, ...errorResponses(403, 404, 413, 422), 415: unsupportedMediaType },
        },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        // The signature covers the declared content type, so the object is read first; an unknown
        // key answers exactly like a bad signature.
        const object = parseObjectKey(key) ? await storage.findObjectForSignedUrl(deps.db, key) : undefined;
        const check = object ? store.check({ method: 'PUT', key, contentType: object.content_type, fileName: '' }, request.query, deps.clock.now()) : 'invalid';
        assertSigned(check);
        if (object!.sealed_key !== null || object!.sealed_from !== null) throw sealedObject();
        const sent = request.headers['content-type'];
        if (!sent || mediaTypeOf(sent) !== object!.content_type) {
          throw new AppError('unsupported_media_type', `This URL accepts Content-Type ${object!.content_type} only, as presigned.`);
        }
        const limit = store.policy.maxBytes[object!.purpose];
        // Refuse a declared oversize body before reading it; a body without a length is counted as it streams.
        if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge(limit);
        const body = (request.body as Readable | undefined) ?? request.raw;
        let sizeBytes: number;
        try {
          sizeBytes = await store.write(key, body, limit);
        } catch (error) {
          if (error instanceof AppError) reply.header('connection', 'close'); // the rest of the body is not read
          throw error;
        }
        const row = await storage.recordUpload(deps.db, key, sizeBytes, deps.clock.now());
        // Sealed while this body streamed in: the bytes now under the key are used by nothing.
        if (!row) throw sealedObject();
        return { objectKey: key, contentType: row.content_type, sizeBytes, uploadedAt: row.uploaded_at! };
      },
    );

    scope.get(
      `${OBJECT_ROUTE_PREFIX}*`,
      {
        config,
        schema: {
          tags,
          summary: 'Download an object through a presigned URL',
          querystring: SignedUrlQuery,
          response: { 200: Type.Unsafe({ type: 'string', format: 'binary', description: 'The object bytes.' }), ...errorResponses(403, 404, 422) },
        },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const name = request.query.name ?? '';
        const now = deps.clock.now();
        assertSigned(store.check({ method: 'GET', key, contentType: '', fileName: name }, request.query, now));
        const object = await storage.findObjectForSignedUrl(deps.db, key);
        const opened = object?.uploaded_at ? await store.openRead(key) : null;
        if (!object || !opened) throw notFound('object', 'Nothing was uploaded under this key.');
        const secondsLeft = Math.max(0, Number(request.query.expires) - Math.floor(now.getTime() / 1000));
        return reply
          .header('content-type', object.content_type)
          .header('content-length', String(opened.sizeBytes))
          .header('content-disposition', contentDisposition(dispositionOf(object.purpose), name || object.file_name || 'file'))
          // Served from the API's origin: never sniffed into HTML, never allowed to run anything.
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', `private, max-age=${secondsLeft}`)
          .send(opened.stream);
      },
    );
  });
}

function sealedObject(): AppError {
  return new AppError('conflict', 'This object is already in use and can no longer be replaced; presign a new upload for new bytes.');
}

function assertSigned(check: SignatureCheck): void {
  if (check === 'expired') throw new AppError('forbidden', 'This signed URL has expired; ask for a new one.');
  if (check === 'invalid') throw new AppError('forbidden', 'The URL signature is not valid for this request.');
}
