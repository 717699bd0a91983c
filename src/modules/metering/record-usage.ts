// Records the usage of a commit group: many requests, one transaction.
// Invariants: a request is all-or-nothing (an invalid event fails its whole request and nothing of
// it is written); an event id is recorded once per tenant (a resend is `duplicate` with the original
// timestamp); no event lands in a period an invoice already billed; each request's response is
// stored with its Idempotency-Key in the same transaction as its events.
import type { Tx } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { AppError, validationError, type FieldError } from '../../core/errors.ts';
import { findMetersByKeys } from '../catalog/service.ts';
import type { MeterRow } from '../catalog/tables.ts';
import type { NormalizedEvent } from './normalize.ts';
import * as repo from './repository.ts';

export interface UsageRequest {
  tenant: Tenant;
  events: NormalizedEvent[];
  /** Field path prefix of event i in error messages: '' for one event, `events[i].` for a batch. */
  fieldPrefix: (index: number) => string;
}

export type EventStatus = 'accepted' | 'duplicate';

export interface EventResult {
  index: number;
  eventId: string;
  status: EventStatus;
  timestamp: Date;
}

/** Per request: its event results, or the business error that refused it. */
export type UsageResult = { ok: true; results: EventResult[] } | { ok: false; error: AppError };

const tenantKey = (t: Tenant) => `${t.accountId}:${t.environment}`;

export async function recordUsage(tx: Tx, requests: UsageRequest[], receivedAt: Date): Promise<UsageResult[]> {
  const outcomes: Array<UsageResult | null> = requests.map(() => null);
  const resolved = new Map<number, Array<{ event: NormalizedEvent; enrollmentId: string; meter: MeterRow }>>();

  // 1. Meters and enrollments, one query each per tenant in the group.
  for (const [, indexes] of groupBy(requests.map((_, i) => i), (i) => tenantKey(requests[i]!.tenant))) {
    const tenant = requests[indexes[0]!]!.tenant;
    const all = indexes.flatMap((i) => requests[i]!.events);
    const meters = new Map((await findMetersByKeys(tx, tenant, [...new Set(all.map((e) => e.meterKey))])).map((m) => [m.key, m]));
    const enrollments = await repo.resolveEnrollments(tx, tenant, all.map((e) => ({ customerRef: e.customerRef, productId: e.productId })));
    for (const i of indexes) {
      const request = requests[i]!;
      const errors: FieldError[] = [];
      const rows = request.events.map((event) => {
        const at = request.fieldPrefix(event.index);
        const meter = meters.get(event.meterKey);
        if (!meter) errors.push({ field: `${at}meter`, value: event.meterKey, constraint: 'exists', description: 'no meter has this key' });
        const enrollmentId = enrollments.get(repo.enrollmentKey(event.customerRef, event.productId));
        if (!enrollmentId) {
          errors.push({ field: `${at}customerId`, value: event.customerRef, constraint: 'enrolled', description: 'no customer with this id or externalId is enrolled in the product' });
        }
        if (meter?.aggregation === 'unique_count' && meter.property && distinctValueOf(event, meter) === null) {
          errors.push({ field: `${at}metadata.${meter.property}`, value: '', constraint: 'required', description: `the meter counts distinct values of metadata.${meter.property}` });
        }
        return { event, enrollmentId: enrollmentId ?? '', meter: meter! };
      });
      if (errors.length > 0) outcomes[i] = { ok: false, error: validationError(errors) };
      else resolved.set(i, rows);
    }
  }

  // 2. Shared usage locks and the already-invoiced check, per tenant.
  for (const [, indexes] of groupBy([...resolved.keys()], (i) => tenantKey(requests[i]!.tenant))) {
    const tenant = requests[indexes[0]!]!.tenant;
    const positions = indexes.flatMap((i) => resolved.get(i)!.map((row) => ({ enrollmentId: row.enrollmentId, occurredAt: row.event.occurredAt, position: i })));
    const refused = await repo.lockAndFindInvoiced(tx, tenant, positions);
    for (const i of refused) {
      resolved.delete(i);
      outcomes[i] = {
        ok: false,
        error: new AppError('usage_already_invoiced', 'An event falls inside a period already invoiced for this enrollment; void that invoice first or send the usage with a later timestamp.'),
      };
    }
  }

  // 3. Insert the first occurrence of each event id, per tenant; later occurrences are duplicates.
  for (const [, indexes] of groupBy([...resolved.keys()], (i) => tenantKey(requests[i]!.tenant))) {
    const tenant = requests[indexes[0]!]!.tenant;
    const firsts = new Map<string, repo.EventToInsert>();
    for (const i of indexes) {
      for (const { event, enrollmentId, meter } of resolved.get(i)!) {
        if (firsts.has(event.eventId)) continue;
        firsts.set(event.eventId, {
          eventId: event.eventId,
          enrollmentId,
          meterId: meter.id,
          value: event.value,
          occurredAt: event.occurredAt,
          metadata: event.metadata,
          distinctValue: distinctValueOf(event, meter),
        });
      }
    }
    const inserted = await repo.insertEvents(tx, tenant, [...firsts.values()], receivedAt);
    const recorded = await repo.findRecordedTimes(tx, tenant, [...firsts.keys()].filter((id) => !inserted.has(id)));
    const claimed = new Set<string>();
    for (const i of indexes) {
      const results = resolved.get(i)!.map(({ event }): EventResult => {
        const isNew = inserted.has(event.eventId) && !claimed.has(event.eventId);
        if (isNew) claimed.add(event.eventId);
        const timestamp = isNew ? firsts.get(event.eventId)!.occurredAt : (recorded.get(event.eventId) ?? firsts.get(event.eventId)!.occurredAt);
        return { index: event.index, eventId: event.eventId, status: isNew ? 'accepted' : 'duplicate', timestamp };
      });
      outcomes[i] = { ok: true, results };
    }
  }
  return outcomes.map((o) => o!);
}

/** The metadata value a unique_count meter counts, as text; null when absent. */
function distinctValueOf(event: NormalizedEvent, meter: MeterRow): string | null {
  if (meter.aggregation !== 'unique_count' || !meter.property) return null;
  const value = event.metadata?.[meter.property];
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
