// SQL for invoices, their line items and the invoice number counter. Executor first, always
// filtered by tenant (account + environment).
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { forTenant, tenantColumns } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { InvoiceLineItemRow, InvoiceRow, InvoiceStatus } from './tables.ts';

export async function insertInvoice(ex: Executor, row: InvoiceRow): Promise<void> {
  await ex.insertInto('invoices').values(row).execute();
}

export async function insertLineItems(ex: Executor, rows: InvoiceLineItemRow[]): Promise<void> {
  if (rows.length > 0) await ex.insertInto('invoice_line_items').values(rows).execute();
}

/** One invoice of the tenant; `forUpdate` locks it until the transaction ends (state changes). */
export async function findInvoice(ex: Executor, tenant: Tenant, id: string, options: { forUpdate?: boolean } = {}): Promise<InvoiceRow | undefined> {
  let query = ex
    .selectFrom('invoices')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listLineItems(ex: Executor, tenant: Tenant, invoiceIds: string[]): Promise<InvoiceLineItemRow[]> {
  if (invoiceIds.length === 0) return [];
  return ex
    .selectFrom('invoice_line_items')
    .selectAll()
    .where(forTenant(tenant))
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('invoice_id')
    .orderBy('position')
    .execute();
}

export interface InvoiceFilter {
  status?: InvoiceStatus;
  /** An enrollment id (the invoice's customerId) or a customer id (its payerId). */
  customerId?: string;
  subscriptionId?: string;
}

export async function listInvoices(ex: Executor, tenant: Tenant, filter: InvoiceFilter, limit: number, afterId: string | null): Promise<InvoiceRow[]> {
  let query = ex.selectFrom('invoices').selectAll().where(forTenant(tenant));
  if (filter.status) query = query.where('status', '=', filter.status);
  const customerId = filter.customerId;
  if (customerId) query = query.where((eb) => eb.or([eb('customer_id', '=', customerId), eb('payer_id', '=', customerId)]));
  if (filter.subscriptionId) query = query.where('subscription_id', '=', filter.subscriptionId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export type InvoicePatch = Partial<Pick<InvoiceRow, 'status' | 'invoice_number' | 'amount_due' | 'due_date' | 'finalized_at' | 'paid_at'>> & { updated_at: Date };

export async function updateInvoice(ex: Executor, tenant: Tenant, id: string, patch: InvoicePatch): Promise<InvoiceRow> {
  return ex
    .updateTable('invoices')
    .set(patch)
    .where(forTenant(tenant))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The tenant's next invoice number. The counter row stays locked until the caller's transaction
 * ends, so concurrent finalizations take turns, and a rollback gives the number back: no gaps.
 */
export async function takeNextInvoiceNumber(ex: Executor, tenant: Tenant): Promise<bigint> {
  const row = await ex
    .insertInto('invoice_number_counters')
    .values({ ...tenantColumns(tenant), last_number: '1' })
    .onConflict((oc) => oc.columns(['account_id', 'environment']).doUpdateSet({ last_number: sql<string>`invoice_number_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return BigInt(row.last_number);
}
