// What the dashboard's customer page shows (issue #32): the customer (with its credit balances),
// its newest invoices and the payments of those invoices, read through the customers, invoices
// and payments doors in the session's tenant, and its billing activity (customer-activity.ts). Undefined for a malformed id or one of no customer
// of this tenant (another account's included): the page answers 404 alike.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';
import type { Executor } from '../../db/database.ts';
import { getCustomer, type CustomerView } from '../../modules/customers/index.ts';
import { listInvoices, type InvoiceView } from '../../modules/invoices/index.ts';
import { listPaymentsOfInvoices, type PaymentRow } from '../../modules/payments/index.ts';
import { loadCustomerActivity, type ApiRead, type CustomerActivity } from './customer-activity.ts';

/** How many invoices (and payments of them) the customer page lists, the newest first. */
export const CUSTOMER_PAGE_ROWS = 20;

export interface CustomerDetail {
  customer: CustomerView;
  invoices: InvoiceView[];
  payments: PaymentRow[];
  activity: CustomerActivity;
}

export async function loadCustomerDetail(ex: Executor, ctx: UseCaseContext, id: string, read: ApiRead): Promise<CustomerDetail | undefined> {
  if (!isUuid(id)) return undefined;
  let customer: CustomerView;
  try {
    customer = await getCustomer(ex, ctx, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  }
  const invoices = (await listInvoices(ex, ctx, { customerId: id }, { limit: CUSTOMER_PAGE_ROWS, afterId: null })).items;
  const payments = await listPaymentsOfInvoices(ex, ctx.tenant, invoices.map((invoice) => invoice.id), CUSTOMER_PAGE_ROWS);
  const activity = await loadCustomerActivity(ex, ctx, id, read);
  return { customer, invoices, payments, activity };
}
