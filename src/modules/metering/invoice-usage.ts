// Usage priced for invoices, and the periods invoices bill (usage_invoiced_periods): used by
// from-usage (flows/usage-invoicing) and by subscriptions' usage charges (flows/subscriptions).
// An invoiced period refuses every later event inside it at ingestion.
import type { Decimal } from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { tenantColumns } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { Money } from '../../core/money.ts';
import { findMeterOrThrow, type MeterRow } from '../catalog/index.ts';
import { pricingSchedule } from '../customers/index.ts';
import type { DraftLineInput } from '../invoices/index.ts';
import { aggregateUsage } from './aggregate-repository.ts';
import * as repo from './repository.ts';
import { usageLines } from './usage-lines.ts';

/** Records that `invoiceId` bills the enrollment's usage of [from, to): events inside it are refused from then on. */
export async function recordInvoicedUsage(tx: Tx, tenant: Tenant, enrollmentId: string, from: Date, to: Date, invoiceId: string): Promise<void> {
  await repo.insertInvoicedPeriod(tx, { ...tenantColumns(tenant), enrollment_id: enrollmentId, period_start: from, period_end: to, invoice_id: invoiceId });
}

export async function refuseInvoicedOverlap(tx: Tx, tenant: Tenant, enrollmentId: string, from: Date, to: Date, own: string | null): Promise<void> {
  const overlapping = await repo.findInvoicedOverlap(tx, tenant, enrollmentId, from, to, own);
  if (overlapping) {
    throw new AppError('usage_already_invoiced', `Usage of this enrollment in this range was already invoiced (invoice ${overlapping}); void it first to invoice again.`);
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
