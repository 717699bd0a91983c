// SQL of the hosted pages. They take no key: an invoice is found by its id inside the account the
// URL's slug names, and only then is its access token compared (hosted-invoice.ts).
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { forTenant, tenantOfRow } from '../../db/tenancy.ts';
import type { InvoiceLineItemRow, InvoiceRow } from '../../modules/invoices/index.ts';
import type { PaymentRow } from '../../modules/payments/index.ts';

export async function findAccountInvoice(ex: Executor, accountId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
  return ex.selectFrom('invoices').selectAll().where('account_id', '=', accountId).where('id', '=', invoiceId).executeTakeFirst();
}

export async function listInvoiceLines(ex: Executor, invoice: InvoiceRow): Promise<InvoiceLineItemRow[]> {
  return ex
    .selectFrom('invoice_line_items')
    .selectAll()
    .where(forTenant(tenantOfRow(invoice)))
    .where('invoice_id', '=', invoice.id)
    .orderBy('position')
    .execute();
}

// Payments and grants of one invoice, always inside its tenant.
/** The invoice's newest charge (a pending one first: at most one exists). */
export async function findLatestPayment(ex: Executor, invoice: InvoiceRow): Promise<PaymentRow | undefined> {
  return ex
    .selectFrom('payments')
    .selectAll()
    .where(forTenant(tenantOfRow(invoice)))
    .where('invoice_id', '=', invoice.id)
    .orderBy(sql`case when status = 'pending' then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The charge that paid the invoice (confirmed, possibly refunded in part or in full since). */
export async function findConfirmedPayment(ex: Executor, invoice: InvoiceRow): Promise<PaymentRow | undefined> {
  return ex
    .selectFrom('payments')
    .selectAll()
    .where(forTenant(tenantOfRow(invoice)))
    .where('invoice_id', '=', invoice.id)
    .where('confirmed_at', 'is not', null)
    .orderBy('confirmed_at', 'asc')
    .limit(1)
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
