// Proration by the seconds of a period: a version's fee for the part [from, to) of the period
// [periodStart, periodEnd) is basePrice x (to - from - paused) / (periodEnd - periodStart), rounded
// half-up to the currency when the invoice is made (core/invoice-arithmetic.ts); `paused` is the
// time of [from, to) the subscription was paused (0 without a pause). A credit is the same
// amount, negative.
import { lineText } from '../../core/invoice-line.text.ts';
import type { Locale } from '../../core/locale.ts';
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
  /** The credit is for time paused (its text says so) rather than unused. */
  paused?: boolean;
  /** The language of the line's text (the account's, when the line is written). */
  locale: Locale;
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
    description: lineText(part.locale).proration({
      kind: part.paused ? 'paused' : part.credit ? 'unused' : 'time',
      product: part.productName,
      from: part.from,
      to: part.to,
      pausedDays: paused > 0 ? days(paused) : null,
      activeDays: days(active),
      periodDays: days(part.periodEnd.getTime() - part.periodStart.getTime()),
    }),
    quantity: share.toDecimalPlaces(6).toString(),
    unitPrice: part.credit ? new Money(part.basePrice).negated().toString() : part.basePrice,
    amount: amount.toString(),
    proration: true,
  };
}
