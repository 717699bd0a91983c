// Payment links: a shareable checkout address for a published version of a product.
// Invariants: a link always names a published version (the default when none is given); its
// `url` is {BASE_URL}/pay/{accountSlug}/{linkID}, built at read time so a slug change follows.
import type { Executor, Tx } from '../../../db/database.ts';
import type { UseCaseContext } from '../../../core/context.ts';
import { fieldError, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { Money } from '../../../core/money.ts';
import { toPage, type Page, type PageRequest } from '../../../core/pagination.ts';
import { getTenant } from '../../accounts/index.ts';
import * as repo from './repository.ts';
import * as catalogRepo from '../repository.ts';
import type { PaymentLinkRow } from '../tables.ts';
import { resolvePublishedVersion } from '../products.ts';

export interface PaymentLinkView {
  id: string;
  productId: string;
  productVersionId: string;
  quantity: string;
  successUrl: string | null;
  cancelUrl: string | null;
  active: boolean;
  url: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface CreatePaymentLinkInput {
  productId: string;
  productVersionId?: string;
  quantity?: string;
  successUrl?: string;
  cancelUrl?: string;
}

/** How link URLs are built: the service's public base URL (config.baseUrl). */
export interface LinkUrls {
  baseUrl: string;
}

function toView(row: PaymentLinkRow, slug: string, urls: LinkUrls): PaymentLinkView {
  return {
    id: row.id,
    productId: row.product_id,
    productVersionId: row.product_version_id,
    quantity: new Money(row.quantity).toFixed(),
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    active: row.active,
    url: `${urls.baseUrl}/pay/${encodeURIComponent(slug)}/${row.id}`,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function accountSlug(ex: Executor, ctx: UseCaseContext): Promise<string> {
  return (await getTenant(ex, ctx)).slug;
}

function newRow(ctx: UseCaseContext, productId: string, versionId: string, input: Partial<CreatePaymentLinkInput>): PaymentLinkRow {
  return {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    product_id: productId,
    product_version_id: versionId,
    quantity: input.quantity === undefined ? '1' : new Money(input.quantity).toFixed(),
    success_url: input.successUrl ?? null,
    cancel_url: input.cancelUrl ?? null,
    active: true,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
}

/** The link created when a product's first default version is published. */
export async function createFirstPaymentLink(tx: Tx, ctx: UseCaseContext, productId: string, versionId: string): Promise<void> {
  await repo.insertPaymentLink(tx, newRow(ctx, productId, versionId, {}));
}

export async function createPaymentLink(tx: Tx, ctx: UseCaseContext, input: CreatePaymentLinkInput, urls: LinkUrls): Promise<PaymentLinkView> {
  if (input.quantity !== undefined && new Money(input.quantity).lte(0)) throw fieldError('quantity', input.quantity, 'exclusiveMinimum', 'must be greater than 0');
  const { version } = await resolvePublishedVersion(tx, ctx.tenant, input.productId, input.productVersionId);
  const row = newRow(ctx, input.productId, version.id, input);
  await repo.insertPaymentLink(tx, row);
  return toView(row, await accountSlug(tx, ctx), urls);
}

export async function getPaymentLink(ex: Executor, ctx: UseCaseContext, id: string, urls: LinkUrls): Promise<PaymentLinkView> {
  const row = await repo.findPaymentLink(ex, ctx.tenant, id);
  if (!row) throw notFound('payment_link');
  return toView(row, await accountSlug(ex, ctx), urls);
}

export async function listPaymentLinks(
  ex: Executor,
  ctx: UseCaseContext,
  filter: { productId?: string },
  page: PageRequest,
  urls: LinkUrls,
): Promise<Page<PaymentLinkView>> {
  const result = toPage(await repo.listPaymentLinks(ex, ctx.tenant, filter, page.limit, page.afterId), page.limit);
  const slug = await accountSlug(ex, ctx);
  return { items: result.items.map((row) => toView(row, slug, urls)), nextCursor: result.nextCursor };
}

/** Turns a link on or off; a link to an archived version cannot be turned back on. */
export async function updatePaymentLink(tx: Tx, ctx: UseCaseContext, id: string, patch: { active: boolean }, urls: LinkUrls): Promise<PaymentLinkView> {
  const existing = await repo.findPaymentLink(tx, ctx.tenant, id);
  if (!existing) throw notFound('payment_link');
  if (patch.active && !existing.active) {
    const version = await catalogRepo.findVersion(tx, ctx.tenant, existing.product_version_id);
    if (version?.status !== 'published') throw fieldError('active', true, 'version_archived', 'the link sells an archived version; create a link to a published version instead');
  }
  const row = (await repo.updatePaymentLink(tx, ctx.tenant, id, { active: patch.active, updated_at: ctx.now }))!;
  return toView(row, await accountSlug(tx, ctx), urls);
}
