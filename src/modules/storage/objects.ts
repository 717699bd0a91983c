// Stored objects: presigned uploads, the check that a referenced object was really uploaded, and
// signed downloads. Invariants: object keys are made here, never taken from a client; an object
// is used (deliverable, storefront image) only when it belongs to the caller's tenant, has the
// expected purpose and its bytes exist within the purpose's size limit; an object's bytes are
// sealed at its first use (copied to a key no upload URL names), and every use reads that copy, so
// an upload URL still valid cannot change them and the recorded size is the size stored.
import { realNowOf, type UseCaseContext } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Executor } from '../../db/database.ts';
import { buildObjectKey, displayFileName, parseObjectKey } from './object-keys.ts';
import { expiryAfter, type ObjectStore } from './object-store.ts';
import * as repo from './repository.ts';
import type { ObjectPurpose, StoredObjectRow } from './tables.ts';
import { ALLOWED_CONTENT_TYPES, isAllowedContentType, mediaTypeOf } from './upload-policy.ts';

export interface PresignInput {
  contentType: string;
  fileName: string;
  purpose?: ObjectPurpose;
}

export interface PresignedUploadView {
  objectKey: string;
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: Date;
  maxSizeBytes: number;
}

export interface StoredObjectView {
  /** The key the client knows (the upload's). */
  key: string;
  /** Where the sealed bytes are: what downloads and previews must read. */
  storedKey: string;
  purpose: ObjectPurpose;
  contentType: string;
  fileName: string;
  sizeBytes: number;
  uploadedAt: Date;
}

/** Registers a new object of the tenant and returns the URL its bytes are PUT to. */
export async function presignUpload(ex: Executor, ctx: UseCaseContext, input: PresignInput, store: ObjectStore): Promise<PresignedUploadView> {
  const purpose = input.purpose ?? 'image';
  const contentType = mediaTypeOf(input.contentType);
  if (!isAllowedContentType(purpose, contentType)) {
    throw fieldError('contentType', input.contentType, 'enum', `for purpose ${purpose} must be one of: ${ALLOWED_CONTENT_TYPES[purpose].join(', ')}`);
  }
  const fileName = displayFileName(input.fileName);
  const key = buildObjectKey(ctx.tenant, purpose, newId(), fileName);
  await repo.insertObject(ex, {
    key,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    purpose,
    content_type: contentType,
    file_name: fileName,
    size_bytes: null,
    uploaded_at: null,
    created_at: ctx.now,
    sealed_key: null,
    sealed_from: null,
  });
  // A signed URL is checked by the store on the real time, never a sandbox test clock.
  const expiresAt = expiryAfter(realNowOf(ctx), store.policy.uploadUrlTtlSeconds);
  const upload = await store.presignPut(key, { contentType, now: realNowOf(ctx), expiresAt });
  return { objectKey: key, uploadUrl: upload.url, method: 'PUT', headers: upload.headers, expiresAt, maxSizeBytes: store.policy.maxBytes[purpose] };
}

/**
 * The tenant's uploaded object of `purpose` under `key`, for anything that references one
 * (deliverables, storefront logo and banner), sealed: the first use copies its bytes to a key no
 * upload URL names and records the copy's size; later uses return that same copy. Unknown keys,
 * other tenants' keys and sealed copies' keys are 404; the wrong purpose or missing bytes are field
 * errors on `field`. Call it inside the transaction that records the use: the object's row stays
 * locked until then, so concurrent first uses make one copy.
 */
export async function assertUploadedObject(
  ex: Executor,
  ctx: UseCaseContext,
  key: string,
  purpose: ObjectPurpose,
  store: ObjectStore,
  field = 'objectKey',
): Promise<StoredObjectView> {
  const row = await repo.findObject(ex, ctx.tenant, key, { forUpdate: true });
  if (!row || row.sealed_from !== null) throw notFound('object', 'No such object; use the objectKey returned by POST /catalog/images/presign.');
  if (row.purpose !== purpose) throw fieldError(field, key, 'purpose', `must be an object presigned with purpose ${purpose}, not ${row.purpose}`);
  if (row.sealed_key !== null) {
    const sealed = await repo.findObject(ex, ctx.tenant, row.sealed_key);
    if (!sealed) throw new Error(`sealed copy ${row.sealed_key} of ${row.key} is missing`);
    return toObjectView(row, sealed);
  }
  return sealObject(ex, ctx, row, store, field);
}

async function sealObject(ex: Executor, ctx: UseCaseContext, row: StoredObjectRow, store: ObjectStore, field: string): Promise<StoredObjectView> {
  const limit = store.policy.maxBytes[row.purpose];
  const notUploaded = () => fieldError(field, row.key, 'uploaded', 'has not been uploaded yet; PUT the file to the uploadUrl first');
  const oversize = () => fieldError(field, row.key, 'max_size', `is larger than the limit of ${limit} bytes for purpose ${row.purpose}; it was deleted`);
  // Refuse an oversize object before copying it (a bucket cannot bound a presigned PUT's size).
  const head = await store.head(row.key);
  if (!head) throw notUploaded();
  if (head.sizeBytes > limit) {
    await store.delete(row.key);
    throw oversize();
  }
  const parsed = parseObjectKey(row.key);
  if (!parsed) throw new Error(`stored object key of unexpected shape: ${row.key}`);
  const sealedKey = buildObjectKey(ctx.tenant, row.purpose, newId(), parsed.fileName);
  const copied = await store.copy(row.key, sealedKey);
  if (!copied) throw notUploaded();
  // The size recorded is the copy's: bytes replaced between the check above and the copy are caught here.
  if (copied.sizeBytes > limit) {
    await store.delete(sealedKey);
    await store.delete(row.key);
    throw oversize();
  }
  const sealed: StoredObjectRow = {
    ...row,
    key: sealedKey,
    size_bytes: String(copied.sizeBytes),
    uploaded_at: ctx.now,
    created_at: ctx.now,
    sealed_key: null,
    sealed_from: row.key,
  };
  await repo.insertObject(ex, sealed);
  const upload = await repo.markObjectSealed(ex, row.key, sealedKey, copied.sizeBytes, ctx.now);
  return toObjectView(upload, sealed);
}

function toObjectView(upload: StoredObjectRow, sealed: StoredObjectRow): StoredObjectView {
  return {
    key: upload.key,
    storedKey: sealed.key,
    purpose: upload.purpose,
    contentType: sealed.content_type,
    fileName: upload.file_name ?? '',
    sizeBytes: Number(sealed.size_bytes),
    uploadedAt: upload.uploaded_at!,
  };
}

/**
 * The key whose bytes a use of `key` must read: its sealed copy, or the key itself for objects
 * used before sealing existed (their upload URLs expired long ago).
 */
export async function storedKeyOf(ex: Executor, ctx: UseCaseContext, key: string): Promise<string> {
  const row = await repo.findObject(ex, ctx.tenant, key);
  return row?.sealed_key ?? key;
}

// Signed-URL requests carry no API key: these two serve upload-routes.ts only.

export async function findObjectForSignedUrl(ex: Executor, key: string): Promise<StoredObjectRow | undefined> {
  return repo.findObjectBySignedKey(ex, key);
}

export async function recordUpload(ex: Executor, key: string, sizeBytes: number, at: Date): Promise<StoredObjectRow | undefined> {
  return repo.markObjectUploaded(ex, key, sizeBytes, at);
}
