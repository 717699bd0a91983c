// A usage price in the words a seller reads on the product page ("R$ 0,10 por unidade, as
// primeiras 1.000 grátis"). Pure text: the caller passes the money formatter (the product's
// currency and locale), so this file stays free of src/http. Quantities are decimal strings
// grouped by string work, never floats.

export interface PriceForWords {
  model: string;
  unitPrice: string | null;
  packageSize: string | null;
  tiers: Array<{ upTo: string | null; unitPrice: string; flatPrice: string | null }> | null;
}

const WORDS = {
  'pt-BR': {
    group: '.', point: ',',
    perUnit: (m: string) => `${m} por unidade`,
    perPackage: (m: string, size: string) => `${m} a cada ${size} unidades`,
    graduated: 'graduado',
    volume: 'por volume (todas as unidades ao preço da faixa alcançada)',
    firstFree: (upTo: string) => `as primeiras ${upTo} grátis`,
    upTo: (upTo: string, m: string) => `até ${upTo}: ${m} cada`,
    between: (from: string, upTo: string, m: string) => `de ${from} a ${upTo}: ${m} cada`,
    above: (from: string, m: string) => `acima de ${from}: ${m} cada`,
    flat: (m: string) => `mais ${m} fixos`,
  },
  en: {
    group: ',', point: '.',
    perUnit: (m: string) => `${m} per unit`,
    perPackage: (m: string, size: string) => `${m} per ${size} units`,
    graduated: 'graduated',
    volume: 'volume (every unit at the price of the tier reached)',
    firstFree: (upTo: string) => `the first ${upTo} free`,
    upTo: (upTo: string, m: string) => `up to ${upTo}: ${m} each`,
    between: (from: string, upTo: string, m: string) => `${from} to ${upTo}: ${m} each`,
    above: (from: string, m: string) => `above ${from}: ${m} each`,
    flat: (m: string) => `plus ${m} flat`,
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];

/** "1500.5" -> "1.500,5" (pt-BR) or "1,500.5" (en); trailing zeros of the fraction dropped. */
export function quantityWords(quantity: string, words: Pick<Words, 'group' | 'point'>): string {
  const [whole = '0', fraction = ''] = quantity.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, words.group);
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${grouped}${words.point}${kept}` : grouped;
}

/** Whole-number quantities: the next tier starts one after the previous bound (1000 -> 1001). */
function nextFrom(upTo: string): string | null {
  return /^\d+$/.test(upTo) ? (BigInt(upTo) + 1n).toString() : null;
}

const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount);

export function describePrice(price: PriceForWords, locale: keyof typeof WORDS, money: (amount: string) => string): string {
  const w = WORDS[locale];
  const q = (n: string) => quantityWords(n, w);
  if (price.model === 'package' && price.unitPrice !== null && price.packageSize !== null) return w.perPackage(money(price.unitPrice), q(price.packageSize));
  if ((price.model === 'tiered' || price.model === 'volume') && price.tiers?.length) {
    let previous: string | null = null;
    const parts = price.tiers.map((tier) => {
      const each = money(tier.unitPrice);
      let part: string;
      if (tier.upTo === null) part = w.above(q(previous ?? '0'), each);
      else if (previous === null) part = isZero(tier.unitPrice) && !tier.flatPrice ? w.firstFree(q(tier.upTo)) : w.upTo(q(tier.upTo), each);
      else part = w.between(q(nextFrom(previous) ?? previous), q(tier.upTo), each);
      previous = tier.upTo;
      return tier.flatPrice && !isZero(tier.flatPrice) ? `${part} ${w.flat(money(tier.flatPrice))}` : part;
    });
    return `${price.model === 'volume' ? w.volume : w.graduated}: ${parts.join('; ')}`;
  }
  return price.unitPrice === null ? price.model : w.perUnit(money(price.unitPrice));
}
