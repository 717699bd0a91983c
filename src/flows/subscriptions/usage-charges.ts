// The usage part of a subscription invoice: the enrollment's usage from where the previous usage
// invoice stopped (usage_billed_to) to the invoice's boundary, priced by the terms in force when it
// happened (the version of each instant, from the subscription's items, and the rate cards in
// effect: metering's priceUsage), less the grants of the version in force at the invoice, then
// held to that version's commitment.
//
// Commitment (docs/decisions/subscriptions.md has the worked numbers): with C the
// commitmentAmount, U the usage amount of the range and K the credit carried (commitmentResets
// false only), the usage first draws the credit: D = min(K, U), R = U - D. When R < C a
// `commitment` line of C - R brings the usage charge up to C, so at least C is charged per cycle.
// Resets: that shortfall is lost. Carries over: K becomes K - D + (C - R when R < C).
//
// The ledger (docs/ledger.md, "Commitment credit"): the finalized invoice books its `commitment`
// line as revenue and its `commitment_credit` line as less revenue. The part of a shortfall that is
// carried over is not earned yet: it moves from `revenue` to `commitments:<subscription>:carried`
// (credit balance) when carried, and back when later usage draws it (or when a version that resets
// drops it), so that account always equals the subscription's commitment_credit.
import type { Decimal } from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { lockUsage } from '../../db/usage-lock.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { sumOfLines } from '../../core/invoice-arithmetic.ts';
import { lineText } from '../../core/invoice-line.text.ts';
import type { Locale } from '../../core/locale.ts';
import { formatMoney, Money } from '../../core/money.ts';
import type { ProductVersionRow } from '../../modules/catalog/index.ts';
import { pricingSchedule, type VersionStep } from '../../modules/customers/index.ts';
import type { DraftLineInput } from '../../modules/invoices/index.ts';
import { chart, postTransaction } from '../../modules/ledger/index.ts';
import { priceUsage, recordInvoicedUsage, refuseInvoicedOverlap } from '../../modules/metering/index.ts';
import * as repo from './repository.ts';
import type { SubscriptionRow } from './tables.ts';

export interface UsageCharge {
  from: Date;
  to: Date;
  lines: DraftLineInput[];
  currency: string;
  /** The commitment credit after this invoice. */
  credit: string;
  /** How the credit moved: drawn by this invoice's usage, carried from its shortfall, dropped by a version that resets. */
  drawn: string;
  carried: string;
  forfeited: string;
}

/**
 * The usage lines of an invoice made at `to`; null when nothing prices usage (no price of the
 * version or a rate card, no commitment, no credit) or nothing is left to bill. `commitment`
 * false: a partial period (cancel now) bills its usage without the minimum.
 */
export async function usageCharge(
  tx: Tx,
  ctx: UseCaseContext,
  row: SubscriptionRow,
  version: ProductVersionRow,
  currency: string,
  to: Date,
  commitment: boolean,
  locale: Locale,
): Promise<UsageCharge | null> {
  const from = row.usage_billed_to;
  if (from === null || to <= from) return null;
  const carried = version.commitment_resets ? new Money(0) : new Money(row.commitment_credit);
  const committed = commitment && version.commitment_amount !== null;
  const versions = await versionHistory(tx, row);
  if (!committed && carried.isZero() && !(await pricesUsage(tx, ctx, row.id, from, to, versions))) return null;
  // The cut-off: events of the range committed before this are counted, later ones are refused.
  await lockUsage(tx, row.id, 'exclusive');
  await refuseInvoicedOverlap(tx, ctx.tenant, row.id, from, to, null);
  const lines = await priceUsage(tx, ctx.tenant, row.id, from, to, { granted: grantsOf(version), versions, locale });
  const words = lineText(locale);
  // U: the usage lines' amounts as the invoice will have them (each rounded to the currency).
  const usage = new Money(sumOfLines(lines, currency));
  const drawn = Money.min(carried, usage);
  if (drawn.gt(0)) lines.push(flatLine('commitment_credit', words.commitmentCredit(words.money(formatMoney(carried, currency), currency)), drawn.neg(), currency));
  let credit = carried.minus(drawn);
  let carriedOver = new Money(0);
  if (committed) {
    const commitment = new Money(version.commitment_amount!);
    const charged = usage.minus(drawn);
    if (charged.lt(commitment)) {
      const shortfall = commitment.minus(charged);
      lines.push(flatLine('commitment', words.commitment(words.money(formatMoney(commitment, currency), currency), words.money(formatMoney(charged, currency), currency)), shortfall, currency));
      if (!version.commitment_resets) carriedOver = shortfall;
      credit = credit.plus(carriedOver);
    }
  }
  const money = (amount: Decimal) => formatMoney(amount, currency);
  const forfeited = new Money(row.commitment_credit).minus(carried);
  return { from, to, lines, currency, credit: money(credit), drawn: money(drawn), carried: money(carriedOver), forfeited: money(forfeited) };
}

