// Decimal strings <-> Stripe's integer minor units, through core/money (never floats).
import { Money, currencyExponent, formatMoney, toMinorUnits } from '../../../../core/money.ts';

export function minorUnitsOf(amount: string, currency: string): number {
  const minor = toMinorUnits(amount, currency);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount beyond what Stripe takes as an integer');
  return Number(minor);
}

export function decimalOf(minor: number, currency: string): string {
  return formatMoney(new Money(minor).div(new Money(10).pow(currencyExponent(currency))), currency.toUpperCase());
}
