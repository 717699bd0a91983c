// SQL for customers, enrollments and rate cards. Every query filters by account and environment.
import type { Executor } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import type { CustomerRow } from './tables.ts';

export async function insertCustomer(ex: Executor, row: CustomerRow): Promise<void> {
  await ex.insertInto('customers').values({ ...row, metadata: JSON.stringify(row.metadata) as never }).execute();
}

export async function findCustomer(ex: Executor, tenant: Tenant, id: string): Promise<CustomerRow | undefined> {
  return ex
    .selectFrom('customers')
    .selectAll()
    .where('account_id', '=', tenant.accountId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', id)
    .executeTakeFirst();
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