/**
 * After the invoice is made: its range refuses late events, the next usage invoice starts at its
 * end, and the commitment credit's moves are posted to the ledger (the caller stores the returned
 * columns in the same transaction).
 */
export async function recordUsageCharge(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, charge: UsageCharge, invoiceId: string): Promise<Pick<SubscriptionRow, 'usage_billed_to' | 'commitment_credit'>> {
  await recordInvoicedUsage(tx, ctx.tenant, row.id, charge.from, charge.to, invoiceId);
  await postCommitmentMoves(tx, ctx, row, charge, invoiceId);
  return { usage_billed_to: charge.to, commitment_credit: charge.credit };
}

/**
 * The commitment credit's moves of one invoice, each its own transaction keyed by the invoice
 * (posted once however often a flow is retried). The carried account holds the credit (a credit
 * balance): carried `revenue +S / carried -S`; drawn (applied) and dropped (forfeited) `carried +x
 * / revenue -x`.
 */
async function postCommitmentMoves(tx: Tx, ctx: UseCaseContext, row: SubscriptionRow, charge: UsageCharge, invoiceId: string): Promise<void> {
  const account = chart.commitmentCarried(row.id);
  const moves: Array<{ move: 'applied' | 'carried' | 'forfeited'; amount: string; toRevenue: boolean }> = [
    { move: 'forfeited', amount: charge.forfeited, toRevenue: true },
    { move: 'applied', amount: charge.drawn, toRevenue: true },
    { move: 'carried', amount: charge.carried, toRevenue: false },
  ];
  for (const { move, amount, toRevenue } of moves) {
    const x = new Money(amount);
    if (!x.gt(0)) continue;
    await postTransaction(tx, ctx, {
      key: `commitment:${invoiceId}:${move}`,
      kind: `commitment.${move}`,
      resource: { type: 'subscription', id: row.id },
      invoiceId,
      customerId: row.customer_id,
      entries: [
        { account, currency: charge.currency, amount: toRevenue ? x : x.neg() },
        { account: chart.revenue, currency: charge.currency, amount: toRevenue ? x.neg() : x },
      ],
    });
  }
}

/**
 * The subscription's versions in time order: each item starts its version at its creation (a
 * change of version cancels the item in force and adds one). An item canceled the instant it was
 * made (two changes at one instant) was never in force.
 */
async function versionHistory(tx: Tx, row: SubscriptionRow): Promise<VersionStep[]> {
  const items = await repo.itemsOf(tx, [row.id]);
  return items
    .filter((item) => item.canceled_at === null || item.canceled_at > item.created_at)
    .map((item) => ({ from: item.created_at, versionId: item.product_version_id }));
}

/** Whether a price (of a version or a rate card) applies to the enrollment's usage in [from, to). */
async function pricesUsage(tx: Tx, ctx: UseCaseContext, enrollmentId: string, from: Date, to: Date, versions: VersionStep[]): Promise<boolean> {
  return (await pricingSchedule(tx, ctx.tenant, enrollmentId, from, to, versions)).some((part) => part.prices.length > 0);
}

function grantsOf(version: ProductVersionRow): Map<string, Decimal> {
  const granted = new Map<string, Decimal>();
  for (const grant of version.grants) granted.set(grant.meter, (granted.get(grant.meter) ?? new Money(0)).plus(grant.amount));
  return granted;
}

function flatLine(type: string, description: string, amount: Decimal, currency: string): DraftLineInput {
  return { type, description, quantity: '1', unitPrice: formatMoney(amount, currency), proration: false };
}
