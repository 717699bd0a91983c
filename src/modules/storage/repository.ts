// SQL for stored objects and product deliverables. Every function takes the executor first and,
// except the signed-URL lookups (whose signature binds the key, and the key its tenant), the tenant.
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { DeliverableRow, StoredObjectRow } from './tables.ts';

export async function insertObject(ex: Executor, row: StoredObjectRow): Promise<void> {
  await ex.insertInto('stored_objects').values(row).execute();
}

/** One object of the tenant; `forUpdate` holds it until the transaction ends (sealing takes turns). */
export async function findObject(ex: Executor, tenant: Tenant, key: string, options: { forUpdate?: boolean } = {}): Promise<StoredObjectRow | undefined> {
  let query = ex
    .selectFrom('stored_objects')
    .selectAll()
    .where(forTenant(tenant))
    .where('key', '=', key);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Links an upload to its sealed copy, recording the copy's size as the upload's. */
export async function markObjectSealed(ex: Executor, key: string, sealedKey: string, sizeBytes: number, at: Date): Promise<StoredObjectRow> {
  return ex
    .updateTable('stored_objects')
    .set((eb) => ({ sealed_key: sealedKey, size_bytes: String(sizeBytes), uploaded_at: eb.fn.coalesce('uploaded_at', eb.val(at)) }))
    .where('key', '=', key)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** For signed URLs only: the caller has no key, the URL's signature vouches for the object key. */
export async function findObjectBySignedKey(ex: Executor, key: string): Promise<StoredObjectRow | undefined> {
  return ex.selectFrom('stored_objects').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Records an upload's size and time; nothing (undefined) once the object is sealed or is a sealed copy. */
export async function markObjectUploaded(ex: Executor, key: string, sizeBytes: number, at: Date): Promise<StoredObjectRow | undefined> {
  return ex
    .updateTable('stored_objects')
    .set({ size_bytes: String(sizeBytes), uploaded_at: at })
    .where('key', '=', key)
    .where('sealed_key', 'is', null)
    .where('sealed_from', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function findDeliverable(ex: Executor, tenant: Tenant, productId: string): Promise<DeliverableRow | undefined> {
  return ex
    .selectFrom('product_deliverables')
    .selectAll()
    .where(forTenant(tenant))
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** Inserts the product's deliverable or replaces its content, keeping its id and createdAt. */
export async function upsertDeliverable(ex: Executor, row: DeliverableRow): Promise<DeliverableRow> {
  const { kind, url, object_key, file_name, content_type, size_bytes, updated_at } = row;
  return ex
    .insertInto('product_deliverables')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['account_id', 'environment', 'product_id']).doUpdateSet({ kind, url, object_key, file_name, content_type, size_bytes, updated_at }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDeliverable(ex: Executor, tenant: Tenant, productId: string): Promise<DeliverableRow | undefined> {
  return ex
    .deleteFrom('product_deliverables')
    .where(forTenant(tenant))
    .where('product_id', '=', productId)
    .returningAll()
    .executeTakeFirst();
}

// ---- service secrets (not a tenant's: one per installation) ----

export async function insertSecretIfMissing(ex: Executor, name: string, value: string, now: Date): Promise<void> {
  await ex.insertInto('service_secrets').values({ name, value, created_at: now }).onConflict((oc) => oc.column('name').doNothing()).execute();
}

export async function readSecret(ex: Executor, name: string): Promise<string> {
  return (await ex.selectFrom('service_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()).value;
}
