// SQL of the payment-link checkout page. No key: a link is found by its id inside the account the
// URL's slug names (either environment: the link's own row says which), never across accounts.
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { forTenant, tenantOfRow } from '../../db/tenancy.ts';
import type { PaymentLinkRow, ProductRow, ProductVersionRow } from '../../modules/catalog/index.ts';

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

/** The newest invoice a subscription generated (its first one, right after it was created). */
export async function findNewestSubscriptionInvoiceId(ex: Executor, tenant: Tenant, subscriptionId: string): Promise<string | undefined> {
  const row = await ex
    .selectFrom('invoices')
    .select('id')
    .where(forTenant(tenant))
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Where checkout sends the buyer after paying or backing out (the link's successUrl / cancelUrl). */
export async function setInvoiceReturnUrls(ex: Executor, tenant: Tenant, invoiceId: string, urls: { successUrl: string | null; cancelUrl: string | null }): Promise<void> {
  await ex
    .updateTable('invoices')
    .set({ success_url: urls.successUrl, cancel_url: urls.cancelUrl })
    .where(forTenant(tenant))
    .where('id', '=', invoiceId)
    .execute();
}
