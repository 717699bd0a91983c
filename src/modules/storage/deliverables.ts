// Product deliverables: what a buyer receives once paid, a link or an uploaded file.
// Invariants: one deliverable per product (PUT replaces it, keeping its id); a file deliverable
// points at an uploaded object of the same tenant with purpose `deliverable`, and takes its size
// and type from its sealed copy (objects.ts), which is also what buyers download; a link is an
// absolute http(s) URL. Replacing or deleting a deliverable keeps
// the object's bytes, since download grants of earlier purchases may still point at them.
// Idempotency: the HTTP layer stores the response with the change (deps.idempotency.run).
import { realNowOf, type UseCaseContext } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { findProductOrThrow } from '../catalog/index.ts';
import { recordEvent } from '../events/index.ts';
import { displayFileName } from './object-keys.ts';
import { expiryAfter, type ObjectStore } from './object-store.ts';
import * as repo from './repository.ts';
import { assertUploadedObject, storedKeyOf } from './objects.ts';
import type { DeliverableRow } from './tables.ts';
import { mediaTypeOf } from './upload-policy.ts';

export interface DeliverableInput {
  kind: 'link' | 'file';
  url?: string;
  objectKey?: string;
  fileName?: string;
  contentType?: string;
}

export interface DeliverableView {
  id: string;
  productId: string;
  kind: 'link' | 'file';
  /** The link's URL; null for files, whose downloads are signed per purchase. */
  url: string | null;
  objectKey: string | null;
  fileName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a buyer is handed: a link as is, or a file through a short-lived signed URL. */
export interface DeliverableDownload {
  kind: 'link' | 'file';
  url: string;
  /** When a file's URL stops working; null for links. */
  expiresAt: Date | null;
  fileName: string | null;
  contentType: string | null;
  sizeBytes: number | null;
}

function toView(row: DeliverableRow): DeliverableView {
  return {
    id: row.id,
    productId: row.product_id,
    kind: row.kind,
    url: row.kind === 'link' ? row.url : null,
    objectKey: row.object_key,
    fileName: row.file_name,
    contentType: row.content_type,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function assertProduct(ex: Executor, ctx: UseCaseContext, productId: string): Promise<void> {
  await findProductOrThrow(ex, ctx.tenant, productId);
}

export async function getDeliverable(ex: Executor, ctx: UseCaseContext, productId: string): Promise<DeliverableView> {
  await assertProduct(ex, ctx, productId);
  const row = await repo.findDeliverable(ex, ctx.tenant, productId);
  if (!row) throw notFound('deliverable', 'This product has no deliverable.');
  return toView(row);
}

export async function putDeliverable(
  tx: Tx,
  ctx: UseCaseContext,
  input: { productId: string; deliverable: DeliverableInput },
  store: ObjectStore,
): Promise<DeliverableView> {
  await assertProduct(tx, ctx, input.productId);
  const content = input.deliverable.kind === 'link' ? linkContent(input.deliverable) : await fileContent(tx, ctx, input.deliverable, store);
  const row = await repo.upsertDeliverable(tx, {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    product_id: input.productId,
    ...content,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  const view = toView(row);
  await recordEvent(tx, ctx, 'deliverable.updated', view);
  return view;
}

type DeliverableContent = Pick<DeliverableRow, 'kind' | 'url' | 'object_key' | 'file_name' | 'content_type' | 'size_bytes'>;

function linkContent(input: DeliverableInput): DeliverableContent {
  refuseFields(input, ['objectKey', 'fileName', 'contentType'], 'link');
  if (input.url === undefined) throw fieldError('url', '', 'required', 'is required for a link deliverable');
  return { kind: 'link', url: assertHttpUrl(input.url), object_key: null, file_name: null, content_type: null, size_bytes: null };
}

async function fileContent(tx: Tx, ctx: UseCaseContext, input: DeliverableInput, store: ObjectStore): Promise<DeliverableContent> {
  refuseFields(input, ['url'], 'file');
  if (input.objectKey === undefined) throw fieldError('objectKey', '', 'required', 'is required for a file deliverable');
  const object = await assertUploadedObject(tx, ctx, input.objectKey, 'deliverable', store);
  if (input.contentType !== undefined && mediaTypeOf(input.contentType) !== object.contentType) {
    throw fieldError('contentType', input.contentType, 'matches_object', `must be ${object.contentType}, the type the file was uploaded with`);
  }
  return {
    kind: 'file',
    url: null,
    object_key: object.key,
    file_name: input.fileName !== undefined ? displayFileName(input.fileName) : object.fileName,
    content_type: object.contentType,
    size_bytes: String(object.sizeBytes),
  };
}

function refuseFields(input: DeliverableInput, fields: Array<keyof DeliverableInput>, kind: string): void {
  for (const field of fields) {
    if (input[field] !== undefined) throw fieldError(field, input[field], 'unknown_field', `is not a field of a ${kind} deliverable`);
  }
}

/** Only absolute http(s) URLs without credentials: anything else (javascript:, data:, ftp:) is refused. */
function assertHttpUrl(value: string): string {
  const refuse = (description: string) => fieldError('url', value, 'http_url', description);
  if (!/^[^\s\p{Cc}]+$/u.test(value)) throw refuse('must be an absolute http:// or https:// URL without spaces');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('must use http or https');
  if (!url.hostname) throw refuse('must name a host');
  if (url.username || url.password) throw refuse('must not carry a user name or password');
  return value;
}

export async function deleteDeliverable(tx: Tx, ctx: UseCaseContext, productId: string): Promise<DeliverableView> {
  await assertProduct(tx, ctx, productId);
  const row = await repo.deleteDeliverable(tx, ctx.tenant, productId);
  if (!row) throw notFound('deliverable', 'This product has no deliverable.');
  const view = toView(row);
  await recordEvent(tx, ctx, 'deliverable.deleted', view);
  return view;
}

/**
 * For download grants of paid invoices: the product's deliverable as the buyer gets it, a file
 * through a signed URL valid for DOWNLOAD_URL_TTL_SECONDS. Null when the product has none.
 */
export async function getDeliverableDownload(ex: Executor, ctx: UseCaseContext, productId: string, store: ObjectStore): Promise<DeliverableDownload | null> {
  const row = await repo.findDeliverable(ex, ctx.tenant, productId);
  if (!row) return null;
  if (row.kind === 'link') return { kind: 'link', url: row.url!, expiresAt: null, fileName: null, contentType: null, sizeBytes: null };
  // A signed URL is checked by the store on the real time, never a sandbox test clock.
  const expiresAt = expiryAfter(realNowOf(ctx), store.policy.downloadUrlTtlSeconds);
  const url = await store.presignGet(await storedKeyOf(ex, ctx, row.object_key!), { now: realNowOf(ctx), expiresAt, fileName: row.file_name });
  return { kind: 'file', url, expiresAt, fileName: row.file_name, contentType: row.content_type, sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes) };
}
