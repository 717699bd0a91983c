// SQL for the dashboard's figures of payments (issue #32): confirmed payments by method since a
// moment, and the latest failed ones. Tenant-scoped like every query.
import { sql } from 'kysely';
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { PaymentMethod, PaymentRow } from './tables.ts';

export interface MethodTotal {
  method: PaymentMethod;
  currency: string;
  count: number;
  amount: string;
}

/**
 * Payments confirmed at or after `since`, by method and currency. A payment later refunded or
 * charged back still counts (it was received; its status moved on), so the statuses read are
 * confirmed, refunded and charged_back, all with a confirmed_at.
 */
export async function confirmedPaymentsByMethod(ex: Executor, tenant: Tenant, since: Date): Promise<MethodTotal[]> {
  const rows = await ex
    .selectFrom('payments')
    .select(['method', 'currency', sql<string>`count(*)::text`.as('count'), sql<string>`sum(amount)::text`.as('amount')])
    .where(forTenant(tenant))
    .where('status', 'in', ['confirmed', 'refunded', 'charged_back'])
    .where('confirmed_at', '>=', since)
    .groupBy(['method', 'currency'])
    .orderBy('method')
    .orderBy('currency')
    .execute();
  return rows.map((r) => ({ method: r.method, currency: r.currency, count: Number(r.count), amount: r.amount }));
}

export interface FailedPaymentSummary {
  id: string;
  invoiceId: string;
  method: PaymentMethod;
  currency: string;
  amount: string;
  failureCode: string | null;
  failedAt: Date;
}

/**
 * Payments failed at or after `since`, the newest first, at most `limit`. Those failed as
 * `superseded` (a newer charge of the same invoice replaced them) and `expired` (an unpaid Pix or
 * boleto lapsed) need no one's attention, so they are left out.
 */
export async function listFailedPaymentSummaries(ex: Executor, tenant: Tenant, since: Date, limit: number): Promise<FailedPaymentSummary[]> {
  const rows = await ex
    .selectFrom('payments')
    .select(['id', 'invoice_id', 'method', 'currency', 'amount', 'failure_code', 'failed_at'])
    .where(forTenant(tenant))
    .where('status', '=', 'failed')
    .where('failed_at', '>=', since)
    .where((eb) => eb.or([eb('failure_code', 'is', null), eb('failure_code', 'not in', ['superseded', 'expired'])]))
    .orderBy('failed_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, invoiceId: r.invoice_id, method: r.method, currency: r.currency, amount: r.amount, failureCode: r.failure_code, failedAt: r.failed_at! }));
}

/** The payments of the given invoices (a customer's, read through the invoices door), newest first, at most `limit`. */
export async function listPaymentsOfInvoices(ex: Executor, tenant: Tenant, invoiceIds: readonly string[], limit: number): Promise<PaymentRow[]> {
  if (invoiceIds.length === 0) return [];
  return ex
    .selectFrom('payments')
    .selectAll()
    .where(forTenant(tenant))
    .where('invoice_id', 'in', invoiceIds)
    .where('charge_in_flight', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
