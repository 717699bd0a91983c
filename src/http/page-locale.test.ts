import { describe, expect, it } from 'vitest';
import { formatAmount, pageLocale } from './page-locale.ts';

describe('page locale', () => {
  it('is pt-BR by default and English only when the browser prefers it', () => {
    expect(pageLocale(undefined)).toBe('pt-BR');
    expect(pageLocale('')).toBe('pt-BR');
    expect(pageLocale('en-US,en;q=0.9')).toBe('en');
    expect(pageLocale('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(pageLocale('en;q=0.5,pt;q=0.9')).toBe('pt-BR');
    expect(pageLocale('fr-FR,fr;q=0.9')).toBe('pt-BR');
    expect(pageLocale('fr-FR,en;q=0.3')).toBe('en');
  });

  it('formats exact decimal strings for the locale, never through a float', () => {
    const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(nbsp(formatAmount('1234.50', 'BRL', 'pt-BR'))).toBe('R$ 1.234,50');
    expect(formatAmount('1234.50', 'BRL', 'en')).toBe('R$1,234.50');
    // 2^53 + 1 is not a double: a float would print ...992.
    expect(nbsp(formatAmount('9007199254740993.00', 'BRL', 'pt-BR'))).toBe('R$ 9.007.199.254.740.993,00');
    expect(nbsp(formatAmount('0.0015', 'BRL', 'pt-BR', true))).toBe('R$ 0,0015');
    expect(formatAmount('0.5', 'BRL', 'en', true)).toBe('R$0.50');
    expect(formatAmount('1500', 'JPY', 'en')).toBe('¥1,500');
    expect(formatAmount('0.001234', 'USDC', 'en')).toBe('0.001234 USDC');
    expect(formatAmount('-10.00', 'USD', 'en')).toBe('-$10.00');
  });
});
