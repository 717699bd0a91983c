// Products: reads and the non-pricing update. Creation (with the key upsert) is in create-product.ts.
import type { Executor, Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import * as repo from './repository.ts';
import type { PricingModel, ProductRow, ProductType, ProductVersionRow } from './tables.ts';

export interface ProductView {
  id: string;
  key: string;
  name: string;
  type: ProductType;
  description: string;
  pricingModel: PricingModel;
  currency: string;
  status: string;
  imageUrl?: string;
  requiresShipping: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function toProductView(row: ProductRow): ProductView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    type: row.type,
    description: row.description,
    pricingModel: row.pricing_model,
    currency: row.currency,
    status: row.status,
    ...(row.image_url !== null && { imageUrl: row.image_url }),
    requiresShipping: row.requires_shipping,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The product row of a tenant, or 404 `product`; `forUpdate` locks it for the transaction. */
export async function findProductOrThrow(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<ProductRow> {
  const row = await repo.findProduct(ex, tenant, id, forUpdate);
  if (!row) throw notFound('product');
  return row;
}

export async function getProduct(ex: Executor, ctx: UseCaseContext, id: string): Promise<ProductView> {
  return toProductView(await findProductOrThrow(ex, ctx.tenant, id));
}

export async function listProducts(ex: Executor, ctx: UseCaseContext, filter: { key?: string }, page: PageRequest): Promise<Page<ProductView>> {
  const result = toPage(await repo.listProducts(ex, ctx.tenant, filter, page.limit, page.afterId), page.limit);
  return { items: result.items.map(toProductView), nextCursor: result.nextCursor };
}

export interface ProductPatch {
  name?: string;
  description?: string;
  imageUrl?: string | null;
  requiresShipping?: boolean;
}

export async function updateProduct(tx: Tx, ctx: UseCaseContext, id: string, patch: ProductPatch): Promise<ProductView> {
  const row = await repo.updateProduct(tx, ctx.tenant, id, {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.description !== undefined && { description: patch.description }),
    ...(patch.imageUrl !== undefined && { image_url: patch.imageUrl }),
    ...(patch.requiresShipping !== undefined && { requires_shipping: patch.requiresShipping }),
    updated_at: ctx.now,
  });
  if (!row) throw notFound('product');
  return toProductView(row);
}

/**
 * The published version a sale or an enrollment uses: `versionId` when given (it must be a
 * published version of the product, else 422 naming `field`), else the product's default version
 * (422 `no_default_version` when there is none). Unknown or foreign ids answer 404.
 */
export async function resolvePublishedVersion(
  ex: Executor,
  tenant: Tenant,
  productId: string,
  versionId?: string,
  field = 'productVersionId',
): Promise<{ product: ProductRow; version: ProductVersionRow }> {
  const product = await findProductOrThrow(ex, tenant, productId);
  if (versionId === undefined) {
    const version = await repo.findDefaultVersion(ex, tenant, productId);
    if (!version) throw new AppError('no_default_version', 'The product has no published default version; publish a version first or name one.');
    return { product, version };
  }
  const version = await repo.findVersion(ex, tenant, versionId);
  if (!version) throw notFound('product_version');
  if (version.product_id !== productId) throw fieldError(field, versionId, 'product_version', 'is a version of another product');
  if (version.status !== 'published') throw fieldError(field, versionId, 'published', `must be a published version; version ${version.version} is ${version.status}`);
  return { product, version };
}

/** The product of a key (Rail reads its config by product key), or undefined. */
export async function findProductByKey(ex: Executor, tenant: Tenant, key: string): Promise<ProductView | undefined> {
  const row = await repo.findProductByKey(ex, tenant, key);
  return row ? toProductView(row) : undefined;
}
