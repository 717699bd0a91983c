import type { Executor, Tx } from '../db/database.ts';
import { forTenant } from '../db/tenancy.ts';
import type { Tenant } from '../core/context.ts';
import type { AuditEntryRow } from './audit-tables.ts';

export async function insertAuditEntry(tx: Tx, row: AuditEntryRow): Promise<void> {
  await tx.insertInto('audit_entries').values(row).execute();
}

export interface AuditFilter {
  actorType?: AuditEntryRow['actor_type'];
  actorId?: string;
  resourceId?: string;
}

/** The tenant's entries newest first (ids are UUIDv7), `limit + 1` of them for toPage. */
export async function listAuditEntries(ex: Executor, tenant: Tenant, filter: AuditFilter, limit: number, afterId: string | null): Promise<AuditEntryRow[]> {
  let query = ex.selectFrom('audit_entries').selectAll().where(forTenant(tenant));
  if (filter.actorType) query = query.where('actor_type', '=', filter.actorType);
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  if (filter.resourceId) query = query.where('resource_id', '=', filter.resourceId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}
