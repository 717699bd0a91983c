// POST /billing/invoices/from-usage: an enrollment's usage over [from, to) priced into an invoice.
// A flow: metering prices the usage, invoices builds the invoice, and what subscriptions and the
// Rail bill already is kept off it.
// Invariants:
// - Only the past is invoiced: a `to` later than now answers 422 (usage after now is unknown, and
//   an invoiced period refuses every event inside it).
// - Usage is billed once: an overlapping earlier invoice (not void) refuses the call (409
//   usage_already_invoiced); the period is recorded with the invoice, so a later event inside it is
//   refused instead of silently left unbilled.
// - Each part of the range is priced by what was in effect then (customers' pricingSchedule): a rate
//   card prices only its own [effectiveFrom, effectiveTo) and only the meters it names (the others
//   keep the version's price), and the lines of each part name it; max/unique_count/latest meters
//   are billed once over the range (docs/decisions/usage-pricing.md).
// - The enrollment's usage lock is held exclusively only from the cut-off to commit. The invoice is
//   built, finalized and sent without it; then the lock is taken, the overlap checked again and the
//   lines computed again. Ingestion and rate card changes hold the lock shared until they commit, so
//   from then on every event and card of the range is committed and seen, and anything later sees
//   this invoice. When the lines differ (an event or a card committed in between), the invoice is
//   built again from a savepoint, that time under the lock.
import type { Tx } from '../../db/database.ts';
import { savepoint } from '../../db/savepoint.ts';
import { lockUsage } from '../../db/usage-lock.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { localeFor } from '../../modules/accounts/index.ts';
import { findProductOrThrow } from '../../modules/catalog/index.ts';
import { findEnrollmentOrThrow } from '../../modules/customers/index.ts';
import { createDraftInvoice, finalizeInvoice, sendInvoice, type DraftLineInput, type InvoiceView } from '../../modules/invoices/index.ts';
import { assertUsageRange, priceUsage, recordInvoicedUsage, refuseInvoicedOverlap } from '../../modules/metering/index.ts';
import { railReceiptIn } from '../rail/index.ts';
import { subscriptionUsageBilledBefore } from '../subscriptions/index.ts';

export interface InvoiceUsageInput {
  /** The customer's enrollment id. */
  customerId: string;
  from: string;
  to: string;
  send?: boolean;
}

export async function invoiceUsage(tx: Tx, ctx: UseCaseContext, input: InvoiceUsageInput): Promise<InvoiceView> {
  const { tenant, now } = ctx;
  const from = new Date(input.from);
  const to = new Date(input.to);
  assertUsageRange(from, to);
  const enrollment = await findEnrollmentOrThrow(tx, tenant, input.customerId);
  if (to > now) {
    throw fieldError('to', input.to, 'not_in_future', `must not be later than now (${now.toISOString()}): usage after now is not known yet, so invoice up to now at most`);
  }
  const product = await findProductOrThrow(tx, tenant, enrollment.product_id);
  await refuseSubscriptionUsage(tx, tenant, enrollment.id, to);
  await refuseInvoicedOverlap(tx, tenant, enrollment.id, from, to, null);
  await refuseRailPaidUsage(tx, tenant, enrollment.id, from, to);
  const period = { enrollmentId: enrollment.id, currency: product.currency, from, to, send: input.send === true };

  const locale = await localeFor(tx, tenant.accountId, product.currency);
  const lines = await priceUsage(tx, tenant, enrollment.id, from, to, { locale });
  const rebuild = await savepoint(tx, 'usage_invoice');
  let invoice = await issue(tx, ctx, period, lines);

  // The cut-off: from here to commit no event or rate card change of the enrollment commits.
  await lockUsage(tx, enrollment.id, 'exclusive');
  await refuseInvoicedOverlap(tx, tenant, enrollment.id, from, to, invoice.id);
  const settled = await priceUsage(tx, tenant, enrollment.id, from, to, { locale });
  if (!sameLines(lines, settled)) {
    await rebuild.rollback();
    // Taken again: whether a rollback to a savepoint keeps it is not this code's concern.
    await lockUsage(tx, enrollment.id, 'exclusive');
    invoice = await issue(tx, ctx, period, settled);
  }
  await rebuild.release();
  return invoice;
}

interface BilledPeriod {
  enrollmentId: string;
  currency: string;
  from: Date;
  to: Date;
  send: boolean;
}

/** The draft invoice and its invoiced period; with `send`, finalized and (when something is due) emailed. */
async function issue(tx: Tx, ctx: UseCaseContext, period: BilledPeriod, lines: DraftLineInput[]): Promise<InvoiceView> {
  const { tenant } = ctx;
  let invoice = await createDraftInvoice(tx, ctx, { customerId: period.enrollmentId, currency: period.currency, periodStart: period.from, periodEnd: period.to, lines });
  await recordInvoicedUsage(tx, tenant, period.enrollmentId, period.from, period.to, invoice.id);
  if (period.send) {
    invoice = await finalizeInvoice(tx, ctx, invoice.id);
    // An invoice with nothing due is paid at finalization; there is nothing to ask for then.
    if (invoice.status === 'open') invoice = await sendInvoice(tx, ctx, invoice.id);
  }
  return invoice;
}

/** 409 when a live subscription of the enrollment invoices its usage after `to`'s start: its cycles bill it. */
async function refuseSubscriptionUsage(tx: Tx, tenant: Tenant, enrollmentId: string, to: Date): Promise<void> {
  const billedTo = await subscriptionUsageBilledBefore(tx, tenant, enrollmentId, to);
  if (billedTo) {
    throw new AppError('conflict', `The enrollment's subscription invoices its usage from ${billedTo.toISOString()} on, at each period end; invoice only usage before that here.`);
  }
}

/** An agent's usage over the Rail was paid request by request, each with its receipt: never invoiced again. */
async function refuseRailPaidUsage(tx: Tx, tenant: Tenant, enrollmentId: string, from: Date, to: Date): Promise<void> {
  const receipt = await railReceiptIn(tx, tenant, enrollmentId, from, to);
  if (receipt) {
    throw new AppError('usage_already_invoiced', `Usage of this enrollment in this range was paid request by request over the Rail (receipt invoice ${receipt.invoiceId}); it is never invoiced again.`);
  }
}

function sameLines(a: DraftLineInput[], b: DraftLineInput[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
