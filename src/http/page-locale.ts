// The language of the pages a buyer sees (checkout, hosted invoice, storefront): Portuguese (pt-BR)
// by default, English when the browser's Accept-Language prefers it (negotiator reads the header's
// q-values). Amounts are formatted for the locale from their exact decimal strings: Intl's
// NumberFormat reads a string as a decimal (no float on the way), so "1234.50" BRL is
// "R$ 1.234,50" in pt-BR and "R$1,234.50" in en.
import Negotiator from 'negotiator';
import { currencyExponent, isSettlementAsset } from '../core/money.ts';

export const PAGE_LOCALES = ['pt-BR', 'en'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];
export const DEFAULT_PAGE_LOCALE: PageLocale = 'pt-BR';

/** The page's language from an Accept-Language header: pt-BR unless English is preferred. */
export function pageLocale(acceptLanguage: string | string[] | undefined): PageLocale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return DEFAULT_PAGE_LOCALE;
  const chosen = new Negotiator({ headers: { 'accept-language': header } }).language(['pt-BR', 'pt', 'en']);
  return chosen === 'en' ? 'en' : DEFAULT_PAGE_LOCALE;
}

/**
 * An amount for people: "R$ 1.234,50" (pt-BR) or "R$1,234.50" (en). Amounts keep the currency's
 * minor unit; `fullPrecision` (unit prices) keeps every stored decimal beyond it ("R$ 0,0015").
 * Settlement assets (USDC) are not ISO currencies: the number followed by the asset's code.
 */
export function formatAmount(amount: string, currency: string, locale: PageLocale, fullPrecision = false): string {
  const digits = currencyExponent(currency);
  const stored = amount.split('.')[1]?.length ?? 0;
  const fraction = { minimumFractionDigits: digits, maximumFractionDigits: fullPrecision ? Math.max(digits, stored) : digits };
  // The string overload of format() (Intl.NumberFormat v3) is exact; the cast is for TypeScript's lib.
  const exact = amount as unknown as number;
  if (isSettlementAsset(currency)) return `${new Intl.NumberFormat(locale, fraction).format(exact)} ${currency}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency, ...fraction }).format(exact);
}
