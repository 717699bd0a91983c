// Proration by the seconds of a period: a version's fee for the part [from, to) of the period
// [periodStart, periodEnd) is basePrice x (to - from - paused) / (periodEnd - periodStart), rounded
// half-up to the currency when the invoice is made (core/invoice-arithmetic.ts); `paused` is the
// time of [from, to) the subscription was paused (0 without a pause). A credit is the same
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
  /** Milliseconds of [from, to) the subscription was paused: not billed. */
  pausedMs?: number;
  /** Overrides the description's opening ("Time on", "Unused time on"). */
  label?: string;
}

export function prorationLine(part: ProrationPart): DraftLineInput {
  const paused = part.pausedMs ?? 0;
  const active = part.to.getTime() - part.from.getTime() - paused;
  const share = new Money(active).div(part.periodEnd.getTime() - part.periodStart.getTime());
  const amount = new Money(part.basePrice).mul(share).mul(part.credit ? -1 : 1);
  const days = (ms: number) => new Money(ms).div(86_400_000).toDecimalPlaces(2).toString();
  return {
    type: 'proration',
    productId: part.productId,
    description: `${part.label ?? (part.credit ? 'Unused time on' : 'Time on')} ${part.productName}, ${day(part.from)} to ${day(part.to)}${paused > 0 ? `, less ${days(paused)} days paused` : ''} (${days(active)} of ${days(part.periodEnd.getTime() - part.periodStart.getTime())} days)`,
    quantity: share.toDecimalPlaces(6).toString(),
    unitPrice: part.credit ? new Money(part.basePrice).negated().toString() : part.basePrice,
    amount: amount.toString(),
    proration: true,
  };
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}
