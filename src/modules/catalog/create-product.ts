// POST /products: create a product with version 1 as a draft, or return the product of an
// existing key (interface behaviour rules 1 to 3).
// Invariants: a key is unique per account and environment; an existing key never changes pricing:
// `basePrice` or `billingCycle` (and, by extension, `pricingModel` or `currency`) that differ from
// the current version (latest published, else latest) answer 422 `pricing_immutable`; a request
// with no pricing leaves pricing alone. The existing product row is locked while it is compared
// and renamed, so two upserts of one key apply one after the other; two creations of one new key
// race on the unique key and the loser answers as for an existing key.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, validationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { isKnownCurrency, Money } from '../../core/money.ts';
import { recordEvent } from '../events/index.ts';
import { toProductView, type ProductView } from './products.ts';
import * as repo from './repository.ts';
import type { BillingCycle, PricingModel, ProductRow, ProductType } from './tables.ts';
import { billingCycleErrors, insertFirstVersion, moneyErrors, versionView, type VersionView } from './versions.ts';

export interface CreateProductInput {
  key: string;
  name: string;
  description?: string;
  type?: ProductType;
  pricingModel?: PricingModel;
  currency?: string;
  billingCycle?: BillingCycle;
  basePrice?: string;
}

export interface CreateProductResult {
  product: ProductView;
  version: VersionView;
  /** False when the key already existed (the route answers 200 instead of 201). */
  created: boolean;
}

function pricingImmutable(what: string, sent: string, current: string | null): AppError {
  return new AppError(
    'pricing_immutable',
    `The product already exists with ${what} ${current ?? 'null'}; this request sent ${sent}. Pricing of an existing product changes only through a new version (POST /products/{productID}/versions).`,
  );
}

export async function createProduct(tx: Tx, ctx: UseCaseContext, input: CreateProductInput): Promise<CreateProductResult> {
  const currency = input.currency?.toUpperCase();
  if (currency !== undefined && !isKnownCurrency(currency)) {
    throw fieldError('currency', input.currency, 'currency', 'must be a 3-letter ISO 4217 currency code such as BRL');
  }
  const existing = await repo.findProductByKey(tx, ctx.tenant, input.key, true);
  if (existing) return upsertExisting(tx, ctx, existing, { ...input, currency });

  if (input.pricingModel === undefined) throw fieldError('pricingModel', undefined, 'required', 'is required to create a product');
  const productCurrency = currency ?? 'BRL';
  const errors = [...billingCycleErrors(input.pricingModel, input.billingCycle, true), ...moneyErrors('basePrice', input.basePrice, productCurrency)];
  if (errors.length > 0) throw validationError(errors);

  const row: ProductRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    key: input.key,
    name: input.name,
    type: input.type ?? 'item',
    description: input.description ?? '',
    pricing_model: input.pricingModel,
    currency: productCurrency,
    status: 'active',
    image_url: null,
    requires_shipping: false,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  if (!(await repo.insertProductIfAbsent(tx, row))) {
    // Another request created the key between our read and this insert: answer as for an existing key.
    const created = (await repo.findProductByKey(tx, ctx.tenant, input.key, true))!;
    return upsertExisting(tx, ctx, created, { ...input, currency });
  }
  const product = toProductView(row);
  const version = await insertFirstVersion(tx, ctx, row, input);
  await recordEvent(tx, ctx, 'product.created', { product, version });
  return { product, version, created: true };
}

async function upsertExisting(tx: Tx, ctx: UseCaseContext, existing: ProductRow, input: CreateProductInput): Promise<CreateProductResult> {
  if (input.pricingModel !== undefined && input.pricingModel !== existing.pricing_model) {
    throw pricingImmutable('pricingModel', input.pricingModel, existing.pricing_model);
  }
  if (input.currency !== undefined && input.currency !== existing.currency) throw pricingImmutable('currency', input.currency, existing.currency);

  const current = await repo.findCurrentVersion(tx, ctx.tenant, existing.id);
  if (!current) throw new Error(`product ${existing.id} has no version`);
  if (input.basePrice !== undefined && (current.base_price === null || !new Money(current.base_price).eq(input.basePrice))) {
    throw pricingImmutable('basePrice', input.basePrice, current.base_price);
  }
  if (input.billingCycle !== undefined && input.billingCycle !== current.billing_cycle) {
    throw pricingImmutable('billingCycle', input.billingCycle, current.billing_cycle);
  }

  const changed = input.name !== existing.name || (input.description !== undefined && input.description !== existing.description);
  const row = changed
    ? (await repo.updateProduct(tx, ctx.tenant, existing.id, {
        name: input.name,
        ...(input.description !== undefined && { description: input.description }),
        updated_at: ctx.now,
      }))!
    : existing;
  return { product: toProductView(row), version: await versionView(tx, ctx.tenant, current, row.currency), created: false };
}
