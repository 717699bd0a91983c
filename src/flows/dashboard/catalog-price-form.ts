// The version form's usage price (issue #32): the model (per unit, graduated tiers, volume tiers,
// package) and its fields turned into the API's `prices` body, the tiers table's rows to show, and
// the API's field paths (`prices[0].tiers[1].upTo`) named as the form labels them. Without a
// script the table has a few empty rows, and after a refusal two more than the rows filled; its
// last row is the open tier ("and above", upTo null). Only the chosen model's fields are sent.
import { decimalOf, type FormValues } from './catalog-forms.ts';
import type { CatalogText } from './catalog-page.text.ts';

export const PRICE_MODELS = ['per_unit', 'tiered', 'volume', 'package'] as const;
export type PriceModelChoice = (typeof PRICE_MODELS)[number];

/** Bounded rows: with the open row, at most 50 tiers (the API's limit). */
export const TIER_ROWS_MAX = 49;
const TIER_ROWS_SHOWN = 3;
const tierField = (i: number, part: 'UpTo' | 'UnitPrice' | 'FlatPrice') => `tier${i}${part}`;
const TIER_FIELDS = Array.from({ length: TIER_ROWS_MAX }, (_, i) => [tierField(i, 'UpTo'), tierField(i, 'UnitPrice'), tierField(i, 'FlatPrice')]).flat();

export const PRICE_FIELDS = ['meter', 'model', 'unitPrice', 'packageSize', 'packagePrice', ...TIER_FIELDS, 'aboveUnitPrice', 'aboveFlatPrice'] as const;
/** `tierRows`: how many rows the table showed, so "more rows" (a plain submit button) adds to it. */
export const VERSION_FIELDS = ['basePrice', 'billingCycle', 'tierRows', ...PRICE_FIELDS] as const;
/** Rows the "more rows" button adds. */
export const MORE_TIER_ROWS = 3;

export function modelOf(v: FormValues): PriceModelChoice {
  return (PRICE_MODELS as readonly string[]).includes(v.model ?? '') ? (v.model as PriceModelChoice) : 'per_unit';
}

const decimal = (typed: string | undefined) => (typed ? decimalOf(typed) : undefined);
const filled = (...typed: Array<string | undefined>) => typed.some((t) => Boolean(t));

interface TierBody {
  upTo: string | null;
  unitPrice: string;
  flatPrice?: string;
}

/** The rows typed, in order; a row with only a bound still goes, so the API names its missing price. */
function tiersOf(v: FormValues): TierBody[] {
  const tiers: TierBody[] = [];
  for (let i = 0; i < TIER_ROWS_MAX; i++) {
    const [upTo, unitPrice, flatPrice] = [v[tierField(i, 'UpTo')], v[tierField(i, 'UnitPrice')], v[tierField(i, 'FlatPrice')]];
    if (!filled(upTo, unitPrice, flatPrice)) continue;
    // A blank bound is an open tier: the API accepts it only last, and names the row otherwise.
    tiers.push({ upTo: decimal(upTo) ?? null, unitPrice: decimal(unitPrice) ?? '', ...(flatPrice && { flatPrice: decimalOf(flatPrice) }) });
  }
  if (filled(v.aboveUnitPrice, v.aboveFlatPrice)) {
    tiers.push({ upTo: null, unitPrice: decimal(v.aboveUnitPrice) ?? '', ...(v.aboveFlatPrice && { flatPrice: decimalOf(v.aboveFlatPrice) }) });
  }
  return tiers;
}

/** The usage price the form names, replacing the version's list; nothing when no price field is filled. */
export function usagePriceBody(v: FormValues): { prices?: unknown[] } {
  const model = modelOf(v);
  const typed = PRICE_FIELDS.filter((name) => name !== 'model' && v[name]);
  if (typed.length === 0) return {};
  const meter = v.meter ?? '';
  if (model === 'tiered' || model === 'volume') return { prices: [{ meter, model, tiers: tiersOf(v) }] };
  if (model === 'package') {
    return { prices: [{ meter, model, ...(v.packageSize && { packageSize: decimalOf(v.packageSize) }), ...(v.packagePrice && { unitPrice: decimalOf(v.packagePrice) }) }] };
  }
  return { prices: [{ meter, model, ...(v.unitPrice && { unitPrice: decimalOf(v.unitPrice) }) }] };
}

/** A new draft: what is filled replaces the current version's value; a usage price replaces the list. */
export function versionBody(v: FormValues) {
  return { ...(v.basePrice && { basePrice: decimalOf(v.basePrice) }), ...(v.billingCycle && { billingCycle: v.billingCycle }), ...usagePriceBody(v) };
}

/**
 * The tiers table's rows: the rows typed (kept after a refusal) and two empty ones, at least three;
 * `more` rows beyond what the table showed when "more rows" was pressed.
 */
export function tierRows(v: FormValues, text: CatalogText, more = 0) {
  const words = text.priceForm;
  let lastTyped = -1;
  for (let i = 0; i < TIER_ROWS_MAX; i++) if (filled(v[tierField(i, 'UpTo')], v[tierField(i, 'UnitPrice')], v[tierField(i, 'FlatPrice')])) lastTyped = i;
  const shown = /^\d{1,2}$/.test(v.tierRows ?? '') ? Number(v.tierRows) : 0;
  const count = Math.min(TIER_ROWS_MAX, Math.max(TIER_ROWS_SHOWN, lastTyped + 3, more > 0 ? shown + more : 0));
  return Array.from({ length: count }, (_, i) => ({
    upToLabel: `${words.tier(i + 1)}, ${words.upTo}`,
    unitPriceLabel: `${words.tier(i + 1)}, ${words.tierUnitPrice}`,
    flatPriceLabel: `${words.tier(i + 1)}, ${words.flatPrice}`,
    upToName: tierField(i, 'UpTo'),
    unitPriceName: tierField(i, 'UnitPrice'),
    flatPriceName: tierField(i, 'FlatPrice'),
    upTo: v[tierField(i, 'UpTo')] ?? '',
    unitPrice: v[tierField(i, 'UnitPrice')] ?? '',
    flatPrice: v[tierField(i, 'FlatPrice')] ?? '',
  }));
}

/**
 * The API's path of a refused price field as the form labels it ("Faixa 2, até"), the path kept
 * in parentheses for whoever reads the API's docs. Tier indexes count the rows sent, which are
 * the rows typed, in order.
 */
export function priceFieldLabel(field: string, v: FormValues, text: CatalogText): string {
  const match = /^prices\[0\]\.(?:tiers\[(\d+)\]\.)?(\w+)$/.exec(field);
  if (!match) return field;
  const [, tier, part] = match;
  const words = text.priceForm;
  const model = modelOf(v);
  let label: string | undefined;
  if (tier !== undefined) {
    const column = part === 'upTo' ? words.upTo : part === 'flatPrice' ? words.flatPrice : part === 'unitPrice' ? words.tierUnitPrice : undefined;
    label = column && `${words.tier(Number(tier) + 1)}, ${column}`;
  } else if (part === 'meter') label = text.meter;
  else if (part === 'tiers') label = words.tiers;
  else if (part === 'packageSize') label = words.packageSize;
  else if (part === 'unitPrice') label = model === 'package' ? words.packagePrice : text.unitPrice;
  return label ? `${label} (${field})` : field;
}
