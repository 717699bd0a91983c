// POST /billing/invoices/from-usage: an enrollment's usage over [from, to) priced into an invoice.
// Invariants:
// - Only the past is invoiced: a `to` later than now answers 422 (usage after now is unknown, and
//   an invoiced period refuses every event inside it).
// - Usage is billed once: an overlapping earlier invoice (not void) refuses the call (409
//   usage_already_invoiced); the period is recorded with the invoice, so a later event inside it is
//   refused instead of silently left unbilled.
// - Each part of the range is priced by what was in effect then (customers' pricingSchedule): a rate
//   card prices only its own [effectiveFrom, effectiveTo), and the lines of each part name it.
// - The enrollment's usage lock is held exclusively only from the cut-off to commit. The invoice is
//   built, finalized and sent without it; then the lock is taken, the overlap checked again and the
//   lines computed again. Ingestion and rate card changes hold the lock shared until they commit, so
//   from then on every event and card of the range is committed and seen, and anything later sees
//   this invoice. When the lines differ (an event or a card committed in between), the invoice is
//   built again from a savepoint, that time under the lock.
import type { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';
import { tenantColumns, tenantSql } from '../../db/tenancy.ts';
import { lockUsage } from '../../db/usage-lock.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { Money } from '../../core/money.ts';
import { findMeterOrThrow, findProductOrThrow, type MeterRow } from '../catalog/index.ts';
import { findEnrollmentOrThrow, pricingSchedule } from '../customers/index.ts';
import { createDraftInvoice, finalizeInvoice, sendInvoice, type DraftLineInput, type InvoiceView } from '../invoices/index.ts';
import { aggregateUsage } from './aggregate.ts';
import { assertRange } from './usage-reads.ts';
import { usageLines } from './usage-lines.ts';

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
  assertRange(from, to);
  const enrollment = await findEnrollmentOrThrow(tx, tenant, input.customerId);
  if (to > now) {
    throw fieldError('to', input.to, 'not_in_future', `must not be later than now (${now.toISOString()}): usage after now is not known yet, so invoice up to now at most`);
  }
  const product = await findProductOrThrow(tx, tenant, enrollment.product_id);
  await refuseSubscriptionUsage(tx, enrollment.id, to);
  await refuseInvoicedOverlap(tx, tenant, enrollment.id, from, to, null);
  await refuseRailPaidUsage(tx, tenant, enrollment.id, from, to);
  const period = { enrollmentId: enrollment.id, currency: product.currency, from, to, send: input.send === true };

  const lines = await priceUsage(tx, tenant, enrollment.id, from, to);
  await sql`savepoint usage_invoice`.execute(tx);
  let invoice = await issue(tx, ctx, period, lines);

  // The cut-off: from here to commit no event or rate card change of the enrollment commits.
  await lockUsage(tx, enrollment.id, 'exclusive');
  await refuseInvoicedOverlap(tx, tenant, enrollment.id, from, to, invoice.id);
  const settled = await priceUsage(tx, tenant, enrollment.id, from, to);
  if (!sameLines(lines, settled)) {
    await sql`rollback to savepoint usage_invoice`.execute(tx);
    // Taken again: whether a rollback to a savepoint keeps it is not this code's concern.
    await lockUsage(tx, enrollment.id, 'exclusive');
    invoice = await issue(tx, ctx, period, settled);
  }
  await sql`release savepoint usage_invoice`.execute(tx);
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
async function refuseSubscriptionUsage(tx: Tx, enrollmentId: string, to: Date): Promise<void> {
  const live = await tx
    .selectFrom('subscriptions')
    .select('usage_billed_to')
    .where('id', '=', enrollmentId)
    .where('status', '<>', 'canceled')
    .where('usage_billed_to', '<', to)
    .executeTakeFirst();
  if (live) {
    throw new AppError('conflict', `The enrollment's subscription invoices its usage from ${live.usage_billed_to!.toISOString()} on, at each period end; invoice only usage before that here.`);
  }
}

/** Records that `invoiceId` bills the enrollment's usage of [from, to): events inside it are refused from then on. */
export async function recordInvoicedUsage(tx: Tx, tenant: Tenant, enrollmentId: string, from: Date, to: Date, invoiceId: string): Promise<void> {
  await tx
    .insertInto('usage_invoiced_periods')
    .values({ ...tenantColumns(tenant), enrollment_id: enrollmentId, period_start: from, period_end: to, invoice_id: invoiceId })
    .execute();
}

/** 409 when an invoice that is not void (other than `own`) already billed part of [from, to). */
/** An agent's usage over the Rail was paid request by request, each with its receipt: never invoiced again. */
async function refuseRailPaidUsage(tx: Tx, tenant: Tenant, enrollmentId: string, from: Date, to: Date): Promise<void> {
  const paid = await sql<{ invoice_id: string }>`
    select invoice_id from rail_settlements
    where enrollment_id = ${enrollmentId} and ${tenantSql(tenant)}
      and created_at >= ${from} and created_at < ${to}
    limit 1`.execute(tx);
  if (paid.rows[0]) {
    throw new AppError('usage_already_invoiced', `Usage of this enrollment in this range was paid request by request over the Rail (receipt invoice ${paid.rows[0].invoice_id}); it is never invoiced again.`);
  }
}

export async function refuseInvoicedOverlap(tx: Tx, tenant: Tenant, enrollmentId: string, from: Date, to: Date, own: string | null): Promise<void> {
  const overlap = await sql<{ invoice_id: string }>`
    select p.invoice_id from usage_invoiced_periods p join invoices i on i.id = p.invoice_id and i.status <> 'void'
    where ${tenantSql(tenant, 'p')} and p.enrollment_id = ${enrollmentId}
      and p.period_start < ${to} and p.period_end > ${from} and p.invoice_id is distinct from ${own}::uuid
    limit 1`.execute(tx);
  if (overlap.rows[0]) {
    throw new AppError('usage_already_invoiced', `Usage of this enrollment in this range was already invoiced (invoice ${overlap.rows[0].invoice_id}); void it first to invoice again.`);
  }
}

/**
 * The invoice lines of [from, to): per part of the pricing schedule, per price, the usage of that
 * part under that price. A range split by rate cards names each part in its lines' descriptions.
 * `granted` (meter key -> units, a subscription's grants) comes off the usage before it is
 * priced, drawn from the first parts of the range first.
 */
export async function priceUsage(tx: Tx, tenant: Tenant, enrollmentId: string, from: Date, to: Date, granted: Map<string, Decimal> = new Map()): Promise<DraftLineInput[]> {
  const left = new Map(granted);
  const schedule = await pricingSchedule(tx, tenant, enrollmentId, from, to);
  const meters = new Map<string, MeterRow>();
  const lines: DraftLineInput[] = [];
  for (const part of schedule) {
    for (const price of part.prices) {
      let meter = meters.get(price.meterId);
      if (!meter) {
        meter = await findMeterOrThrow(tx, tenant, price.meterId);
        meters.set(meter.id, meter);
      }
      const scope = { tenant, enrollmentId, meterId: meter.id, aggregation: meter.aggregation, from: part.from, to: part.to };
      const [usage] = await aggregateUsage(tx, scope, 'none');
      let quantity = new Money(usage!.value);
      let label = schedule.length > 1 ? `${meter.name}, ${instant(part.from)} to ${instant(part.to)}` : meter.name;
      const grant = left.get(meter.key);
      if (grant?.gt(0)) {
        const free = Money.min(grant, quantity);
        left.set(meter.key, grant.minus(free));
        quantity = quantity.minus(free);
        label = `${label} (${free.toFixed()} of ${grant.toFixed()} granted)`;
      }
      for (const line of usageLines(price, quantity, label)) {
        lines.push({ type: 'usage', meterId: meter.id, priceId: price.id, description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, proration: false });
      }
    }
  }
  return lines;
}

/** "2026-05-01T00:00:00Z"; milliseconds only when there are some. */
function instant(at: Date): string {
  return at.toISOString().replace('.000Z', 'Z');
}

function sameLines(a: DraftLineInput[], b: DraftLineInput[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
