// The fetch every request of the client goes through: it gives each write one Idempotency-Key,
// kept across its retries (so a retry can never run the write twice), and retries what may
// succeed later: network errors, 409 idempotency_key_in_use (the first attempt is still running),
// 429 (after Retry-After) and 5xx, with exponential back-off and jitter.
import { randomUUID } from 'node:crypto';

export interface RetryPolicy {
  /** Retries after the first attempt (default 3). */
  maxRetries: number;
  /** First back-off in ms, doubled each retry (default 250). */
  baseDelayMs: number;
  /** Longest wait between attempts in ms, Retry-After included (default 20,000). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 250, maxDelayMs: 20_000 };

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function retryingFetch(inner: typeof fetch, policy: RetryPolicy, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): (request: Request) => Promise<Response> {
  return async (original: Request) => {
    const request = new Request(original);
    if (WRITES.has(request.method) && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', randomUUID());
    // The body is read once into memory so each attempt can send it again.
    const body = request.body === null ? null : await request.arrayBuffer();
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= policy.maxRetries;
      let response: Response;
      try {
        response = await inner(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
      } catch (error) {
        if (last || request.signal.aborted) throw error;
        await sleep(backoff(policy, attempt));
        continue;
      }
      const wait = await retryDelay(response, policy, attempt);
      if (wait === null || last) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}

function backoff(policy: RetryPolicy, attempt: number): number {
  const exponential = policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, exponential / 2 + Math.random() * (exponential / 2));
}

/** How long to wait before retrying this answer, or null when it is final. */
async function retryDelay(response: Response, policy: RetryPolicy, attempt: number): Promise<number | null> {
  const { status } = response;
  if (status === 429 || status === 503) {
    const seconds = Number(response.headers.get('retry-after'));
    if (Number.isFinite(seconds) && seconds > 0) return Math.min(policy.maxDelayMs, seconds * 1000);
    return backoff(policy, attempt);
  }
  if (status >= 500) return backoff(policy, attempt);
  if (status === 409) {
    const body = (await response.clone().json().catch(() => null)) as { error?: { code?: string } } | null;
    if (body?.error?.code === 'idempotency_key_in_use') return backoff(policy, attempt);
  }
  return null;
}
