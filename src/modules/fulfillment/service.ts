// Deliveries: download grants of paid deliverables (interface: invoice download grant, rule 7).
//   grantDeliverablesForPayment(tx, ctx, {invoiceId, paymentId, recipient})  when a payment pays
//     its invoice: one grant per product of the invoice that has a deliverable (idempotent per
//     payment and product), `deliverable.granted` per grant, and one email with the links to the
//     payer (the charge's payer email, else the invoice's customer), queued in the same
//     transaction: `emailSentAt` is when it was queued.
//   revokeGrantsForPayment(tx, ctx, paymentId)  full refund or chargeback: links stop working.
//   listInvoiceGrants(ex, ctx, invoiceId)  GET /billing/invoices/{id}/deliverable.
//   openDownload(ex, token, now, store)  GET /public/downloads/{token}: where the link leads.
import { randomBytes } from 'node:crypto';
import type { UseCaseContext } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { documentLocale } from '../../core/locale.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { getTenant } from '../accounts/index.ts';
import { queueEmail } from '../email/index.ts';
import { recordEvents } from '../events/index.ts';
import { findInvoiceRow } from '../invoices/index.ts';
import { getDeliverableDownload, type DeliverableDownload, type ObjectStore } from '../storage/index.ts';
import { renderDeliveryEmail } from './delivery-email.ts';
import * as repo from './repository.ts';
import type { DownloadGrantRow } from './tables.ts';

export interface GrantView {
  paymentId: string;
  productId: string;
  token: string;
  downloadUrl: string;
  emailSentAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

/** `{BASE_URL}/public/downloads/{token}`. */
export function downloadUrlOf(baseUrl: string, token: string): string {
  return `${baseUrl}/public/downloads/${token}`;
}

function toView(row: DownloadGrantRow, baseUrl: string): GrantView {
  return {
    paymentId: row.payment_id,
    productId: row.product_id,
    token: row.token,
    downloadUrl: downloadUrlOf(baseUrl, row.token),
    emailSentAt: row.email_sent_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  };
}

function baseUrlOf(ctx: UseCaseContext): string {
  if (!ctx.baseUrl) throw new Error('UseCaseContext.baseUrl is required to build download links');
  return ctx.baseUrl;
}

export async function grantDeliverablesForPayment(
  tx: Tx,
  ctx: UseCaseContext,
  input: { invoiceId: string; paymentId: string; recipient: { email: string | null; name: string | null } },
): Promise<GrantView[]> {
  const baseUrl = baseUrlOf(ctx);
  const products = await repo.findDeliverableProducts(tx, ctx.tenant, input.invoiceId);
  const inserted = await repo.insertGrants(
    tx,
    products.map((productId) => ({
      id: newId(),
      account_id: ctx.tenant.accountId,
      environment: ctx.tenant.environment,
      invoice_id: input.invoiceId,
      payment_id: input.paymentId,
      product_id: productId,
      token: randomBytes(32).toString('base64url'),
      email_sent_at: null,
      revoked_at: null,
      created_at: ctx.now,
    })),
  );
  if (inserted.length === 0) return [];
  const customer = await repo.findInvoiceRecipient(tx, ctx.tenant, input.invoiceId);
  const to = input.recipient.email ?? customer?.email ?? null;
  let grants = inserted;
  if (to) {
    const account = await getTenant(tx, ctx);
    const email = renderDeliveryEmail({
      accountName: account.name,
      name: input.recipient.name ?? customer?.name ?? null,
      invoiceNumber: customer?.invoice_number ?? null,
      links: inserted.map((g) => downloadUrlOf(baseUrl, g.token)),
      locale: documentLocale(account.locale, customer?.currency ?? 'BRL'),
    });
    await queueEmail(tx, ctx, { to, ...email });
    grants = await repo.markEmailed(tx, ctx.tenant, inserted.map((g) => g.id), ctx.now);
  }
  const views = grants.map((g) => toView(g, baseUrl));
  await recordEvents(tx, ctx, views.map((view) => ({ type: 'deliverable.granted', data: { ...view, invoiceId: input.invoiceId } })));
  return views;
}

export async function revokeGrantsForPayment(tx: Tx, ctx: UseCaseContext, paymentId: string): Promise<void> {
  await repo.revokePaymentGrants(tx, ctx.tenant, paymentId, ctx.now);
}

export async function listInvoiceGrants(ex: Executor, ctx: UseCaseContext, invoiceId: string): Promise<GrantView[]> {
  await findInvoiceRow(ex, ctx, invoiceId); // 404 `invoice` for another tenant's id
  const baseUrl = baseUrlOf(ctx);
  return (await repo.listInvoiceGrants(ex, ctx.tenant, invoiceId)).map((g) => toView(g, baseUrl));
}

/**
 * Where a download link leads: the deliverable as it is now (a link, or a file through a
 * short-lived signed URL). A revoked or unknown token, or a product whose deliverable was removed,
 * is not found.
 */
export async function openDownload(ex: Executor, token: string, now: Date, store: ObjectStore): Promise<DeliverableDownload> {
  const grant = /^[A-Za-z0-9_-]{43}$/.test(token) ? await repo.findGrantByToken(ex, token) : undefined;
  if (!grant || grant.revoked_at) throw notFound('download');
  const ctx: UseCaseContext = { tenant: { accountId: grant.account_id, environment: grant.environment }, now };
  const download = await getDeliverableDownload(ex, ctx, grant.product_id, store);
  if (!download) throw notFound('download');
  return download;
}
