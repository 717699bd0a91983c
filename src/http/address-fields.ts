// The address fields of a buyer's page (the shop, a payment link that ships): the country is a
// select of the ISO 3166-1 countries named in the page's language (Intl.DisplayNames, from the ICU
// data Node carries), Brazil's state is a select of its 27 federative units, and the CEP is masked
// as 00000-000 while typed (assets/address-fields.js; the service still takes the address as it
// did, checking it as before). Outside Brazil the state is free text and the postal code unmasked.
import { pageAsset } from './page-templates.ts';
import type { PageLocale } from './page-locale.ts';

/** The browser side: swaps the state select and text input with the country, masks the CEP. */
export const ADDRESS_FIELDS_SCRIPT = pageAsset(new URL('./assets/address-fields.js', import.meta.url));

/** Brazil's 26 states and the Federal District: the code the address stores, and its name. */
export const BRAZIL_STATES: ReadonlyArray<readonly [string, string]> = [
  ['AC', 'Acre'], ['AL', 'Alagoas'], ['AP', 'Amapá'], ['AM', 'Amazonas'], ['BA', 'Bahia'], ['CE', 'Ceará'],
  ['DF', 'Distrito Federal'], ['ES', 'Espírito Santo'], ['GO', 'Goiás'], ['MA', 'Maranhão'], ['MT', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul'], ['MG', 'Minas Gerais'], ['PA', 'Pará'], ['PB', 'Paraíba'], ['PR', 'Paraná'],
  ['PE', 'Pernambuco'], ['PI', 'Piauí'], ['RJ', 'Rio de Janeiro'], ['RN', 'Rio Grande do Norte'], ['RS', 'Rio Grande do Sul'],
  ['RO', 'Rondônia'], ['RR', 'Roraima'], ['SC', 'Santa Catarina'], ['SP', 'São Paulo'], ['SE', 'Sergipe'], ['TO', 'Tocantins'],
];

// Codes ICU names that are not ISO 3166-1 countries: groupings (EU, UN, ...), pseudo-locales,
// exceptionally reserved codes (AC, CP, DG, EA, IC, TA, CQ) and the user-assigned XK and ZZ.
// Deprecated codes (UK, SU, YU, ...) drop out below: they canonicalise to another code.
const NOT_COUNTRIES = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'XK', 'ZZ']);

function isoCountryCodes(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (NOT_COUNTRIES.has(code) || !names.of(code)) continue;
      if (Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`) codes.push(code);
    }
  }
  return codes;
}

const COUNTRY_CODES = isoCountryCodes();
const countryLists = new Map<PageLocale, Array<{ code: string; name: string }>>();

/** Every country as {code, name} in the locale's alphabetical order, Brazil first (most buyers). */
export function countryOptions(locale: PageLocale): Array<{ code: string; name: string }> {
  let list = countryLists.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    const all = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
    list = [...all.filter((c) => c.code === 'BR'), ...all.filter((c) => c.code !== 'BR')];
    countryLists.set(locale, list);
  }
  return list;
}

/** What a page's address template needs: the countries and Brazil's states. */
export function addressFieldsView(locale: PageLocale): { countries: Array<{ code: string; name: string }>; brazilStates: Array<{ code: string; name: string }> } {
  return { countries: countryOptions(locale), brazilStates: BRAZIL_STATES.map(([code, name]) => ({ code, name })) };
}
