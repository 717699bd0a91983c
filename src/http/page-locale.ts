// The language of the pages a buyer sees (checkout, hosted invoice, storefront): Portuguese (pt-BR)
// by default, English when the browser's Accept-Language prefers it (negotiator reads the header's
// q-values). Amounts are formatted by core/locale.ts (re-exported here for the pages).
import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, formatAmount, LOCALES, type Locale } from '../core/locale.ts';

export { formatAmount };

export const PAGE_LOCALES = LOCALES;
export type PageLocale = Locale;
export const DEFAULT_PAGE_LOCALE: PageLocale = DEFAULT_LOCALE;

/** The page's language from an Accept-Language header: pt-BR unless English is preferred. */
export function pageLocale(acceptLanguage: string | string[] | undefined): PageLocale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return DEFAULT_PAGE_LOCALE;
  const chosen = new Negotiator({ headers: { 'accept-language': header } }).language(['pt-BR', 'pt', 'en']);
  return chosen === 'en' ? 'en' : DEFAULT_PAGE_LOCALE;
}
