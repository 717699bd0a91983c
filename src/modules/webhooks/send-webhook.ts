// One webhook POST. Outside development the connection goes through the filtering agents of
// target-agents.ts, which check the address DNS gives at connection time (a name that resolved to a
// public address when the endpoint was created may point elsewhere now) by the rules the URL was
// checked with. Redirects are not followed (a 3xx is the answer), the whole attempt is bounded by a
// timeout, reaching the receiver (DNS lookup and TCP connect) by a shorter one, so an unresolvable
// or unreachable host gives its worker back in seconds; at most 64 kB of the answer is read.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { FilteringHttpAgent, FilteringHttpsAgent, TargetRefusedError } from './target-agents.ts';
import type { TargetPolicy } from './target-policy.ts';

export interface WebhookAttemptResult {
  /** HTTP status of the answer, null when none arrived. */
  status: number | null;
  /** Why no usable answer arrived (timeout, refused address, connection error), else null. */
  error: string | null;
  durationMs: number;
  /** At most maxResponseBytes of the answer body, as UTF-8 text. */
  responseBody: string;
}

export interface SendOptions extends TargetPolicy {
  /** Default 10 s, for connect, headers and body together. */
  timeoutMs?: number;
  /** Default 3 s, from the start of the attempt to a connected socket (DNS lookup included). */
  connectTimeoutMs?: number;
  /** Default 64 kB. */
  maxResponseBytes?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 65_536;
const USER_AGENT = 'billing-service-webhooks/1';

// Kept alive and shared: deliveries to one receiver reuse connections.
const agents = {
  filtered: { http: new FilteringHttpAgent({ keepAlive: true }), https: new FilteringHttpsAgent({ keepAlive: true }) },
  open: { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) },
};

/** POSTs one signed webhook. Never throws: every failure is a result. */
export function sendWebhook(url: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<WebhookAttemptResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, timeoutMs);
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const elapsed = () => performance.now() - started;
  const refused = (error: string): Promise<WebhookAttemptResult> => Promise.resolve({ status: null, error, durationMs: elapsed(), responseBody: '' });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return refused('the URL is not valid');
  }
  const secure = target.protocol === 'https:';
  if (!secure && (target.protocol !== 'http:' || !options.allowPrivateTargets)) return refused('refused: the URL must use https');
  const pool = options.allowPrivateTargets ? agents.open : agents.filtered;
  let request: http.ClientRequest;
  try {
    request = (secure ? https : http).request(target, {
      method: 'POST',
      agent: secure ? pool.https : pool.http,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': USER_AGENT },
      ...(options.lookup ? { lookup: options.lookup } : {}),
    });
  } catch (error) {
    return refused(describe(error as Error)); // e.g. a header value Node refuses
  }
  return new Promise((resolve) => {
    let settled = false;
    // A timer that fires after the event loop was blocked may run before the I/O that came in
    // meanwhile (timers come first in a loop turn): each expiry is judged one turn later, after it.
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          request.destroy();
          finish({ status: null, error: `timed out after ${timeoutMs / 1000} s`, responseBody: '' });
        }),
      timeoutMs,
    );
    // Until the socket connects: a host whose DNS or TCP handshake hangs fails here, not at the whole timeout.
    let resolved = isIP(target.hostname.replace(/^\[(.*)\]$/, '$1')) !== 0; // a literal needs no lookup
    let connected = false;
    const connectTimer = setTimeout(
      () =>
        setImmediate(() => {
          if (connected || settled) return;
          request.destroy();
          const what = resolved ? 'connecting' : 'resolving the host';
          finish({ status: null, error: `timed out ${what} after ${connectTimeoutMs / 1000} s`, responseBody: '' });
        }),
      connectTimeoutMs,
    );
    const isConnected = () => {
      connected = true;
      clearTimeout(connectTimer);
    };
    request.on('socket', (socket) => {
      if (!socket.connecting) return isConnected(); // a kept-alive connection
      socket.once('lookup', () => (resolved = true));
      socket.once('connect', isConnected);
    });
    const finish = (result: Omit<WebhookAttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(connectTimer);
      resolve({ ...result, durationMs: elapsed() });
    };
    request.on('error', (error) => finish({ status: null, error: describe(error), responseBody: '' }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish({ status: response.statusCode ?? null, error: null, responseBody: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8') });
      response.on('data', (chunk: Buffer) => {
        if (size >= maxBytes) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= maxBytes) {
          // Enough kept: stop reading a long answer (the connection is not reused).
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}

/** A short reason, never the request (its headers carry signatures). */
function describe(error: Error & { code?: string }): string {
  if (error instanceof TargetRefusedError) return `refused: ${error.address} is not a public address`;
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host could not be resolved';
    case 'ETIMEOUT':
      return 'the host could not be resolved in time';
    case 'ECONNRESET':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      return error.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(error.message) ? `TLS error: ${error.message}` : error.message.slice(0, 300);
  }
}
