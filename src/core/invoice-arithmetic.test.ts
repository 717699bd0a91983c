// The invoice arithmetic, checked by hand: each expectation states the sum a billing engineer
// would do on paper. Rounding is half-up to the currency's minor unit (BRL 2, JPY 0, USDC 6).
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { DISCOUNT_LINE, invoiceAmounts, lineAmount, noTax, percentOffDiscount, sumOfLines, type PricedLine, type TaxRule } from './invoice-arithmetic.ts';
import { Money } from './money.ts';

const line = (quantity: string, unitPrice: string, extra: Partial<PricedLine> = {}): PricedLine => ({ type: 'one_off', quantity, unitPrice, ...extra });

describe('a line amount', () => {
  it('is quantity x unitPrice rounded half-up to the currency (BRL, 2 places)', () => {
    // 3 x 33.335 = 100.005 -> 100.01 (the 5 in the third place rounds up).
    expect(lineAmount(line('3', '33.335'), 'BRL')).toBe('100.01');
    // 3 x 33.334 = 100.002 -> 100.00.
    expect(lineAmount(line('3', '33.334'), 'BRL')).toBe('100.00');
    // 3 x 0.335 = 1.005 -> 1.01: the unit price keeps its 3 decimals, only the product is rounded.
    expect(lineAmount(line('3', '0.335'), 'BRL')).toBe('1.01');
    // Half-up away from zero for a credit: -1 x 1.005 = -1.005 -> -1.01.
    expect(lineAmount(line('1', '-1.005'), 'BRL')).toBe('-1.01');
    // 0.0015 x 1000 (fractional quantity) = 1.5 -> 1.50.
    expect(lineAmount(line('1000', '0.0015'), 'BRL')).toBe('1.50');
  });

  it('has no decimals in JPY (0 places)', () => {
    // 3 x 33.5 = 100.5 -> 101 (half-up at 0 places).
    expect(lineAmount(line('3', '33.5'), 'JPY')).toBe('101');
    // 7 x 0.3 = 2.1 -> 2.
    expect(lineAmount(line('7', '0.3'), 'JPY')).toBe('2');
    // 1 x 2.49 = 2.49 -> 2 (not 3: no rounding in two steps).
    expect(lineAmount(line('1', '2.49'), 'JPY')).toBe('2');
  });

  it('keeps 6 places in USDC (a settlement asset, core/money.ts)', () => {
    // 7 x 0.0012345 = 0.0086415 -> 0.008642 (the 5 in the seventh place rounds up).
    expect(lineAmount(line('7', '0.0012345'), 'USDC')).toBe('0.008642');
    // One Rail request at 0.001 USDC: 1 x 0.001 = 0.001000.
    expect(lineAmount(line('1', '0.001'), 'USDC')).toBe('0.001000');
  });

  it('is the given amount when there is one (a prorated fee), not quantity x unitPrice', () => {
    // A fee of 2999.00 for 2 of February's 28 days (proration.ts): the exact share is
    // 2999.00 x 2/28 = 214.2142857... -> 214.21. The line shows quantity 0.071429 (the share to 6
    // places), and 0.071429 x 2999.00 = 214.215571 would round to 214.22: the amount wins.
    const exact = new Money('2999.00').mul(new Money(2).div(28)).toString();
    expect(exact.startsWith('214.2142857142857')).toBe(true);
    const prorated = line('0.071429', '2999.00', { type: 'proration', amount: exact });
    expect(lineAmount(line('0.071429', '2999.00'), 'BRL')).toBe('214.22');
    expect(lineAmount(prorated, 'BRL')).toBe('214.21');
    // A given amount is rounded like any line: 10.005 -> 10.01.
    expect(lineAmount(line('1', '0', { amount: '10.005' }), 'BRL')).toBe('10.01');
  });
});

describe('the sum of lines', () => {
  it('rounds each line first, then adds', () => {
    // Three lines of 1 x 0.004: each rounds to 0.00, so 0.00 + 0.00 + 0.00 = 0.00
    // (rounding the sum instead, 0.012 -> 0.01, would bill a cent no line shows).
    expect(sumOfLines([line('1', '0.004'), line('1', '0.004'), line('1', '0.004')], 'BRL')).toBe('0.00');
    // 2 x 50.00 + 1 x 33.33 = 100.00 + 33.33 = 133.33.
    expect(sumOfLines([line('2', '50.00'), line('1', '33.33')], 'BRL')).toBe('133.33');
    expect(sumOfLines([], 'JPY')).toBe('0');
  });
});

describe('a percent-off discount', () => {
  it('is percentOff% of the subtotal, rounded half-up', () => {
    // 133.33 x 15% = 19.9995 -> 20.00 (docs/decisions/coupons.md).
    expect(percentOffDiscount('133.33', '15', 'BRL')).toBe('20.00');
    // 0.05 x 10% = 0.005 -> 0.01: a tie rounds up (banker's rounding would give 0.00).
    expect(percentOffDiscount('0.05', '10', 'BRL')).toBe('0.01');
    // 10.00 x 33.3333% = 3.33333 -> 3.33 (percentages keep up to 4 decimals).
    expect(percentOffDiscount('10.00', '33.3333', 'BRL')).toBe('3.33');
    // 999 JPY x 15% = 149.85 -> 150.
    expect(percentOffDiscount('999', '15', 'JPY')).toBe('150');
    // 100% of 49.90 = 49.90: never more than the subtotal.
    expect(percentOffDiscount('49.90', '100', 'BRL')).toBe('49.90');
  });

  it('is zero when there is nothing positive to discount', () => {
    // A prorated credit larger than the charge: -10.00 to discount -> 0.00, never a charge.
    expect(percentOffDiscount('-10.00', '15', 'BRL')).toBe('0.00');
    expect(percentOffDiscount('0', '50', 'JPY')).toBe('0');
  });
});

