// Enrollments: a customer in a product at a published version. Its id is what the interface calls
// "the customer's enrollment id" (invoices' customerId, rate-card paths) and, for recurring
// products, the subscription id.
// Invariants: an enrollment always names a published version (the product's default when none is
// given); a customer has at most one enrollment per product that is not canceled (409 otherwise;
// the customer row is locked while this is checked, so concurrent requests cannot both pass).
import type { Executor, Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { isUuid, newId } from '../../core/ids.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { resolvePublishedVersion } from '../catalog/index.ts';
import { balancesOf } from '../prepaid/index.ts';
import { findCustomerOrThrow } from './customers.ts';
import * as repo from './repository.ts';
import type { EnrollmentRow } from './tables.ts';

export interface EnrollmentView {
  id: string;
  customerId: string;
  productId: string;
  productVersionId: string;
  status: string;
  /** Prepaid balance (a subscription to a product priced prepaid); "0" for the others. */
  balance: string;
  createdAt: Date;
  updatedAt: Date;
}

export function toEnrollmentView(row: EnrollmentRow, balance = '0'): EnrollmentView {
  return {
    id: row.id,
    customerId: row.customer_id,
    productId: row.product_id,
    productVersionId: row.product_version_id,
    status: row.status,
    balance,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface CreateEnrollmentInput {
  productId: string;
  productVersionId?: string;
}

export async function createEnrollment(tx: Tx, ctx: UseCaseContext, customerId: string, input: CreateEnrollmentInput): Promise<EnrollmentView> {
  await findCustomerOrThrow(tx, ctx.tenant, customerId, true);
  const { version } = await resolvePublishedVersion(tx, ctx.tenant, input.productId, input.productVersionId);
  const existing = await repo.findLiveEnrollmentOfCustomer(tx, ctx.tenant, customerId, input.productId);
  if (existing) {
    throw new AppError('conflict', `The customer is already enrolled in this product (enrollment ${existing.id}, status ${existing.status}).`);
  }
  const row: EnrollmentRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    customer_id: customerId,
    product_id: input.productId,
    product_version_id: version.id,
    status: 'active',
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await repo.insertEnrollment(tx, row);
  return toEnrollmentView(row);
}

/** The enrollment row of a tenant, or 404 `enrollment`; `forUpdate` locks it. */
export async function findEnrollmentOrThrow(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<EnrollmentRow> {
  const row = await repo.findEnrollment(ex, tenant, id, forUpdate);
  if (!row) throw notFound('enrollment');
  return row;
}

export async function getEnrollment(ex: Executor, ctx: UseCaseContext, id: string): Promise<EnrollmentView> {
  const row = await findEnrollmentOrThrow(ex, ctx.tenant, id);
  return toEnrollmentView(row, (await balancesOf(ex, [row.id])).get(row.id));
}

export async function listCustomerEnrollments(ex: Executor, ctx: UseCaseContext, customerId: string, page: PageRequest): Promise<Page<EnrollmentView>> {
  await findCustomerOrThrow(ex, ctx.tenant, customerId);
  const result = toPage(await repo.listCustomerEnrollments(ex, ctx.tenant, customerId, page.limit, page.afterId), page.limit);
  const balances = await balancesOf(ex, result.items.map((row) => row.id));
  return { items: result.items.map((row) => toEnrollmentView(row, balances.get(row.id))), nextCursor: result.nextCursor };
}

/**
 * Metering's hot path: (customer id or externalId, productId) -> the customer's newest enrollment
 * in the product that is not canceled, or undefined. One indexed query.
 */
export async function resolveEnrollment(ex: Executor, tenant: Tenant, customerRef: string, productId: string): Promise<EnrollmentRow | undefined> {
  if (!isUuid(productId)) return undefined;
  return repo.findLiveEnrollment(ex, tenant, customerRef, productId, isUuid(customerRef));
}

/** The enrollment ends with its subscription: its usage is no longer billed by it. */
export async function cancelEnrollment(tx: Tx, tenant: Tenant, id: string, at: Date): Promise<void> {
  await repo.updateEnrollment(tx, tenant, id, { status: 'canceled' }, at);
}

/** The enrollment's usage is priced by `versionId` from now on (a subscription's version change). */
export async function moveEnrollmentToVersion(tx: Tx, tenant: Tenant, id: string, versionId: string, at: Date): Promise<void> {
  await repo.updateEnrollment(tx, tenant, id, { product_version_id: versionId }, at);
}
