// One error type for every expected failure, with a code from one closed list.
// The HTTP layer (http/error-handler.ts) is the only place that turns these into bodies.

/** Every error code the service emits, with its HTTP status. Clients branch on the code. */
export const ERROR_STATUS = {
  /** Malformed JSON, wrong content type, unusable parameter. */
  bad_request: 400,
  /** A write without the Idempotency-Key header. Nested body. */
  idempotency_key_missing: 400,
  /** An Idempotency-Key that is not 1 to 255 printable characters. Nested body. */
  idempotency_key_invalid: 400,
  /** API key missing, malformed, unknown or revoked. */
  unauthorized: 401,
  /** Key type or scope not allowed on this route. */
  forbidden: 403,
  /** Unknown id, or an id of another account or environment. Body adds `resource`. */
  not_found: 404,
  /** The request conflicts with the resource's current state. */
  conflict: 409,
  /** The same Idempotency-Key is still executing. Nested body. */
  idempotency_key_in_use: 409,
  /** Usage in this range was already invoiced for the enrollment. */
  usage_already_invoiced: 409,
  /** A charge on an invoice that is not open (draft, paid, void, uncollectible). */
  invoice_not_payable: 409,
  /** A payment move its status does not allow (the message names from and to). */
  invalid_payment_state: 409,
  /** A production charge while the account has no connected payment provider. */
  provider_not_configured: 409,
  /** A processor connection whose `methods` include one another connection of this environment serves (DELETE it, or PUT it without the method, first). */
  provider_method_taken: 409,
  /** The account has no Rail settings in this environment (PUT /rail/settings first). */
  rail_not_configured: 409,
  /** A reset of the sandbox test clock while something is recorded after the real time (it would rewrite billed periods). */
  test_clock_ahead: 409,
  /** A storefront slug another storefront already has (slugs are unique across the service). */
  slug_taken: 409,
  /** Body larger than the configured limit. */
  payload_too_large: 413,
  /** An upload whose Content-Type is not the one its signed URL was made for. */
  unsupported_media_type: 415,
  /** Field errors; body adds `errors`. */
  validation_failed: 422,
  /** The same Idempotency-Key was used with a different request. Nested body. */
  idempotency_key_reused: 422,
  /** An existing product key was sent with different pricing. */
  pricing_immutable: 422,
  /** The version is not a draft and cannot change. */
  version_not_draft: 422,
  /** A version was published as an offer while the product has no default version. */
  no_default_version: 422,
  /** The coupon's redeemBy has passed. */
  coupon_expired: 422,
  /** The coupon was redeemed maxRedemptions times already. */
  coupon_exhausted: 422,
  /** The coupon was archived. */
  coupon_archived: 422,
  /** The prepaid balance does not cover the request. */
  insufficient_balance: 422,
  /** An invoice line or total past what invoices hold (below 10^15 in major units). */
  amount_too_large: 422,
  /** A refund above what is left of the payment (amount minus refundedAmount). */
  refund_exceeds_payment: 422,
  /** A credit note above what is left to credit of the invoice (total minus creditedAmount; amountDue on an open invoice; a line's amount minus what credit notes took of it). */
  credit_note_exceeds_invoice: 422,
  /** An email was asked for (e.g. sending an invoice) but the customer has no email address. */
  customer_email_missing: 422,
  /** The request's headers are larger than the server accepts (protocol level). */
  header_too_large: 431,
  /** The request did not arrive in time (protocol level). */
  request_timeout: 408,
  /** Too many requests for this key or address. Nested body. */
  rate_limited: 429,
  /** A processor event whose signature is missing or wrong (the processor's own verifier); nothing changed. */
  invalid_signature: 400,
  /** The processor refused the request or answered an error (details name its code, never a secret); nothing was written. */
  provider_error: 502,
  /** The processor is down or unreachable; nothing was written, the same request may be retried. */
  provider_unavailable: 502,
  /** The processor did not answer in PROCESSOR_TIMEOUT_MS; nothing was written, and a retry with the same Idempotency-Key never makes a second charge. */
  provider_timeout: 504,
  /** Processor credentials cannot be stored: the operator set no SECRETS_KEY (with DATABASE_URL). */
  secrets_not_configured: 503,
  /** Unexpected failure; never carries internals. */
  internal_error: 500,
  /** A dependency (database) is not reachable. */
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Codes whose body is nested under `error` (interface section 7, rule 9). */
export const NESTED_ERROR_CODES: ReadonlySet<ErrorCode> = new Set([
  'rate_limited',
  'idempotency_key_missing',
  'idempotency_key_invalid',
  'idempotency_key_in_use',
  'idempotency_key_reused',
]);

export interface FieldError {
  field: string;
  value: string;
  constraint: string;
  description: string;
}

export interface AppErrorDetails {
  /** Kind of resource for not-found errors ("product", "payment", ...). */
  resource?: string;
  /** Field errors for validation failures. */
  errors?: FieldError[];
  /** Extra context, returned as `metadata` (create-product not-found variant). */
  metadata?: Record<string, unknown>;
  /** Seconds before retrying (rate limits). */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: AppErrorDetails;

  constructor(code: ErrorCode, message: string, details: AppErrorDetails = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

export function notFound(resource: string, message = `No such ${resource.replace(/_/g, ' ')}.`): AppError {
  return new AppError('not_found', message, { resource });
}

export function validationError(errors: FieldError[], message?: string): AppError {
  const first = errors[0];
  return new AppError('validation_failed', message ?? (first ? `${first.field}: ${first.description}` : 'Validation failed.'), {
    errors,
  });
}

/** A single-field validation error, the common case in use cases. */
export function fieldError(field: string, value: unknown, constraint: string, description: string): AppError {
  return validationError([{ field, value: stringifyValue(value), constraint, description }]);
}

export function stringifyValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}
