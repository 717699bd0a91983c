// SQL for storefronts and their orders.
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { StorefrontOrderRow, StorefrontRow } from './tables.ts';

const jsonb = (value: unknown) => JSON.stringify(value) as never;

export async function insertStorefront(ex: Executor, row: StorefrontRow): Promise<void> {
  await ex
    .insertInto('storefronts')
    .values({ ...row, theme: jsonb(row.theme), product_ids: jsonb(row.product_ids) })
    .execute();
}

export async function findStorefront(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<StorefrontRow | undefined> {
  let query = ex.selectFrom('storefronts').selectAll().where(forTenant(tenant)).where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The shop of a public slug, whatever its account: the caller checks status and account. */
export async function findStorefrontBySlug(ex: Executor, slug: string): Promise<StorefrontRow | undefined> {
  return ex.selectFrom('storefronts').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function listStorefronts(ex: Executor, tenant: Tenant, limit: number, afterId: string | null): Promise<StorefrontRow[]> {
  let query = ex.selectFrom('storefronts').selectAll().where(forTenant(tenant));
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export type StorefrontChanges = Partial<Omit<StorefrontRow, 'id' | 'account_id' | 'environment' | 'created_at'>>;

export async function updateStorefront(ex: Executor, tenant: Tenant, id: string, changes: StorefrontChanges): Promise<StorefrontRow> {
  const values = {
    ...changes,
    ...(changes.theme !== undefined && { theme: jsonb(changes.theme) }),
    ...(changes.product_ids !== undefined && { product_ids: jsonb(changes.product_ids) }),
  };
  return ex
    .updateTable('storefronts')
    .set(values)
    .where(forTenant(tenant))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertOrder(ex: Executor, row: StorefrontOrderRow): Promise<void> {
  await ex
    .insertInto('storefront_orders')
    .values({ ...row, items: jsonb(row.items), address: row.address === null ? null : jsonb(row.address) })
    .execute();
}
