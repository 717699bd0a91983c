// A tiny JSON client for setup calls, resends and the from-usage timings (undici: keep-alive,
// no global agent surprises). Every write carries a fresh Idempotency-Key, as the service requires.
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';

export interface JsonResponse {
  status: number;
  body: unknown;
}

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A route the benchmark needs does not exist (the feature is not built yet): the service's 404 names `route`. */
export class MissingEndpoint extends Error {}

export function isMissingRoute(response: JsonResponse): boolean {
  return response.status === 404 && (response.body as { resource?: string } | null)?.resource === 'route';
}

/** A unique key per request, prefixed by the run so a stray collision with another run is impossible. */
export function idempotencyKey(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

export class JsonClient {
  private readonly pool: Pool;

  constructor(
    readonly baseUrl: string,
    private readonly authorization: string | null,
    connections = 8,
    /** How long one answer may take (a test clock's advance answers once all it bills is done). */
    timeoutMs = 120_000,
  ) {
    this.pool = new Pool(baseUrl, { connections, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  }

  async send(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, rawBody?: string): Promise<JsonResponse> {
    const headers: Record<string, string> = {};
    if (this.authorization) headers.authorization = this.authorization;
    if (method !== 'GET') headers['idempotency-key'] = idempotencyKey('bench');
    const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await this.pool.request({ method, path, headers, body: payload });
    const text = await response.body.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy page, a crash): keep the text for the error message.
    }
    return { status: response.statusCode, body: parsed };
  }

  /** Sends and insists on one of the expected statuses; anything else is a setup failure with the body. */
  async expect<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body: unknown, statuses: number[]): Promise<T> {
    const response = await this.send(method, path, body);
    if (isMissingRoute(response)) throw new MissingEndpoint(`${method} ${path} does not exist (404 route)`);
    if (!statuses.includes(response.status)) {
      throw new HttpError(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 600)}`, response.status);
    }
    return response.body as T;
  }

  /** Throws MissingEndpoint when the service has no such route (probed with an empty body). */
  async assertRoute(method: 'POST', path: string): Promise<void> {
    const response = await this.send(method, path, {});
    if (isMissingRoute(response)) throw new MissingEndpoint(`${method} ${path} does not exist (404 route)`);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
