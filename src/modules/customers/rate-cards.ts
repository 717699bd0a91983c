// Rate cards: per-enrollment usage prices that replace the version's prices over a range of time.
// Invariants: a card prices the usage of [effectiveFrom, effectiveTo) only, so creating or deleting
// one never reprices usage that happened before (DELETE sets effectiveTo = now; the card still
// prices the past); at most one card is in effect at any instant of an enrollment (a card starting
// before another one ends answers 409; checked under the enrollment's row lock, and the partial
// unique index keeps one card without an end); a card never starts inside a period an invoice
// (not void) billed (409 usage_already_invoiced), checked under the enrollment's usage lock so an
// invoice issued concurrently is seen; prices are validated exactly as version prices (catalog's
// resolvePriceInputs) and stored in `prices` with rate_card_id. A card replaces the version's price
// of each meter it prices while in effect; a meter it omits stays at the version's price (invoicing
// reads it through pricingSchedule).
import type { Executor, Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, notFound, validationError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { Money, wireMoney } from '../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { findProductOrThrow, getVersionPrices, moneyErrors, pricesByOwner, pricesOnWire, resolvePriceInputs, savePrices, type PriceInput, type PriceView } from '../catalog/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockUsage } from '../../db/usage-lock.ts';
import { findEnrollmentOrThrow } from './enrollments.ts';
import { hasBalance } from '../prepaid/index.ts';
import * as repo from './repository.ts';
import type { RateCardRow } from './tables.ts';

export interface RateCardView {
  id: string;
  enrollmentId: string;
  basePrice: string | null;
  prices: PriceView[];
  /** In effect now. */
  active: boolean;
  effectiveFrom: Date;
  effectiveTo: Date | null;
  createdAt: Date;
  deletedAt: Date | null;
}

export interface CreateRateCardInput {
  prices: PriceInput[];
  basePrice?: string;
  /** ISO 8601; now when omitted. */
  effectiveFrom?: string;
}

function inEffectAt(row: RateCardRow, at: Date): boolean {
  return row.effective_from <= at && (row.effective_to === null || at < row.effective_to);
}

function toView(row: RateCardRow, currency: string, prices: PriceView[], now: Date): RateCardView {
  return {
    id: row.id,
    enrollmentId: row.enrollment_id,
    basePrice: row.base_price === null ? null : wireMoney(row.base_price, currency),
    prices: pricesOnWire(prices, currency),
    active: inEffectAt(row, now),
    effectiveFrom: row.effective_from,
    effectiveTo: row.effective_to,
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
  };
}

async function currencyOf(ex: Executor, tenant: Tenant, productId: string): Promise<string> {
  return (await findProductOrThrow(ex, tenant, productId)).currency;
}

function overlapConflict(existing: RateCardRow | null): AppError {
  if (!existing) return new AppError('conflict', 'Another rate card of the enrollment was created at the same time; delete it before creating another.');
  const until = existing.effective_to ? `until ${existing.effective_to.toISOString()}` : 'with no end';
  return new AppError(
    'conflict',
    `The enrollment has a rate card (${existing.id}) in effect ${until}; delete it, or start the new card at or after its end, so that one card at a time prices usage.`,
  );
}

