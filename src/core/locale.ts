// The two languages a buyer reads (pages, emails, invoice lines the service writes): pt-BR and en.
// Amounts are formatted for the locale from their exact decimal strings: Intl's NumberFormat reads
// a string as a decimal (no float on the way), so "1234.50" BRL is "R$ 1.234,50" in pt-BR and
// "R$1,234.50" in en. The rule for which one applies is in docs/decisions/locale.md.
import { currencyExponent, isSettlementAsset } from './money.ts';

export const LOCALES = ['pt-BR', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt-BR';

/**
 * The language of what the service writes for an account (emails, invoice line text): the
 * account's setting, or, when it has none (null), pt-BR for BRL and English for any other currency.
 */
export function documentLocale(setting: Locale | null, currency: string): Locale {
  if (setting) return setting;
  return currency.toUpperCase() === 'BRL' ? 'pt-BR' : 'en';
}

/**
 * An amount for people: "R$ 1.234,50" (pt-BR) or "R$1,234.50" (en). Amounts keep the currency's
 * minor unit; `fullPrecision` (unit prices) keeps every stored decimal beyond it ("R$ 0,0015").
 * Settlement assets (USDC) are not ISO currencies: the number followed by the asset's code.
 */
export function formatAmount(amount: string, currency: string, locale: Locale, fullPrecision = false): string {
  const digits = currencyExponent(currency);
  const stored = amount.split('.')[1]?.length ?? 0;
  const fraction = { minimumFractionDigits: digits, maximumFractionDigits: fullPrecision ? Math.max(digits, stored) : digits };
  // The string overload of format() (Intl.NumberFormat v3) is exact; the cast is for TypeScript's lib.
  const exact = amount as unknown as number;
  if (isSettlementAsset(currency)) return `${new Intl.NumberFormat(locale, fraction).format(exact)} ${currency}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency, ...fraction }).format(exact);
}

/** A calendar day (UTC) for people: "1 de dezembro de 2026" (pt-BR), "December 1, 2026" (en). */
export function formatDay(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A short calendar day (UTC): "01/12/2026" (pt-BR), "12/01/2026" (en); for invoice line periods. */
export function formatShortDay(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
}
