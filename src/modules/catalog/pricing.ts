// Pure pricing: how much a quantity costs under a price, and whether a price is well formed.
// No I/O and no floats: quantities and amounts are Decimals, inputs are decimal strings.
//
// Models
//   per_unit  quantity x unitPrice
//   package   ceil(quantity / packageSize) x unitPrice   (unitPrice is the price of one package)
//   tiered    graduated: each tier prices the part of the quantity that falls inside it, plus the
//             tier's flatPrice once the quantity reaches into that tier
//   volume    the whole quantity at the unit price of the tier it falls in, plus that tier's flatPrice
// Tier bounds `upTo` are inclusive and ascending; the last tier is open (`upTo` null).
// A zero quantity costs 0 under every model (no flat fee).
import type { Decimal } from 'decimal.js';
import { isDecimalString, Money } from '../../core/money.ts';
import type { FieldError } from '../../core/errors.ts';
import type { PriceModel, PriceTier } from './tables.ts';

export const PRICE_MODELS: readonly PriceModel[] = ['per_unit', 'tiered', 'volume', 'package'];

/** What priceAmount needs of a price; exactly the stored columns. */
export interface PriceSpec {
  model: PriceModel;
  unitPrice: string | null;
  packageSize: string | null;
  tiers: PriceTier[] | null;
}

/** The amount of `quantity` (>= 0) under `price`, unrounded: the caller rounds per currency. */
export function priceAmount(price: PriceSpec, quantity: Decimal): Decimal {
  const q = new Money(quantity);
  if (q.isNegative()) throw new RangeError(`quantity must not be negative (got ${q.toFixed()})`);
  if (q.isZero()) return new Money(0);
  switch (price.model) {
    case 'per_unit':
      return q.mul(required(price.unitPrice, 'unitPrice'));
    case 'package': {
      const size = new Money(required(price.packageSize, 'packageSize'));
      return q.div(size).ceil().mul(required(price.unitPrice, 'unitPrice'));
    }
    case 'tiered':
      return graduated(required(price.tiers, 'tiers'), q);
    case 'volume':
      return volume(required(price.tiers, 'tiers'), q);
    default:
      throw new TypeError(`unknown price model ${String(price.model)}`);
  }
}

function graduated(tiers: PriceTier[], q: Decimal): Decimal {
  let total = new Money(0);
  let lower = new Money(0);
  for (const tier of tiers) {
    if (q.lte(lower)) break;
    const upper = tier.upTo === null ? q : Money.min(q, tier.upTo);
    total = total.plus(upper.minus(lower).mul(tier.unitPrice)).plus(tier.flatPrice ?? 0);
    if (tier.upTo === null) break;
    lower = new Money(tier.upTo);
  }
  return total;
}

function volume(tiers: PriceTier[], q: Decimal): Decimal {
  const tier = tiers.find((t) => t.upTo === null || q.lte(t.upTo)) ?? tiers[tiers.length - 1]!;
  return q.mul(tier.unitPrice).plus(tier.flatPrice ?? 0);
}

function required<T>(value: T | null | undefined, name: string): T {
  if (value === null || value === undefined) throw new TypeError(`price is missing ${name}`);
  return value;
}

/** A price as a client sends it; `meter` is resolved elsewhere. */
export interface PriceShapeInput {
  model?: PriceModel;
  unitPrice?: string;
  packageSize?: string;
  tiers?: Array<{ upTo: string | null; unitPrice: string; flatPrice?: string }>;
}

/** The model a price input means: explicit, else tiers -> tiered, packageSize -> package, else per_unit. */
export function inferModel(input: PriceShapeInput): PriceModel {
  if (input.model) return input.model;
  if (input.tiers !== undefined) return 'tiered';
  if (input.packageSize !== undefined) return 'package';
  return 'per_unit';
}

/**
 * Checks a price input against its model and returns the normalised spec, or the field errors
 * (paths under `field`, e.g. `prices[2].tiers[1].upTo`).
 */
export function validatePriceShape(input: PriceShapeInput, field: string): { spec: PriceSpec | null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const model = inferModel(input);
  const err = (path: string, value: unknown, constraint: string, description: string) =>
    errors.push({ field: `${field}.${path}`, value: value === undefined || value === null ? '' : String(value), constraint, description });
  const notAllowed = (name: 'unitPrice' | 'packageSize' | 'tiers') => {
    if (input[name] !== undefined) err(name, JSON.stringify(input[name]), 'not_allowed', `is not used by the ${model} model`);
  };
  const amount = (path: string, value: string | undefined, positive = false): string | null => {
    if (value === undefined) {
      err(path, value, 'required', `is required for the ${model} model`);
      return null;
    }
    if (!isDecimalString(value)) {
      err(path, value, 'decimal_string', 'must be a decimal string such as "10.50"');
      return null;
    }
    const d = new Money(value);
    if (positive ? d.lte(0) : d.isNegative()) {
      err(path, value, positive ? 'exclusiveMinimum' : 'minimum', positive ? 'must be greater than 0' : 'must not be negative');
      return null;
    }
    return d.toFixed();
  };

  let spec: PriceSpec | null = null;
  if (model === 'per_unit') {
    notAllowed('tiers');
    notAllowed('packageSize');
    const unitPrice = amount('unitPrice', input.unitPrice);
    spec = { model, unitPrice, packageSize: null, tiers: null };
  } else if (model === 'package') {
    notAllowed('tiers');
    const unitPrice = amount('unitPrice', input.unitPrice);
    const packageSize = amount('packageSize', input.packageSize, true);
    spec = { model, unitPrice, packageSize, tiers: null };
  } else {
    notAllowed('unitPrice');
    notAllowed('packageSize');
    spec = { model, unitPrice: null, packageSize: null, tiers: validateTiers(input.tiers, model, err, amount) };
  }
  return { spec: errors.length === 0 ? spec : null, errors };
}

function validateTiers(
  tiers: PriceShapeInput['tiers'],
  model: PriceModel,
  err: (path: string, value: unknown, constraint: string, description: string) => void,
  amount: (path: string, value: string | undefined, positive?: boolean) => string | null,
): PriceTier[] | null {
  if (tiers === undefined || tiers.length === 0) {
    err('tiers', tiers === undefined ? undefined : '[]', 'required', `at least one tier is required for the ${model} model`);
    return null;
  }
  let previous = new Money(0);
  const out: PriceTier[] = [];
  tiers.forEach((tier, i) => {
    const last = i === tiers.length - 1;
    const unitPrice = amount(`tiers[${i}].unitPrice`, tier.unitPrice);
    const flatPrice = tier.flatPrice === undefined ? null : amount(`tiers[${i}].flatPrice`, tier.flatPrice);
    let upTo: string | null = null;
    if (last && tier.upTo !== null) {
      err(`tiers[${i}].upTo`, tier.upTo, 'last_tier_open', 'the last tier must be open: upTo null');
    } else if (!last && tier.upTo === null) {
      err(`tiers[${i}].upTo`, 'null', 'tiers_ascending', 'only the last tier may be open (upTo null)');
    } else if (tier.upTo !== null) {
      const bound = amount(`tiers[${i}].upTo`, tier.upTo, true);
      if (bound !== null && new Money(bound).lte(previous)) {
        err(`tiers[${i}].upTo`, tier.upTo, 'tiers_ascending', 'tiers must be in strictly ascending order of upTo');
      } else if (bound !== null) {
        previous = new Money(bound);
        upTo = bound;
      }
    }
    out.push({ upTo, unitPrice: unitPrice ?? '0', flatPrice });
  });
  return out;
}
