// SQL for products, versions and prices. Every query filters by account and environment.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { forTenant, tenantSql } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { PriceRow, ProductRow, ProductVersionRow } from './tables.ts';

const jsonb = (value: unknown) => JSON.stringify(value) as never;

// ---- products ----

/** Inserts the product unless its key exists (waiting for a concurrent insert to settle); true when inserted. */
export async function insertProductIfAbsent(ex: Executor, row: ProductRow): Promise<boolean> {
  const inserted = await ex
    .insertInto('products')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'environment', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findProduct(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<ProductRow | undefined> {
  let query = ex
    .selectFrom('products')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findProductByKey(ex: Executor, tenant: Tenant, key: string, forUpdate = false): Promise<ProductRow | undefined> {
  let query = ex
    .selectFrom('products')
    .selectAll()
    .where(forTenant(tenant))
    .where('key', '=', key);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listProducts(ex: Executor, tenant: Tenant, filter: { key?: string }, limit: number, afterId: string | null): Promise<ProductRow[]> {
  let query = ex.selectFrom('products').selectAll().where(forTenant(tenant));
  if (filter.key !== undefined) query = query.where('key', '=', filter.key);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export type ProductChanges = Partial<Pick<ProductRow, 'name' | 'description' | 'image_url' | 'requires_shipping'>> & { updated_at: Date };

export async function updateProduct(ex: Executor, tenant: Tenant, id: string, changes: ProductChanges): Promise<ProductRow | undefined> {
  return ex
    .updateTable('products')
    .set(changes)
    .where(forTenant(tenant))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

// ---- versions ----

export async function insertVersion(ex: Executor, row: ProductVersionRow): Promise<void> {
  await ex.insertInto('product_versions').values({ ...row, grants: jsonb(row.grants) }).execute();
}

export async function findVersion(ex: Executor, tenant: Tenant, id: string): Promise<ProductVersionRow | undefined> {
  return ex
    .selectFrom('product_versions')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listVersions(ex: Executor, tenant: Tenant, productId: string, limit: number, afterId: string | null): Promise<ProductVersionRow[]> {
  let query = ex
    .selectFrom('product_versions')
    .selectAll()
    .where(forTenant(tenant))
    .where('product_id', '=', productId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

/** The version pricing is compared against: the latest published one, else the latest one. */
export async function findCurrentVersion(ex: Executor, tenant: Tenant, productId: string): Promise<ProductVersionRow | undefined> {
  return ex
    .selectFrom('product_versions')
    .selectAll()
    .where(forTenant(tenant))
    .where('product_id', '=', productId)
    .orderBy(sql`status = 'published'`, 'desc')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findDefaultVersion(ex: Executor, tenant: Tenant, productId: string): Promise<ProductVersionRow | undefined> {
  return ex
    .selectFrom('product_versions')
    .selectAll()
    .where(forTenant(tenant))
    .where('product_id', '=', productId)
    .where('is_default', '=', true)
    .executeTakeFirst();
}

/** A product by key, its default version and that version's prices with their meters' keys. */
export interface DefaultVersionByKey {
  product: Pick<ProductRow, 'id' | 'key' | 'name' | 'currency'>;
  version: Pick<ProductVersionRow, 'id' | 'version'> | null;
  prices: PriceWithMeterKey[];
}

/**
 * The Rail reads these on every paid request (its routes are the default version's prices): one
 * round trip instead of three. The product's columns repeat on each price row; a product without
 * a default version, or a version without prices, still answers one row (left joins).
 */
export async function findDefaultVersionByProductKey(ex: Executor, tenant: Tenant, key: string): Promise<DefaultVersionByKey | undefined> {
  const { rows } = await sql<PriceWithMeterKey & { product_id: string; product_key: string; product_name: string; product_currency: string; default_version_id: string | null; default_version: number | null }>`
    select p.id as product_id, p.key as product_key, p.name as product_name, p.currency as product_currency,
      v.id as default_version_id, v.version as default_version, pr.*, m.key as meter_key
    from products p
    left join product_versions v on v.product_id = p.id and v.is_default and ${tenantSql(tenant, 'v')}
    left join prices pr on pr.version_id = v.id and ${tenantSql(tenant, 'pr')}
    left join meters m on m.id = pr.meter_id
    where ${tenantSql(tenant, 'p')} and p.key = ${key}
    order by pr.position`.execute(ex);
  const first = rows[0];
  if (!first) return undefined;
  return {
    product: { id: first.product_id, key: first.product_key, name: first.product_name, currency: first.product_currency },
    version: first.default_version_id === null ? null : { id: first.default_version_id, version: first.default_version! },
    // pr.* names its own columns (id, meter_id, ...); a version without prices leaves them null.
    prices: first.id === null ? [] : rows,
  };
}

export async function maxVersionNumber(ex: Executor, tenant: Tenant, productId: string): Promise<number> {
  const row = await ex
    .selectFrom('product_versions')
    .select((eb) => eb.fn.max('version').as('n'))
    .where(forTenant(tenant))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row?.n ?? 0;
}

export type VersionChanges = Partial<
  Pick<
    ProductVersionRow,
    'billing_cycle' | 'base_price' | 'status' | 'is_default' | 'published_at' | 'commitment_amount' | 'commitment_resets' | 'consumption_floor' | 'grants'
  >
> & { updated_at: Date };

export async function updateVersion(ex: Executor, tenant: Tenant, id: string, changes: VersionChanges): Promise<ProductVersionRow> {
  const values = changes.grants !== undefined ? { ...changes, grants: jsonb(changes.grants) } : changes;
  return ex
    .updateTable('product_versions')
    .set(values)
    .where(forTenant(tenant))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function clearDefaultVersion(ex: Executor, tenant: Tenant, productId: string, now: Date): Promise<void> {
  await ex
    .updateTable('product_versions')
    .set({ is_default: false, updated_at: now })
    .where(forTenant(tenant))
    .where('product_id', '=', productId)
    .where('is_default', '=', true)
    .execute();
}

// ---- prices ----

export async function insertPrices(ex: Executor, rows: PriceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await ex
    .insertInto('prices')
    .values(rows.map((row) => ({ ...row, tiers: row.tiers === null ? null : jsonb(row.tiers) })))
    .execute();
}

export async function deleteVersionPrices(ex: Executor, tenant: Tenant, versionId: string): Promise<void> {
  await ex
    .deleteFrom('prices')
    .where(forTenant(tenant))
    .where('version_id', '=', versionId)
    .execute();
}

export interface PriceWithMeterKey extends PriceRow {
  meter_key: string;
}

/** Prices of some versions or rate cards, in their list order, with each meter's key. */
export async function listPrices(
  ex: Executor,
  tenant: Tenant,
  owner: { versionIds: string[] } | { rateCardIds: string[] },
): Promise<PriceWithMeterKey[]> {
  const [column, ids] = 'versionIds' in owner ? (['prices.version_id', owner.versionIds] as const) : (['prices.rate_card_id', owner.rateCardIds] as const);
  if (ids.length === 0) return [];
  return ex
    .selectFrom('prices')
    .innerJoin('meters', 'meters.id', 'prices.meter_id')
    .selectAll('prices')
    .select('meters.key as meter_key')
    .where(forTenant(tenant, 'prices'))
    .where(column, 'in', ids)
    .orderBy('prices.position')
    .execute();
}
