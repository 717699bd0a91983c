// Pure checks of usage events before anything touches the database: values, timestamps, ids and
// metadata. What needs the database (meter, enrollment, invoiced periods) is checked in the commit group (metering_ingest_v7, src/db/functions/).
import type { FieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { canonicalDecimal } from '../../core/money.ts';

/** How far ahead of the server clock an event may be stamped (client clock skew). */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000;
export const MAX_METADATA_BYTES = 4096;
/**
 * The earliest time an event may carry. RFC 3339 admits year 0 (and an offset can carry year 1
 * into it), which PostgreSQL cannot hold and ISO text of JavaScript writes as a signed year.
 */
export const EARLIEST_TIMESTAMP = '0001-01-01T00:00:00Z';
const EARLIEST_MS = Date.parse(EARLIEST_TIMESTAMP);

export interface UsageEventInput {
  meter: string;
  productId: string;
  customerId: string;
  value: string;
  eventId?: string;
  timestamp?: string;
  metadata?: Record<string, unknown>;
}

/** An event after the pure checks: id fixed, time parsed, value canonical. */
export interface NormalizedEvent {
  index: number;
  eventId: string;
  meterKey: string;
  productId: string;
  customerRef: string;
  value: string;
  occurredAt: Date;
  metadata: Record<string, unknown> | null;
}

export function normalizeEvents(inputs: UsageEventInput[], now: Date, fieldPrefix: (i: number) => string): { events: NormalizedEvent[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const events: NormalizedEvent[] = new Array<NormalizedEvent>(inputs.length);
  const limit = now.getTime() + MAX_FUTURE_SKEW_MS;
  // The events of a batch mostly repeat their neighbour's timestamp: its text is parsed once, and
  // the events share the Date (nothing mutates it), instead of a parse and an object per event.
  let lastText: string | undefined;
  let lastTime = now;
  for (let index = 0; index < inputs.length; index += 1) {
    const input = inputs[index]!;
    // The schema admits only decimal strings (DECIMAL_PATTERN): a leading minus is a negative value (or -0).
    if (input.value.startsWith('-')) {
      errors.push({ field: `${fieldPrefix(index)}value`, value: input.value, constraint: 'minimum', description: 'usage cannot be negative' });
    }
    if (input.timestamp !== lastText) {
      lastText = input.timestamp;
      lastTime = input.timestamp === undefined ? now : new Date(input.timestamp);
    }
    const occurredAt = lastTime;
    if (occurredAt.getTime() > limit) {
      errors.push({
        field: `${fieldPrefix(index)}timestamp`,
        value: input.timestamp ?? '',
        constraint: 'not_in_future',
        description: `must not be more than ${MAX_FUTURE_SKEW_MS / 60_000} minutes ahead of the server clock`,
      });
    }
    if (occurredAt.getTime() < EARLIEST_MS) {
      errors.push({ field: `${fieldPrefix(index)}timestamp`, value: input.timestamp ?? '', constraint: 'not_before_year_1', description: `must be at or after ${EARLIEST_TIMESTAMP}` });
    }
    if (input.metadata !== undefined && Buffer.byteLength(JSON.stringify(input.metadata)) > MAX_METADATA_BYTES) {
      errors.push({ field: `${fieldPrefix(index)}metadata`, value: '', constraint: 'max_size', description: `must serialise to at most ${MAX_METADATA_BYTES} bytes` });
    }
    events[index] = {
      index,
      eventId: input.eventId ?? newId(),
      meterKey: input.meter,
      productId: input.productId,
      customerRef: input.customerId,
      value: canonicalDecimal(input.value),
      occurredAt,
      metadata: input.metadata ?? null,
    };
  }
  return { events, errors };
}
