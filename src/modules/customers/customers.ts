// Customer use cases.
// Invariants: `externalId` is unique per account and environment (the database enforces it; a
// clash answers 409); `document` is stored normalised with its type; metadata stays within
// 50 keys and 8 KiB. Idempotency comes from the request layer (one transaction per key).
import type { Executor, Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { assertMetadataSize } from '../../core/metadata.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { recordEvent } from '../events/index.ts';
import { normaliseDocument } from './document.ts';
import * as repo from './repository.ts';
import { customerBalances, type CustomerBalanceView } from './balances.ts';
import type { CustomerRow } from './tables.ts';

export interface CustomerView {
  id: string;
  name: string | null;
  email: string | null;
  document: string | null;
  documentType: 'cpf' | 'cnpj' | null;
  externalId: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  /** The customer's credit balance per currency (credit notes with outcome credit), applied to its next invoice. */
  balances: CustomerBalanceView[];
}

export interface CreateCustomerInput {
  name?: string;
  email?: string;
  document?: string;
  externalId?: string;
  metadata?: Record<string, unknown>;
}

export interface CustomerPatch {
  name?: string | null;
  email?: string | null;
  document?: string | null;
  externalId?: string | null;
  metadata?: Record<string, unknown>;
}

export function toCustomerView(row: CustomerRow, balances: CustomerBalanceView[] = []): CustomerView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    document: row.document,
    documentType: row.document_type,
    externalId: row.external_id,
    metadata: row.metadata,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    balances,
  };
}

/** Views of the tenant's customers with their balances. */
async function present(ex: Executor, tenant: Tenant, rows: CustomerRow[]): Promise<CustomerView[]> {
  const balances = await customerBalances(ex, tenant, rows.map((row) => row.id));
  return rows.map((row) => toCustomerView(row, balances.get(row.id) ?? []));
}

function externalIdTaken(externalId: string | null | undefined): AppError {
  return new AppError('conflict', `Another customer already has the externalId "${externalId}".`);
}

export async function createCustomer(tx: Tx, ctx: UseCaseContext, input: CreateCustomerInput): Promise<CustomerView> {
  const metadata = input.metadata ?? {};
  assertMetadataSize(metadata);
  const document = input.document !== undefined ? normaliseDocument(input.document) : null;
  const row: CustomerRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    name: input.name ?? null,
    email: input.email ?? null,
    document: document?.document ?? null,
    document_type: document?.documentType ?? null,
    external_id: input.externalId ?? null,
    metadata,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  try {
    await repo.insertCustomer(tx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw externalIdTaken(input.externalId);
    throw error;
  }
  const view = toCustomerView(row);
  await recordEvent(tx, ctx, 'customer.created', view);
  return view;
}

/** The customer row of a tenant, or a 404 `customer`; `forUpdate` locks it for the transaction. */
export async function findCustomerOrThrow(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<CustomerRow> {
  const row = await repo.findCustomer(ex, tenant, id, forUpdate);
  if (!row) throw notFound('customer');
  return row;
}

/** The tenant's newest customer with this email, as its row (no balances), or undefined. */
export async function findCustomerByEmail(ex: Executor, tenant: Tenant, email: string): Promise<CustomerRow | undefined> {
  const [row] = await repo.listCustomers(ex, tenant, { email }, 1, null);
  return row;
}

export async function getCustomer(ex: Executor, ctx: UseCaseContext, id: string): Promise<CustomerView> {
  const [view] = await present(ex, ctx.tenant, [await findCustomerOrThrow(ex, ctx.tenant, id)]);
  return view!;
}

export async function listCustomers(
  ex: Executor,
  ctx: UseCaseContext,
  filter: { email?: string; externalId?: string },
  page: PageRequest,
): Promise<Page<CustomerView>> {
  const rows = await repo.listCustomers(ex, ctx.tenant, filter, page.limit, page.afterId);
  const result = toPage(rows, page.limit);
  return { items: await present(ex, ctx.tenant, result.items), nextCursor: result.nextCursor };
}

export async function updateCustomer(tx: Tx, ctx: UseCaseContext, id: string, patch: CustomerPatch): Promise<CustomerView> {
  if (patch.metadata !== undefined) assertMetadataSize(patch.metadata);
  const document = patch.document ? normaliseDocument(patch.document) : null;
  try {
    const row = await repo.updateCustomer(tx, ctx.tenant, id, {
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.email !== undefined && { email: patch.email }),
      ...(patch.document !== undefined && { document: document?.document ?? null, document_type: document?.documentType ?? null }),
      ...(patch.externalId !== undefined && { external_id: patch.externalId }),
      ...(patch.metadata !== undefined && { metadata: patch.metadata }),
      updated_at: ctx.now,
    });
    if (!row) throw notFound('customer');
    const [view] = await present(tx, ctx.tenant, [row]);
    return view!;
  } catch (error) {
    if (isUniqueViolation(error)) throw externalIdTaken(patch.externalId);
    throw error;
  }
}
