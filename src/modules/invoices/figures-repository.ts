// SQL for the dashboard's figures of invoices (issue #32): revenue (paid invoices' totals) in a
// period by currency, and the open invoices awaiting payment. Tenant-scoped like every query.
import { sql } from 'kysely';
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';

export interface CurrencyTotal {
  currency: string;
  total: string;
  count: number;
}

/** The totals of invoices paid in [from, to), by currency (the sum in SQL numeric, exact). */
export async function paidRevenueByCurrency(ex: Executor, tenant: Tenant, from: Date, to: Date): Promise<CurrencyTotal[]> {
  const rows = await ex
    .selectFrom('invoices')
    .select(['currency', sql<string>`sum(total)::text`.as('total'), sql<string>`count(*)::text`.as('count')])
    .where(forTenant(tenant))
    .where('status', '=', 'paid')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  return rows.map((row) => ({ currency: row.currency, total: row.total, count: Number(row.count) }));
}

export interface OpenInvoiceSummary {
  id: string;
  invoiceNumber: string | null;
  customerId: string | null;
  currency: string;
  amountDue: string;
  dueDate: Date | null;
}

/** The open invoices, the longest overdue first (no due date last), at most `limit`. */
export async function listOpenInvoiceSummaries(ex: Executor, tenant: Tenant, limit: number): Promise<OpenInvoiceSummary[]> {
  const rows = await ex
    .selectFrom('invoices')
    .select(['id', 'invoice_number', 'customer_id', 'currency', 'amount_due', 'due_date'])
    .where(forTenant(tenant))
    .where('status', '=', 'open')
    .orderBy(sql`due_date asc nulls last`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, invoiceNumber: r.invoice_number, customerId: r.customer_id, currency: r.currency, amountDue: r.amount_due, dueDate: r.due_date }));
}
