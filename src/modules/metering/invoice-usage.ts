// Usage priced for invoices, and the periods invoices bill (usage_invoiced_periods): used by
// from-usage (flows/usage-invoicing) and by subscriptions' usage charges (flows/subscriptions).
// An invoiced period refuses every later event inside it at ingestion.
import type { Decimal } from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { tenantColumns } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { lineText } from '../../core/invoice-line.text.ts';
import type { Locale } from '../../core/locale.ts';
import { Money } from '../../core/money.ts';
import { findMeterOrThrow, type Aggregation, type MeterRow, type PriceView } from '../catalog/index.ts';
import { pricingSchedule, type PricingPeriod, type VersionStep } from '../customers/index.ts';
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

/** Meters whose usage over a range is not the sum of its parts' usage: billed once per range. */
const NON_ADDITIVE: ReadonlySet<Aggregation> = new Set(['max', 'unique_count', 'latest']);

export interface PriceUsageOptions {
  /** Meter key -> units (a subscription's grants): they come off the usage before it is priced, drawn from the earliest usage first. */
  granted?: Map<string, Decimal>;
  /** The enrollment's version history (a subscription's items); without it, the enrollment's current version. */
  versions?: readonly VersionStep[];
  /** The language of the lines' text (the account's, when the lines are written). */
  locale: Locale;
}

/** A stretch of the range over which one meter's usage is aggregated once and priced by one price. */
interface MeterSpan {
  meter: MeterRow;
  price: PriceView;
  from: Date;
  to: Date;
  /** The index of the schedule's part it ends in: its lines come where that part's would. */
  last: number;
}

/**
 * The invoice lines of [from, to), priced by the terms in force when the usage happened
 * (docs/decisions/usage-pricing.md). The range is split at every rate card boundary and version
 * change (customers' pricingSchedule); then, per meter:
 * - `sum` and `count` meters are additive: each stretch under one price is aggregated and priced
 *   by it (consecutive parts under the same terms are one stretch, so tiers are not restarted by a
 *   split that changed nothing for the meter);
 * - `max`, `unique_count` and `latest` meters are not: the meter is aggregated once, from the start
 *   of the first part that prices it to the end of the last, and priced by the terms of that last
 *   part (the terms in force at the period's end), so a split never bills it twice.
 * A range split for a meter names each stretch in its lines' descriptions.
 */
export async function priceUsage(tx: Tx, tenant: Tenant, enrollmentId: string, from: Date, to: Date, options: PriceUsageOptions): Promise<DraftLineInput[]> {
  const words = lineText(options.locale);
  const left = new Map(options.granted ?? []);
  const schedule = await pricingSchedule(tx, tenant, enrollmentId, from, to, options.versions);
  const meters = new Map<string, MeterRow>();
  for (const part of schedule) {
    for (const price of part.prices) if (!meters.has(price.meterId)) meters.set(price.meterId, await findMeterOrThrow(tx, tenant, price.meterId));
  }
  const spans = spansOf(schedule, meters);
  const lines: DraftLineInput[] = [];
  for (const [i, part] of schedule.entries()) {
    for (const price of part.prices) {
      const span = spans.get(`${i} ${price.meterId}`);
      if (!span) continue; // the meter's stretch goes on in a later part
      const { meter } = span;
      const scope = { tenant, enrollmentId, meterId: meter.id, aggregation: meter.aggregation, from: span.from, to: span.to };
      const [usage] = await aggregateUsage(tx, scope, 'none');
      let quantity = new Money(usage!.value);
      const whole = span.from.getTime() === from.getTime() && span.to.getTime() === to.getTime();
      let label = whole ? meter.name : words.span(meter.name, instant(span.from), instant(span.to));
      const grant = left.get(meter.key);
      if (grant?.gt(0)) {
        const free = Money.min(grant, quantity);
        left.set(meter.key, grant.minus(free));
        quantity = quantity.minus(free);
        label = words.granted(label, free.toFixed(), grant.toFixed());
      }
      for (const line of usageLines(span.price, quantity, label, options.locale)) {
        lines.push({ type: 'usage', meterId: meter.id, priceId: span.price.id, description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, proration: false });
      }
    }
  }
  return lines;
}

/** Each meter's stretches over the schedule, keyed by `<index of the part it ends in> <meter id>`. */
function spansOf(schedule: readonly PricingPeriod[], meters: ReadonlyMap<string, MeterRow>): Map<string, MeterSpan> {
  const current = new Map<string, MeterSpan>();
  const done: MeterSpan[] = [];
  for (const [i, part] of schedule.entries()) {
    for (const price of part.prices) {
      const meter = meters.get(price.meterId)!;
      const open = current.get(meter.id);
      const additive = !NON_ADDITIVE.has(meter.aggregation);
      if (open && (!additive || (open.last === i - 1 && sameTerms(open.price, price)))) {
        // Non-additive: one stretch over the whole range, priced by the last terms that price it.
        open.to = part.to;
        open.last = i;
        open.price = price;
        continue;
      }
      if (open) done.push(open);
      current.set(meter.id, { meter, price, from: part.from, to: part.to, last: i });
    }
  }
  done.push(...current.values());
  return new Map(done.map((span) => [`${span.last} ${span.meter.id}`, span]));
}

/** The same price terms (two versions or a card may price a meter alike under different price ids). */
function sameTerms(a: PriceView, b: PriceView): boolean {
  const terms = (p: PriceView) => JSON.stringify([p.model, p.unitPrice, p.packageSize, p.tiers]);
  return terms(a) === terms(b);
}

/** "2026-05-01T00:00:00Z"; milliseconds only when there are some. */
function instant(at: Date): string {
  return at.toISOString().replace('.000Z', 'Z');
}
