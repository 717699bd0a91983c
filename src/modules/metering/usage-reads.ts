// Reading usage back: aggregated (GET /metering/usage) and raw (GET /metering/events).
import type { Executor } from '../../db/database.ts';
import * as repo from './repository.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { findMetersByKeys, type MeterRow } from '../catalog/index.ts';
import { findEnrollmentOrThrow } from '../customers/index.ts';
import { aggregateUsage, bucketCount, type Bucket, type Granularity } from './aggregate-repository.ts';

const MAX_BUCKETS = 1000;

async function meterByKey(ex: Executor, tenant: Tenant, key: string): Promise<MeterRow> {
  const [meter] = await findMetersByKeys(ex, tenant, [key]);
  if (!meter) throw notFound('meter', `No meter has the key "${key}".`);
  return meter;
}

export function assertRange(from: Date, to: Date): void {
  if (!(from < to)) throw fieldError('to', to.toISOString(), 'after_from', 'must be after from (the range is [from, to))');
}

export interface UsageSummary {
  enrollmentId: string;
  meter: string;
  meterId: string;
  aggregation: string;
  from: Date;
  to: Date;
  value: string;
  buckets: Bucket[];
}

export async function getUsage(
  ex: Executor,
  ctx: UseCaseContext,
  query: { enrollmentId: string; meter: string; from: string; to: string; granularity?: Granularity },
): Promise<UsageSummary> {
  const from = new Date(query.from);
  const to = new Date(query.to);
  assertRange(from, to);
  const granularity = query.granularity ?? 'none';
  if (bucketCount(from, to, granularity) > MAX_BUCKETS) {
    throw fieldError('granularity', granularity, 'max_buckets', `the range would have more than ${MAX_BUCKETS} buckets; use a coarser granularity or a shorter range`);
  }
  await findEnrollmentOrThrow(ex, ctx.tenant, query.enrollmentId);
  const meter = await meterByKey(ex, ctx.tenant, query.meter);
  const scope = { tenant: ctx.tenant, enrollmentId: query.enrollmentId, meterId: meter.id, aggregation: meter.aggregation, from, to };
  const [total] = await aggregateUsage(ex, scope, 'none');
  const buckets = granularity === 'none' ? [total!] : await aggregateUsage(ex, scope, granularity);
  return { enrollmentId: query.enrollmentId, meter: meter.key, meterId: meter.id, aggregation: meter.aggregation, from, to, value: total!.value, buckets };
}

export interface StoredEventView {
  eventId: string;
  enrollmentId: string;
  meter: string;
  meterId: string;
  value: string;
  timestamp: Date;
  metadata: Record<string, unknown> | null;
  receivedAt: Date;
}

interface EventCursor {
  at: string;
  id: string;
}

function decodeEventCursor(cursor: string): EventCursor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as EventCursor;
    if (typeof parsed.at === 'string' && typeof parsed.id === 'string' && !Number.isNaN(Date.parse(parsed.at))) return parsed;
  } catch {
    // fall through
  }
  throw new AppError('bad_request', 'The cursor is not valid; use the nextCursor of a previous page.');
}

/** Raw events of an enrollment, newest first (by timestamp, then id). */
export async function listEvents(
  ex: Executor,
  ctx: UseCaseContext,
  query: { enrollmentId: string; meter?: string; from?: string; to?: string; limit?: number; cursor?: string },
): Promise<{ items: StoredEventView[]; nextCursor: string | null }> {
  const { tenant } = ctx;
  await findEnrollmentOrThrow(ex, tenant, query.enrollmentId);
  const limit = query.limit ?? 20;
  const meterId = query.meter ? (await meterByKey(ex, tenant, query.meter)).id : undefined;
  const after = query.cursor ? decodeEventCursor(query.cursor) : undefined;
  const rows = await repo.listStoredEvents(ex, tenant, {
    enrollmentId: query.enrollmentId,
    meterId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    after: after && { at: new Date(after.at), id: after.id },
    limit: limit + 1,
  });
  const items = rows.slice(0, limit).map((r) => ({
    eventId: r.event_id,
    enrollmentId: r.enrollment_id,
    meter: r.meter,
    meterId: r.meter_id,
    value: r.value,
    timestamp: r.occurred_at,
    metadata: r.metadata,
    receivedAt: r.received_at,
  }));
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? Buffer.from(JSON.stringify({ at: last.timestamp.toISOString(), id: last.eventId })).toString('base64url') : null;
  return { items, nextCursor };
}
