import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../core/locale.ts';
import { describePrice, quantityWords } from './catalog-prices.text.ts';

const brl = (locale: 'pt-BR' | 'en') => (amount: string) => formatAmount(amount, 'BRL', locale, true);
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('a price in words', () => {
  it('groups quantities exactly, without floats', () => {
    expect(quantityWords('1500', { group: '.', point: ',' })).toBe('1.500');
    expect(quantityWords('1234567.500', { group: ',', point: '.' })).toBe('1,234,567.5');
    expect(quantityWords('12', { group: '.', point: ',' })).toBe('12');
  });

  it('per unit and package', () => {
    expect(nbsp(describePrice({ model: 'per_unit', unitPrice: '0.015', packageSize: null, tiers: null }, 'pt-BR', brl('pt-BR')))).toBe('R$ 0,015 por unidade');
    expect(nbsp(describePrice({ model: 'package', unitPrice: '5.00', packageSize: '1000', tiers: null }, 'en', brl('en')))).toBe('R$5.00 per 1,000 units');
  });

  it('graduated tiers: the free first tier, the ranges between and the open last one', () => {
    const tiers = [
      { upTo: '1000', unitPrice: '0.00', flatPrice: null },
      { upTo: '5000', unitPrice: '0.10', flatPrice: null },
      { upTo: null, unitPrice: '0.05', flatPrice: '10.00' },
    ];
    expect(nbsp(describePrice({ model: 'tiered', unitPrice: null, packageSize: null, tiers }, 'pt-BR', brl('pt-BR')))).toBe(
      'graduado: as primeiras 1.000 grátis; de 1.001 a 5.000: R$ 0,10 cada; acima de 5.000: R$ 0,05 cada mais R$ 10,00 fixos',
    );
    expect(nbsp(describePrice({ model: 'volume', unitPrice: null, packageSize: null, tiers: tiers.slice(1) }, 'en', brl('en')))).toBe(
      'volume (every unit at the price of the tier reached): up to 5,000: R$0.10 each; above 5,000: R$0.05 each plus R$10.00 flat',
    );
  });
});
