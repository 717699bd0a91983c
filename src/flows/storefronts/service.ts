// Storefront use cases: create, read, list and update a shop (the interface's Storefront table and
// update), and what its public routes show. Invariants: a slug is unique across the service (the
// database's unique index decides races: 409 slug_taken); a shop sells published default
// versions of one-time products of this tenant, all in one currency; a pickup-only shop has no
// shipping amount; logo and banner are uploaded images of this tenant, sealed on first use.
import { realNowOf, type UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound, validationError, type FieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { formatDecimal, toAmount, wireMoney } from '../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findDefaultVersion, findProduct } from '../../modules/catalog/index.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { expiryAfter, type ObjectStore, assertUploadedObject, storedKeyOf } from '../../modules/storage/index.ts';
import * as repo from './repository.ts';
import { assertShipping, assertSlug, resolveTheme } from './storefront-rules.ts';
import type { FulfillmentMode, StorefrontRow, StorefrontStatus, StorefrontTheme } from './tables.ts';

export interface StorefrontView {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  theme: StorefrontTheme;
  status: StorefrontStatus;
  fulfillmentMode: FulfillmentMode;
  requireAddress: boolean;
  pickupNote: string | null;
  shippingFlatAmount: string | null;
  logoObjectKey: string | null;
  logoUrl: string | null;
  bannerObjectKey: string | null;
  bannerUrl: string | null;
  productIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface StorefrontInput {
  name?: string;
  slug?: string;
  description?: string | null;
  logoObjectKey?: string | null;
  bannerObjectKey?: string | null;
  theme?: Record<string, unknown>;
  status?: StorefrontStatus;
  fulfillmentMode?: FulfillmentMode;
  pickupNote?: string | null;
  shippingFlatAmount?: string | null;
  requireAddress?: boolean;
  productIds?: string[];
}

/** A product a shop sells, as its pages and orders need it. */
export interface ShopProduct {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  requiresShipping: boolean;
  currency: string;
  /** The default version's price, a decimal string. */
  unitPrice: string;
}

async function imageUrl(ex: Executor, ctx: UseCaseContext, key: string | null, store: ObjectStore): Promise<string | null> {
  if (key === null) return null;
  // Signed on the real time: the store checks it on its own clock, never a sandbox test clock.
  const expiresAt = expiryAfter(realNowOf(ctx), store.policy.downloadUrlTtlSeconds);
  return store.presignGet(await storedKeyOf(ex, ctx, key), { now: realNowOf(ctx), expiresAt });
}

/**
 * The currency of a shop's amounts: its products' (all one currency); a shop that sells nothing yet
 * writes its shipping as the interface's default currency, BRL.
 */
async function shopCurrency(ex: Executor, ctx: UseCaseContext, row: StorefrontRow): Promise<string> {
  const first = row.product_ids[0];
  return (first === undefined ? undefined : (await findProduct(ex, ctx.tenant, first))?.currency) ?? 'BRL';
}

export async function toStorefrontView(ex: Executor, ctx: UseCaseContext, row: StorefrontRow, store: ObjectStore): Promise<StorefrontView> {
  const shipping = row.shipping_flat_amount === null ? null : wireMoney(row.shipping_flat_amount, await shopCurrency(ex, ctx, row));
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    theme: row.theme,
    status: row.status,
    fulfillmentMode: row.fulfillment_mode,
    requireAddress: row.require_address,
    pickupNote: row.pickup_note,
    shippingFlatAmount: shipping,
    logoObjectKey: row.logo_object_key,
    logoUrl: await imageUrl(ex, ctx, row.logo_object_key, store),
    bannerObjectKey: row.banner_object_key,
    bannerUrl: await imageUrl(ex, ctx, row.banner_object_key, store),
    productIds: row.product_ids,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The products a shop may sell, in order, or a field error on `productIds`: each must be a product
 * of this tenant with a published default version priced once (one-time pricing with a base
 * price); subscriptions and usage are sold by payment links. All share one currency.
 */
export async function loadShopProducts(ex: Executor, ctx: UseCaseContext, productIds: string[], field = 'productIds'): Promise<ShopProduct[]> {
  const products: ShopProduct[] = [];
  const errors: FieldError[] = [];
  for (const [i, id] of productIds.entries()) {
    const product = await findProduct(ex, ctx.tenant, id);
    const version = product ? await findDefaultVersion(ex, ctx.tenant, id) : undefined;
    if (!product) errors.push({ field: `${field}[${i}]`, value: id, constraint: 'exists', description: 'is not a product of this account' });
    else if (!version) errors.push({ field: `${field}[${i}]`, value: id, constraint: 'published', description: 'has no published default version' });
    else if (product.pricing_model !== 'one_time' || version.base_price === null) {
      errors.push({ field: `${field}[${i}]`, value: id, constraint: 'one_time', description: 'is not priced once; shops sell one-time products (sell subscriptions and usage with payment links)' });
    } else {
      products.push({
        id,
        name: product.name,
        description: product.description,
        imageUrl: product.image_url,
        requiresShipping: product.requires_shipping,
        currency: product.currency,
        unitPrice: wireMoney(version.base_price, product.currency),
      });
    }
  }
  if (errors.length > 0) throw validationError(errors);
  const currencies = new Set(products.map((p) => p.currency));
  if (currencies.size > 1) throw fieldError(field, productIds.join(','), 'one_currency', `must all be priced in one currency, not ${[...currencies].join(' and ')}`);
  return products;
}

function validateProductIds(productIds: string[]): void {
  const seen = new Set<string>();
  productIds.forEach((id, i) => {
    if (seen.has(id)) throw fieldError(`productIds[${i}]`, id, 'unique', 'is listed twice');
    seen.add(id);
  });
}

function slugTaken(slug: string): AppError {
  return new AppError('slug_taken', `The slug "${slug}" is taken; choose another.`);
}

async function imageKey(tx: Tx, ctx: UseCaseContext, key: string | null | undefined, field: string, store: ObjectStore): Promise<string | null | undefined> {
  if (key === undefined) return undefined;
  if (key === null || key === '') return null;
  await assertUploadedObject(tx, ctx, key, 'image', store, field);
  return key;
}

export async function createStorefront(tx: Tx, ctx: UseCaseContext, input: StorefrontInput & { name: string; slug: string }, store: ObjectStore): Promise<StorefrontView> {
  assertSlug(input.slug);
  const mode = input.fulfillmentMode ?? 'pickup';
  const shipping = input.shippingFlatAmount ?? null;
  assertShipping(mode, shipping);
  const productIds = input.productIds ?? [];
  validateProductIds(productIds);
  await loadShopProducts(tx, ctx, productIds);
  const row: StorefrontRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    slug: input.slug,
    name: input.name,
    description: input.description ?? null,
    theme: resolveTheme(input.theme ?? {}),
    status: input.status ?? 'active',
    fulfillment_mode: mode,
    require_address: input.requireAddress ?? false,
    pickup_note: input.pickupNote ?? null,
    shipping_flat_amount: shipping === null ? null : toAmount(shipping).toFixed(),
    logo_object_key: (await imageKey(tx, ctx, input.logoObjectKey, 'logoObjectKey', store)) ?? null,
    banner_object_key: (await imageKey(tx, ctx, input.bannerObjectKey, 'bannerObjectKey', store)) ?? null,
    product_ids: productIds,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  try {
    await repo.insertStorefront(tx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(input.slug);
    throw error;
  }
  const view = await toStorefrontView(tx, ctx, row, store);
  await recordEvent(tx, ctx, 'storefront.created', view);
  return view;
}

export async function getStorefront(ex: Executor, ctx: UseCaseContext, id: string, store: ObjectStore): Promise<StorefrontView> {
  const row = await repo.findStorefront(ex, ctx.tenant, id);
  if (!row) throw notFound('storefront');
  return toStorefrontView(ex, ctx, row, store);
}

export async function listStorefronts(ex: Executor, ctx: UseCaseContext, page: PageRequest, store: ObjectStore): Promise<Page<StorefrontView>> {
  const result = toPage(await repo.listStorefronts(ex, ctx.tenant, page.limit, page.afterId), page.limit);
  const items: StorefrontView[] = [];
  for (const row of result.items) items.push(await toStorefrontView(ex, ctx, row, store));
  return { items, nextCursor: result.nextCursor };
}

/** The interface's update: every field optional, omitted unchanged, an empty image key removes the image. */
export async function updateStorefront(tx: Tx, ctx: UseCaseContext, id: string, patch: StorefrontInput, store: ObjectStore): Promise<StorefrontView> {
  const existing = await repo.findStorefront(tx, ctx.tenant, id, true);
  if (!existing) throw notFound('storefront');
  if (patch.slug !== undefined) assertSlug(patch.slug);
  const mode = patch.fulfillmentMode ?? existing.fulfillment_mode;
  const shipping = patch.shippingFlatAmount !== undefined ? patch.shippingFlatAmount : existing.shipping_flat_amount;
  assertShipping(mode, shipping === null ? null : patch.shippingFlatAmount !== undefined ? shipping : formatDecimal(shipping));
  if (patch.productIds !== undefined) {
    validateProductIds(patch.productIds);
    await loadShopProducts(tx, ctx, patch.productIds);
  }
  const logo = await imageKey(tx, ctx, patch.logoObjectKey, 'logoObjectKey', store);
  const banner = await imageKey(tx, ctx, patch.bannerObjectKey, 'bannerObjectKey', store);
  const changes: repo.StorefrontChanges = {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.slug !== undefined && { slug: patch.slug }),
    ...(patch.description !== undefined && { description: patch.description }),
    ...(patch.theme !== undefined && { theme: resolveTheme(patch.theme, existing.theme) }),
    ...(patch.status !== undefined && { status: patch.status }),
    ...(patch.fulfillmentMode !== undefined && { fulfillment_mode: patch.fulfillmentMode }),
    ...(patch.pickupNote !== undefined && { pickup_note: patch.pickupNote }),
    ...(patch.shippingFlatAmount !== undefined && { shipping_flat_amount: patch.shippingFlatAmount === null ? null : toAmount(patch.shippingFlatAmount).toFixed() }),
    ...(patch.requireAddress !== undefined && { require_address: patch.requireAddress }),
    ...(patch.productIds !== undefined && { product_ids: patch.productIds }),
    ...(logo !== undefined && { logo_object_key: logo }),
    ...(banner !== undefined && { banner_object_key: banner }),
    updated_at: ctx.now,
  };
  let row: StorefrontRow;
  try {
    row = await repo.updateStorefront(tx, ctx.tenant, id, changes);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(patch.slug ?? existing.slug);
    throw error;
  }
  const view = await toStorefrontView(tx, ctx, row, store);
  await recordEvent(tx, ctx, 'storefront.updated', view);
  return view;
}