export async function createRateCard(tx: Tx, ctx: UseCaseContext, enrollmentId: string, input: CreateRateCardInput): Promise<RateCardView> {
  const effectiveFrom = input.effectiveFrom === undefined ? ctx.now : new Date(input.effectiveFrom);
  // The row lock makes card changes of one enrollment take turns; the usage lock makes them take
  // turns with invoices of its usage (src/db/usage-lock.ts).
  const enrollment = await findEnrollmentOrThrow(tx, ctx.tenant, enrollmentId, true);
  // A prepaid balance draws down at its version's per-unit rates (prepaid_rates), which a card would not change.
  if (await hasBalance(tx, enrollmentId)) {
    throw new AppError('conflict', "A prepaid subscription's usage is drawn from its balance at its version's rates; change the subscription's version instead of adding a rate card.");
  }
  await lockUsage(tx, enrollmentId, 'shared');
  const existing = await repo.findRateCardEndingAfter(tx, ctx.tenant, enrollmentId, effectiveFrom);
  if (existing) throw overlapConflict(existing);
  // Starting in the past reprices usage from then on: none of it may be invoiced already.
  if (effectiveFrom < ctx.now) {
    const invoiced = await repo.findInvoicedPeriod(tx, ctx.tenant, enrollmentId, effectiveFrom, ctx.now);
    if (invoiced) {
      throw new AppError(
        'usage_already_invoiced',
        `Usage of this enrollment from ${invoiced.period_start.toISOString()} to ${invoiced.period_end.toISOString()} was already invoiced (invoice ${invoiced.invoice_id}); ` +
          `a rate card starting at ${effectiveFrom.toISOString()} would reprice it. Start the card at or after ${invoiced.period_end.toISOString()}, or void that invoice first.`,
      );
    }
  }
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
    effective_from: effectiveFrom,
    effective_to: null,
  };
  try {
    await repo.insertRateCard(tx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw overlapConflict(null);
    throw error;
  }
  const prices = await savePrices(tx, ctx.tenant, { rateCardId: row.id }, resolved, ctx.now);
  return toView(row, currency, prices, ctx.now);
}

/** The enrollment's rate cards, newest first, deleted ones included, each with the range it prices. */
export async function listRateCards(ex: Executor, ctx: UseCaseContext, enrollmentId: string, page: PageRequest): Promise<Page<RateCardView>> {
  const enrollment = await findEnrollmentOrThrow(ex, ctx.tenant, enrollmentId);
  const currency = await currencyOf(ex, ctx.tenant, enrollment.product_id);
  const result = toPage(await repo.listRateCards(ex, ctx.tenant, enrollmentId, page.limit, page.afterId), page.limit);
  const prices = await pricesByOwner(ex, ctx.tenant, { rateCardIds: result.items.map((r) => r.id) });
  return { items: result.items.map((row) => toView(row, currency, prices.get(row.id) ?? [], ctx.now)), nextCursor: result.nextCursor };
}

/**
 * Deletes a rate card of the enrollment: it ends now (effectiveTo), so usage from now on is billed
 * at the version's prices and usage before stays priced by the card. A card that has not taken
 * effect yet ends where it starts. Deleting a deleted card returns it unchanged.
 */
export async function deleteRateCard(tx: Tx, ctx: UseCaseContext, enrollmentId: string, rateCardId: string): Promise<RateCardView> {
  const enrollment = await findEnrollmentOrThrow(tx, ctx.tenant, enrollmentId, true);
  const card = await repo.findRateCard(tx, ctx.tenant, rateCardId);
  if (!card || card.enrollment_id !== enrollmentId) throw notFound('rate_card');
  let row = card;
  if (card.deleted_at === null) {
    await lockUsage(tx, enrollmentId, 'shared');
    row = (await repo.endRateCard(tx, ctx.tenant, rateCardId, ctx.now)) ?? card;
  }
  const prices = await pricesByOwner(tx, ctx.tenant, { rateCardIds: [row.id] });
  return toView(row, await currencyOf(tx, ctx.tenant, enrollment.product_id), prices.get(row.id) ?? [], ctx.now);
}

export interface EffectivePricing {
  source: 'rate_card' | 'version';
  /** The rate card in effect, when the prices come from one. */
  rateCardId: string | null;
  productVersionId: string;
  /** The rate card's base price when it sets one, else null (the version's base price applies). */
  basePriceOverride: string | null;
  prices: PriceView[];
}

/** What an enrollment is billed at, at instant `at`: the rate card in effect then, else its version's prices. */
export async function effectivePricing(ex: Executor, tenant: Tenant, enrollmentId: string, at: Date): Promise<EffectivePricing> {
  const enrollment = await findEnrollmentOrThrow(ex, tenant, enrollmentId);
  const card = await repo.findRateCardInEffect(ex, tenant, enrollmentId, at);
  if (card) {
    const prices = (await pricesByOwner(ex, tenant, { rateCardIds: [card.id] })).get(card.id) ?? [];
    return { source: 'rate_card', rateCardId: card.id, productVersionId: enrollment.product_version_id, basePriceOverride: card.base_price, prices };
  }
  const prices = await getVersionPrices(ex, tenant, enrollment.product_version_id);
  return { source: 'version', rateCardId: null, productVersionId: enrollment.product_version_id, basePriceOverride: null, prices };
}

