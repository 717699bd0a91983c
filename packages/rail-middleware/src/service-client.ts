// The billing service over HTTP: the only way the middleware talks to it. "Unreachable" is what
// grace is for: connection refused or reset, a timeout, or a 5xx answer.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of the service, read field by field
type Json = any;

export type ServiceAnswer = { kind: 'answer'; status: number; body: Json; retryAfter?: string | null } | { kind: 'unreachable'; why: string };

export interface ServiceClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export class ServiceClient {
  constructor(private readonly options: ServiceClientOptions) {}

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ServiceAnswer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.apiKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // No Idempotency-Key: the service needs none on /rail/verify and /rail/settle, the
    // authorization's nonce is what makes a settle happen once (docs/rail.md), and a key would
    // only make the service store each answer.
    let response: Response;
    try {
      response = await fetch(new URL(path, this.options.baseUrl), {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      return { kind: 'unreachable', why: String(cause) };
    }
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      if (response.status < 500) return { kind: 'answer', status: response.status, body: null };
    }
    if (response.status >= 500) return { kind: 'unreachable', why: `status ${response.status}` };
    return { kind: 'answer', status: response.status, body: parsed, retryAfter: response.headers.get('retry-after') };
  }
}
