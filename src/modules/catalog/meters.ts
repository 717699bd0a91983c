// Meters: what usage is counted against. Events name a meter by its key.
// Invariants: `key` is unique per account and environment (409 on a clash) and never changes;
// `property` is set exactly when the aggregation is unique_count; once a published version (or
// any rate card) prices the meter, its aggregation and property are fixed (409), since changing
// them would reprice usage already sold under that price.
import type { Executor, Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import * as repo from './meter-repository.ts';
import type { Aggregation, MeterRow } from './tables.ts';

export interface MeterView {
  id: string;
  key: string;
  name: string;
  aggregation: Aggregation;
  unit: string | null;
  property: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toMeterView(row: MeterRow): MeterView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    aggregation: row.aggregation,
    unit: row.unit,
    property: row.property,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function assertProperty(aggregation: Aggregation, property: string | null): void {
  if (aggregation === 'unique_count' && !property) {
    throw fieldError('property', property, 'required', 'is required for unique_count: the metadata property whose distinct values are counted');
  }
  if (aggregation !== 'unique_count' && property) {
    throw fieldError('property', property, 'not_allowed', `is only used by unique_count meters, not ${aggregation}`);
  }
}

export interface CreateMeterInput {
  key: string;
  name: string;
  aggregation: Aggregation;
  unit?: string;
  property?: string;
}

export async function createMeter(tx: Tx, ctx: UseCaseContext, input: CreateMeterInput): Promise<MeterView> {
  assertProperty(input.aggregation, input.property ?? null);
  const row: MeterRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    key: input.key,
    name: input.name,
    aggregation: input.aggregation,
    unit: input.unit ?? null,
    property: input.property ?? null,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  try {
    await repo.insertMeter(tx, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', `A meter with the key "${input.key}" already exists.`);
    throw error;
  }
  return toMeterView(row);
}

export async function findMeterOrThrow(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<MeterRow> {
  const row = await repo.findMeter(ex, tenant, id, forUpdate);
  if (!row) throw notFound('meter');
  return row;
}

export async function getMeter(ex: Executor, ctx: UseCaseContext, id: string): Promise<MeterView> {
  return toMeterView(await findMeterOrThrow(ex, ctx.tenant, id));
}

/** The meter of a key, or undefined (usage recording resolves event meters this way). */
export async function findMeterByKey(ex: Executor, tenant: Tenant, key: string): Promise<MeterView | undefined> {
  const [row] = await repo.findMetersByKeys(ex, tenant, [key]);
  return row ? toMeterView(row) : undefined;
}

/** The meters of some keys in one query (unknown keys are simply absent). */
export async function findMetersByKeys(ex: Executor, tenant: Tenant, keys: string[]): Promise<MeterRow[]> {
  return repo.findMetersByKeys(ex, tenant, keys);
}

export async function listMeters(ex: Executor, ctx: UseCaseContext, page: PageRequest): Promise<Page<MeterView>> {
  const result = toPage(await repo.listMeters(ex, ctx.tenant, page.limit, page.afterId), page.limit);
  return { items: result.items.map(toMeterView), nextCursor: result.nextCursor };
}

export interface MeterPatch {
  name?: string;
  aggregation?: Aggregation;
  unit?: string | null;
  property?: string | null;
}

export async function updateMeter(tx: Tx, ctx: UseCaseContext, id: string, patch: MeterPatch): Promise<MeterView> {
  const meter = await findMeterOrThrow(tx, ctx.tenant, id, true);
  const aggregation = patch.aggregation ?? meter.aggregation;
  // Moving away from unique_count drops the property unless the patch names one.
  const property = patch.property !== undefined ? patch.property : aggregation === 'unique_count' ? meter.property : null;
  assertProperty(aggregation, property);
  if ((aggregation !== meter.aggregation || property !== meter.property) && (await repo.isMeterPriced(tx, ctx.tenant, id))) {
    throw new AppError(
      'conflict',
      `The meter "${meter.key}" is priced by a published version or a rate card; its aggregation and property can no longer change. Create a new meter instead.`,
    );
  }
  const row = await repo.updateMeter(tx, ctx.tenant, id, {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.unit !== undefined && { unit: patch.unit }),
    aggregation,
    property,
    updated_at: ctx.now,
  });
  return toMeterView(row);
}
