// One error class for every refusal of the service, whichever of its two body shapes it came in:
// the flat standard body {message, error_code, tracer_id, errors?, resource?} or the nested one
// {error: {code, message, request_id}} of rate-limit and idempotency refusals.

export interface FieldError {
  field: string;
  value: string;
  constraint: string;
  description: string;
}

export class BillingError extends Error {
  override readonly name = 'BillingError';
  /** HTTP status; 0 when the service could not be reached. */
  readonly status: number;
  /** Stable code to branch on (`validation_failed`, `not_found`, `rate_limited`, `network_error`, ...). */
  readonly error_code: string;
  /** The request id to give to support (also the X-Request-Id header); null when none came back. */
  readonly tracer_id: string | null;
  /** Field errors of a 422 validation refusal. */
  readonly errors: FieldError[] | undefined;
  /** What kind of thing a 404 did not find. */
  readonly resource: string | undefined;
  /** The body as the service sent it. */
  readonly body: unknown;

  constructor(init: { status: number; error_code: string; message: string; tracer_id: string | null; errors?: FieldError[]; resource?: string; body?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.error_code = init.error_code;
    this.tracer_id = init.tracer_id;
    this.errors = init.errors;
    this.resource = init.resource;
    this.body = init.body;
  }
}

/** The BillingError of a refused answer, from either body shape. */
export function errorFromResponse(status: number, body: unknown, requestId: string | null): BillingError {
  const flat = (body ?? {}) as Record<string, unknown>;
  const nested = (flat.error && typeof flat.error === 'object' ? flat.error : undefined) as Record<string, unknown> | undefined;
  const code = (nested?.code ?? flat.error_code) as string | undefined;
  const message = (nested?.message ?? flat.message) as string | undefined;
  return new BillingError({
    status,
    error_code: code ?? `http_${status}`,
    message: message ?? `The service answered ${status}.`,
    tracer_id: ((nested?.request_id ?? flat.tracer_id) as string | undefined) ?? requestId,
    errors: Array.isArray(flat.errors) ? (flat.errors as FieldError[]) : undefined,
    resource: typeof flat.resource === 'string' ? flat.resource : undefined,
    body,
  });
}
