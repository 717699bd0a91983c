// Unit and property tests of the pure pricing function: exact decimals, never a float.
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Money } from '../../core/money.ts';
import { priceAmount, validatePriceShape, type PriceSpec } from './pricing.ts';
import type { PriceTier } from './tables.ts';

const d = (v: string | number) => new Money(v);
const amount = (price: PriceSpec, q: string) => priceAmount(price, d(q)).toFixed();
const perUnit = (unitPrice: string): PriceSpec => ({ model: 'per_unit', unitPrice, packageSize: null, tiers: null });
const tiered = (tiers: PriceTier[]): PriceSpec => ({ model: 'tiered', unitPrice: null, packageSize: null, tiers });
const volume = (tiers: PriceTier[]): PriceSpec => ({ model: 'volume', unitPrice: null, packageSize: null, tiers });
const pkg = (unitPrice: string, packageSize: string): PriceSpec => ({ model: 'package', unitPrice, packageSize, tiers: null });

const TIERS: PriceTier[] = [
  { upTo: '100', unitPrice: '1.00' },
  { upTo: '1000', unitPrice: '0.50' },
  { upTo: null, unitPrice: '0.10' },
];

describe('priceAmount examples', () => {
  it('per_unit multiplies exactly', () => {
    expect(amount(perUnit('0.1'), '3')).toBe('0.3');
    expect(amount(perUnit('0.0015'), '1234.5')).toBe('1.85175');
  });

  it('tiered (graduated) prices each slice at its tier', () => {
    expect(amount(tiered(TIERS), '50')).toBe('50');
    expect(amount(tiered(TIERS), '100')).toBe('100');
    expect(amount(tiered(TIERS), '101')).toBe('100.5');
    expect(amount(tiered(TIERS), '1500')).toBe(String(100 + 450 + 50));
  });

  it('volume prices the whole quantity at the tier it falls in (bounds inclusive)', () => {
    expect(amount(volume(TIERS), '100')).toBe('100');
    expect(amount(volume(TIERS), '101')).toBe('50.5');
    expect(amount(volume(TIERS), '1500')).toBe('150');
  });

  it('flat prices: graduated adds every tier reached, volume the tier that applies', () => {
    const withFlat: PriceTier[] = [
      { upTo: '10', unitPrice: '0', flatPrice: '5' },
      { upTo: null, unitPrice: '1', flatPrice: '2' },
    ];
    expect(amount(tiered(withFlat), '3')).toBe('5');
    expect(amount(tiered(withFlat), '12')).toBe('9');
    expect(amount(volume(withFlat), '12')).toBe('14');
  });

  it('package rounds partial packages up', () => {
    expect(amount(pkg('5.00', '100'), '1')).toBe('5');
    expect(amount(pkg('5.00', '100'), '100')).toBe('5');
    expect(amount(pkg('5.00', '100'), '100.0001')).toBe('10');
    expect(amount(pkg('2.5', '0.5'), '1.2')).toBe('7.5');
  });

  it('a zero quantity costs nothing under every model, a negative one is refused', () => {
    for (const price of [perUnit('3'), tiered(TIERS), volume(TIERS), pkg('5', '10')]) {
      expect(amount(price, '0')).toBe('0');
      expect(() => priceAmount(price, d('-1'))).toThrow(RangeError);
    }
  });

  it('returns a Decimal, not a number', () => {
    expect(priceAmount(perUnit('1.1'), d('3'))).toBeInstanceOf(Decimal);
  });
});

// Decimal strings with up to `scale` fraction digits, built from integers: no float ever involved.
const decimalString = (maxUnits: bigint, scale: number) =>
  fc.tuple(fc.bigInt({ min: 0n, max: maxUnits }), fc.integer({ min: 0, max: scale })).map(([units, s]) => {
    const text = units.toString().padStart(s + 1, '0');
    return s === 0 ? text : `${text.slice(0, -s)}.${text.slice(-s)}`;
  });
const quantity = decimalString(10n ** 9n, 4);
const unitPrice = decimalString(10n ** 7n, 6);

// Ascending bounds with an open last tier.
const tierList = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 10_000 }), unitPrice, fc.option(decimalString(10n ** 5n, 2), { nil: undefined })), {
    minLength: 1,
    maxLength: 6,
  })
  .map((rows) => {
    let bound = 0;
    return rows.map(([step, price, flat], i): PriceTier => {
      bound += step;
      return { upTo: i === rows.length - 1 ? null : String(bound), unitPrice: price, ...(flat !== undefined && { flatPrice: flat }) };
    });
  });

