// The Pix API standard has no SDK: requests go through undici over mutual TLS (the PSP's client
// certificate and key) with an OAuth2 client-credentials token, cached per connection until
// shortly before it expires. Every failure becomes a ProcessorError the service knows.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
import { ProcessorError, type ProcessorConnection } from '../types.ts';

/** Scopes of charges, refunds and the webhook (the standard's names): every PSP grants these. */
export const PIX_CORE_SCOPES = 'cob.write cob.read cobv.write cobv.read pix.write pix.read webhook.write webhook.read';
/** Pix Automático's, asked for too; a PSP without it refusing them (`invalid_scope`) gets the core ones alone. */
export const PIX_SCOPES = `${PIX_CORE_SCOPES} rec.write rec.read solicrec.write solicrec.read cobr.write cobr.read webhookrec.write webhookrec.read webhookcobr.write webhookcobr.read`;

/** A token is renewed this long before the PSP says it expires (clock skew, slow requests). */
const TOKEN_MARGIN_MS = 60_000;

export interface PixCall {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  /** Path below the connection's baseUrl, already encoded ("/cob/abc"). */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export interface PixAnswer {
  status: number;
  body: unknown;
}

interface CachedToken {
  value: string;
  expiresAt: number;
}

// Keyed by a digest of the connection's id and credentials: saving new credentials starts afresh.
const agents = new Map<string, Agent>();
const tokens = new Map<string, CachedToken>();
/** Token requests under way: concurrent calls of one connection share one. */
const pendingTokens = new Map<string, Promise<string>>();
/** The key each connection id last used: new credentials close the old agent. */
const keyOfConnection = new Map<string, string>();

/** Each egress guard's number, so that an agent is never shared between a guarded and an open connection. */
const guardIds = new WeakMap<object, number>();
let guardsSeen = 0;

function guardIdOf(connection: ProcessorConnection): string {
  if (!connection.egress) return 'open';
  let id = guardIds.get(connection.egress);
  if (id === undefined) guardIds.set(connection.egress, (id = ++guardsSeen));
  return `guard-${id}`;
}

function cacheKey(connection: ProcessorConnection): string {
  const c = connection.credentials;
  const key = createHash('sha256')
    .update([connection.id, c.baseUrl, c.clientId, c.clientSecret, c.certificate, c.privateKey, c.caCertificate ?? '', c.tokenUrl ?? '', guardIdOf(connection)].join('\u0000'))
    .digest('hex');
  const previous = keyOfConnection.get(connection.id);
  if (previous !== undefined && previous !== key) {
    tokens.delete(previous);
    void agents.get(previous)?.close();
    agents.delete(previous);
  }
  keyOfConnection.set(connection.id, key);
  return key;
}

function agentFor(connection: ProcessorConnection, key: string): Agent {
  let agent = agents.get(key);
  if (!agent) {
    const c = connection.credentials;
    // caCertificate: the PSP's CA when it is not a public one (homologation servers, tests).
    // Outside development every address DNS gives the PSP's host is judged before connecting (a
    // name that was public when the connection was saved may point inside now).
    const lookup = connection.egress ? { lookup: connection.egress.lookup } : {};
    agent = new Agent({ connect: { cert: c.certificate, key: c.privateKey, ...(c.caCertificate ? { ca: c.caCertificate } : {}), ...lookup } });
    agents.set(key, agent);
  }
  return agent;
}

/** Drops the cached agent and token of every connection (tests; a process about to exit). */
export async function resetPixClients(): Promise<void> {
  tokens.clear();
  keyOfConnection.clear();
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((agent) => agent.close()));
}

/** A credential the connection must have (the connections module validates them; this guards the rest). */
export function credential(connection: ProcessorConnection, field: 'baseUrl' | 'clientId' | 'clientSecret' | 'certificate' | 'privateKey' | 'pixKey'): string {
  const value = connection.credentials[field];
  if (!value) throw new ProcessorError('provider_rejected', `The pix_api connection has no ${field}.`, field);
  return value;
}

function baseUrlOf(connection: ProcessorConnection): string {
  return credential(connection, 'baseUrl').replace(/\/+$/, '');
}

/** The token endpoint: `tokenUrl` when the PSP keeps it elsewhere, else `{baseUrl}/oauth/token`. */
function tokenUrlOf(connection: ProcessorConnection): string {
  return connection.credentials.tokenUrl || `${baseUrlOf(connection)}/oauth/token`;
}

const TLS_REFUSAL = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL_)/;

/** Why a request never got an answer: timeout, a refused certificate, or the PSP unreachable. */
function transportError(error: unknown): ProcessorError {
  const e = error as { name?: string; code?: string; cause?: { code?: string; name?: string }; message?: string };
  const code = e.code ?? e.cause?.code ?? '';
  if (code === 'ERR_WEBHOOK_TARGET_REFUSED') return refusedAddressError((e.code ? e.message : (e.cause as { message?: string }).message) ?? 'a refused address');
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new ProcessorError('provider_timeout', 'The Pix PSP did not answer in time.', 'timeout');
  }
  if (TLS_REFUSAL.test(code)) {
    return new ProcessorError('provider_rejected', 'The TLS handshake with the Pix PSP failed: check the certificate and key.', code);
  }
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') {
    // Under TLS 1.3 a PSP refusing the client certificate just closes the connection after the
    // handshake: from here it looks like any dropped connection.
    return new ProcessorError('provider_unavailable', 'The Pix PSP closed the connection: it may refuse the client certificate, or be failing.', code);
  }
  return new ProcessorError('provider_unavailable', 'The Pix PSP could not be reached.', code || null);
}

