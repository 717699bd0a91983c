// SQL for meters.
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { MeterRow } from './tables.ts';

export async function insertMeter(ex: Executor, row: MeterRow): Promise<void> {
  await ex.insertInto('meters').values(row).execute();
}

export async function findMeter(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<MeterRow | undefined> {
  let query = ex
    .selectFrom('meters')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findMetersByKeys(ex: Executor, tenant: Tenant, keys: string[]): Promise<MeterRow[]> {
  if (keys.length === 0) return [];
  return ex
    .selectFrom('meters')
    .selectAll()
    .where(forTenant(tenant))
    .where('key', 'in', keys)
    .execute();
}

export async function listMeters(ex: Executor, tenant: Tenant, limit: number, afterId: string | null): Promise<MeterRow[]> {
  let query = ex.selectFrom('meters').selectAll().where(forTenant(tenant));
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export type MeterChanges = Partial<Pick<MeterRow, 'name' | 'aggregation' | 'unit' | 'property'>> & { updated_at: Date };

export async function updateMeter(ex: Executor, tenant: Tenant, id: string, changes: MeterChanges): Promise<MeterRow> {
  return ex
    .updateTable('meters')
    .set(changes)
    .where(forTenant(tenant))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** True when a version that was ever published, or any rate card, prices the meter. */
export async function isMeterPriced(ex: Executor, tenant: Tenant, meterId: string): Promise<boolean> {
  const row = await ex
    .selectFrom('prices')
    .leftJoin('product_versions', 'product_versions.id', 'prices.version_id')
    .select('prices.id')
    .where(forTenant(tenant, 'prices'))
    .where('prices.meter_id', '=', meterId)
    .where((eb) => eb.or([eb('prices.rate_card_id', 'is not', null), eb('product_versions.published_at', 'is not', null)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
