// The Rail's shapes: its options, the requests and outcomes the adapters translate, what
// GET /rail/config answers, and the queue's items (core.ts uses them; index.ts exports the public ones).
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types';

export interface RailLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface RailOptions {
  /** The billing service base URL, e.g. https://api.example.com. */
  serviceUrl: string;
  /** A secret key of the seller: scopes rail:read (config, verify) and metering:write (settle). */
  apiKey: string;
  /** The product key whose meter prices are the route prices. */
  product: string;
  /** Per call to the service; past it the service counts as unreachable. Default 3000 ms. */
  timeoutMs?: number;
  /** How often the grace queue retries settling while it is not empty. Default 1000 ms. */
  drainIntervalMs?: number;
  /** Structured logs; JSON lines on stderr by default. */
  logger?: RailLogger;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  /**
   * Whether a proxy in front of this server is trusted to say the scheme and host the agent used
   * (`Forwarded`, else `X-Forwarded-Proto` / `X-Forwarded-Host`), for the PaymentRequired's
   * `resource.url`. Default false: an agent could otherwise set them. Express and Fastify answer
   * by their own `trust proxy` / `trustProxy` setting whatever this says.
   */
  trustProxy?: boolean;
  /**
   * Redis shared by every process of this seller (env RAIL_REDIS_URL when absent): one signature
   * is served once across them and any of them settles the grace queue. Without it, both live in
   * each process (README, "Several processes"). Checked at start.
   */
  redisUrl?: string;
  /** Key prefix in that Redis. Default `rail:<product>:`. */
  redisPrefix?: string;
  /**
   * The remote x402 facilitator the service settles with (`facilitator.provider: "remote"`): while
   * the service is unreachable, payments are settled with it directly (the official
   * HTTPFacilitatorClient) and reported to the service when it is back, instead of served on
   * credit. The service never hands out the facilitator's credentials: give the same URL and
   * headers as PUT /rail/remote-facilitator (or a key the facilitator issued for this server).
   * Ignored unless the service's config says the provider is `remote`.
   */
  remoteFacilitator?: RemoteFacilitatorOptions;
}

export interface RemoteFacilitatorOptions {
  /** Base URL; the client appends /settle. */
  url: string;
  /** Sent on each call (an API key, usually). */
  headers?: Record<string, string>;
  /** Per settle; it waits for the chain. Default 30000 ms. */
  timeoutMs?: number;
}

/** What the middleware asks of the remote facilitator: the official client's settle. */
export interface RemoteSettler {
  settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<{ success: boolean; transaction: string; network: string; payer?: string; errorReason?: string; errorMessage?: string }>;
}

export interface RailCounters {
  /** Requests let through to the handler: settled now, or on credit in grace. */
  served: number;
  /** Payments the service settled (live, or from the queue). */
  settled: number;
  /** Requests served on credit while the service was unreachable. */
  inGrace: number;
  /** Requests answered 400 (malformed payment), 402 (bad payment, past the grace window) or 503 (past a grace limit). */
  refused: number;
  /** Queued payments the service refused when they were sent (served but unpaid), or reports it refused (paid but unrecorded). */
  lost: number;
  /** Payments settled directly with the remote facilitator while the service was unreachable. */
  direct: number;
  /** Of those, the ones the service has recorded from their report. */
  reported: number;
  /** Unsettled payments held now. */
  queueDepth: number;
}

export interface RailRequest {
  method: string;
  /** Path and query, as the agent asked for it (Express: originalUrl, not the mounted remainder). */
  url: string;
  host: string | undefined;
  header(name: string): string | undefined;
  /** The connection is TLS (node:http's socket.encrypted). */
  secure?: boolean;
  /** The scheme a framework derived under its own proxy-trust setting (Express req.protocol, Fastify request.protocol). */
  protocol?: string;
}

export type RailOutcome =
  | { action: 'serve'; headers: Record<string, string> }
  | { action: 'respond'; status: number; headers: Record<string, string>; body: unknown };

export interface Route {
  meter: string;
  description: string;
  accepts: PaymentRequirements[];
}

export interface Queued {
  payload: PaymentPayload;
  requirements: PaymentRequirements;
  nonceKey: string;
  payer: string;
  amount: string;
  validBefore: string;
  /** Settled directly with the remote facilitator: this hash is reported, not settled again. */
  transaction?: string;
}

export interface Codec {
  encodePaymentRequiredHeader(value: PaymentRequired): string;
  decodePaymentSignatureHeader(value: string): PaymentPayload;
  encodePaymentResponseHeader(value: { success: boolean; errorReason?: string; transaction: string; network: `${string}:${string}`; payer?: string }): string;
}

export class RailStartError extends Error {}

/** What GET /rail/config answers (the interface's Rail configuration). */
export interface RailConfig {
  network: string;
  asset: string;
  assetDecimals: number;
  payTo: string;
  grace: { window: string; maxPerAgent: string; maxTotal: string; queueLimit: number; clockSkewSeconds: number };
  facilitator: { provider: string; indexesForDiscovery: boolean };
  outputSchema: { x402Version: number; product: { key: string }; routes: Array<Route & { unitPrice: string; currency: string }> };
}

export const jsonLogger: RailLogger = {
  info: (fields, msg) => process.stderr.write(`${JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...fields })}\n`),
  warn: (fields, msg) => process.stderr.write(`${JSON.stringify({ level: 'warn', time: new Date().toISOString(), msg, ...fields })}\n`),
  error: (fields, msg) => process.stderr.write(`${JSON.stringify({ level: 'error', time: new Date().toISOString(), msg, ...fields })}\n`),
};