/** What an HTTP error answer means; `problem` is the standard's Problema (RFC 7807) when given. */
export function answerError(status: number, body: unknown): ProcessorError {
  const problem = body as { type?: string; title?: string; detail?: string } | undefined;
  const processorCode = typeof problem?.type === 'string' ? problem.type.split('/').pop() ?? null : String(status);
  if (status >= 500) return new ProcessorError('provider_unavailable', `The Pix PSP answered ${status}.`, processorCode);
  return new ProcessorError('provider_rejected', `The Pix PSP refused the request (${status}${problem?.title ? `: ${problem.title}` : ''}).`, processorCode);
}

/** A literal IP host is never looked up: the guard judges it here, before any connection. */
function refusedLiteral(connection: ProcessorConnection, url: string): ProcessorError | null {
  if (!connection.egress) return null;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const problem = isIP(host) ? connection.egress.refusedAddress(host) : null;
  return problem ? refusedAddressError(problem) : null;
}

function refusedAddressError(problem: string): ProcessorError {
  return new ProcessorError('provider_rejected', `The Pix PSP's address is refused: ${problem.replace(/^url/, 'baseUrl')}.`, 'address_refused');
}

async function send(connection: ProcessorConnection, key: string, url: string, options: { method: string; headers: Record<string, string>; body?: string }, timeoutMs: number): Promise<PixAnswer> {
  const refused = refusedLiteral(connection, url);
  if (refused) throw refused;
  const dispatcher = agentFor(connection, key);
  let response: Dispatcher.ResponseData;
  try {
    response = await undiciRequest(url, { ...options, dispatcher, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw transportError(error);
  }
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw transportError(error);
  }
  let body: unknown = undefined;
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.statusCode, body };
}

async function requestToken(connection: ProcessorConnection, key: string, scope: string, timeoutMs: number): Promise<PixAnswer> {
  const basic = Buffer.from(`${credential(connection, 'clientId')}:${credential(connection, 'clientSecret')}`, 'utf8').toString('base64');
  return send(
    connection,
    key,
    tokenUrlOf(connection),
    {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    },
    timeoutMs,
  );
}

function oauthError(answer: PixAnswer): string | null {
  const error = (answer.body as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error : null;
}

async function token(connection: ProcessorConnection, key: string, timeoutMs: number, now: number): Promise<string> {
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > now) return cached.value;
  let pending = pendingTokens.get(key);
  if (!pending) {
    pending = newToken(connection, key, timeoutMs, now).finally(() => pendingTokens.delete(key));
    pendingTokens.set(key, pending);
  }
  return pending;
}

async function newToken(connection: ProcessorConnection, key: string, timeoutMs: number, now: number): Promise<string> {
  let answer = await requestToken(connection, key, PIX_SCOPES, timeoutMs);
  if (answer.status === 400 && oauthError(answer) === 'invalid_scope') answer = await requestToken(connection, key, PIX_CORE_SCOPES, timeoutMs);
  const body = answer.body as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (answer.status !== 200 || typeof body?.access_token !== 'string') {
    // 400/401 from a token endpoint is a credentials problem (RFC 6749 `invalid_client`).
    if (answer.status >= 500) throw answerError(answer.status, answer.body);
    throw new ProcessorError('provider_rejected', 'The Pix PSP refused the client credentials.', oauthError(answer) ?? String(answer.status));
  }
  const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 0)) * 1000;
  tokens.set(key, { value: body.access_token, expiresAt: now + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) });
  return body.access_token;
}

/**
 * One call to the PSP's Pix API with a valid token; a 401 renews the token once (the PSP may have
 * revoked it early). Answers every status: callers decide what a 404 means.
 */
export async function pixCall(connection: ProcessorConnection, call: PixCall, timeoutMs: number): Promise<PixAnswer> {
  const key = cacheKey(connection);
  const query = call.query && Object.keys(call.query).length > 0 ? `?${new URLSearchParams(call.query).toString()}` : '';
  const url = `${baseUrlOf(connection)}${call.path}${query}`;
  for (let attempt = 0; ; attempt++) {
    const bearer = await token(connection, key, timeoutMs, Date.now());
    const headers: Record<string, string> = { authorization: `Bearer ${bearer}`, accept: 'application/json' };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await send(connection, key, url, { method: call.method, headers, ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}) }, timeoutMs);
    if (answer.status === 401 && attempt === 0) {
      tokens.delete(key);
      continue;
    }
    return answer;
  }
}

/** pixCall that requires a 2xx: anything else throws the matching ProcessorError. */
export async function pixCallOk(connection: ProcessorConnection, call: PixCall, timeoutMs: number): Promise<unknown> {
  const answer = await pixCall(connection, call, timeoutMs);
  if (answer.status < 200 || answer.status >= 300) throw answerError(answer.status, answer.body);
  return answer.body;
}
