// The rules of a storefront's fields where the interface leaves the values open: the slug's form,
// the theme's fixed set of options, and which fulfillment settings go together
// (docs/decisions/storefronts.md). Each refusal is a field error naming the field and its own
// constraint.
import { fieldError, validationError, type FieldError } from '../../core/errors.ts';
import { toAmount } from '../../core/money.ts';
import { RESERVED_SLUGS } from '../../modules/accounts/index.ts';
import type { FulfillmentMode, StorefrontTheme } from './tables.ts';

export const THEME_PRESETS = ['classic', 'modern', 'minimal', 'bold'] as const;
export const THEME_ACCENTS = ['blue', 'green', 'orange', 'purple', 'red', 'teal', 'gray'] as const;
export const DEFAULT_THEME: StorefrontTheme = { preset: 'classic', accent: 'blue' };

/** Accent colours as the shop page paints them. */
export const ACCENT_COLOURS: Record<(typeof THEME_ACCENTS)[number], string> = {
  blue: '#0969da',
  green: '#1a7f37',
  orange: '#bc4c00',
  purple: '#8250df',
  red: '#cf222e',
  teal: '#0a7b83',
  gray: '#57606a',
};

/** The first rule a slug breaks, as a field error, or null when it is a valid slug. */
export function slugError(slug: string): FieldError | null {
  const error = (constraint: string, description: string): FieldError => ({ field: 'slug', value: slug, constraint, description });
  if (slug.length < 3 || slug.length > 40) return error('length', 'must be 3 to 40 characters long');
  if (!/^[a-z0-9-]+$/.test(slug)) return error('characters', 'may hold only lowercase letters, digits and dashes');
  if (slug.startsWith('-') || slug.endsWith('-')) return error('edge_dash', 'must not start or end with a dash');
  if (slug.includes('--')) return error('double_dash', 'must not hold two dashes in a row');
  if (RESERVED_SLUGS.has(slug)) return error('reserved', 'is a reserved word; choose another slug');
  return null;
}

export function assertSlug(slug: string): void {
  const error = slugError(slug);
  if (error) throw validationError([error]);
}

/** A theme from the fixed set: `{preset?, accent?}` merged over `base`; anything else is refused naming the field. */
export function resolveTheme(input: Record<string, unknown>, base: StorefrontTheme = DEFAULT_THEME): StorefrontTheme {
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(input)) {
    const allowed: readonly string[] | undefined = key === 'preset' ? THEME_PRESETS : key === 'accent' ? THEME_ACCENTS : undefined;
    if (!allowed) errors.push({ field: `theme.${key}`, value: String(value), constraint: 'unknown_option', description: 'is not a theme option; the options are preset and accent' });
    else if (typeof value !== 'string' || !allowed.includes(value)) {
      errors.push({ field: `theme.${key}`, value: String(value), constraint: 'enum', description: `must be one of ${allowed.join(', ')}` });
    }
  }
  if (errors.length > 0) throw validationError(errors);
  return { preset: (input.preset as string | undefined) ?? base.preset, accent: (input.accent as string | undefined) ?? base.accent };
}

/** A flat shipping amount: a non-negative amount, and never on a pickup-only shop. */
export function assertShipping(mode: FulfillmentMode, shippingFlatAmount: string | null): void {
  if (shippingFlatAmount === null) return;
  if (mode === 'pickup') {
    throw fieldError('shippingFlatAmount', shippingFlatAmount, 'pickup_only', 'a pickup-only shop does not ship; set fulfillmentMode to shipping or both, or leave this null');
  }
  if (toAmount(shippingFlatAmount).lt(0)) throw fieldError('shippingFlatAmount', shippingFlatAmount, 'non_negative', 'must not be negative');
}
