// Usage prices (of a version, or of a customer's rate card) and grants: resolving meter keys,
// validating shapes (pricing.ts), storing and reading. Rate cards reuse exactly this code.
import type { Executor } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { validationError, type FieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { Money, isDecimalString, wireMoney } from '../../core/money.ts';
import * as meterRepo from './meter-repository.ts';
import { validatePriceShape, type PriceShapeInput, type PriceSpec } from './pricing.ts';
import * as repo from './repository.ts';
import type { Grant, PriceModel, PriceRow } from './tables.ts';

export interface PriceInput extends PriceShapeInput {
  /** Meter key. */
  meter: string;
}

/** A validated price input, its meter resolved: ready to store. */
export interface ResolvedPrice extends PriceSpec {
  meterId: string;
  meterKey: string;
}

export interface PriceView {
  id: string;
  meterId: string;
  meter: string;
  model: PriceModel;
  unitPrice: string | null;
  packageSize: string | null;
  tiers: Array<{ upTo: string | null; unitPrice: string; flatPrice: string | null }> | null;
}

/**
 * Validates price inputs and resolves their meter keys (one query). Collects every problem and
 * throws one validation error with paths such as `prices[2].meter` or `prices[0].tiers[1].upTo`.
 */
export async function resolvePriceInputs(ex: Executor, tenant: Tenant, inputs: PriceInput[], field = 'prices'): Promise<ResolvedPrice[]> {
  const errors: FieldError[] = [];
  const meters = new Map((await meterRepo.findMetersByKeys(ex, tenant, [...new Set(inputs.map((p) => p.meter))])).map((m) => [m.key, m]));
  const seen = new Set<string>();
  const resolved: ResolvedPrice[] = [];
  inputs.forEach((input, i) => {
    const path = `${field}[${i}]`;
    const meter = meters.get(input.meter);
    if (!meter) {
      errors.push({ field: `${path}.meter`, value: input.meter, constraint: 'meter_exists', description: `no meter has the key "${input.meter}"; create it with POST /meters` });
    } else if (seen.has(input.meter)) {
      errors.push({ field: `${path}.meter`, value: input.meter, constraint: 'unique', description: 'the meter already has a price in this list' });
    }
    seen.add(input.meter);
    const { spec, errors: shapeErrors } = validatePriceShape(input, path);
    errors.push(...shapeErrors);
    if (meter && spec) resolved.push({ ...spec, meterId: meter.id, meterKey: meter.key });
  });
  if (errors.length > 0) throw validationError(errors);
  return resolved;
}

/** Validates grants: existing meter keys, positive decimal amounts. */
export async function resolveGrants(ex: Executor, tenant: Tenant, grants: Grant[], field = 'grants'): Promise<Grant[]> {
  const errors: FieldError[] = [];
  const known = new Set((await meterRepo.findMetersByKeys(ex, tenant, [...new Set(grants.map((g) => g.meter))])).map((m) => m.key));
  const out = grants.map((grant, i) => {
    if (!known.has(grant.meter)) {
      errors.push({ field: `${field}[${i}].meter`, value: grant.meter, constraint: 'meter_exists', description: `no meter has the key "${grant.meter}"` });
    }
    if (!isDecimalString(grant.amount) || new Money(grant.amount).lte(0)) {
      errors.push({ field: `${field}[${i}].amount`, value: grant.amount, constraint: 'exclusiveMinimum', description: 'must be greater than 0' });
    }
    return { meter: grant.meter, amount: isDecimalString(grant.amount) ? new Money(grant.amount).toFixed() : grant.amount, on: grant.on };
  });
  if (errors.length > 0) throw validationError(errors);
  return out;
}

/** Stores resolved prices for a version or a rate card, in list order. */
export async function savePrices(
  ex: Executor,
  tenant: Tenant,
  owner: { versionId: string } | { rateCardId: string },
  prices: ResolvedPrice[],
  now: Date,
): Promise<PriceView[]> {
  const rows: PriceRow[] = prices.map((p, position) => ({
    id: newId(),
    account_id: tenant.accountId,
    environment: tenant.environment,
    version_id: 'versionId' in owner ? owner.versionId : null,
    rate_card_id: 'rateCardId' in owner ? owner.rateCardId : null,
    meter_id: p.meterId,
    model: p.model,
    unit_price: p.unitPrice,
    package_size: p.packageSize,
    tiers: p.tiers,
    position,
    created_at: now,
  }));
  await repo.insertPrices(ex, rows);
  return rows.map((row, i) => toPriceView({ ...row, meter_key: prices[i]!.meterKey }));
}

/** Replaces a draft version's prices. */
export async function replaceVersionPrices(ex: Executor, tenant: Tenant, versionId: string, prices: ResolvedPrice[], now: Date): Promise<PriceView[]> {
  await repo.deleteVersionPrices(ex, tenant, versionId);
  return savePrices(ex, tenant, { versionId }, prices, now);
}

const fmt = (value: string | null) => (value === null ? null : new Money(value).toFixed());

export function toPriceView(row: repo.PriceWithMeterKey): PriceView {
  return {
    id: row.id,
    meterId: row.meter_id,
    meter: row.meter_key,
    model: row.model,
    unitPrice: fmt(row.unit_price),
    packageSize: fmt(row.package_size),
    tiers: row.tiers?.map((t) => ({ upTo: t.upTo, unitPrice: t.unitPrice, flatPrice: t.flatPrice ?? null })) ?? null,
  };
}

/**
 * Prices as the API writes them for a product of `currency`: unit and flat prices with at least
 * the currency's decimals ("0.1" -> "0.10", "0.0015" kept); tier bounds and package sizes are
 * quantities, as stored. Internal callers keep the stored form (terms compare on it).
 */
export function pricesOnWire(prices: PriceView[], currency: string): PriceView[] {
  const money = (value: string) => wireMoney(value, currency);
  return prices.map((price) => ({
    ...price,
    unitPrice: price.unitPrice === null ? null : money(price.unitPrice),
    tiers: price.tiers?.map((tier) => ({ upTo: tier.upTo, unitPrice: money(tier.unitPrice), flatPrice: tier.flatPrice === null ? null : money(tier.flatPrice) })) ?? null,
  }));
}

/** Prices grouped by owner id (version or rate card), one query for all of them. */
export async function pricesByOwner(ex: Executor, tenant: Tenant, owner: { versionIds: string[] } | { rateCardIds: string[] }): Promise<Map<string, PriceView[]>> {
  const rows = await repo.listPrices(ex, tenant, owner);
  const out = new Map<string, PriceView[]>();
  for (const row of rows) {
    const key = (row.version_id ?? row.rate_card_id)!;
    const list = out.get(key) ?? [];
    list.push(toPriceView(row));
    out.set(key, list);
  }
  return out;
}

/** Turns stored prices back into inputs (to copy a version's prices into a new draft). */
export function toResolved(prices: PriceView[]): ResolvedPrice[] {
  return prices.map((p) => ({ meterId: p.meterId, meterKey: p.meter, model: p.model, unitPrice: p.unitPrice, packageSize: p.packageSize, tiers: p.tiers }));
}
