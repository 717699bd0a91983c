// POST /billing/invoices/from-usage: an enrollment's usage over [from, to) priced into an invoice.
// Invariants: usage is billed once — an overlapping earlier invoice (not void) refuses the call
// (409 usage_already_invoiced), and the enrollment's usage lock is held exclusively while reading,
// so no event of the range commits unseen (ingestion holds the same lock shared); the period is
// recorded with the invoice, so later events inside it are refused instead of silently unbilled.
// Prices: the enrollment's rate card when one is active, else its version's prices.
import { sql } from 'kysely';
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { Money } from '../../core/money.ts';
import { findMeterOrThrow, findProductOrThrow } from '../catalog/service.ts';
import { effectivePrices, findEnrollmentOrThrow } from '../customers/service.ts';
import { createDraftInvoice, finalizeInvoice, sendInvoice, type InvoiceView } from '../invoices/service.ts';
import { aggregateUsage } from './aggregate.ts';
import { lockUsageExclusive } from './repository.ts';
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
  const { tenant } = ctx;
  const from = new Date(input.from);
  const to = new Date(input.to);
  assertRange(from, to);
  const enrollment = await findEnrollmentOrThrow(tx, tenant, input.customerId);
  await lockUsageExclusive(tx, enrollment.id);

  const overlap = await sql<{ invoice_id: string }>`
    select p.invoice_id from usage_invoiced_periods p join invoices i on i.id = p.invoice_id and i.status <> 'void'
    where p.account_id = ${tenant.accountId} and p.environment = ${tenant.environment} and p.enrollment_id = ${enrollment.id}
      and p.period_start < ${to} and p.period_end > ${from}
    limit 1`.execute(tx);
  if (overlap.rows[0]) {
    throw new AppError('usage_already_invoiced', `Usage of this enrollment in this range was already invoiced (invoice ${overlap.rows[0].invoice_id}); void it first to invoice again.`);
  }

  const product = await findProductOrThrow(tx, tenant, enrollment.product_id);
  const prices = await effectivePrices(tx, tenant, enrollment.id);
  const lines = [];
  for (const price of prices) {
    const meter = await findMeterOrThrow(tx, tenant, price.meterId);
    const [usage] = await aggregateUsage(tx, { tenant, enrollmentId: enrollment.id, meterId: meter.id, aggregation: meter.aggregation, from, to }, 'none');
    for (const line of usageLines(price, new Money(usage!.value), meter.name)) {
      lines.push({ type: 'usage', meterId: meter.id, priceId: price.id, description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, proration: false });
    }
  }

  let invoice = await createDraftInvoice(tx, ctx, { customerId: enrollment.id, currency: product.currency, periodStart: from, periodEnd: to, lines });
  await tx
    .insertInto('usage_invoiced_periods')
    .values({ account_id: tenant.accountId, environment: tenant.environment, enrollment_id: enrollment.id, period_start: from, period_end: to, invoice_id: invoice.id })
    .execute();
  if (input.send) {
    invoice = await finalizeInvoice(tx, ctx, invoice.id);
    // An invoice with nothing due is paid at finalization; there is nothing to ask for then.
    if (invoice.status === 'open') invoice = await sendInvoice(tx, ctx, invoice.id);
  }
  return invoice;
}
