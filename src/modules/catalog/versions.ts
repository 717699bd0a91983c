// Product versions: pricing snapshots. A draft is editable; publishing fixes it for good.
// Invariants: version numbers are sequential per product; at most one default version per product
// (a partial unique index backs this); a published or archived version never changes its pricing.
// Every write locks the product row first, so concurrent version writes of one product queue up.
import type { Executor, Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, notFound, validationError, type FieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { currencyExponent, Money, wireMoney } from '../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { recordEvent } from '../events/index.ts';
import { createFirstPaymentLink } from './payment-links/links.ts';
import * as linkRepo from './payment-links/repository.ts';
import { pricesByOwner, pricesOnWire, replaceVersionPrices, resolveGrants, resolvePriceInputs, savePrices, toPriceView, toResolved, type PriceInput, type PriceView, type ResolvedPrice } from './prices.ts';
import { findProductOrThrow } from './products.ts';
import * as repo from './repository.ts';
import type { BillingCycle, Grant, PricingModel, ProductRow, ProductVersionRow } from './tables.ts';

export interface VersionView {
  id: string;
  productId: string;
  version: number;
  billingCycle: BillingCycle | null;
  basePrice: string | null;
  status: ProductVersionRow['status'];
  isDefault: boolean;
  publishedAt?: Date;
  commitmentAmount: string | null;
  commitmentResets: boolean;
  consumptionFloor: string;
  grants: Grant[];
  prices: PriceView[];
  createdAt: Date;
  updatedAt: Date;
}

export interface VersionInput {
  basePrice?: string | null;
  billingCycle?: BillingCycle | null;
  commitmentAmount?: string | null;
  commitmentResets?: boolean;
  consumptionFloor?: string;
  grants?: Grant[];
  prices?: PriceInput[];
}

export function toVersionView(row: ProductVersionRow, currency: string, prices: PriceView[]): VersionView {
  return {
    id: row.id,
    productId: row.product_id,
    version: row.version,
    billingCycle: row.billing_cycle,
    basePrice: row.base_price === null ? null : wireMoney(row.base_price, currency),
    status: row.status,
    isDefault: row.is_default,
    ...(row.published_at !== null && { publishedAt: row.published_at }),
    commitmentAmount: row.commitment_amount === null ? null : wireMoney(row.commitment_amount, currency),
    commitmentResets: row.commitment_resets,
    consumptionFloor: wireMoney(row.consumption_floor, currency),
    grants: row.grants,
    prices: pricesOnWire(prices, currency),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Field errors of a money amount: a decimal string, not negative, no finer than the currency's minor unit. */
export function moneyErrors(field: string, value: string | null | undefined, currency: string): FieldError[] {
  if (value === null || value === undefined) return [];
  const amount = new Money(value);
  if (amount.isNegative()) return [{ field, value, constraint: 'minimum', description: 'must not be negative' }];
  if (amount.decimalPlaces() > currencyExponent(currency)) {
    return [{ field, value, constraint: 'currency_precision', description: `${currency} amounts have at most ${currencyExponent(currency)} decimal places` }];
  }
  return [];
}

/** A billing cycle is required for subscription and prepaid products and refused for the others. */
export function billingCycleErrors(pricingModel: PricingModel, billingCycle: BillingCycle | null | undefined, required: boolean): FieldError[] {
  const recurring = pricingModel === 'subscription' || pricingModel === 'prepaid';
  if (recurring && required && !billingCycle) {
    return [{ field: 'billingCycle', value: '', constraint: 'required', description: `is required for ${pricingModel} products` }];
  }
  if (!recurring && billingCycle) {
    return [{ field: 'billingCycle', value: billingCycle, constraint: 'not_allowed', description: `is only for subscription and prepaid products, not ${pricingModel}` }];
  }
  return [];
}

interface ResolvedVersionFields {
  base_price: string | null;
  billing_cycle: BillingCycle | null;
  commitment_amount: string | null;
  commitment_resets: boolean;
  consumption_floor: string;
  grants: Grant[];
  prices: ResolvedPrice[] | null;
}

/** Merges sent fields over a base version and validates the result against the product. */
async function resolveVersionFields(ex: Executor, tenant: Tenant, product: ProductRow, input: VersionInput, base: ResolvedVersionFields): Promise<ResolvedVersionFields> {
  const merged = {
    base_price: input.basePrice !== undefined ? input.basePrice : base.base_price,
    billing_cycle: input.billingCycle !== undefined ? input.billingCycle : base.billing_cycle,
    commitment_amount: input.commitmentAmount !== undefined ? input.commitmentAmount : base.commitment_amount,
    commitment_resets: input.commitmentResets ?? base.commitment_resets,
    consumption_floor: input.consumptionFloor ?? base.consumption_floor,
  };
  const errors = [
    ...billingCycleErrors(product.pricing_model, merged.billing_cycle, true),
    ...moneyErrors('basePrice', input.basePrice, product.currency),
    ...moneyErrors('commitmentAmount', input.commitmentAmount, product.currency),
  ];
  if (errors.length > 0) throw validationError(errors);
  return {
    ...merged,
    base_price: merged.base_price === null ? null : new Money(merged.base_price).toFixed(),
    commitment_amount: merged.commitment_amount === null ? null : new Money(merged.commitment_amount).toFixed(),
    consumption_floor: new Money(merged.consumption_floor).toFixed(),
    grants: input.grants !== undefined ? await resolveGrants(ex, tenant, input.grants) : base.grants,
    prices: input.prices !== undefined ? await resolvePriceInputs(ex, tenant, input.prices) : base.prices,
  };
}

export async function findVersionOrThrow(ex: Executor, tenant: Tenant, productId: string, versionId: string): Promise<ProductVersionRow> {
  const row = await repo.findVersion(ex, tenant, versionId);
  if (!row || row.product_id !== productId) throw notFound('product_version');
  return row;
}

async function viewsOf(ex: Executor, tenant: Tenant, rows: ProductVersionRow[], currency: string): Promise<VersionView[]> {
  const prices = await pricesByOwner(ex, tenant, { versionIds: rows.map((r) => r.id) });
  return rows.map((row) => toVersionView(row, currency, prices.get(row.id) ?? []));
}

export async function versionView(ex: Executor, tenant: Tenant, row: ProductVersionRow, currency: string): Promise<VersionView> {
  return (await viewsOf(ex, tenant, [row], currency))[0]!;
}

/** Version 1 of a new product (POST /products): a draft with the product's base price. */
export async function insertFirstVersion(tx: Tx, ctx: UseCaseContext, product: ProductRow, fields: { basePrice?: string; billingCycle?: BillingCycle }): Promise<VersionView> {
  const row: ProductVersionRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    product_id: product.id,
    version: 1,
    billing_cycle: fields.billingCycle ?? null,
    base_price: fields.basePrice === undefined ? null : new Money(fields.basePrice).toFixed(),
    status: 'draft',
    is_default: false,
    published_at: null,
    commitment_amount: null,
    commitment_resets: true,
    consumption_floor: '0',
    grants: [],
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await repo.insertVersion(tx, row);
  return toVersionView(row, product.currency, []);
}

/** POST /products/{id}/versions: a new draft; fields not sent are copied from the current version. */
export async function createVersion(tx: Tx, ctx: UseCaseContext, productId: string, input: VersionInput): Promise<VersionView> {
  const product = await findProductOrThrow(tx, ctx.tenant, productId, true);
  const current = await repo.findCurrentVersion(tx, ctx.tenant, productId);
  const currentPrices = current ? (await pricesByOwner(tx, ctx.tenant, { versionIds: [current.id] })).get(current.id) ?? [] : [];
  const base: ResolvedVersionFields = {
    base_price: current?.base_price ?? null,
    billing_cycle: current?.billing_cycle ?? null,
    commitment_amount: current?.commitment_amount ?? null,
    commitment_resets: current?.commitment_resets ?? true,
    consumption_floor: current?.consumption_floor ?? '0',
    grants: current?.grants ?? [],
    prices: toResolved(currentPrices),
  };
  const fields = await resolveVersionFields(tx, ctx.tenant, product, input, base);
  const row: ProductVersionRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    product_id: product.id,
    version: (await repo.maxVersionNumber(tx, ctx.tenant, product.id)) + 1,
    billing_cycle: fields.billing_cycle,
    base_price: fields.base_price,
    status: 'draft',
    is_default: false,
    published_at: null,
    commitment_amount: fields.commitment_amount,
    commitment_resets: fields.commitment_resets,
    consumption_floor: fields.consumption_floor,
    grants: fields.grants,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await repo.insertVersion(tx, row);
  const prices = await savePrices(tx, ctx.tenant, { versionId: row.id }, fields.prices ?? [], ctx.now);
  return toVersionView(row, product.currency, prices);
}

function assertDraft(row: ProductVersionRow, action: string): void {
  if (row.status !== 'draft') {
    throw new AppError('version_not_draft', `Version ${row.version} is ${row.status}; only a draft can be ${action}. Create a new version to change pricing.`);
  }
}

/** PATCH a draft version; `prices`, when sent, replaces the whole list. */
export async function updateVersion(tx: Tx, ctx: UseCaseContext, productId: string, versionId: string, patch: VersionInput): Promise<VersionView> {
  const product = await findProductOrThrow(tx, ctx.tenant, productId, true);
  const version = await findVersionOrThrow(tx, ctx.tenant, productId, versionId);
  assertDraft(version, 'edited');
  const fields = await resolveVersionFields(tx, ctx.tenant, product, patch, { ...version, prices: null });
  const { prices: newPrices, ...columns } = fields;
  const row = await repo.updateVersion(tx, ctx.tenant, versionId, { ...columns, updated_at: ctx.now });
  if (newPrices !== null) {
    return toVersionView(row, product.currency, await replaceVersionPrices(tx, ctx.tenant, versionId, newPrices, ctx.now));
  }
  return versionView(tx, ctx.tenant, row, product.currency);
}

/**
 * Publishes a draft. As the default (the default): the previous default stays published as an
 * offer, and the product gets its first payment link if it has none. As an offer (`default`
 * false): the product must already have a default version (422 `no_default_version`).
 */
export async function publishVersion(tx: Tx, ctx: UseCaseContext, productId: string, versionId: string, options: { default?: boolean }): Promise<VersionView> {
  const product = await findProductOrThrow(tx, ctx.tenant, productId, true);
  const version = await findVersionOrThrow(tx, ctx.tenant, productId, versionId);
  assertDraft(version, 'published');
  const makeDefault = options.default ?? true;
  if (makeDefault) {
    await repo.clearDefaultVersion(tx, ctx.tenant, productId, ctx.now);
  } else if (!(await repo.findDefaultVersion(tx, ctx.tenant, productId))) {
    throw new AppError('no_default_version', 'The product has no default version yet; publish one as the default before publishing offers.');
  }
  const row = await repo.updateVersion(tx, ctx.tenant, versionId, { status: 'published', is_default: makeDefault, published_at: ctx.now, updated_at: ctx.now });
  if (makeDefault && !(await linkRepo.productHasPaymentLink(tx, ctx.tenant, productId))) {
    await createFirstPaymentLink(tx, ctx, product.id, row.id);
  }
  const view = await versionView(tx, ctx.tenant, row, product.currency);
  await recordEvent(tx, ctx, 'product.version_published', view);
  return view;
}

/**
 * Archives a draft or a published offer; its payment links are deactivated. The default version
 * cannot be archived (409): publish another default first. Archiving an archived version is a no-op.
 */
export async function archiveVersion(tx: Tx, ctx: UseCaseContext, productId: string, versionId: string): Promise<VersionView> {
  const product = await findProductOrThrow(tx, ctx.tenant, productId, true);
  const version = await findVersionOrThrow(tx, ctx.tenant, productId, versionId);
  if (version.is_default) {
    throw new AppError('conflict', `Version ${version.version} is the product's default version; publish another version as the default before archiving it.`);
  }
  if (version.status === 'archived') return versionView(tx, ctx.tenant, version, product.currency);
  const row = await repo.updateVersion(tx, ctx.tenant, versionId, { status: 'archived', updated_at: ctx.now });
  await linkRepo.deactivateVersionLinks(tx, ctx.tenant, versionId, ctx.now);
  return versionView(tx, ctx.tenant, row, product.currency);
}

export async function getVersion(ex: Executor, ctx: UseCaseContext, productId: string, versionId: string): Promise<VersionView> {
  const product = await findProductOrThrow(ex, ctx.tenant, productId);
  return versionView(ex, ctx.tenant, await findVersionOrThrow(ex, ctx.tenant, productId, versionId), product.currency);
}

export async function listVersions(ex: Executor, ctx: UseCaseContext, productId: string, page: PageRequest): Promise<Page<VersionView>> {
  const product = await findProductOrThrow(ex, ctx.tenant, productId);
  const result = toPage(await repo.listVersions(ex, ctx.tenant, productId, page.limit, page.afterId), page.limit);
  return { items: await viewsOf(ex, ctx.tenant, result.items, product.currency), nextCursor: result.nextCursor };
}

/** A version of a tenant by id alone (an enrollment names only its version), or undefined. */
export async function findVersionById(ex: Executor, tenant: Tenant, versionId: string): Promise<ProductVersionRow | undefined> {
  return repo.findVersion(ex, tenant, versionId);
}

/** The usage prices of a version, in list order. */
/** A product by key with its default version (null when none) and that version's prices: one query (the Rail reads it per paid request). */
export async function findDefaultVersionPricesByKey(
  ex: Executor,
  tenant: Tenant,
  productKey: string,
): Promise<{ product: Pick<ProductRow, 'id' | 'key' | 'name' | 'currency'>; version: Pick<ProductVersionRow, 'id' | 'version'> | null; prices: PriceView[] } | undefined> {
  const found = await repo.findDefaultVersionByProductKey(ex, tenant, productKey);
  return found && { product: found.product, version: found.version, prices: found.prices.map(toPriceView) };
}

export async function getVersionPrices(ex: Executor, tenant: Tenant, versionId: string): Promise<PriceView[]> {
  return (await pricesByOwner(ex, tenant, { versionIds: [versionId] })).get(versionId) ?? [];
}
