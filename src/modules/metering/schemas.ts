import { Type } from '@sinclair/typebox';
import { DateTime, DateTimeInput, DecimalString, METADATA_MAX_DEPTH, Nullable, Uuid } from '../../http/schemas.ts';

export const UsageEvent = Type.Object(
  {
    meter: Type.String({ minLength: 1, maxLength: 100, description: 'Key of the meter.' }),
    productId: Uuid({ description: 'The product the usage is billed under.' }),
    customerId: Type.String({ minLength: 1, maxLength: 255, description: "The customer's id or its externalId." }),
    value: DecimalString({ description: 'Amount of usage (>= 0). Ignored by count meters beyond being recorded.' }),
    eventId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$', description: 'Dedupe key; pin it so resends are recognised. Made by the server when absent.' }),
    ),
    timestamp: Type.Optional(DateTimeInput({ description: 'When the usage happened; pin it for resends. Default: receipt time.' })),
    metadata: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { description: 'Free-form data, at most 4 KiB; a value is a scalar or an array or object of scalars.', 'x-max-depth': METADATA_MAX_DEPTH }),
    ),
  },
  { additionalProperties: false, title: 'UsageEvent' },
);

const EventStatus = Type.Union([Type.Literal('accepted'), Type.Literal('duplicate')], {
  description: 'accepted: recorded now; duplicate: already recorded (nothing changed).',
});

export const RecordedEvent = Type.Object({
  eventId: Type.String(),
  status: EventStatus,
  timestamp: DateTime({ description: 'The recorded timestamp (the original one for a duplicate).' }),
});

export const BatchBody = (maxEvents: number) =>
  Type.Object({ events: Type.Array(UsageEvent, { minItems: 1, maxItems: maxEvents }) }, { additionalProperties: false });

export const BatchResult = Type.Object({
  results: Type.Array(Type.Object({ index: Type.Integer(), eventId: Type.String(), status: EventStatus, timestamp: DateTime() })),
  accepted: Type.Integer({ description: 'Events recorded now.' }),
  duplicates: Type.Integer({ description: 'Events already recorded.' }),
});

export const UsageQuery = Type.Object(
  {
    enrollmentId: Uuid(),
    meter: Type.String({ minLength: 1, description: 'Meter key.' }),
    from: DateTimeInput({ description: 'Start, included.' }),
    to: DateTimeInput({ description: 'End, excluded.' }),
    granularity: Type.Optional(Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('none')], { default: 'none' })),
  },
  { additionalProperties: false },
);

export const UsageSummary = Type.Object({
  enrollmentId: Uuid(),
  meter: Type.String(),
  meterId: Uuid(),
  aggregation: Type.String(),
  from: DateTime(),
  to: DateTime(),
  value: DecimalString({ description: 'The aggregated usage over [from, to).' }),
  buckets: Type.Array(Type.Object({ start: DateTime(), end: DateTime(), value: DecimalString() })),
});

export const EventsQuery = Type.Object(
  {
    enrollmentId: Uuid(),
    meter: Type.Optional(Type.String({ minLength: 1 })),
    from: Type.Optional(DateTimeInput()),
    to: Type.Optional(DateTimeInput()),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    cursor: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const StoredEvent = Type.Object({
  eventId: Type.String(),
  enrollmentId: Uuid(),
  meter: Type.String(),
  meterId: Uuid(),
  value: DecimalString(),
  timestamp: DateTime(),
  metadata: Nullable(Type.Record(Type.String(), Type.Unknown())),
  receivedAt: DateTime(),
});