/** The usage prices an enrollment is billed at, at instant `at`: the rate card's in effect then, else the version's. */
export async function effectivePrices(ex: Executor, tenant: Tenant, enrollmentId: string, at: Date): Promise<PriceView[]> {
  return (await effectivePricing(ex, tenant, enrollmentId, at)).prices;
}

/** The version an enrollment is at from `from` on (a subscription's version history, in time order). */
export interface VersionStep {
  from: Date;
  versionId: string;
}

/** A part of a billed range priced by one price list. */
export interface PricingPeriod {
  from: Date;
  to: Date;
  source: 'rate_card' | 'version';
  rateCardId: string | null;
  /** The version in force in the part: its prices apply to every meter a card in effect does not price. */
  productVersionId: string;
  prices: PriceView[];
}

/**
 * How [from, to) is priced: split at every rate card boundary and every version change inside it,
 * each part with the terms in force then: the card's prices for the meters it prices, the
 * version's prices for every other meter (a card never makes a meter free by omitting it).
 * `versions` is the enrollment's version history (a subscription's items); without it the
 * enrollment's current version prices the whole range. Parts are in time order, contiguous and
 * cover the range.
 */
export async function pricingSchedule(ex: Executor, tenant: Tenant, enrollmentId: string, from: Date, to: Date, versions: readonly VersionStep[] = []): Promise<PricingPeriod[]> {
  const enrollment = await findEnrollmentOrThrow(ex, tenant, enrollmentId);
  const cards = await repo.rateCardsInRange(ex, tenant, enrollmentId, from, to);
  const cardPrices = await pricesByOwner(ex, tenant, { rateCardIds: cards.map((c) => c.id) });
  const steps = versions.length > 0 ? versions : [{ from, versionId: enrollment.product_version_id }];
  // Before its first step the enrollment is at the first step's version (usage before a subscription's first item is none of its).
  const versionAt = (at: Date) => steps.reduce((current, step) => (step.from <= at ? step.versionId : current), steps[0]!.versionId);
  const cardAt = (at: Date) => cards.find((card) => inEffectAt(card, at)) ?? null;
  const cuts = new Set([from.getTime(), to.getTime()]);
  const cutAt = (at: Date | null) => {
    if (at !== null && at > from && at < to) cuts.add(at.getTime());
  };
  for (const step of steps) cutAt(step.from);
  for (const card of cards) {
    cutAt(card.effective_from);
    cutAt(card.effective_to);
  }
  const instants = [...cuts].sort((a, b) => a - b).map((ms) => new Date(ms));
  const versionPrices = new Map<string, PriceView[]>();
  const periods: PricingPeriod[] = [];
  for (let i = 0; i + 1 < instants.length; i += 1) {
    const start = instants[i]!;
    const end = instants[i + 1]!;
    const versionId = versionAt(start);
    const card = cardAt(start);
    const previous = periods[periods.length - 1];
    if (previous && previous.productVersionId === versionId && previous.rateCardId === (card?.id ?? null)) {
      previous.to = end; // a step to the version already in force: the same terms go on
      continue;
    }
    let ofVersion = versionPrices.get(versionId);
    if (!ofVersion) {
      ofVersion = await getVersionPrices(ex, tenant, versionId);
      versionPrices.set(versionId, ofVersion);
    }
    if (!card) {
      periods.push({ from: start, to: end, source: 'version', rateCardId: null, productVersionId: versionId, prices: ofVersion });
      continue;
    }
    const ofCard = cardPrices.get(card.id) ?? [];
    const carded = new Set(ofCard.map((price) => price.meterId));
    const prices = [...ofCard, ...ofVersion.filter((price) => !carded.has(price.meterId))];
    periods.push({ from: start, to: end, source: 'rate_card', rateCardId: card.id, productVersionId: versionId, prices });
  }
  return periods;
}
