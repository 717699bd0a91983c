// A processor mock that validates every request the service sends against the processor's official
// OpenAPI document (Prism's request validator, the engine of `prism mock`), then answers from a
// small stateful fake (Prism's own examples cannot remember a charge to confirm or refund it).
// Every request that breaks the document is kept in `violations`: a test asserts none.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInstance, getHttpOperationsFromSpec } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { isLeft } from 'fp-ts/lib/Either.js';
import { installFormDeserializer, nestFormFields, undeclaredFormFields } from './form-body.ts';

export interface MockRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  rawBody: Buffer;
  /** JSON, or an application/x-www-form-urlencoded body (Stripe) as the nested object its bracket keys stand for, or undefined. */
  body: unknown;
}

export interface MockAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Violation {
  method: string;
  path: string;
  problems: string[];
}

export type FakeHandler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

export interface ValidatingMock {
  url: string;
  server: Server;
  violations: Violation[];
  /** Every request received, in order (for asserting idempotency keys, bodies). */
  requests: MockRequest[];
  close(): Promise<void>;
}

const silentLogger = {
  child: () => silentLogger,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  success: () => undefined,
  level: 'silent',
} as never;

const operationsCache = new Map<string, Promise<IHttpOperation[]>>();

/** The document's operations (parsed once per document per test process). */
export function operationsOf(specPath: string): Promise<IHttpOperation[]> {
  let operations = operationsCache.get(specPath);
  if (!operations) {
    operations = getHttpOperationsFromSpec(specPath) as Promise<IHttpOperation[]>;
    operationsCache.set(specPath, operations);
  }
  return operations;
}

/** The request's problems against the document (no route, bad parameters, bad body, missing security); empty when valid. */
export async function validateAgainst(operations: IHttpOperation[], request: MockRequest, serverUrl: string): Promise<string[]> {
  const prism = createInstance(
    { mock: { dynamic: false }, checkSecurity: true, validateRequest: true, validateResponse: false, errors: false, upstreamProxy: undefined, isProxy: false },
    { logger: silentLogger },
  );
  // Prism deserializes a form body itself (deepObject keys like `metadata[payment_id]`, by the
  // document's encodings) and refuses anything but the raw text for one.
  const form = request.headers['content-type']?.includes('application/x-www-form-urlencoded') && request.rawBody.length > 0;
  const result = await prism.request(
    { method: request.method.toLowerCase() as never, url: { path: request.path, query: request.query, baseUrl: serverUrl }, headers: request.headers, body: form ? request.rawBody.toString('utf8') : request.body },
    operations,
  )();
  if (isLeft(result)) {
    // Prism answers a broken request as a problem+json error whose details list each violation.
    const details = (result.left as { additional?: { validation?: { location?: string[]; message: string }[] } }).additional?.validation ?? [];
    const listed = details.map((d) => `${(d.location ?? []).join('.')}: ${d.message}`);
    return listed.length > 0 ? listed : [`${result.left.name}: ${result.left.message}`];
  }
  const problems = result.right.validations.input
    .filter((d) => d.severity === 0) // DiagnosticSeverity.Error
    .map((d) => `${(d.path ?? []).join('.')}: ${d.message}`);
  return form ? [...problems, ...undeclaredFormFields(operations, request, serverUrl)] : problems;
}

function parseBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  if (contentType?.includes('application/json')) return JSON.parse(text);
  if (contentType?.includes('application/x-www-form-urlencoded')) return nestFormFields(new URLSearchParams(text));
  return text;
}

async function readRequest(req: IncomingMessage): Promise<MockRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://mock.invalid');
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const before = query[key];
    query[key] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[key] = value;
  return { method: req.method ?? 'GET', path: url.pathname, query, headers, rawBody, body: parseBody(rawBody, headers['content-type']) };
}

/**
 * Starts the mock on 127.0.0.1. `serverUrl` is the document's server the paths hang from (for
 * example `https://checkout-test.adyen.com/v71`); requests arrive at `{mock.url}{path}` where path
 * is relative to it. `tls` makes it an https server (for mTLS peers).
 */
export async function startValidatingMock(options: {
  specPath: string;
  serverUrl: string;
  fake: FakeHandler;
  /** Path prefix the service puts before the document's paths (for example '/v71'); stripped before validation. */
  basePath?: string;
  /** Skip validation for these requests (for example an OAuth token endpoint the document does not describe). */
  skipValidation?: (request: MockRequest) => boolean;
  createServer?: (listener: (req: IncomingMessage, res: ServerResponse) => void) => Server;
  protocol?: 'http' | 'https';
}): Promise<ValidatingMock> {
  installFormDeserializer();
  const operations = await operationsOf(options.specPath);
  const violations: Violation[] = [];
  const requests: MockRequest[] = [];
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    void (async () => {
      const request = await readRequest(req);
      requests.push(request);
      const path = options.basePath && request.path.startsWith(options.basePath) ? request.path.slice(options.basePath.length) || '/' : request.path;
      if (!options.skipValidation?.(request)) {
        const problems = await validateAgainst(operations, { ...request, path }, options.serverUrl);
        if (problems.length > 0) {
          violations.push({ method: request.method, path: request.path, problems });
          res.writeHead(422, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ mock: 'request does not match the official document', problems }));
          return;
        }
      }
      const answer = await options.fake({ ...request, path });
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    })().catch((error: unknown) => {
      violations.push({ method: req.method ?? '?', path: req.url ?? '?', problems: [`mock crashed: ${String(error)}`] });
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
  const server = options.createServer ? options.createServer(listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.protocol ?? 'http'}://127.0.0.1:${port}`,
    server,
    violations,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
