import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { EventRow } from './tables.ts';

export async function insertEvent(ex: Executor, row: EventRow): Promise<void> {
  await ex.insertInto('events').values({ ...row, data: JSON.stringify(row.data) }).execute();
}

export async function insertEvents(ex: Executor, rows: readonly EventRow[]): Promise<void> {
  if (rows.length > 0) await ex.insertInto('events').values(rows.map((row) => ({ ...row, data: JSON.stringify(row.data) }))).execute();
}

export async function listEvents(ex: Executor, tenant: Tenant, filter: { type?: string }, limit: number, afterId: string | null): Promise<EventRow[]> {
  let query = ex.selectFrom('events').selectAll().where(forTenant(tenant));
  if (filter.type) query = query.where('type', '=', filter.type);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function findEvent(ex: Executor, tenant: Tenant, id: string): Promise<EventRow | undefined> {
  return ex
    .selectFrom('events')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether the tenant has an event dated after `instant` (a sandbox test clock ahead of the real time wrote it). */
export async function hasEventAfter(ex: Executor, tenant: Tenant, instant: Date): Promise<boolean> {
  const row = await ex.selectFrom('events').select('id').where(forTenant(tenant)).where('created_at', '>', instant).limit(1).executeTakeFirst();
  return row !== undefined;
}
