// SQL for payments and refunds. Executor first, always filtered by tenant (account + environment),
// except the lookups by credential of the keyless sandbox pages, which check the credential itself.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { forTenant, tenantOfRow } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { InvoiceRow } from '../invoices/index.ts';
import type { PaymentMethod, PaymentRow, PaymentStatus, RefundRow } from './tables.ts';

export async function insertPayment(ex: Executor, row: PaymentRow): Promise<void> {
  const inFlight = row.charge_in_flight === null ? null : (JSON.stringify(row.charge_in_flight) as never);
  await ex.insertInto('payments').values({ ...row, charge_in_flight: inFlight }).execute();
}

/** A reserved live charge (its processor call in flight), locked; undefined once recorded or released. */
export async function lockChargeInFlight(ex: Executor, tenant: Tenant, id: string): Promise<PaymentRow | undefined> {
  return ex.selectFrom('payments').selectAll().where(forTenant(tenant)).where('id', '=', id).where('charge_in_flight', 'is not', null).forUpdate().executeTakeFirst();
}

/** What the processor answered, on the reserved row: from now on an ordinary pending charge. */
export type SentChargePatch = Pick<
  PaymentRow,
  'provider_id' | 'pix_payload' | 'pix_qr_image' | 'provider_pix_payload' | 'boleto_line' | 'boleto_barcode' | 'boleto_due_date' | 'boleto_url' | 'expires_at'
>;

