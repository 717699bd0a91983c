// Proration by the seconds of a period: a version's fee for the part [from, to) of the period
// [periodStart, periodEnd) is basePrice x (to - from) / (periodEnd - periodStart), rounded half-up
// to the currency when the invoice is made (core/invoice-arithmetic.ts). A credit is the same
// amount, negative.
import { Money } from '../../core/money.ts';
import type { DraftLineInput } from '../../modules/invoices/index.ts';

export interface ProrationPart {
  productId: string;
  productName: string;
  basePrice: string;
  from: Date;
  to: Date;
  periodStart: Date;
  periodEnd: Date;
  /** A credit for time paid in advance and not used. */
  credit?: boolean;
}

export function prorationLine(part: ProrationPart): DraftLineInput {
  const share = new Money(part.to.getTime() - part.from.getTime()).div(part.periodEnd.getTime() - part.periodStart.getTime());
  const amount = new Money(part.basePrice).mul(share).mul(part.credit ? -1 : 1);
  const days = (ms: number) => new Money(ms).div(86_400_000).toDecimalPlaces(2).toString();
  return {
    type: 'proration',
    productId: part.productId,
    description: `${part.credit ? 'Unused time on' : 'Time on'} ${part.productName}, ${day(part.from)} to ${day(part.to)} (${days(part.to.getTime() - part.from.getTime())} of ${days(part.periodEnd.getTime() - part.periodStart.getTime())} days)`,
    quantity: share.toDecimalPlaces(6).toString(),
    unitPrice: part.credit ? new Money(part.basePrice).negated().toString() : part.basePrice,
    amount: amount.toString(),
    proration: true,
  };
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}
