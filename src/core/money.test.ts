import { describe, expect, it } from 'vitest';
import { canonicalDecimal, currencyExponent, formatDecimal, formatMoney, isDecimalString, isKnownCurrency, roundMoney, sumAmounts, toMinorUnits, wireMoney } from './money.ts';

describe('money', () => {
  it('accepts only plain decimal strings', () => {
    for (const ok of ['0', '10', '10.50', '-3.25', '0.000001', '123456789012345678901234567890.123']) expect(isDecimalString(ok), ok).toBe(true);
    for (const bad of ['', '1e5', '.5', '5.', '01', ' 1', '1,5', '+1', 'NaN', 'Infinity', '0x10', '1.2.3']) expect(isDecimalString(bad), bad).toBe(false);
  });

  it('knows currency exponents from ISO 4217', () => {
    expect(currencyExponent('BRL')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('BHD')).toBe(3);
    expect(isKnownCurrency('BRL')).toBe(true);
    expect(isKnownCurrency('XYZ')).toBe(false);
    expect(isKnownCurrency('brl')).toBe(false);
  });

  it('rounds half-up to the minor unit', () => {
    expect(formatMoney('1.005', 'BRL')).toBe('1.01');
    expect(formatMoney('1.004', 'BRL')).toBe('1.00');
    expect(formatMoney('-1.005', 'BRL')).toBe('-1.01');
    expect(formatMoney('2.5', 'JPY')).toBe('3');
    expect(formatMoney('0.0005', 'BHD')).toBe('0.001');
    expect(roundMoney('10', 'BRL').toFixed(2)).toBe('10.00');
  });

  it('writes amounts for the wire with at least the currency scale, never rounding', () => {
    const cases: Array<[string, string, string]> = [
      ['49.9', 'BRL', '49.90'],
      ['15', 'BRL', '15.00'],
      ['49.90', 'BRL', '49.90'],
      ['0.0015', 'BRL', '0.0015'],
      ['-1.5', 'BRL', '-1.50'],
      ['-0', 'BRL', '0.00'],
      ['-0.000', 'BRL', '0.00'],
      ['1500', 'JPY', '1500'],
      ['1500.5', 'JPY', '1500.5'],
      ['1.2', 'BHD', '1.200'],
      ['0.001', 'USDC', '0.001000'],
      ['0.00000015', 'USDC', '0.00000015'],
      ['12345678901234567890.5', 'BRL', '12345678901234567890.50'],
    ];
    for (const [value, currency, wire] of cases) expect(wireMoney(value, currency), `${value} ${currency}`).toBe(wire);
  });

  it('keeps full precision for quantities and unit prices', () => {
    expect(formatDecimal('0.000100')).toBe('0.0001');
    expect(formatDecimal('12345678901234567890.000000000000000001')).toBe('12345678901234567890.000000000000000001');
  });

  it('sums exactly where floats would drift', () => {
    expect(sumAmounts(['0.1', '0.2']).toFixed()).toBe('0.3');
    expect(sumAmounts(Array.from({ length: 1000 }, () => '0.01')).toFixed()).toBe('10');
  });

  it('converts to minor units as an integer', () => {
    expect(toMinorUnits('10.50', 'BRL')).toBe(1050n);
    expect(toMinorUnits('0.005', 'BRL')).toBe(1n);
    expect(toMinorUnits('99999999999.99', 'BRL')).toBe(9999999999999n);
  });
});

describe('canonicalDecimal', () => {
  it('gives what formatDecimal gives, for canonical and non-canonical wire decimals', () => {
    const inputs = ['0', '1', '1.5', '10.05', '0.035', '1.50', '0.0', '100.000', '-0', '-0.0', '-1.5', '-1.50', '123456789012345678901234567890.123456789'];
    for (const input of inputs) expect(canonicalDecimal(input), input).toBe(formatDecimal(input));
  });
});
