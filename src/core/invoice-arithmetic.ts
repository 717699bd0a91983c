// Invoice arithmetic: the one place that turns invoice lines into amounts. Every place that builds
// an invoice or prices a line goes through it (invoices/create-invoice.ts for the stored amounts,
// coupons for a discount line, subscriptions' usage charges for the commitment, checkout's
// payment-link offer for the amount it shows), so a line shown, discounted and stored is the
// same number. Modelled on Lago's Invoices::ComputeAmountsFromFees:
//
//   line amount  = its given amount (tiered, volume, package prices, a prorated fee's exact share),
//                  else quantity x unitPrice; rounded half-up to the currency's minor unit
//                  (core/money.ts: BRL 2, JPY 0, BHD 3, USDC 6). Quantities and unit prices keep
//                  their full precision: only the product is rounded, once.
//   charges      = sum of the rounded lines that are not `discount` lines      (Lago: fees_amount)
//   discount     = minus the sum of the rounded `discount` lines, positive     (Lago: coupons_amount)
//   subtotal     = charges - discount = the sum of every rounded line          (Lago: sub_total_excluding_taxes)
//                  This is the invoice's stored and shown `subtotal`: it has always been the sum of
//                  every line, the coupon's negative line included.
//   tax          = the tax rule's answer on the subtotal, rounded; zero today   (Lago: taxes_amount)
//   total        = subtotal + tax = charges - discount + tax
//   amountDue    = total (nothing is applied against an invoice when it is made; paying or voiding
//                  it sets amountDue 0 later, invoices/invoice-transitions.ts)
//
// A coupon's discount is percentOff% of the sum of the other lines (each rounded first), rounded
// half-up, and zero when that sum is not positive (percentOffDiscount).
//
// Exact decimal strings in, exact decimal strings out (formatted to the currency's decimals);
// decimal.js through core/money.ts, never a float.
//
// Why core/ and not modules/invoices/: coupons price their discount line from the line amounts,
// and modules/invoices imports modules/coupons (it redeems the coupon and adds its line). An
// arithmetic owned by invoices would make coupons import invoices: an import loop (no-cycle) and a
// domain module reaching into another's files. This file is pure (money in, money out; no
// database, no HTTP, no area), so it sits in core/ beside money.ts, where invoices, coupons and
// the flows can all import it.
import type { Decimal } from 'decimal.js';
import { AppError } from './errors.ts';
import { formatMoney, INVOICE_AMOUNT_LIMIT, isInvoiceableAmount, Money, roundMoney, sumAmounts } from './money.ts';

/** The line type of a coupon's discount: counted in `discount`, not in `charges`. */
export const DISCOUNT_LINE = 'discount';

/** What the arithmetic reads of a line (DraftLineInput and the coupons' lines have these fields). */
export interface PricedLine {
  /** `discount` lines are the discount; every other type is a charge (negative ones too: credits, prorated refunds). */
  type?: string;
  /** Decimal string, full precision. */
  quantity: string;
  /** Decimal string, full precision. */
  unitPrice: string;
  /** The line's exact amount when it is not quantity x unitPrice; rounded here like any other. */
  amount?: string | null;
}

/** The line's exact amount, not rounded: its given amount, else quantity x unitPrice. */
function exactAmount(line: PricedLine): Decimal {
  return new Money(line.amount ?? new Money(line.quantity).mul(line.unitPrice));
}

/** A line's amount rounded half-up to the currency's minor unit: 3 x 33.335 BRL -> "100.01". */
export function lineAmount(line: PricedLine, currency: string): string {
  return formatMoney(exactAmount(line), currency);
}

/** The sum of the lines' amounts, each rounded to the currency first: what a coupon discounts, what usage charged. */
export function sumOfLines(lines: readonly PricedLine[], currency: string): string {
  return formatMoney(sumAmounts(lines.map((line) => lineAmount(line, currency))), currency);
}

/** percentOff% of `base`, rounded half-up to the currency: a positive amount, "0.00" when `base` is not positive. */
export function percentOffDiscount(base: string, percentOff: string, currency: string): string {
  const amount = new Money(base);
  if (!amount.gt(0)) return formatMoney('0', currency);
  return formatMoney(amount.mul(percentOff).div(100), currency);
}

/** What a tax rule is given: the amounts before tax. */
export interface Taxable {
  currency: string;
  lines: readonly PricedLine[];
  /** Each line's rounded amount, in the order of `lines`. */
  lineAmounts: readonly string[];
  /** charges - discount: what tax would be charged on. */
  subtotal: string;
}

/** The tax of an invoice as a decimal string (rounded half-up to the currency by the arithmetic). */
export type TaxRule = (taxable: Taxable) => string;

/** The seam for a tax engine: no tax is charged today, so every invoice's tax is a formatted zero ("0.00", JPY "0"). */
export const noTax: TaxRule = ({ currency }) => formatMoney('0', currency);

export interface InvoiceAmounts {
  /** Each line's amount, rounded, in the order of the lines. */
  lines: string[];
  /** Sum of the lines that are not discounts. */
  charges: string;
  /** What the discount lines take off, as a positive amount ("0.00" without one). */
  discount: string;
  /** charges - discount (the sum of every line): the invoice's `subtotal`. */
  subtotal: string;
  tax: string;
  /** subtotal + tax. */
  total: string;
  /** What the customer owes when the invoice is made: the total. */
  amountDue: string;
}

/**
 * The amounts of an invoice with these lines, all formatted to the currency's decimals. An
 * amount past what invoices hold (core/money.ts, INVOICE_AMOUNT_LIMIT) is refused with 422
 * `amount_too_large` naming it: a line (checked before rounding), the subtotal, then the total.
 */
export function invoiceAmounts(lines: readonly PricedLine[], currency: string, taxRule: TaxRule = noTax): InvoiceAmounts {
  const rounded = lines.map((line, position) => invoiceable(exactAmount(line), currency, `line ${position + 1}`));
  const charges = sumAmounts(rounded.filter((_, position) => lines[position]!.type !== DISCOUNT_LINE));
  const discount = new Money(0).minus(sumAmounts(rounded.filter((_, position) => lines[position]!.type === DISCOUNT_LINE)));
  const subtotal = invoiceable(charges.minus(discount), currency, 'the subtotal');
  const lineAmounts = rounded.map((amount) => formatMoney(amount, currency));
  const tax = roundMoney(new Money(taxRule({ currency, lines, lineAmounts, subtotal: formatMoney(subtotal, currency) })), currency);
  const total = invoiceable(subtotal.plus(tax), currency, 'the total');
  return {
    lines: lineAmounts,
    charges: formatMoney(charges, currency),
    discount: formatMoney(discount, currency),
    subtotal: formatMoney(subtotal, currency),
    tax: formatMoney(tax, currency),
    total: formatMoney(total, currency),
    amountDue: formatMoney(total, currency),
  };
}

/** The amount rounded to the currency, or a 422 when it is past what invoices hold. */
function invoiceable(amount: Decimal, currency: string, what: string): Decimal {
  if (isInvoiceableAmount(amount)) return roundMoney(amount, currency);
  throw new AppError('amount_too_large', `The invoice cannot be made: ${what} amounts to ${amount.toFixed(0)} ${currency}, and invoice amounts must be below ${INVOICE_AMOUNT_LIMIT}. Invoice a shorter period or smaller quantities.`);
}
