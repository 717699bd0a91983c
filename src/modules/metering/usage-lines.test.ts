import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money, sumAmounts } from '../../core/money.ts';
import { priceAmount, type PriceSpec } from '../catalog/pricing.ts';
import { usageLines } from './usage-lines.ts';

const tiers = [
  { upTo: '100', unitPrice: '0.10', flatPrice: '5' },
  { upTo: '1000', unitPrice: '0.05', flatPrice: null },
  { upTo: null, unitPrice: '0.01', flatPrice: '1' },
];
const specs: PriceSpec[] = [
  { model: 'per_unit', unitPrice: '0.0015', packageSize: null, tiers: null },
  { model: 'package', unitPrice: '9.90', packageSize: '1000', tiers: null },
  { model: 'tiered', unitPrice: null, packageSize: null, tiers },
  { model: 'volume', unitPrice: null, packageSize: null, tiers },
];

const quantity = fc.tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 999 })).map(([i, f]) => new Money(`${i}.${String(f).padStart(3, '0')}`));

describe('usage lines', () => {
  it.each(specs.map((s) => [s.model, s] as const))('%s: lines add up to priceAmount and each is quantity x unitPrice', (_model, spec) => {
    fc.assert(
      fc.property(quantity, (q) => {
        const lines = usageLines(spec, q, 'API calls', 'en');
        expect(lines.length).toBeGreaterThan(0);
        const total = sumAmounts(lines.map((l) => new Money(l.quantity).mul(l.unitPrice)));
        expect(total.eq(priceAmount(spec, q))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('splits graduated tiers into one line per tier reached, with flat fees apart', () => {
    const lines = usageLines(specs[2]!, new Money('150'), 'Calls', 'en');
    expect(lines).toEqual([
      { description: 'Calls (tier 1: 0 to 100)', quantity: '100', unitPrice: '0.1' },
      { description: 'Calls (tier 1 flat fee)', quantity: '1', unitPrice: '5' },
      { description: 'Calls (tier 2: 100 to 1000)', quantity: '50', unitPrice: '0.05' },
    ]);
  });

  it('a zero quantity gives one zero line', () => {
    for (const spec of specs) {
      const lines = usageLines(spec, new Money(0), 'x', 'en');
      expect(sumAmounts(lines.map((l) => new Money(l.quantity).mul(l.unitPrice))).isZero()).toBe(true);
    }
  });
});
