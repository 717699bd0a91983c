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

  it('package in pt-BR and per unit in English, the amount at full precision', () => {
    expect(nbsp(describePrice({ model: 'package', unitPrice: '4.50', packageSize: '1000', tiers: null }, 'pt-BR', brl('pt-BR')))).toBe('R$ 4,50 a cada 1.000 unidades');
    expect(nbsp(describePrice({ model: 'per_unit', unitPrice: '0.0125', packageSize: null, tiers: null }, 'en', brl('en')))).toBe('R$0.0125 per unit');
  });

  it('volume in pt-BR, a flat fee on the first tier, and graduated in English', () => {
    const tiers = [
      { upTo: '100', unitPrice: '1.50', flatPrice: '5.00' },
      { upTo: '10000', unitPrice: '1.25', flatPrice: null },
      { upTo: null, unitPrice: '1.00', flatPrice: '0.00' },
    ];
    // A zero flat fee says nothing; the middle tier starts one after the previous bound (100 -> 101).
    expect(nbsp(describePrice({ model: 'volume', unitPrice: null, packageSize: null, tiers }, 'pt-BR', brl('pt-BR')))).toBe(
      'por volume (todas as unidades ao preço da faixa alcançada): até 100: R$ 1,50 cada mais R$ 5,00 fixos; de 101 a 10.000: R$ 1,25 cada; acima de 10.000: R$ 1,00 cada',
    );
    expect(nbsp(describePrice({ model: 'tiered', unitPrice: null, packageSize: null, tiers }, 'en', brl('en')))).toBe(
      'graduated: up to 100: R$1.50 each plus R$5.00 flat; 101 to 10,000: R$1.25 each; above 10,000: R$1.00 each',
    );
  });

  it('fractional bounds are written by locale, and a range starts at the previous bound itself', () => {
    const tiers = [
      { upTo: '0.5', unitPrice: '2.00', flatPrice: null },
      { upTo: '1500.25', unitPrice: '1.00', flatPrice: null },
      { upTo: null, unitPrice: '0.50', flatPrice: null },
    ];
    expect(nbsp(describePrice({ model: 'tiered', unitPrice: null, packageSize: null, tiers }, 'pt-BR', brl('pt-BR')))).toBe(
      'graduado: até 0,5: R$ 2,00 cada; de 0,5 a 1.500,25: R$ 1,00 cada; acima de 1.500,25: R$ 0,50 cada',
    );
  });
});
