// SQL for customers, enrollments and rate cards. Every query filters by account and environment.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { forTenant, tenantSql } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { CustomerRow, EnrollmentRow, RateCardRow } from './tables.ts';

export async function insertCustomer(ex: Executor, row: CustomerRow): Promise<void> {
  await ex.insertInto('customers').values({ ...row, metadata: JSON.stringify(row.metadata) as never }).execute();
}

export async function findCustomer(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<CustomerRow | undefined> {
  let query = ex
    .selectFrom('customers')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listCustomers(
  ex: Executor,
  tenant: Tenant,
  filter: { email?: string; externalId?: string },
  limit: number,
  afterId: string | null,
): Promise<CustomerRow[]> {
  let query = ex.selectFrom('customers').selectAll().where(forTenant(tenant));
  if (filter.email !== undefined) query = query.where('email', '=', filter.email);
  if (filter.externalId !== undefined) query = query.where('external_id', '=', filter.externalId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export type CustomerChanges = Partial<Pick<CustomerRow, 'name' | 'email' | 'document' | 'document_type' | 'external_id' | 'metadata'>> & {
  updated_at: Date;
};

export async function updateCustomer(ex: Executor, tenant: Tenant, id: string, changes: CustomerChanges): Promise<CustomerRow | undefined> {
  const values = changes.metadata !== undefined ? { ...changes, metadata: JSON.stringify(changes.metadata) as never } : changes;
  return ex
    .updateTable('customers')
    .set(values)
    .where(forTenant(tenant))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

// ---- enrollments ----

export async function insertEnrollment(ex: Executor, row: EnrollmentRow): Promise<void> {
  await ex.insertInto('enrollments').values(row).execute();
}

export async function updateEnrollment(ex: Executor, tenant: Tenant, id: string, changes: Partial<Pick<EnrollmentRow, 'status' | 'product_version_id'>>, at: Date): Promise<void> {
  await ex.updateTable('enrollments').set({ ...changes, updated_at: at }).where(forTenant(tenant)).where('id', '=', id).execute();
}

export async function findEnrollment(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<EnrollmentRow | undefined> {
  let query = ex
    .selectFrom('enrollments')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listCustomerEnrollments(ex: Executor, tenant: Tenant, customerId: string, limit: number, afterId: string | null): Promise<EnrollmentRow[]> {
  let query = ex
    .selectFrom('enrollments')
    .selectAll()
    .where(forTenant(tenant))
    .where('customer_id', '=', customerId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

/** The customer's enrollment in the product that is not canceled, if any. */
export async function findLiveEnrollmentOfCustomer(ex: Executor, tenant: Tenant, customerId: string, productId: string): Promise<EnrollmentRow | undefined> {
  return ex
    .selectFrom('enrollments')
    .selectAll()
    .where(forTenant(tenant))
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .where('status', '<>', 'canceled')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The newest enrollment of a customer in a product that is not canceled. `customerRef` is the
 * customer id or its externalId (an id match wins). One query on the enrollments_customer_product
 * index and the customers primary key / external_id unique index.
 */
export async function findLiveEnrollment(ex: Executor, tenant: Tenant, customerRef: string, productId: string, refIsUuid: boolean): Promise<EnrollmentRow | undefined> {
  // Two index probes, the id first: one query with `c.id = ref or c.external_id = ref` joined to
  // every enrollment of the product scanned customers per enrollment (20 s at 6,000 subscribers).
  if (refIsUuid) {
    const byId = await findLiveEnrollmentOfCustomer(ex, tenant, customerRef, productId);
    if (byId) return byId;
  }
  // By externalId: the customer and its newest live enrollment in one statement (the Rail resolves
  // its agent this way on every paid request), the same two index probes as a lateral join.
  return ex
    .selectFrom('customers as c')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('enrollments')
          .selectAll()
          .where(forTenant(tenant, 'enrollments'))
          .whereRef('enrollments.customer_id', '=', 'c.id')
          .where('enrollments.product_id', '=', productId)
          .where('enrollments.status', '<>', 'canceled')
          .orderBy('enrollments.id', 'desc')
          .limit(1)
          .as('e'),
      (join) => join.onTrue(),
    )
    .selectAll('e')
    .where(forTenant(tenant, 'c'))
    .where('c.external_id', '=', customerRef)
    .executeTakeFirst();
}

// ---- rate cards ----

export async function insertRateCard(ex: Executor, row: RateCardRow): Promise<void> {
  await ex.insertInto('rate_cards').values(row).execute();
}

export async function findRateCard(ex: Executor, tenant: Tenant, id: string): Promise<RateCardRow | undefined> {
  return ex
    .selectFrom('rate_cards')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The card pricing the enrollment's usage at instant `at`, if any. */
export async function findRateCardInEffect(ex: Executor, tenant: Tenant, enrollmentId: string, at: Date): Promise<RateCardRow | undefined> {
  return ex
    .selectFrom('rate_cards')
    .selectAll()
    .where(forTenant(tenant))
    .where('enrollment_id', '=', enrollmentId)
    .where('effective_from', '<=', at)
    .where((eb) => eb.or([eb('effective_to', 'is', null), eb('effective_to', '>', at)]))
    .executeTakeFirst();
}

/** The cards pricing some instant of [from, to) (cards that never took effect excluded), by start. */
export async function rateCardsInRange(ex: Executor, tenant: Tenant, enrollmentId: string, from: Date, to: Date): Promise<RateCardRow[]> {
  return ex
    .selectFrom('rate_cards')
    .selectAll()
    .where(forTenant(tenant))
    .where('enrollment_id', '=', enrollmentId)
    .where('effective_from', '<', to)
    .where((eb) => eb.or([eb('effective_to', 'is', null), eb.and([eb('effective_to', '>', from), eb('effective_to', '>', eb.ref('effective_from'))])]))
    .orderBy('effective_from')
    .execute();
}

/** A card of the enrollment that still prices some instant at or after `at`, if any. */
export async function findRateCardEndingAfter(ex: Executor, tenant: Tenant, enrollmentId: string, at: Date): Promise<RateCardRow | undefined> {
  return ex
    .selectFrom('rate_cards')
    .selectAll()
    .where(forTenant(tenant))
    .where('enrollment_id', '=', enrollmentId)
    .where((eb) => eb.or([eb('effective_to', 'is', null), eb.and([eb('effective_to', '>', at), eb('effective_to', '>', eb.ref('effective_from'))])]))
    .orderBy('effective_from')
    .executeTakeFirst();
}

export interface InvoicedPeriod {
  invoice_id: string;
  period_start: Date;
  period_end: Date;
}

/**
 * The earliest period of [from, to) already billed by an invoice that is not void. The table is
 * metering's (migration 0007); a card must not start inside such a period, since it would reprice
 * usage an issued invoice has billed.
 */
export async function findInvoicedPeriod(ex: Executor, tenant: Tenant, enrollmentId: string, from: Date, to: Date): Promise<InvoicedPeriod | undefined> {
  const result = await sql<InvoicedPeriod>`
    select p.invoice_id, p.period_start, p.period_end from usage_invoiced_periods p
    join invoices i on i.id = p.invoice_id and i.status <> 'void'
    where ${tenantSql(tenant, 'p')} and p.enrollment_id = ${enrollmentId}
      and p.period_start < ${to} and p.period_end > ${from}
    order by p.period_start limit 1`.execute(ex);
  return result.rows[0];
}

export async function listRateCards(ex: Executor, tenant: Tenant, enrollmentId: string, limit: number, afterId: string | null): Promise<RateCardRow[]> {
  let query = ex
    .selectFrom('rate_cards')
    .selectAll()
    .where(forTenant(tenant))
    .where('enrollment_id', '=', enrollmentId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

/** Deletes a card: it ends now, or where it starts when it has not taken effect yet. */
export async function endRateCard(ex: Executor, tenant: Tenant, id: string, at: Date): Promise<RateCardRow | undefined> {
  return ex
    .updateTable('rate_cards')
    .set({ deleted_at: at, effective_to: sql<Date>`greatest(${at}::timestamptz, effective_from)` })
    .where(forTenant(tenant))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
