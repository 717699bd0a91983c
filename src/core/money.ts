// The one place where amounts are parsed, computed and formatted.
// Amounts travel as decimal strings and are stored as PostgreSQL `numeric`; floats never touch them.
import { Decimal } from 'decimal.js';
import currencyCodes from 'currency-codes';

// A private Decimal constructor so no other module's settings leak in or out.
export const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -100, toExpPos: 100 });
export type Amount = Decimal;

/** Decimal strings accepted on the wire: optional minus, digits, optional fraction. No exponent, no spaces. */
export const DECIMAL_PATTERN = '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$';
const decimalRegex = new RegExp(DECIMAL_PATTERN);

/**
 * Bounds of every decimal a request may carry (quantities, usage values, prices, amounts): at most
 * 15 digits before the point and 12 after. Within them a product of two is exact (at most 54
 * significant digits under the 60 of Money), sums of usage stay exact, and any single price can
 * be invoiced. docs/reliability.md explains the numbers.
 */
export const DECIMAL_MAX_INTEGER_DIGITS = 15;
export const DECIMAL_MAX_FRACTION_DIGITS = 12;
const boundedDecimalRegex = new RegExp(`^-?(0|[1-9][0-9]{0,${DECIMAL_MAX_INTEGER_DIGITS - 1}})(\\.[0-9]{1,${DECIMAL_MAX_FRACTION_DIGITS}})?$`);

/** A wire decimal within the bounds above (the `decimal` format of request schemas). */
export function isBoundedDecimal(value: string): boolean {
  return value.length <= 64 && boundedDecimalRegex.test(value);
}

/**
 * Invoice amounts (line amounts, subtotal, total) are below 10^15 in major units: in minor units
 * (up to 3 decimals) they stay below 10^18, inside a signed 64-bit integer as payment providers
 * count. A total past it is refused as `amount_too_large`, never stored.
 */
export const INVOICE_AMOUNT_LIMIT = '1000000000000000';

export function isInvoiceableAmount(value: Decimal): boolean {
  return value.abs().lt(INVOICE_AMOUNT_LIMIT);
}

export function isDecimalString(value: string): boolean {
  return decimalRegex.test(value) && value.length <= 64;
}

export function toAmount(value: string | Decimal): Decimal {
  if (value instanceof Decimal) return new Money(value);
  if (!isDecimalString(value)) throw new TypeError(`not a decimal string: ${value}`);
  return new Money(value);
}

/**
 * Settlement assets the service receipts in, with the decimals their receipts keep: the Rail's
 * per-request receipts are in the asset itself (amounts such as 0.001 USDC), not in cents. They
 * are not ISO 4217 codes: isKnownCurrency refuses them where a seller names a currency.
 */
const SETTLEMENT_ASSETS: Readonly<Record<string, number>> = { USDC: 6 };

/** A settlement asset the service receipts in (USDC): never a currency a seller names (route schemas take ISO codes only). */
export function isSettlementAsset(code: string): boolean {
  return SETTLEMENT_ASSETS[code] !== undefined;
}

/** Minor-unit exponent of an ISO 4217 currency (BRL 2, JPY 0, BHD 3) or settlement asset (USDC 6). Unknown codes default to 2. */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  const asset = SETTLEMENT_ASSETS[code];
  if (asset !== undefined) return asset;
  const entry = currencyCodes.code(code);
  return entry ? entry.digits : 2;
}

export function isKnownCurrency(currency: string): boolean {
  return /^[A-Z]{3}$/.test(currency) && currencyCodes.code(currency) !== undefined;
}

/** Rounds an amount to the currency's minor unit, half-up (the rule for every money line). */
export function roundMoney(value: string | Decimal, currency: string): Decimal {
  return toAmount(value).toDecimalPlaces(currencyExponent(currency), Decimal.ROUND_HALF_UP);
}

/** Formats a money amount with exactly the currency's number of decimals: "10.50". */
export function formatMoney(value: string | Decimal, currency: string): string {
  return roundMoney(value, currency).toFixed(currencyExponent(currency));
}

/**
 * A money amount or price as the API writes it: at least the currency's decimals, more when the
 * value has more, never rounded ("49.9" BRL -> "49.90", "15" -> "15.00", "0.0015" -> "0.0015",
 * "1500" JPY -> "1500"; USDC keeps its 6). Every view of an amount goes through it
 * (docs/decisions/invoices.md, "Amounts on the wire").
 */
export function wireMoney(value: string | Decimal, currency: string): string {
  const amount = toAmount(value);
  // toFixed writes a negative zero as "-0.00": an amount of zero is written unsigned.
  return (amount.isZero() ? new Money(0) : amount).toFixed(Math.max(currencyExponent(currency), amount.decimalPlaces()));
}

/** Formats a quantity or unit price keeping its full precision, without trailing zeros: "0.0015". */
export function formatDecimal(value: string | Decimal): string {
  return toAmount(value).toFixed();
}

/** Wire decimals that formatDecimal would give back unchanged: no trailing fractional zero, no "-0". */
const CANONICAL_DECIMAL = /^(?!-0(\.0+)?$)-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/;

/** formatDecimal of a wire decimal string, without building a Decimal when it is already canonical (the usual case). */
export function canonicalDecimal(value: string): string {
  return CANONICAL_DECIMAL.test(value) && value.length <= 64 ? value : formatDecimal(value);
}

/** Amount in the currency's minor unit as a bigint (ClientActionAmount.value). */
export function toMinorUnits(value: string | Decimal, currency: string): bigint {
  return BigInt(roundMoney(value, currency).mul(new Money(10).pow(currencyExponent(currency))).toFixed(0));
}

export function sumAmounts(values: Array<string | Decimal>): Decimal {
  return values.reduce<Decimal>((total, v) => total.plus(toAmount(v)), new Money(0));
}
