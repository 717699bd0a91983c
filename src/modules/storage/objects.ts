// Stored objects: presigned uploads, the check that a referenced object was really uploaded, and
// signed downloads. Invariants: object keys are made here, never taken from a client; an object
// is used (deliverable, storefront image) only when it belongs to the caller's tenant, has the
// expected purpose and its bytes exist within the purpose's size limit.
import type { UseCaseContext } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Executor } from '../../db/database.ts';
import { buildObjectKey, displayFileName } from './object-keys.ts';
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
  key: string;
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
  });
  const expiresAt = expiryAfter(ctx.now, store.policy.uploadUrlTtlSeconds);
  const upload = await store.presignPut(key, { contentType, now: ctx.now, expiresAt });
  return { objectKey: key, uploadUrl: upload.url, method: 'PUT', headers: upload.headers, expiresAt, maxSizeBytes: store.policy.maxBytes[purpose] };
}

/**
 * The tenant's uploaded object of `purpose` under `key`, for anything that references one
 * (deliverables, storefront logo and banner). Unknown keys and other tenants' keys are 404;
 * the wrong purpose or missing bytes are field errors on `field`. With a bucket the service never
 * sees the upload, so the first use asks the bucket and records size and time.
 */
export async function assertUploadedObject(
  ex: Executor,
  ctx: UseCaseContext,
  key: string,
  purpose: ObjectPurpose,
  store: ObjectStore,
  field = 'objectKey',
): Promise<StoredObjectView> {
  let row = await repo.findObject(ex, ctx.tenant, key);
  if (!row) throw notFound('object', 'No such object; use the objectKey returned by POST /catalog/images/presign.');
  if (row.purpose !== purpose) throw fieldError(field, key, 'purpose', `must be an object presigned with purpose ${purpose}, not ${row.purpose}`);
  if (row.uploaded_at === null || row.size_bytes === null) row = await confirmUpload(ex, ctx, row, store, field);
  return toObjectView(row);
}

async function confirmUpload(ex: Executor, ctx: UseCaseContext, row: StoredObjectRow, store: ObjectStore, field: string): Promise<StoredObjectRow> {
  const head = await store.head(row.key);
  if (!head) throw fieldError(field, row.key, 'uploaded', 'has not been uploaded yet; PUT the file to the uploadUrl first');
  const limit = store.policy.maxBytes[row.purpose];
  if (head.sizeBytes > limit) {
    await store.delete(row.key);
    throw fieldError(field, row.key, 'max_size', `is larger than the limit of ${limit} bytes for purpose ${row.purpose}; it was deleted`);
  }
  return (await repo.markObjectUploaded(ex, row.key, head.sizeBytes, ctx.now)) ?? row;
}

function toObjectView(row: StoredObjectRow): StoredObjectView {
  return {
    key: row.key,
    purpose: row.purpose,
    contentType: row.content_type,
    fileName: row.file_name ?? '',
    sizeBytes: Number(row.size_bytes),
    uploadedAt: row.uploaded_at!,
  };
}

// Signed-URL requests carry no API key: these two serve upload-routes.ts only.

export async function findObjectForSignedUrl(ex: Executor, key: string): Promise<StoredObjectRow | undefined> {
  return repo.findObjectBySignedKey(ex, key);
}

export async function recordUpload(ex: Executor, key: string, sizeBytes: number, at: Date): Promise<StoredObjectRow | undefined> {
  return repo.markObjectUploaded(ex, key, sizeBytes, at);
}