describe('the amounts of an invoice', () => {
  it('total = charges - discount + tax; subtotal = charges - discount; amountDue = total', () => {
    // 2 x 50.00 = 100.00, 1 x 33.33 = 33.33: charges 133.33. A 15% coupon: 19.9995 -> a -20.00 line.
    // subtotal 133.33 - 20.00 = 113.33 (the sum of every line, as stored); tax 0.00;
    // total 113.33 + 0.00 = 113.33; amountDue 113.33.
    const amounts = invoiceAmounts([line('2', '50.00'), line('1', '33.33'), line('1', '-20', { type: DISCOUNT_LINE, amount: '-20' })], 'BRL');
    expect(amounts).toEqual({ lines: ['100.00', '33.33', '-20.00'], charges: '133.33', discount: '20.00', subtotal: '113.33', tax: '0.00', total: '113.33', amountDue: '113.33' });
  });

  it('counts negative lines that are not discounts as charges (credits, prorated refunds)', () => {
    // Usage 30.00 drawn from a carried commitment credit: 30.00 + (-30.00) = 0.00, no discount.
    const amounts = invoiceAmounts([line('1', '30.00', { type: 'usage' }), line('1', '-30.00', { type: 'commitment_credit' })], 'BRL');
    expect(amounts).toMatchObject({ charges: '0.00', discount: '0.00', subtotal: '0.00', total: '0.00', amountDue: '0.00' });
  });

  it('formats every amount to the currency: JPY and USDC', () => {
    // 3 x 33.5 = 100.5 -> 101 JPY; 1 x 2.49 = 2.49 -> 2 JPY; 101 + 2 = 103; tax 0.
    expect(invoiceAmounts([line('3', '33.5'), line('1', '2.49')], 'JPY')).toEqual({ lines: ['101', '2'], charges: '103', discount: '0', subtotal: '103', tax: '0', total: '103', amountDue: '103' });
    // A Rail receipt: 1 x 0.001 USDC = 0.001000; tax 0.000000; total 0.001000.
    expect(invoiceAmounts([line('1', '0.001', { type: 'rail' })], 'USDC')).toEqual({
      lines: ['0.001000'],
      charges: '0.001000',
      discount: '0.000000',
      subtotal: '0.001000',
      tax: '0.000000',
      total: '0.001000',
      amountDue: '0.001000',
    });
  });

  it('charges no tax today: the seam is a tax rule, noTax by default', () => {
    expect(noTax({ currency: 'BRL', lines: [], lineAmounts: [], subtotal: '0.00' })).toBe('0.00');
    expect(invoiceAmounts([line('1', '10')], 'BRL').tax).toBe('0.00');
    // A later tax engine plugs in here. A 10% rule on the subtotal above: 113.33 x 10% = 11.333
    // -> 11.33 (rounded half-up by the arithmetic); total 113.33 + 11.33 = 124.66.
    const tenPercent: TaxRule = ({ subtotal }) => new Money(subtotal).mul('0.10').toFixed();
    const amounts = invoiceAmounts([line('2', '50.00'), line('1', '33.33'), line('1', '-20', { type: DISCOUNT_LINE, amount: '-20' })], 'BRL', tenPercent);
    expect(amounts).toMatchObject({ subtotal: '113.33', tax: '11.33', total: '124.66', amountDue: '124.66' });
  });

  it('refuses amounts invoices cannot hold: a line (before rounding), then the subtotal, then the total', () => {
    const refusal = (lines: PricedLine[], taxRule: TaxRule = noTax) => {
      try {
        invoiceAmounts(lines, 'BRL', taxRule);
      } catch (error) {
        if (error instanceof AppError) return `${error.code}: ${error.message}`;
        throw error;
      }
      return 'accepted';
    };
    // 10^15 x 1 = 1000000000000000: line 2 is at the limit (amounts must be below 10^15).
    expect(refusal([line('1', '1'), line('1000000000000000', '1')])).toBe(
      'amount_too_large: The invoice cannot be made: line 2 amounts to 1000000000000000 BRL, and invoice amounts must be below 1000000000000000. Invoice a shorter period or smaller quantities.',
    );
    // 999999999999999.995 is below 10^15 as given, and rounds to 1000000000000000.00: the line
    // passes (checked before rounding), the subtotal does not.
    expect(refusal([line('1', '999999999999999.995')])).toContain('the subtotal amounts to 1000000000000000 BRL');
    // Two lines each below the limit whose sum is not.
    expect(refusal([line('1', '600000000000000'), line('1', '400000000000000')])).toContain('the subtotal amounts to 1000000000000000 BRL');
    // A subtotal just below it, and a tax that takes the total past it.
    expect(refusal([line('1', '999999999999999')], () => '1')).toContain('the total amounts to 1000000000000000 BRL');
  });
});
