// Objects on the local disk, under <root>/<key>. The service accepts the signed PUT itself
// (upload-routes.ts) and serves the signed GET. Uploads stream to a temporary file that is renamed
// into place only when complete and within the size limit, so a failed or oversize upload leaves
// nothing behind and a reader never sees half an object.
import { createReadStream, createWriteStream } from 'node:fs';
import { constants, copyFile, link, mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parseObjectKey } from './object-keys.ts';
import type { ObjectHead, ObjectStore, PresignedUpload, StoragePolicy } from './object-store.ts';
import { checkObjectSignature, signObjectRequest, type SignatureCheck, type SignedObjectRequest } from './url-signing.ts';

export const OBJECT_ROUTE_PREFIX = '/storage/objects/';

export interface LocalStoreOptions {
  root: string;
  baseUrl: string;
  signingKey: Buffer;
  policy: StoragePolicy;
  /** True when the root is a temporary folder of this process, removed on close. */
  temporary: boolean;
}

export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;
  readonly policy: StoragePolicy;
  private readonly root: string;

  constructor(private readonly options: LocalStoreOptions) {
    this.root = resolve(options.root);
    this.policy = options.policy;
  }

  async presignPut(key: string, { contentType, expiresAt }: { contentType: string; expiresAt: Date }): Promise<PresignedUpload> {
    const url = this.signedUrl({ method: 'PUT', key, expires: toSeconds(expiresAt), contentType, fileName: '' });
    return { url, headers: { 'Content-Type': contentType } };
  }

  async presignGet(key: string, { expiresAt, fileName }: { expiresAt: Date; fileName?: string | null }): Promise<string> {
    return this.signedUrl({ method: 'GET', key, expires: toSeconds(expiresAt), contentType: '', fileName: fileName ?? '' });
  }

  /** Checks a request to one of this store's URLs. */
  check(request: Omit<SignedObjectRequest, 'expires'>, query: { expires?: string; signature?: string }, now: Date): SignatureCheck {
    if (!parseObjectKey(request.key)) return 'invalid';
    return checkObjectSignature(this.options.signingKey, request, query, now);
  }

  async head(key: string): Promise<ObjectHead | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { sizeBytes: info.size, contentType: null } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Streams `source` into the object, refusing past `maxBytes` (413); returns the size written. */
  async write(key: string, source: Readable, maxBytes: number): Promise<number> {
    const target = this.pathOf(key);
    const partial = join(this.root, '.partial', `${newId()}.part`);
    await mkdir(join(this.root, '.partial'), { recursive: true });
    let size = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) callback(tooLarge(maxBytes));
        else callback(null, chunk);
      },
    });
    // source.pipe, not pipeline(source, ...): the request stream belongs to the HTTP layer, which
    // answers the 413 and closes the connection; destroying it here would tear the request down
    // under Fastify's feet (app.inject then rejects instead of answering).
    source.pipe(limiter);
    source.once('error', (error) => limiter.destroy(error));
    source.once('close', () => {
      if (!source.readableEnded) limiter.destroy(new Error('the upload was interrupted'));
    });
    try {
      await pipeline(limiter, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      await mkdir(resolve(target, '..'), { recursive: true });
      await rename(partial, target);
      return size;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /** A stream of the object and its size, or null when it is not on disk. */
  async openRead(key: string): Promise<{ stream: Readable; sizeBytes: number } | null> {
    const found = await this.head(key);
    if (!found) return null;
    return { stream: createReadStream(this.pathOf(key)), sizeBytes: found.sizeBytes };
  }

  /**
   * A hard link when the file system allows it (no bytes copied), a copy otherwise. Either way the
   * copy keeps the bytes of this moment: an upload renames a new file over the source's name and
   * leaves the linked file as it was.
   */
  async copy(fromKey: string, toKey: string): Promise<ObjectHead | null> {
    const from = this.pathOf(fromKey);
    const to = this.pathOf(toKey);
    await mkdir(resolve(to, '..'), { recursive: true });
    try {
      await link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return null;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
      try {
        await copyFile(from, to, constants.COPYFILE_EXCL);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw copyError;
      }
    }
    return this.head(toKey);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async close(): Promise<void> {
    if (this.options.temporary) await rm(this.root, { recursive: true, force: true });
  }

  private signedUrl(request: SignedObjectRequest): string {
    const signature = signObjectRequest(this.options.signingKey, request);
    const query = new URLSearchParams({ expires: String(request.expires), signature });
    if (request.fileName) query.set('name', request.fileName);
    return `${this.options.baseUrl}${OBJECT_ROUTE_PREFIX}${request.key}?${query.toString()}`;
  }

  /** The file of a key. Keys are checked for shape, and the result for staying under the root. */
  private pathOf(key: string): string {
    if (!parseObjectKey(key)) throw new Error(`not an object key: ${JSON.stringify(key)}`);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`object key escapes the store: ${JSON.stringify(key)}`);
    return path;
  }
}

function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', `The object is larger than the limit of ${maxBytes} bytes for its purpose.`);
}
