// SQL for payment links.
import type { Executor } from '../../../db/database.ts';
import { forTenant } from '../../../db/tenancy.ts';
import type { Tenant } from '../../../core/context.ts';
import type { PaymentLinkRow } from '../tables.ts';

export async function insertPaymentLink(ex: Executor, row: PaymentLinkRow): Promise<void> {
  await ex.insertInto('payment_links').values(row).execute();
}

export async function findPaymentLink(ex: Executor, tenant: Tenant, id: string): Promise<PaymentLinkRow | undefined> {
  return ex
    .selectFrom('payment_links')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listPaymentLinks(
  ex: Executor,
  tenant: Tenant,
  filter: { productId?: string },
  limit: number,
  afterId: string | null,
): Promise<PaymentLinkRow[]> {
  let query = ex.selectFrom('payment_links').selectAll().where(forTenant(tenant));
  if (filter.productId !== undefined) query = query.where('product_id', '=', filter.productId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function productHasPaymentLink(ex: Executor, tenant: Tenant, productId: string): Promise<boolean> {
  const row = await ex
    .selectFrom('payment_links')
    .select('id')
    .where(forTenant(tenant))
    .where('product_id', '=', productId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePaymentLink(
  ex: Executor,
  tenant: Tenant,
  id: string,
  changes: { active: boolean; updated_at: Date },
): Promise<PaymentLinkRow | undefined> {
  return ex
    .updateTable('payment_links')
    .set(changes)
    .where(forTenant(tenant))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deactivates the links that sell a version (when the version is archived). */
export async function deactivateVersionLinks(ex: Executor, tenant: Tenant, versionId: string, now: Date): Promise<void> {
  await ex
    .updateTable('payment_links')
    .set({ active: false, updated_at: now })
    .where(forTenant(tenant))
    .where('product_version_id', '=', versionId)
    .where('active', '=', true)
    .execute();
}
