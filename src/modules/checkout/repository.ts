// SQL of the hosted pages. They take no key: an invoice is found by its id inside the account the
// URL's slug names, and only then is its access token compared (hosted-invoice.ts).
import type { Executor } from '../../db/database.ts';
import type { InvoiceLineItemRow, InvoiceRow } from '../invoices/tables.ts';

export async function findAccountInvoice(ex: Executor, accountId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
  return ex.selectFrom('invoices').selectAll().where('account_id', '=', accountId).where('id', '=', invoiceId).executeTakeFirst();
}

export async function listInvoiceLines(ex: Executor, invoice: InvoiceRow): Promise<InvoiceLineItemRow[]> {
  return ex
    .selectFrom('invoice_line_items')
    .selectAll()
    .where('account_id', '=', invoice.account_id)
    .where('environment', '=', invoice.environment)
    .where('invoice_id', '=', invoice.id)
    .orderBy('position')
    .execute();
}
