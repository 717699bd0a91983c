// Shared TypeBox building blocks: the same schemas validate requests, serialise responses and
// become the OpenAPI document.
import { Type, type TSchema } from '@sinclair/typebox';

/** A decimal string ("10.50"). A JSON number here is refused with constraint `decimal_string`. */
export const DecimalString = (options: { description?: string } = {}) =>
  Type.String({ format: 'decimal', examples: ['10.50'], ...options });

export const Uuid = (options: { description?: string } = {}) => Type.String({ format: 'uuid', ...options });
/** A timestamp in a response: use cases return Date objects, serialised as ISO 8601 UTC strings. */
export const DateTime = (options: { description?: string } = {}) => Type.Unsafe<Date>({ type: 'string', format: 'date-time', ...options });
/** A timestamp in a request: an ISO 8601 string with a time zone. */
export const DateTimeInput = (options: { description?: string } = {}) => Type.String({ format: 'date-time', ...options });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * How deep metadata nests: the object itself, and values that are scalars or one array or object
 * of scalars. The `x-max-depth` keyword is checked by validation.ts.
 */
export const METADATA_MAX_DEPTH = 2;

/** Metadata objects: string keys, small JSON values. Size is checked by `assertMetadataSize`. */
export const Metadata = () =>
  Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), {
    description: 'Free-form key-value data, at most 50 keys and 8 KiB; a value is a scalar or an array or object of scalars.',
    'x-max-depth': METADATA_MAX_DEPTH,
  });

export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Page size, 1 to 100 (default 20).' })),
    cursor: Type.Optional(Type.String({ description: 'The nextCursor of the previous page.' })),
  },
  { additionalProperties: false },
);

const tracerId = Type.String({ description: 'Request id to give to support; also the X-Request-Id header.' });

export const StandardError = Type.Object(
  {
    message: Type.String(),
    error_code: Type.String({ description: 'Stable code clients branch on.' }),
    tracer_id: tracerId,
  },
  { $id: 'StandardError', title: 'StandardError' },
);

export const NotFoundError = Type.Object(
  {
    message: Type.String(),
    error_code: Type.Literal('not_found'),
    tracer_id: tracerId,
    resource: Type.String({ description: 'Kind of resource that was not found.' }),
    metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { $id: 'NotFoundError', title: 'NotFoundError' },
);

export const ValidationError = Type.Object(
  {
    message: Type.String(),
    error_code: Type.String(),
    tracer_id: tracerId,
    errors: Type.Array(
      Type.Object({
        field: Type.String({ description: 'Path of the field, e.g. events[3].value.' }),
        value: Type.String({ description: 'The value received, as a string.' }),
        constraint: Type.String({ description: 'The rule that failed, e.g. required, decimal_string.' }),
        description: Type.String(),
      }),
    ),
  },
  { $id: 'ValidationError', title: 'ValidationError' },
);

export const NestedError = Type.Object(
  {
    error: Type.Object({
      code: Type.String({ description: 'rate_limited, idempotency_key_missing, idempotency_key_in_use or idempotency_key_reused.' }),
      message: Type.String(),
      request_id: tracerId,
    }),
  },
  { $id: 'NestedError', title: 'NestedError' },
);

/** Schemas shared by reference in the OpenAPI document. */
export const sharedSchemas = [StandardError, NotFoundError, ValidationError, NestedError];

const ref = (id: string, description: string) => Type.Unsafe({ $ref: `${id}#`, description });

/** Error responses a route documents. 400/401/403/429/500/503 are added to every keyed route by app.ts. */
export function errorResponses(...statuses: Array<400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503>): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const status of statuses) out[status] = ERROR_RESPONSE[status]!;
  return out;
}

export const ERROR_RESPONSE: Record<number, TSchema> = {
  400: Type.Unsafe({
    description: 'Malformed request (standard body), or a write without Idempotency-Key (nested body).',
    anyOf: [{ $ref: 'StandardError#' }, { $ref: 'NestedError#' }],
  }),
  401: ref('StandardError', 'Missing or invalid API key.'),
  403: ref('StandardError', 'The key may not call this route (key type or scope).'),
  404: ref('NotFoundError', 'Not found, or it belongs to another account or environment.'),
  409: Type.Unsafe({
    description: 'State conflict (standard body), or the same Idempotency-Key still running (nested body).',
    anyOf: [{ $ref: 'StandardError#' }, { $ref: 'NestedError#' }],
  }),
  413: ref('StandardError', 'Request body too large.'),
  422: Type.Unsafe({
    description: 'Field errors (validation body), a business rule (standard body), or an Idempotency-Key reused with another request (nested body).',
    anyOf: [{ $ref: 'ValidationError#' }, { $ref: 'StandardError#' }, { $ref: 'NestedError#' }],
  }),
  429: ref('NestedError', 'Rate limited; see Retry-After.'),
  500: ref('StandardError', 'Unexpected failure.'),
  503: ref('StandardError', 'Busy for a moment or closing (service_unavailable): retry after the Retry-After seconds, on another connection when closing.'),
};
