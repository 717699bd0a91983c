// POST /billing/subscriptions/{id}/change-version/preview: what change-version would do now,
// written nowhere. The lines are planVersionChange's (the change itself invoices the same ones), and
// their amounts are the invoice arithmetic's (core/invoice-arithmetic.ts), so a preview and the
// invoice the change then makes agree to the cent while nothing else changes in between.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { DISCOUNT_LINE, invoiceAmounts } from '../../core/invoice-arithmetic.ts';
import { formatMoney, Money, sumAmounts } from '../../core/money.ts';
import { planVersionChange, type ChangeVersionInput } from './change-version-plan.ts';

/**
 * - `now`: an invoice is made at once (advance, prorated inside the paid period);
 * - `period_end`: the period's invoice at its end bills each version for its share (arrears, prorated);
 * - `next_invoice`: nothing is invoiced for the change; the new version prices the next invoice
 *   (no proration, a trial, a usage or prepaid product);
 * - `unchanged`: the version asked for is the one in force.
 */
export type PreviewTiming = 'now' | 'period_end' | 'next_invoice' | 'unchanged';

export interface PreviewLine {
  type: string;
  description: string;
  /** Rounded to the currency, as the invoice stores it. */
  amount: string;
}

export interface VersionChangePreview {
  subscriptionId: string;
  fromVersionId: string;
  toVersionId: string;
  currency: string;
  timing: PreviewTiming;
  invoicedAt: Date | null;
  lines: PreviewLine[];
  /** The old version's unused time credited: zero or negative. */
  credit: string;
  /** The new version's charge (with `period_end`, both versions' shares of the period). */
  charge: string;
  /** What the coupon takes off, positive; zero without one. */
  discount: string;
  /** credit + charge - discount: the invoice's subtotal, before tax. */
  subtotal: string;
}

export async function previewVersionChange(tx: Tx, ctx: UseCaseContext, id: string, input: ChangeVersionInput): Promise<VersionChangePreview> {
  const plan = await planVersionChange(tx, ctx, id, input, false);
  const currency = plan.product.currency;
  const lines = plan.invoiceNow?.lines ?? plan.splitArrears?.feeLines ?? [];
  const amounts = invoiceAmounts(lines, currency);
  const charges = amounts.lines.filter((_, at) => lines[at]!.type !== DISCOUNT_LINE);
  const timing: PreviewTiming = plan.unchanged ? 'unchanged' : plan.invoiceNow ? 'now' : plan.splitArrears ? 'period_end' : 'next_invoice';
  const invoicedAt = timing === 'now' ? ctx.now : timing === 'period_end' ? plan.splitArrears!.periodEnd : timing === 'next_invoice' ? plan.current.next_billing_at : null;
  return {
    subscriptionId: plan.current.id,
    fromVersionId: plan.old.id,
    toVersionId: plan.version.id,
    currency,
    timing,
    invoicedAt,
    lines: lines.map((line, at) => ({ type: line.type, description: line.description, amount: amounts.lines[at]! })),
    credit: formatMoney(sumAmounts(charges.filter((amount) => new Money(amount).lt(0))), currency),
    charge: formatMoney(sumAmounts(charges.filter((amount) => !new Money(amount).lt(0))), currency),
    discount: amounts.discount,
    subtotal: amounts.subtotal,
  };
}
