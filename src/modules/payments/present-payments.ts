// Views of several payments of one tenant in one go: the account slug once, and the invoices'
// link tokens and payers in one query.
import type { UseCaseContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { getTenant } from '../accounts/index.ts';
import { toPaymentView, type PayerView, type PaymentView } from './payment-view.ts';
import * as repo from './repository.ts';
import type { PaymentRow } from './tables.ts';

/** The interface's `payer`: one-off invoice -> the customer id; usage or subscription invoice -> the enrollment id. */
function payerOf(row: repo.InvoicePayerRow): PayerView | null {
  const id = row.payer_id ?? row.enrollment_id;
  if (!id) return null;
  return { id, name: row.customer_name, email: row.customer_email };
}

export async function presentPayments(ex: Executor, ctx: UseCaseContext, rows: PaymentRow[], options: { payer: boolean }): Promise<PaymentView[]> {
  if (rows.length === 0) return [];
  if (!ctx.baseUrl) throw new Error('UseCaseContext.baseUrl is required to build payment links');
  const baseUrl = ctx.baseUrl;
  const { slug } = await getTenant(ex, ctx);
  const invoices = new Map((await repo.findInvoicePayers(ex, ctx.tenant, [...new Set(rows.map((r) => r.invoice_id))])).map((i) => [i.invoice_id, i]));
  return rows.map((row) => {
    const invoice = invoices.get(row.invoice_id);
    const view = toPaymentView(row, ctx, { baseUrl, accountSlug: slug, invoiceToken: invoice?.access_token ?? '' });
    if (options.payer) view.payer = invoice ? payerOf(invoice) : null;
    return view;
  });
}

export async function presentPayment(ex: Executor, ctx: UseCaseContext, row: PaymentRow, options: { payer: boolean } = { payer: false }): Promise<PaymentView> {
  const [view] = await presentPayments(ex, ctx, [row], options);
  return view!;
}
