// SQL for payment links.
import type { Executor } from '../../../db/database.ts';
import { forTenant, tenantOfRow } from '../../../db/tenancy.ts';
import type { Tenant } from '../../../core/context.ts';
import type { PaymentLinkRow, ProductRow, ProductVersionRow } from '../tables.ts';

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

/** A link with its product and version, as the payer's page shows it. */
export interface LinkedOffer {
  link: PaymentLinkRow;
  product: ProductRow;
  version: ProductVersionRow;
}

/** The link, its product and its version, when all three belong to the account; one round trip each. */
export async function findAccountLinkOffer(ex: Executor, accountId: string, linkId: string): Promise<LinkedOffer | undefined> {
  const link = await ex.selectFrom('payment_links').selectAll().where('account_id', '=', accountId).where('id', '=', linkId).executeTakeFirst();
  if (!link) return undefined;
  const tenant = tenantOfRow(link);
  const product = await ex
    .selectFrom('products')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', link.product_id)
    .executeTakeFirst();
  const version = await ex
    .selectFrom('product_versions')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', link.product_version_id)
    .executeTakeFirst();
  return product && version ? { link, product, version } : undefined;
}
