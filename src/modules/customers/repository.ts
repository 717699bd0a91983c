// SQL for customers, enrollments and rate cards. Every query filters by account and environment.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import type { CustomerRow, EnrollmentRow, RateCardRow } from './tables.ts';

export async function insertCustomer(ex: Executor, row: CustomerRow): Promise<void> {
  await ex.insertInto('customers').values({ ...row, metadata: JSON.stringify(row.metadata) as never }).execute();
}

export async function findCustomer(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<CustomerRow | undefined> {
  let query = ex
    .selectFrom('customers')
    .selectAll()
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
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
  let query = ex.selectFrom('customers').selectAll().where('account_id', '=', tenant.accountId).where('environment', '=', tenant.environment);
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
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

// ---- enrollments ----

export async function insertEnrollment(ex: Executor, row: EnrollmentRow): Promise<void> {
  await ex.insertInto('enrollments').values(row).execute();
}

export async function findEnrollment(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<EnrollmentRow | undefined> {
  let query = ex
    .selectFrom('enrollments')
    .selectAll()
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listCustomerEnrollments(ex: Executor, tenant: Tenant, customerId: string, limit: number, afterId: string | null): Promise<EnrollmentRow[]> {
  let query = ex
    .selectFrom('enrollments')
    .selectAll()
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
    .where('customer_id', '=', customerId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

/** The customer's enrollment in the product that is not canceled, if any. */
export async function findLiveEnrollmentOfCustomer(ex: Executor, tenant: Tenant, customerId: string, productId: string): Promise<EnrollmentRow | undefined> {
  return ex
    .selectFrom('enrollments')
    .selectAll()
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
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
  let query = ex
    .selectFrom('enrollments as e')
    .innerJoin('customers as c', 'c.id', 'e.customer_id')
    .selectAll('e')
    .where('e.account_id', '=', tenant.accountId)
    .where('e.environment', '=', tenant.environment)
    .where('c.account_id', '=', tenant.accountId)
    .where('c.environment', '=', tenant.environment)
    .where('e.product_id', '=', productId)
    .where('e.status', '<>', 'canceled');
  query = refIsUuid
    ? query.where((eb) => eb.or([eb('c.id', '=', customerRef), eb('c.external_id', '=', customerRef)])).orderBy(sql`c.id = ${customerRef}`, 'desc')
    : query.where('c.external_id', '=', customerRef);
  return query.orderBy('e.id', 'desc').limit(1).executeTakeFirst();
}

// ---- rate cards ----

export async function insertRateCard(ex: Executor, row: RateCardRow): Promise<void> {
  await ex.insertInto('rate_cards').values(row).execute();
}

export async function findRateCard(ex: Executor, tenant: Tenant, id: string): Promise<RateCardRow | undefined> {
  return ex
    .selectFrom('rate_cards')
    .selectAll()
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findActiveRateCard(ex: Executor, tenant: Tenant, enrollmentId: string): Promise<RateCardRow | undefined> {
  return ex
    .selectFrom('rate_cards')
    .selectAll()
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
    .where('enrollment_id', '=', enrollmentId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function listRateCards(ex: Executor, tenant: Tenant, enrollmentId: string, limit: number, afterId: string | null): Promise<RateCardRow[]> {
  let query = ex
    .selectFrom('rate_cards')
    .selectAll()
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
    .where('enrollment_id', '=', enrollmentId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function softDeleteRateCard(ex: Executor, tenant: Tenant, id: string, at: Date): Promise<RateCardRow | undefined> {
  return ex
    .updateTable('rate_cards')
    .set({ deleted_at: at })
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
