// SQL for download grants. Executor first, filtered by tenant; the lookup by token serves the
// keyless download route, whose token is the credential.
import type { Executor } from '../../db/database.ts';
import { forTenant, tenantOfRow } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { InvoiceRow } from '../invoices/index.ts';
import type { DownloadGrantRow } from './tables.ts';

/**
 * The products an invoice sells that have a deliverable: the products its lines name, and the
 * product of its enrollment (usage and subscription invoices). A read across the invoices,
 * enrollments and product_deliverables tables, so granting costs one query.
 */
export async function findDeliverableProducts(ex: Executor, tenant: Tenant, invoiceId: string): Promise<string[]> {
  const rows = await ex
    .selectFrom('product_deliverables as d')
    .select('d.product_id')
    .where(forTenant(tenant, 'd'))
    .where((eb) =>
      eb.or([
        eb(
          'd.product_id',
          'in',
          eb.selectFrom('invoice_line_items as l').select('l.product_id').where('l.invoice_id', '=', invoiceId).where('l.product_id', 'is not', null),
        ),
        eb(
          'd.product_id',
          'in',
          eb.selectFrom('invoices as i').innerJoin('enrollments as e', 'e.id', 'i.customer_id').select('e.product_id').where('i.id', '=', invoiceId),
        ),
      ]),
    )
    .orderBy('d.product_id')
    .execute();
  return rows.map((r) => r.product_id);
}

/** Inserts the grants that do not exist yet (one per payment and product); returns those inserted. */
export async function insertGrants(ex: Executor, rows: DownloadGrantRow[]): Promise<DownloadGrantRow[]> {
  if (rows.length === 0) return [];
  return ex
    .insertInto('download_grants')
    .values(rows)
    .onConflict((oc) => oc.columns(['payment_id', 'product_id']).doNothing())
    .returningAll()
    .execute();
}

export async function markEmailed(ex: Executor, tenant: Tenant, ids: string[], at: Date): Promise<DownloadGrantRow[]> {
  if (ids.length === 0) return [];
  return ex
    .updateTable('download_grants')
    .set({ email_sent_at: at })
    .where(forTenant(tenant))
    .where('id', 'in', ids)
    .returningAll()
    .execute();
}

export async function revokePaymentGrants(ex: Executor, tenant: Tenant, paymentId: string, at: Date): Promise<DownloadGrantRow[]> {
  return ex
    .updateTable('download_grants')
    .set({ revoked_at: at })
    .where(forTenant(tenant))
    .where('payment_id', '=', paymentId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .execute();
}

export async function listInvoiceGrants(ex: Executor, tenant: Tenant, invoiceId: string): Promise<DownloadGrantRow[]> {
  return ex
    .selectFrom('download_grants')
    .selectAll()
    .where(forTenant(tenant))
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
}

export async function findGrantByToken(ex: Executor, token: string): Promise<DownloadGrantRow | undefined> {
  return ex.selectFrom('download_grants').selectAll().where('token', '=', token).executeTakeFirst();
}

/** The invoice's customer (the payer of a one-off invoice, or the enrollment's customer) and its number. */
export async function findInvoiceRecipient(
  ex: Executor,
  tenant: Tenant,
  invoiceId: string,
): Promise<{ invoice_number: string | null; currency: string; name: string | null; email: string | null } | undefined> {
  return ex
    .selectFrom('invoices as i')
    .leftJoin('enrollments as e', 'e.id', 'i.customer_id')
    .leftJoin('customers as c', (join) => join.onRef('c.id', '=', (eb) => eb.fn.coalesce('i.payer_id', 'e.customer_id')))
    .select(['i.invoice_number', 'i.currency', 'c.name', 'c.email'])
    .where(forTenant(tenant, 'i'))
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();
}

/** The tokens of the invoice's download grants that still work. */
export async function listLiveGrants(ex: Executor, invoice: InvoiceRow): Promise<string[]> {
  const rows = await ex
    .selectFrom('download_grants')
    .select('token')
    .where(forTenant(tenantOfRow(invoice)))
    .where('invoice_id', '=', invoice.id)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.token);
}