describe('priceAmount properties', () => {
  it('tiered is monotone non-decreasing in quantity', () => {
    fc.assert(
      fc.property(tierList, quantity, quantity, (tiers, a, b) => {
        const [lo, hi] = d(a).lte(b) ? [a, b] : [b, a];
        return priceAmount(tiered(tiers), d(lo)).lte(priceAmount(tiered(tiers), d(hi)));
      }),
    );
  });

  it('tiered with one open tier equals per_unit', () => {
    fc.assert(
      fc.property(unitPrice, quantity, (price, q) =>
        priceAmount(tiered([{ upTo: null, unitPrice: price }]), d(q)).eq(priceAmount(perUnit(price), d(q))),
      ),
    );
  });

  it('volume with one tier equals per_unit', () => {
    fc.assert(
      fc.property(unitPrice, quantity, (price, q) =>
        priceAmount(volume([{ upTo: null, unitPrice: price }]), d(q)).eq(priceAmount(perUnit(price), d(q))),
      ),
    );
  });

  it('tiered and volume agree when every tier has the same unit price and no flat fee', () => {
    fc.assert(
      fc.property(tierList, unitPrice, quantity, (tiers, price, q) => {
        const same = tiers.map((t) => ({ upTo: t.upTo, unitPrice: price }));
        const expected = priceAmount(perUnit(price), d(q));
        return priceAmount(tiered(same), d(q)).eq(expected) && priceAmount(volume(same), d(q)).eq(expected);
      }),
    );
  });

  it('volume prices the whole quantity at the unit price of the first tier whose bound it does not pass', () => {
    fc.assert(
      fc.property(tierList, quantity, (tiers, q) => {
        fc.pre(!d(q).isZero());
        const tier = tiers.find((t) => t.upTo === null || d(q).lte(t.upTo))!;
        return priceAmount(volume(tiers), d(q)).eq(d(q).mul(tier.unitPrice).plus(tier.flatPrice ?? 0));
      }),
    );
  });

  it('package equals ceil(q / size) x price', () => {
    fc.assert(
      fc.property(unitPrice, decimalString(10n ** 6n, 3).filter((s) => !d(s).isZero()), quantity, (price, size, q) => {
        const packages = d(q).div(size).ceil();
        return priceAmount(pkg(price, size), d(q)).eq(packages.mul(price)) && packages.isInteger();
      }),
    );
  });

  it('per_unit is exact: equal to integer arithmetic on the scaled values', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }), (qu, qs, pu, ps) => {
        const scaled = (units: bigint, s: number) => d(units.toString()).div(d(10).pow(s));
        const expected = scaled(qu * pu, qs + ps);
        return priceAmount(perUnit(scaled(pu, ps).toFixed()), scaled(qu, qs)).eq(expected);
      }),
    );
  });
});

describe('validatePriceShape', () => {
  const errorsOf = (input: Parameters<typeof validatePriceShape>[0]) => validatePriceShape(input, 'prices[0]').errors.map((e) => `${e.field}:${e.constraint}`);

  it('infers the model from the fields sent', () => {
    expect(validatePriceShape({ unitPrice: '1' }, 'p').spec?.model).toBe('per_unit');
    expect(validatePriceShape({ tiers: [{ upTo: null, unitPrice: '1' }] }, 'p').spec?.model).toBe('tiered');
    expect(validatePriceShape({ unitPrice: '1', packageSize: '10' }, 'p').spec?.model).toBe('package');
  });

  it('normalises decimal strings', () => {
    expect(validatePriceShape({ unitPrice: '1.500' }, 'p').spec?.unitPrice).toBe('1.5');
  });

  it.each([
    ['per_unit without unitPrice', { model: 'per_unit' as const }, ['prices[0].unitPrice:required']],
    ['a negative unit price', { unitPrice: '-1' }, ['prices[0].unitPrice:minimum']],
    ['per_unit with tiers', { model: 'per_unit' as const, unitPrice: '1', tiers: [] }, ['prices[0].tiers:not_allowed']],
    ['package without size', { model: 'package' as const, unitPrice: '1' }, ['prices[0].packageSize:required']],
    ['package of size 0', { unitPrice: '1', packageSize: '0' }, ['prices[0].packageSize:exclusiveMinimum']],
    ['tiered without tiers', { model: 'tiered' as const }, ['prices[0].tiers:required']],
    ['tiered with a unitPrice', { model: 'tiered' as const, unitPrice: '1', tiers: [{ upTo: null, unitPrice: '1' }] }, ['prices[0].unitPrice:not_allowed']],
    ['a closed last tier', { tiers: [{ upTo: '10', unitPrice: '1' }] }, ['prices[0].tiers[0].upTo:last_tier_open']],
    [
      'descending tiers',
      { model: 'volume' as const, tiers: [{ upTo: '10', unitPrice: '1' }, { upTo: '5', unitPrice: '1' }, { upTo: null, unitPrice: '1' }] },
      ['prices[0].tiers[1].upTo:tiers_ascending'],
    ],
    ['an open middle tier', { tiers: [{ upTo: null, unitPrice: '1' }, { upTo: null, unitPrice: '1' }] }, ['prices[0].tiers[0].upTo:tiers_ascending']],
    ['a zero bound', { tiers: [{ upTo: '0', unitPrice: '1' }, { upTo: null, unitPrice: '1' }] }, ['prices[0].tiers[0].upTo:exclusiveMinimum']],
    ['a negative flat price', { tiers: [{ upTo: null, unitPrice: '1', flatPrice: '-2' }] }, ['prices[0].tiers[0].flatPrice:minimum']],
  ])('refuses %s', (_name, input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });
});
