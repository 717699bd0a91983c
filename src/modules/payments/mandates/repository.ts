// SQL for Pix Automático mandates, always filtered by tenant, except the lookup by connection of a
// PSP callback (the connection is the tenant's; its rows are reached only through it).
import type { Tenant } from '../../../core/context.ts';
import type { Executor } from '../../../db/database.ts';
import { forTenant } from '../../../db/tenancy.ts';
import type { PixMandateRow } from '../tables.ts';

export async function insertMandate(ex: Executor, row: PixMandateRow): Promise<void> {
  await ex.insertInto('pix_mandates').values(row).execute();
}

export async function findMandate(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<PixMandateRow | undefined> {
  let query = ex.selectFrom('pix_mandates').selectAll().where(forTenant(tenant)).where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** By the recurrence's id: the saved method `pix:{providerId}` names it. */
export async function findMandateByProviderId(ex: Executor, tenant: Tenant, providerId: string): Promise<PixMandateRow | undefined> {
  return ex.selectFrom('pix_mandates').selectAll().where(forTenant(tenant)).where('provider_id', '=', providerId).executeTakeFirst();
}

export async function findConnectionMandate(ex: Executor, connectionId: string, providerId: string): Promise<PixMandateRow | undefined> {
  return ex.selectFrom('pix_mandates').selectAll().where('connection_id', '=', connectionId).where('provider_id', '=', providerId).forUpdate().executeTakeFirst();
}

export async function listMandates(ex: Executor, tenant: Tenant, customerId: string | undefined, limit: number, afterId: string | null): Promise<PixMandateRow[]> {
  let query = ex.selectFrom('pix_mandates').selectAll().where(forTenant(tenant));
  if (customerId) query = query.where('customer_id', '=', customerId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function updateMandate(ex: Executor, id: string, patch: Partial<Pick<PixMandateRow, 'status' | 'failure_code' | 'qr_payload' | 'updated_at'>>): Promise<PixMandateRow> {
  return ex.updateTable('pix_mandates').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
