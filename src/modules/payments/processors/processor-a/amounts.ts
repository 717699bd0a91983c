// Amounts to and from Adyen's integer minor units, through core/money (never floats).
import { currencyExponent, formatMoney, Money, toMinorUnits } from '../../../../core/money.ts';

export interface AdyenAmount {
  value: number;
  currency: string;
}

export function toAdyenAmount(amount: string, currency: string): AdyenAmount {
  const minor = toMinorUnits(amount, currency);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount beyond what a JSON integer carries exactly');
  return { value: Number(minor), currency: currency.toUpperCase() };
}

/** "10.50" from {value: 1050, currency: "BRL"}. */
export function fromAdyenAmount(value: number | string, currency: string): string {
  const minor = new Money(String(value));
  return formatMoney(minor.div(new Money(10).pow(currencyExponent(currency))), currency);
}
