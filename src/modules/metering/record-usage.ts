// Records the usage of a commit group: many requests, one transaction, two statements per tenant.
// Invariants: a request is all-or-nothing (an invalid event fails its whole request and nothing of
// it is written); an event id is recorded once per tenant (a resend is `duplicate` with the original
// timestamp); no event lands in a period an invoice already billed; each request's response is
// stored with its Idempotency-Key in the same transaction as its events (ingest-queue.ts).
import type { Tx } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { AppError, validationError, type FieldError } from '../../core/errors.ts';
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

const invoicedError = () =>
  new AppError('usage_already_invoiced', 'An event falls inside a period already invoiced for this enrollment; void that invoice first or send the usage with a later timestamp.');

/** `shard`: the rollup shard this group writes (see usage_hourly in the metering migration). */
export async function recordUsage(tx: Tx, requests: UsageRequest[], receivedAt: Date, shard = 0): Promise<UsageResult[]> {
  const outcomes: Array<UsageResult | null> = requests.map(() => null);
  const byTenant = new Map<string, number[]>();
  requests.forEach((r, i) => {
    const key = `${r.tenant.accountId}:${r.tenant.environment}`;
    byTenant.set(key, [...(byTenant.get(key) ?? []), i]);
  });

  for (const positions of byTenant.values()) {
    const tenant = requests[positions[0]!]!.tenant;
    const all = positions.flatMap((i) => requests[i]!.events);
    const { meters, enrollments } = await repo.resolveAndLock(
      tx,
      tenant,
      all.map((e) => ({ customerRef: e.customerRef, productId: e.productId })),
      [...new Set(all.map((e) => e.meterKey))],
    );

    const rows: repo.EventToInsert[] = [];
    for (const i of positions) {
      const request = requests[i]!;
      const errors: FieldError[] = [];
      const mine: repo.EventToInsert[] = [];
      for (const event of request.events) {
        const at = request.fieldPrefix(event.index);
        const meter = meters.get(event.meterKey);
        const enrollmentId = enrollments.get(repo.enrollmentKey(event.customerRef, event.productId));
        if (!meter) errors.push({ field: `${at}meter`, value: event.meterKey, constraint: 'exists', description: 'no meter has this key' });
        if (!enrollmentId) {
          errors.push({ field: `${at}customerId`, value: event.customerRef, constraint: 'enrolled', description: 'no customer with this id or externalId is enrolled in the product' });
        }
        const distinctValue = meter ? distinctValueOf(event, meter) : null;
        if (meter?.aggregation === 'unique_count' && meter.property && distinctValue === null) {
          errors.push({ field: `${at}metadata.${meter.property}`, value: '', constraint: 'required', description: `the meter counts distinct values of metadata.${meter.property}` });
        }
        if (meter && enrollmentId) {
          mine.push({ position: i, eventIndex: event.index, ord: rows.length + mine.length, eventId: event.eventId, enrollmentId, meterId: meter.id, value: event.value, occurredAt: event.occurredAt, metadata: event.metadata, distinctValue });
        }
      }
      if (errors.length > 0) outcomes[i] = { ok: false, error: validationError(errors) };
      else rows.push(...mine);
    }

    const written = await repo.insertEvents(tx, tenant, rows, receivedAt, shard);
    for (const i of written.refused) outcomes[i] = { ok: false, error: invoicedError() };
    const live = rows.filter((row) => !written.refused.has(row.position));
    // Ids neither written nor found were written by a concurrent group that committed meanwhile.
    const raced = [...new Set(live.map((r) => r.eventId))].filter((id) => !written.inserted.has(id) && !written.existing.has(id));
    const racedTimes = await repo.findRecordedTimes(tx, tenant, raced);
    const firstOrd = new Map<string, number>();
    for (const row of live) if (!firstOrd.has(row.eventId)) firstOrd.set(row.eventId, row.ord);
    const resultsOf = new Map<number, EventResult[]>();
    for (const row of live) {
      const accepted = written.inserted.has(row.eventId) && firstOrd.get(row.eventId) === row.ord;
      const timestamp = written.inserted.get(row.eventId) ?? written.existing.get(row.eventId) ?? racedTimes.get(row.eventId) ?? row.occurredAt;
      const list = resultsOf.get(row.position) ?? [];
      list.push({ index: row.eventIndex, eventId: row.eventId, status: accepted ? 'accepted' : 'duplicate', timestamp });
      resultsOf.set(row.position, list);
    }
    for (const i of positions) if (!outcomes[i]) outcomes[i] = { ok: true, results: resultsOf.get(i) ?? [] };
  }
  return outcomes.map((o) => o!);
}

/** The metadata value a unique_count meter counts, as text; null when absent. */
function distinctValueOf(event: NormalizedEvent, meter: repo.ResolvedMeter): string | null {
  if (meter.aggregation !== 'unique_count' || !meter.property) return null;
  const value = event.metadata?.[meter.property];
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
