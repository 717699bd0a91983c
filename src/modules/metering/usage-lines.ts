// Turns a meter's usage under a price into invoice lines whose amounts are exactly
// quantity x unitPrice: one line for per_unit, volume and package prices, one line per tier
// reached for graduated (tiered) prices, and one line per flat fee. Before rounding, the lines
// add up to catalog's priceAmount for the same quantity (a property test holds them together).
import type { Decimal } from 'decimal.js';
import { lineText } from '../../core/invoice-line.text.ts';
import type { Locale } from '../../core/locale.ts';
import { Money } from '../../core/money.ts';
import type { PriceSpec } from '../catalog/index.ts';

export interface UsageLine {
  description: string;
  quantity: string;
  unitPrice: string;
}

export function usageLines(price: PriceSpec, quantity: Decimal, label: string, locale: Locale): UsageLine[] {
  const words = lineText(locale);
  const q = new Money(quantity);
  const line = (description: string, qty: Decimal | string, unitPrice: string): UsageLine => ({ description, quantity: new Money(qty).toFixed(), unitPrice: new Money(unitPrice).toFixed() });
  switch (price.model) {
    case 'per_unit':
      return [line(label, q, price.unitPrice!)];
    case 'package': {
      const size = new Money(price.packageSize!);
      const packages = q.div(size).ceil();
      return [line(words.packages(label, q.toFixed(), packages.toFixed(), size.toFixed()), packages, price.unitPrice!)];
    }
    case 'volume': {
      const tiers = price.tiers!;
      const tier = tiers.find((t) => t.upTo === null || q.lte(t.upTo)) ?? tiers[tiers.length - 1]!;
      const lines = [line(label, q, tier.unitPrice)];
      if (q.gt(0) && tier.flatPrice) lines.push(line(words.flatFee(label), '1', tier.flatPrice));
      return lines;
    }
    case 'tiered': {
      const lines: UsageLine[] = [];
      let lower = new Money(0);
      for (const [i, tier] of price.tiers!.entries()) {
        if (q.lte(lower) && !(q.isZero() && i === 0)) break;
        const upper = tier.upTo === null ? q : Money.min(q, tier.upTo);
        lines.push(line(words.tier(label, i + 1, lower.toFixed(), tier.upTo === null ? null : String(tier.upTo)), Money.max(upper.minus(lower), 0), tier.unitPrice));
        if (q.gt(lower) && tier.flatPrice) lines.push(line(words.tierFlatFee(label, i + 1), '1', tier.flatPrice));
        if (tier.upTo === null) break;
        lower = new Money(tier.upTo);
      }
      return lines;
    }
  }
}
