// The usage part of a subscription invoice: the enrollment's usage from where the previous usage
// invoice stopped (usage_billed_to) to the invoice's boundary, priced as from-usage prices it (rate
// cards included), less the version's grants, then held to the version's commitment.
//
// Commitment (docs/decisions/subscriptions.md has the worked numbers): with C the
// commitmentAmount, U the usage amount of the range and K the credit carried (commitmentResets
// false only), the usage first draws the credit: D = min(K, U), R = U - D. When R < C a
// `commitment` line of C - R brings the usage charge up to C, so at least C is charged per cycle.
// Resets: that shortfall is lost. Carries over: K becomes K - D + (C - R when R < C).
import type { Decimal } from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { lockUsage } from '../../db/usage-lock.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { sumOfLines } from '../../core/invoice-arithmetic.ts';
import { formatMoney, Money } from '../../core/money.ts';
import type { ProductVersionRow } from '../../modules/catalog/index.ts';
import { pricingSchedule } from '../../modules/customers/index.ts';
import type { DraftLineInput } from '../../modules/invoices/index.ts';
import { priceUsage, recordInvoicedUsage, refuseInvoicedOverlap } from '../../modules/metering/index.ts';
import type { SubscriptionRow } from './tables.ts';

export interface UsageCharge {
  from: Date;
  to: Date;
  lines: DraftLineInput[];
  /** The commitment credit after this invoice. */
  credit: string;
}

/**
 * The usage lines of an invoice made at `to`; null when nothing prices usage (no price of the
 * version or a rate card, no commitment, no credit) or nothing is left to bill. `commitment`
 * false: a partial period (cancel now) bills its usage without the minimum.
 */
export async function usageCharge(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, version: ProductVersionRow, currency: string, to: Date, commitment = true): Promise<UsageCharge | null> {
  const from = row.usage_billed_to;
  if (from === null || to <= from) return null;
  const carried = version.commitment_resets ? new Money(0) : new Money(row.commitment_credit);
  const committed = commitment && version.commitment_amount !== null;
  if (!committed && carried.isZero() && !(await pricesUsage(tx, ctx, row.id, from, to))) return null;
  // The cut-off: events of the range committed before this are counted, later ones are refused.
  await lockUsage(tx, row.id, 'exclusive');
  await refuseInvoicedOverlap(tx, ctx.tenant, row.id, from, to, null);
  const lines = await priceUsage(tx, ctx.tenant, row.id, from, to, grantsOf(version));
  // U: the usage lines' amounts as the invoice will have them (each rounded to the currency).
  const usage = new Money(sumOfLines(lines, currency));
  const drawn = Money.min(carried, usage);
  if (drawn.gt(0)) lines.push(flatLine('commitment_credit', `Commitment credit carried over (${formatMoney(carried, currency)} available)`, drawn.neg(), currency));
  let credit = carried.minus(drawn);
  if (committed) {
    const commitment = new Money(version.commitment_amount!);
    const charged = usage.minus(drawn);
    if (charged.lt(commitment)) {
      const shortfall = commitment.minus(charged);
      lines.push(flatLine('commitment', `Minimum commitment of ${formatMoney(commitment, currency)} (usage charged ${formatMoney(charged, currency)})`, shortfall, currency));
      if (!version.commitment_resets) credit = credit.plus(shortfall);
    }
  }
  return { from, to, lines, credit: formatMoney(credit, currency) };
}

/** After the invoice is made: its range refuses late events, and the next usage invoice starts at its end. */
export async function recordUsageCharge(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, charge: UsageCharge, invoiceId: string): Promise<Pick<SubscriptionRow, 'usage_billed_to' | 'commitment_credit'>> {
  await recordInvoicedUsage(tx, ctx.tenant, row.id, charge.from, charge.to, invoiceId);
  return { usage_billed_to: charge.to, commitment_credit: charge.credit };
}

/** Whether a price (of the version or a rate card) applies to the enrollment's usage in [from, to). */
async function pricesUsage(tx: Tx, ctx: UseCaseContext, enrollmentId: string, from: Date, to: Date): Promise<boolean> {
  return (await pricingSchedule(tx, ctx.tenant, enrollmentId, from, to)).some((part) => part.prices.length > 0);
}

function grantsOf(version: ProductVersionRow): Map<string, Decimal> {
  const granted = new Map<string, Decimal>();
  for (const grant of version.grants) granted.set(grant.meter, (granted.get(grant.meter) ?? new Money(0)).plus(grant.amount));
  return granted;
}

function flatLine(type: string, description: string, amount: Decimal, currency: string): DraftLineInput {
  return { type, description, quantity: '1', unitPrice: formatMoney(amount, currency), proration: false };
}
