// The Adyen API library (`@adyen/api-library`) set up for one connection. The library builds every
// Checkout endpoint (test, or live with the account's URL prefix), serializes requests and parses
// answers; the HTTP transport is ours through the library's own `httpClient` seam (the second
// argument of `Client`), because its built-in client speaks https only, has no way to point the
// Checkout API elsewhere (PROCESSOR_A_API_URL: tests, regional endpoints) and cannot tell a timeout
// from a dropped connection. The transport also pins the Checkout API version to v71, the version
// of the official document every request is validated against in tests.
import { createRequire } from 'node:module';
import adyen from '@adyen/api-library';
import { ProcessorError, type ProcessorConnection, type ProcessorSettings } from '../types.ts';
import { readCredentials } from './credentials.ts';

type HttpClient = NonNullable<ConstructorParameters<typeof adyen.Client>[1]>;
type RequestOptions = NonNullable<Parameters<HttpClient['request']>[4]>;

export const CHECKOUT_API_VERSION = 'v71';
// The headers the library's own client sends, so Adyen sees which library made the call.
const LIBRARY_NAME = 'adyen-node-api-library';
const LIBRARY_VERSION = (createRequire(import.meta.url)('@adyen/api-library/package.json') as { version: string }).version;

/**
 * Where a library endpoint goes: `{base}/v72/sessions` becomes `{override}/sessions` when the
 * service names the Checkout API's URL (version included), else the library's own base with the
 * version pinned.
 */
export function checkoutEndpoint(endpoint: string, override: string | null): string {
  const match = /^(.*)\/v\d+(\/.*)?$/.exec(endpoint);
  if (!match) return endpoint;
  const rest = match[2] ?? '';
  return override ? `${override.replace(/\/+$/, '')}${rest}` : `${match[1]}/${CHECKOUT_API_VERSION}${rest}`;
}

interface AdyenErrorBody {
  status?: number;
  errorCode?: string;
  message?: string;
  errorType?: string;
}

function parseError(text: string): AdyenErrorBody {
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' ? (body as AdyenErrorBody) : {};
  } catch {
    return {};
  }
}

/** Adyen's error answers as the seam's errors: never a secret in the message (the body is Adyen's). */
function answerError(status: number, text: string): ProcessorError {
  const body = parseError(text);
  const code = body.errorCode ?? String(status);
  const message = `processor_a answered ${status}${body.message ? `: ${body.message}` : ''}`;
  if (status >= 500 || status === 429) return new ProcessorError('provider_unavailable', message, code);
  return new ProcessorError('provider_rejected', message, code);
}

/** The library's ClientInterface over fetch, with the service's deadline. */
export class CheckoutTransport implements HttpClient {
  constructor(
    private readonly override: string | null,
    private readonly timeoutMs: number,
  ) {}

  async request(endpoint: string, json: string | Buffer, config: adyen.Config, _isApiKeyRequired: boolean, options: RequestOptions = {}): Promise<string> {
    const url = new URL(checkoutEndpoint(endpoint, this.override));
    if (options.params) for (const [key, value] of new URLSearchParams(options.params as ConstructorParameters<typeof URLSearchParams>[0])) url.searchParams.append(key, value);
    const method = (options.method ?? 'POST').toUpperCase();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-api-key': config.apiKey ?? '',
      'user-agent': `${LIBRARY_NAME}/${LIBRARY_VERSION}`,
      'adyen-library-name': LIBRARY_NAME,
      'adyen-library-version': LIBRARY_VERSION,
    };
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const body = method === 'GET' || method === 'DELETE' || json.length === 0 ? undefined : json.toString();
    let answer = await this.send(url, { method, headers, body });
    // Adyen may move an endpoint with a 308, as the library's own client follows it: once, and only to Adyen's hosts (the API key goes along).
    const location = answer.status === 308 ? answer.location : null;
    if (location) {
      const target = new URL(location, url);
      if (target.protocol !== 'https:' || !/(\.adyen\.com|\.adyenpayments\.com)$/i.test(target.hostname)) {
        throw new ProcessorError('provider_rejected', `processor_a redirected to ${target.hostname}, which is not Adyen's`, '308');
      }
      answer = await this.send(target, { method, headers, body });
    }
    if (answer.status < 200 || answer.status >= 300) throw answerError(answer.status, answer.text);
    return answer.text;
  }

  private async send(url: URL, init: { method: string; headers: Record<string, string>; body: string | undefined }): Promise<{ status: number; text: string; location: string | null }> {
    try {
      const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
      return { status: response.status, text: await response.text(), location: response.headers.get('location') };
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new ProcessorError('provider_timeout', `processor_a did not answer within ${this.timeoutMs} ms`);
      }
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? null;
      throw new ProcessorError('provider_unavailable', `processor_a could not be reached${cause ? ` (${cause})` : ''}`, cause);
    }
  }
}

/** The library's Checkout API for one connection: TEST in sandbox, LIVE with the URL prefix in production. */
export function checkoutApi(connection: ProcessorConnection, settings: ProcessorSettings): adyen.CheckoutAPI {
  const credentials = readCredentials(connection);
  const live = connection.environment === 'production';
  const client = new adyen.Client(
    {
      apiKey: credentials.apiKey,
      environment: live ? adyen.EnvironmentEnum.LIVE : adyen.EnvironmentEnum.TEST,
      ...(live ? { liveEndpointUrlPrefix: credentials.liveUrlPrefix ?? '' } : {}),
    },
    new CheckoutTransport(settings.processorAApiUrl, settings.timeoutMs),
  );
  return new adyen.CheckoutAPI(client);
}
