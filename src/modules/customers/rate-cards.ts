// Rate cards: per-enrollment usage prices that replace the version's prices while active.
// Invariants: at most one active rate card per enrollment (a second one answers 409; a partial
// unique index backs the rule, and the enrollment row is locked while it is checked); prices are
// validated exactly as version prices (catalog's resolvePriceInputs) and stored in `prices` with
// rate_card_id; deleting is a soft delete (`deleted_at`) that puts the enrollment back on its
// version's prices. The card replaces the version's whole price list: a meter it omits is not billed.
import type { Executor, Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { formatMoney, Money } from '../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { findProductOrThrow, getVersionPrices, moneyErrors, pricesByOwner, resolvePriceInputs, savePrices, type PriceInput, type PriceView } from '../catalog/service.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findEnrollmentOrThrow } from './enrollments.ts';
import * as repo from './repository.ts';
import type { RateCardRow } from './tables.ts';

export interface RateCardView {
  id: string;
  enrollmentId: string;
  basePrice: string | null;
  prices: PriceView[];
  active: boolean;
  createdAt: Date;
  deletedAt: Date | null;
}

export interface CreateRateCardInput {
  prices: PriceInput[];
  basePrice?: string;
}

function toView(row: RateCardRow, currency: string, prices: PriceView[]): RateCardView {
  return {
    id: row.id,
    enrollmentId: row.enrollment_id,
    basePrice: row.base_price === null ? null : formatMoney(row.base_price, currency),
    prices,
    active: row.deleted_at === null,
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
  };
}

async function currencyOf(ex: Executor, tenant: Tenant, productId: string): Promise<string> {
  return (await findProductOrThrow(ex, tenant, productId)).currency;
}

function activeCardConflict(existingId: string): AppError {
  return new AppError('conflict', `The enrollment already has an active rate card (${existingId}); delete it before creating another.`);
}

export async function createRateCard(tx: Tx, ctx: UseCaseContext, enrollmentId: string, input: CreateRateCardInput): Promise<RateCardView> {
  const enrollment = await findEnrollmentOrThrow(tx, ctx.tenant, enrollmentId, true);
  const existing = await repo.findActiveRateCard(tx, ctx.tenant, enrollmentId);
  if (existing) throw activeCardConflict(existing.id);
  const currency = await currencyOf(tx, ctx.tenant, enrollment.product_id);
  const errors = moneyErrors('basePrice', input.basePrice, currency);
  if (errors.length > 0) throw validationError(errors);
  const resolved = await resolvePriceInputs(tx, ctx.tenant, input.prices, 'prices');
  const row: RateCardRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    enrollment_id: enrollmentId,
    base_price: input.basePrice === undefined ? null : new Money(input.basePrice).toFixed(),
    created_at: ctx.now,
    deleted_at: null,
  };
  try {
    await repo.insertRateCard(tx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw activeCardConflict('created concurrently');
    throw error;
  }
  const prices = await savePrices(tx, ctx.tenant, { rateCardId: row.id }, resolved, ctx.now);
  return toView(row, currency, prices);
}

/** The enrollment's rate cards, newest first, deleted ones included (`active` false). */
export async function listRateCards(ex: Executor, ctx: UseCaseContext, enrollmentId: string, page: PageRequest): Promise<Page<RateCardView>> {
  const enrollment = await findEnrollmentOrThrow(ex, ctx.tenant, enrollmentId);
  const currency = await currencyOf(ex, ctx.tenant, enrollment.product_id);
  const result = toPage(await repo.listRateCards(ex, ctx.tenant, enrollmentId, page.limit, page.afterId), page.limit);
  const prices = await pricesByOwner(ex, ctx.tenant, { rateCardIds: result.items.map((r) => r.id) });
  return { items: result.items.map((row) => toView(row, currency, prices.get(row.id) ?? [])), nextCursor: result.nextCursor };
}

/** Soft-deletes a rate card of the enrollment; deleting a deleted card returns it unchanged. */
export async function deleteRateCard(tx: Tx, ctx: UseCaseContext, enrollmentId: string, rateCardId: string): Promise<RateCardView> {
  const enrollment = await findEnrollmentOrThrow(tx, ctx.tenant, enrollmentId);
  const card = await repo.findRateCard(tx, ctx.tenant, rateCardId);
  if (!card || card.enrollment_id !== enrollmentId) throw notFound('rate_card');
  const row = (await repo.softDeleteRateCard(tx, ctx.tenant, rateCardId, ctx.now)) ?? card;
  const prices = await pricesByOwner(tx, ctx.tenant, { rateCardIds: [row.id] });
  return toView(row, await currencyOf(tx, ctx.tenant, enrollment.product_id), prices.get(row.id) ?? []);
}

export interface EffectivePricing {
  source: 'rate_card' | 'version';
  /** The active rate card, when the prices come from one. */
  rateCardId: string | null;
  productVersionId: string;
  /** The rate card's base price when it sets one, else null (the version's base price applies). */
  basePriceOverride: string | null;
  prices: PriceView[];
}

/** What an enrollment is billed at now: its active rate card's prices, else its version's prices. */
export async function effectivePricing(ex: Executor, tenant: Tenant, enrollmentId: string): Promise<EffectivePricing> {
  const enrollment = await findEnrollmentOrThrow(ex, tenant, enrollmentId);
  const card = await repo.findActiveRateCard(ex, tenant, enrollmentId);
  if (card) {
    const prices = (await pricesByOwner(ex, tenant, { rateCardIds: [card.id] })).get(card.id) ?? [];
    return { source: 'rate_card', rateCardId: card.id, productVersionId: enrollment.product_version_id, basePriceOverride: card.base_price, prices };
  }
  const prices = await getVersionPrices(ex, tenant, enrollment.product_version_id);
  return { source: 'version', rateCardId: null, productVersionId: enrollment.product_version_id, basePriceOverride: null, prices };
}

/** The usage prices an enrollment is billed at (invoicing): the active rate card's, else the version's. */
export async function effectivePrices(ex: Executor, tenant: Tenant, enrollmentId: string): Promise<PriceView[]> {
  return (await effectivePricing(ex, tenant, enrollmentId)).prices;
}