/** `supersededAt`: a later charge of the invoice is pending already, so this one is failed as `superseded` as it is recorded. */
export async function recordSentCharge(ex: Executor, tenant: Tenant, id: string, patch: SentChargePatch, supersededAt: Date | null): Promise<PaymentRow> {
  const superseded = supersededAt ? { status: 'failed' as const, failure_code: 'superseded', failed_at: supersededAt, updated_at: supersededAt } : {};
  return ex
    .updateTable('payments')
    .set({ ...patch, ...superseded, charge_in_flight: null })
    .where(forTenant(tenant))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The invoice's pending charge (at most one), if any. */
export async function findPendingPayment(ex: Executor, tenant: Tenant, invoiceId: string): Promise<PaymentRow | undefined> {
  return ex.selectFrom('payments').selectAll().where(forTenant(tenant)).where('invoice_id', '=', invoiceId).where('status', '=', 'pending').where('charge_in_flight', 'is', null).executeTakeFirst();
}

/** A reservation undone (its processor call failed, or its invoice moved meanwhile): as if never made. */
export async function deleteChargeInFlight(ex: Executor, tenant: Tenant, id: string): Promise<void> {
  await ex.deleteFrom('payments').where(forTenant(tenant)).where('id', '=', id).where('charge_in_flight', 'is not', null).execute();
}

/** Reserved live charges older than `before` (a crash between the call and the record), oldest first. */
export async function listStaleChargesInFlight(ex: Executor, before: Date, limit: number): Promise<PaymentRow[]> {
  return ex.selectFrom('payments').selectAll().where('charge_in_flight', 'is not', null).where('created_at', '<=', before).orderBy('created_at').limit(limit).execute();
}

/** The cycle runner's off-session charges of a subscription still in flight (reserved by its billing transaction, to send after it commits). */
export async function listOffSessionChargesInFlight(ex: Executor, tenant: Tenant, subscriptionId: string): Promise<PaymentRow[]> {
  return ex
    .selectFrom('payments')
    .selectAll()
    .where(forTenant(tenant))
    .where('charge_in_flight', 'is not', null)
    .where(sql<string>`charge_in_flight->'offSession'->>'subscriptionId'`, '=', subscriptionId)
    .orderBy('id')
    .execute();
}

/** Whether a charge of the invoice is in flight (reserved, not recorded). */
export async function hasChargeInFlight(ex: Executor, tenant: Tenant, invoiceId: string): Promise<boolean> {
  const row = await ex.selectFrom('payments').select('id').where(forTenant(tenant)).where('invoice_id', '=', invoiceId).where('charge_in_flight', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

/** One payment of the tenant; `forUpdate` locks it until the transaction ends (state changes). */
export async function findPayment(ex: Executor, tenant: Tenant, id: string, options: { forUpdate?: boolean } = {}): Promise<PaymentRow | undefined> {
  let query = ex
    .selectFrom('payments')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id)
    .where('charge_in_flight', 'is', null);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A payment by id alone, for the keyless sandbox pages: the caller checks the token or secret. */
export async function findPaymentById(ex: Executor, id: string): Promise<PaymentRow | undefined> {
  return ex.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPaymentByConfirmToken(ex: Executor, token: string): Promise<PaymentRow | undefined> {
  return ex.selectFrom('payments').selectAll().where('confirm_token', '=', token).executeTakeFirst();
}

/** The invoice's pending charge, locked (at most one: the unique index payments_one_pending). */
/**
 * Fails the invoice's pending charge, if any, as `superseded` in one statement (the caller holds the
 * invoice's lock, so no other charge of it moves meanwhile); answers the row as it is now.
 */
export async function supersedePendingPayment(ex: Executor, tenant: Tenant, invoiceId: string, now: Date): Promise<PaymentRow | undefined> {
  return ex
    .updateTable('payments')
    .set({ status: 'failed', failure_code: 'superseded', failed_at: now, updated_at: now })
    .where(forTenant(tenant))
    .where('invoice_id', '=', invoiceId)
    .where('status', '=', 'pending')
    .where('charge_in_flight', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export type PaymentPatch = Partial<
  Pick<PaymentRow, 'status' | 'refunded_amount' | 'failure_code' | 'failed_at' | 'confirmed_at' | 'charged_back_at' | 'charge_token_used_at' | 'provider_id'>
> & { updated_at: Date };

export async function updatePayment(ex: Executor, tenant: Tenant, id: string, patch: PaymentPatch): Promise<PaymentRow> {
  return ex
    .updateTable('payments')
    .set(patch)
    .where(forTenant(tenant))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface PaymentFilter {
  status?: PaymentStatus;
  method?: PaymentMethod;
  invoiceId?: string;
  createdFrom?: Date;
  createdTo?: Date;
}

export async function listPayments(ex: Executor, tenant: Tenant, filter: PaymentFilter, limit: number, afterId: string | null): Promise<PaymentRow[]> {
  let query = ex.selectFrom('payments').selectAll().where(forTenant(tenant)).where('charge_in_flight', 'is', null);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.method) query = query.where('method', '=', filter.method);
  if (filter.invoiceId) query = query.where('invoice_id', '=', filter.invoiceId);
  if (filter.createdFrom) query = query.where('created_at', '>=', filter.createdFrom);
  if (filter.createdTo) query = query.where('created_at', '<', filter.createdTo);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

/** Pending charges whose Pix code or boleto lapsed before `now`, oldest first, locked and skipped by other sweepers. */
export async function lockLapsedPayments(ex: Executor, now: Date, limit: number): Promise<PaymentRow[]> {
  return ex
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    // A live charge lapses when its processor says so (events, or the repair poller's read-back).
    .where('connection_id', 'is', null)
    .orderBy('expires_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function insertRefund(ex: Executor, row: RefundRow): Promise<void> {
  const inFlight = row.refund_in_flight === null ? null : (JSON.stringify(row.refund_in_flight) as never);
  await ex.insertInto('refunds').values({ ...row, refund_in_flight: inFlight }).execute();
}

/** A live refund reserved and not recorded yet, locked; undefined once recorded or released. */
export async function lockRefundInFlight(ex: Executor, tenant: Tenant, id: string): Promise<RefundRow | undefined> {
  return ex.selectFrom('refunds').selectAll().where(forTenant(tenant)).where('id', '=', id).where('refund_in_flight', 'is not', null).forUpdate().executeTakeFirst();
}

/** The processor's answer on the reserved refund: from now on an ordinary refund (pending or succeeded). */
export async function recordSentRefund(ex: Executor, tenant: Tenant, id: string, patch: Pick<RefundRow, 'status' | 'provider_refund_id'>): Promise<RefundRow> {
  return ex.updateTable('refunds').set({ ...patch, refund_in_flight: null }).where(forTenant(tenant)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteRefundInFlight(ex: Executor, tenant: Tenant, id: string): Promise<void> {
  await ex.deleteFrom('refunds').where(forTenant(tenant)).where('id', '=', id).where('refund_in_flight', 'is not', null).execute();
}

/** One refund of the tenant, recorded or in flight. */
export async function findRefund(ex: Executor, tenant: Tenant, id: string): Promise<RefundRow | undefined> {
  return ex.selectFrom('refunds').selectAll().where(forTenant(tenant)).where('id', '=', id).executeTakeFirst();
}

/** Whether a refund of the payment is being asked of its processor (its events about an unknown refund wait for the record). */
export async function hasRefundInFlight(ex: Executor, tenant: Tenant, paymentId: string): Promise<boolean> {
  const row = await ex.selectFrom('refunds').select('id').where(forTenant(tenant)).where('payment_id', '=', paymentId).where('refund_in_flight', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

/** Reserved live refunds older than `before` (a crash between the call and the record), oldest first. */
export async function listStaleRefundsInFlight(ex: Executor, before: Date, limit: number): Promise<RefundRow[]> {
  return ex.selectFrom('refunds').selectAll().where('refund_in_flight', 'is not', null).where('created_at', '<=', before).orderBy('created_at').limit(limit).execute();
}

/** What a payment's pending (live) refunds hold back from what is left to refund. */
export async function pendingRefundTotal(ex: Executor, tenant: Tenant, paymentId: string): Promise<string> {
  const row = await ex
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'))
    .where(forTenant(tenant))
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return String(row.total);
}

export async function findRefundByProviderId(ex: Executor, tenant: Tenant, paymentId: string, providerRefundId: string, options: { forUpdate?: boolean } = {}): Promise<RefundRow | undefined> {
  let query = ex.selectFrom('refunds').selectAll().where(forTenant(tenant)).where('payment_id', '=', paymentId).where('provider_refund_id', '=', providerRefundId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateRefund(ex: Executor, tenant: Tenant, id: string, patch: Partial<Pick<RefundRow, 'status'>>): Promise<RefundRow> {
  return ex.updateTable('refunds').set(patch).where(forTenant(tenant)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A live payment of a connection by the processor's reference (processor events, any tenant). */
export async function findPaymentByProvider(ex: Executor, connectionId: string, providerId: string): Promise<PaymentRow | undefined> {
  return ex.selectFrom('payments').selectAll().where('connection_id', '=', connectionId).where('provider_id', '=', providerId).orderBy('created_at', 'desc').executeTakeFirst();
}

/** A live payment of a connection by the reference the processor knows it by (processor events naming it, any tenant). */
export async function findConnectionPayment(ex: Executor, connectionId: string, reference: string): Promise<PaymentRow | undefined> {
  // A charge in flight is not one yet: an event naming it waits for its record.
  return ex
    .selectFrom('payments')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .where('processor_reference', '=', reference)
    .where('charge_in_flight', 'is', null)
    .executeTakeFirst();
}

/** The processor's reference of a live charge, once the processor gives its own (processor_a: the session's id, then the pspReference). */
export async function adoptProviderId(ex: Executor, paymentId: string, providerId: string): Promise<PaymentRow> {
  return ex.updateTable('payments').set({ provider_id: providerId }).where('id', '=', paymentId).returningAll().executeTakeFirstOrThrow();
}

/** Live charges still pending since before `before` (the repair poller), oldest first. */
export async function listStalePendingLive(ex: Executor, before: Date, limit: number): Promise<PaymentRow[]> {
  return ex
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('connection_id', 'is not', null)
    .where('charge_in_flight', 'is', null)
    .where('created_at', '<=', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function listRefunds(ex: Executor, tenant: Tenant, paymentId: string, limit: number, afterId: string | null): Promise<RefundRow[]> {
  let query = ex
    .selectFrom('refunds')
    .selectAll()
    .where(forTenant(tenant))
    .where('payment_id', '=', paymentId)
    // A refund in flight is not one yet: it shows once its processor's answer is recorded.
    .where('refund_in_flight', 'is', null);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

/**
 * What a payment's view needs of its invoice: the link token (hosted page, boleto page) and who it
 * bills (`payer`: the customer of a one-off invoice, or the enrollment of a usage or subscription
 * one). A read-only join on the invoices and customers tables, kept here so a page of payments
 * costs one query.
 */
export interface InvoicePayerRow {
  invoice_id: string;
  access_token: string;
  payer_id: string | null;
  enrollment_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
}

export async function findInvoicePayers(ex: Executor, tenant: Tenant, invoiceIds: string[]): Promise<InvoicePayerRow[]> {
  if (invoiceIds.length === 0) return [];
  return ex
    .selectFrom('invoices as i')
    .leftJoin('enrollments as e', 'e.id', 'i.customer_id')
    .leftJoin('customers as c', (join) => join.on(sql`c.id`, '=', sql`coalesce(i.payer_id, e.customer_id)`))
    .select(['i.id as invoice_id', 'i.access_token', 'i.payer_id', 'i.customer_id as enrollment_id', 'c.name as customer_name', 'c.email as customer_email'])
    .where(forTenant(tenant, 'i'))
    .where('i.id', 'in', invoiceIds)
    .execute();
}

export async function findInvoiceNumber(ex: Executor, tenant: Tenant, invoiceId: string): Promise<string | null> {
  const row = await ex
    .selectFrom('invoices')
    .select('invoice_number')
    .where(forTenant(tenant))
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  return row?.invoice_number ?? null;
}

// ---- for the hosted invoice page: the payments of one invoice, always inside its tenant ----

/** The invoice's newest charge (a pending one first: at most one exists). */
export async function findLatestPayment(ex: Executor, invoice: InvoiceRow): Promise<PaymentRow | undefined> {
  return ex
    .selectFrom('payments')
    .selectAll()
    .where(forTenant(tenantOfRow(invoice)))
    .where('invoice_id', '=', invoice.id)
    .where('charge_in_flight', 'is', null)
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
