// The one core behind every adapter: the 402, settle through the service (no separate verify), and grace
// while the service is unreachable (README.md). Adapters only translate requests and answers.
import { createHash } from 'node:crypto';
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { GraceLedger, windowSeconds } from './grace.ts';
import { authorizationOf, checkLocally, type Authorization, MIN_VALIDITY_LEFT_SECONDS, validityProblem } from './local-check.ts';
import { resourceUrl } from './resource-url.ts';
import { MemoryStore, RedisStore, type RailStore } from './store.ts';
import { ServiceClient, type ServiceAnswer } from './service-client.ts';
import { jsonLogger, RailStartError, type Codec, type Queued, type RailConfig, type RailCounters, type RailLogger, type RailOptions, type RailOutcome, type RailRequest, type RemoteSettler, type Route } from './types.ts';

/** How long a Solana transaction is remembered as served: it cannot land once its blockhash expired (about 60 to 90 s). */
const SOLANA_MEMORY_SECONDS = 180;

/** The base64 transaction of an x402 exact SVM payload, or null. */
function solanaTransactionOf(payload: PaymentPayload): string | null {
  const inner = payload.payload as { transaction?: unknown } | undefined;
  return String(payload.accepted.network).startsWith('solana:') && typeof inner?.transaction === 'string' && inner.transaction.length > 0 ? inner.transaction : null;
}

/** Seconds between an agent signing and the middleware reading the authorization it allows for. */
const SIGNING_SLACK_SECONDS = 5;

/** Queued payments one drain settles under its lock (the lock outlives them at timeoutMs each). */
const DRAIN_BATCH = 20;

/**
 * Reads GET /rail/config once (interface rule 9): a bad product, key or missing settings fails
 * here, at the seller server's start, never as a 402 on each request.
 */
export async function createRail(options: RailOptions): Promise<Rail> {
  const client = new ServiceClient({ baseUrl: options.serviceUrl, apiKey: options.apiKey, timeoutMs: options.timeoutMs ?? 3000 });
  const answer = await client.call('GET', `/rail/config?product=${encodeURIComponent(options.product)}`);
  if (answer.kind === 'unreachable') throw new RailStartError(`The billing service is unreachable (${answer.why}); the Rail configuration is read at start.`);
  if (answer.status !== 200) throw new RailStartError(`GET /rail/config?product=${options.product} answered ${answer.status}: ${answer.body?.message ?? JSON.stringify(answer.body)}`);
  const codec = (await import('@x402/core/http')) as unknown as Codec;
  const redisUrl = options.redisUrl ?? process.env.RAIL_REDIS_URL;
  let store: RailStore = new MemoryStore();
  if (redisUrl) {
    try {
      store = await RedisStore.connect(redisUrl, options.redisPrefix ?? `rail:${options.product}:`);
    } catch (error) {
      throw new RailStartError(`The shared store (redisUrl) cannot be reached: ${(error as Error).message}`);
    }
  }
  const config = answer.body as RailConfig;
  let remote: RemoteSettler | null = null;
  if (options.remoteFacilitator && config.facilitator.provider === 'remote') {
    const { HTTPFacilitatorClient } = await import('@x402/core/server');
    const headers = options.remoteFacilitator.headers ?? {};
    remote = new HTTPFacilitatorClient({
      url: options.remoteFacilitator.url,
      timeoutMs: options.remoteFacilitator.timeoutMs ?? 30_000,
      createAuthHeaders: async () => ({ verify: headers, settle: headers, supported: headers }),
    }) as unknown as RemoteSettler;
  }
  const rail = new Rail(options, client, config, codec, store, remote);
  if (options.remoteFacilitator && !remote) rail.warnRemoteIgnored();
  // A shared queue may hold what a process that since stopped served on credit: settle it now.
  if ((await store.depth()) > 0) rail.drainInBackground();
  return rail;
}

export class Rail {
  readonly config: RailConfig;
  private readonly routes = new Map<string, Route>();
  private readonly ledger: GraceLedger;
  /** The queue depth last read from the store (counters() is synchronous). */
  private depthSeen = 0;
  private readonly counts = { served: 0, settled: 0, inGrace: 0, refused: 0, lost: 0, direct: 0, reported: 0 };
  private readonly log: RailLogger;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  /** When the first payment now in the queue was served on credit: the current grace episode began. */
  private graceSince: number | null = null;
  /** The grace window in effect: grace.window, capped so that what is served can still be settled. */
  readonly graceSeconds: number;
  /** What an authorization must have left past the window: the facilitator's 6 s plus the clock skew. */
  private readonly settleMarginSeconds: number;
  private draining: Promise<void> | null = null;

  constructor(
    private readonly options: RailOptions,
    private readonly client: ServiceClient,
    config: RailConfig,
    private readonly codec: Codec,
    private readonly store: RailStore = new MemoryStore(),
    /** The remote facilitator, settled with directly while the service is unreachable (null: grace on credit). */
    private readonly remote: RemoteSettler | null = null,
  ) {
    this.config = config;
    this.log = options.logger ?? jsonLogger;
    this.now = options.now ?? Date.now;
    for (const route of config.outputSchema.routes) this.routes.set(route.meter, route);
    const seconds = windowSeconds(config.grace.window);
    if (seconds === null) throw new RailStartError(`grace.window "${config.grace.window}" cannot be read`);
    // The credit must stay settleable: an authorization served at the start of an outage expires
    // maxTimeoutSeconds later (the official client signs for exactly that), so serving on credit
    // past that point would serve payments that can no longer be settled (docs/rail.md).
    this.settleMarginSeconds = MIN_VALIDITY_LEFT_SECONDS + Math.max(0, config.grace.clockSkewSeconds);
    const validity = Math.min(...config.outputSchema.routes.flatMap((r) => r.accepts.map((a) => a.maxTimeoutSeconds)));
    // An authorization reaches the middleware a moment after it was signed (validBefore counted
    // from the agent's clock): the window leaves SIGNING_SLACK_SECONDS of the validity unused, so one
    // signed for exactly maxTimeoutSeconds still outlasts it.
    this.graceSeconds = Math.max(0, Math.min(seconds, validity - this.settleMarginSeconds - SIGNING_SLACK_SECONDS));
    if (this.graceSeconds < seconds) this.log.warn({ event: 'rail.grace_window_capped', window: seconds, effective: this.graceSeconds, maxTimeoutSeconds: validity }, 'grace window capped to the authorizations validity');
    this.ledger = new GraceLedger({ windowSeconds: Math.max(1, this.graceSeconds), maxPerAgent: BigInt(config.grace.maxPerAgent), maxTotal: BigInt(config.grace.maxTotal), queueLimit: config.grace.queueLimit });
  }

  warnRemoteIgnored(): void {
    this.log.warn({ event: 'rail.remote_ignored', provider: this.config.facilitator.provider }, 'remoteFacilitator is used only when the service settles with facilitator.provider "remote"');
  }

  /** The route of a meter; throws at setup for a meter the product does not price. */
  route(meter: string): string {
    if (!this.routes.has(meter)) throw new RailStartError(`The product "${this.options.product}" prices no meter "${meter}"; its meters: ${[...this.routes.keys()].join(', ')}`);
    return meter;
  }

  counters(): RailCounters {
    return { ...this.counts, queueDepth: this.depthSeen };
  }

  private paymentRequired(route: Route, request: RailRequest, error: string): PaymentRequired {
    return {
      x402Version: 2,
      error,
      resource: { url: resourceUrl(request, this.options.trustProxy ?? false), description: route.description, mimeType: 'application/json' },
      accepts: route.accepts,
    } as PaymentRequired;
  }

  private refuse402(route: Route, request: RailRequest, error: string, status = 402): RailOutcome {
    const body = this.paymentRequired(route, request, error);
    return { action: 'respond', status, headers: { 'PAYMENT-REQUIRED': this.codec.encodePaymentRequiredHeader(body) }, body };
  }

  private refuse(route: Route, request: RailRequest, error: string, fields: Record<string, unknown>, status = 402): RailOutcome {
    this.counts.refused += 1;
    this.log.warn({ event: 'rail.refused', reason: error, status, path: request.url, ...fields }, 'payment refused');
    return this.refuse402(route, request, error, status);
  }

  async handle(meter: string, request: RailRequest): Promise<RailOutcome> {
    const route = this.routes.get(meter)!;
    const header = request.header('payment-signature') ?? request.header('x-payment');
    if (!header) return this.refuse402(route, request, 'Payment required');
    let payload: PaymentPayload;
    try {
      payload = this.codec.decodePaymentSignatureHeader(header);
    } catch {
      payload = null as unknown as PaymentPayload;
    }
    // Malformed (not base64 JSON, not v2, no `accepted`, no EIP-3009 authorization): 400, as the
    // HTTP transport says for an invalid payment; a well-formed payment that fails is a 402.
    const wellFormed = payload && typeof payload === 'object' && payload.x402Version === 2 && payload.accepted && typeof payload.accepted === 'object';
    if (wellFormed && solanaTransactionOf(payload)) return this.handleSolana(route, request, payload);
    const parsed = wellFormed ? authorizationOf(payload) : null;
    if (!parsed) return this.refuse(route, request, 'invalid_payload', {}, 400);
    const requirements = route.accepts.find((r) => r.network === payload.accepted.network && r.amount === payload.accepted.amount && r.payTo.toLowerCase() === String(payload.accepted.payTo).toLowerCase());
    if (!requirements) return this.refuse(route, request, 'invalid_payment_requirements', { payer: parsed.authorization.from });
    // The official facilitator's rule, checked here too so that neither path ever serves an
    // authorization not valid yet or about to expire, whatever the facilitator says.
    const expired = validityProblem(parsed.authorization, Math.floor(this.now() / 1000));
    if (expired) return this.refuse(route, request, expired, { payer: parsed.authorization.from });
    const nonceKey = `${parsed.authorization.from.toLowerCase()}:${parsed.authorization.nonce}`;
    // Claimed before anything else, given back unless served: a nonce is served once (across
    // the processes sharing the store), and kept until it can no longer be settled anyway.
    const ttl = Number(BigInt(parsed.authorization.validBefore) - BigInt(Math.floor(this.now() / 1000))) + 60;
    if (!(await this.store.claim(nonceKey, ttl))) return this.refuse(route, request, 'invalid_exact_evm_nonce_already_used', { payer: parsed.authorization.from });
    let served = false;
    try {
      const outcome = await this.pay(route, request, payload, requirements, nonceKey, parsed.authorization);
      served = outcome.action === 'serve';
      return outcome;
    } finally {
      if (!served) await this.store.release(nonceKey);
    }
  }

  /**
   * A Solana payment (x402 exact SVM: a transaction the agent signed, the service's fee payer
   * co-signs): served once per transaction here too (its bytes' digest in the nonce memory), and
   * only once settled. No grace: its blockhash expires about a minute after the agent fetched it,
   * so nothing served on credit during an outage could be settled after it (docs/rail-solana.md).
   */
  private async handleSolana(route: Route, request: RailRequest, payload: PaymentPayload): Promise<RailOutcome> {
    const requirements = route.accepts.find((r) => r.network === payload.accepted.network && r.amount === payload.accepted.amount && r.payTo === payload.accepted.payTo);
    if (!requirements) return this.refuse(route, request, 'invalid_payment_requirements', {});
    const nonceKey = `svm:${createHash('sha256').update(solanaTransactionOf(payload)!).digest('hex')}`;
    if (!(await this.store.claim(nonceKey, SOLANA_MEMORY_SECONDS))) return this.refuse(route, request, 'duplicate_settlement', {});
    let served = false;
    try {
      const outcome = await this.pay(route, request, payload, requirements, nonceKey, null);
      served = outcome.action === 'serve';
      return outcome;
    } finally {
      if (!served) await this.store.release(nonceKey);
    }
  }

  private async pay(route: Route, request: RailRequest, payload: PaymentPayload, requirements: PaymentRequirements, nonceKey: string, auth: Authorization | null): Promise<RailOutcome> {
    const body = { x402Version: 2, paymentPayload: payload, paymentRequirements: requirements };
    // One round trip: settle checks everything verify does (the same rules, then the nonce) and
    // refuses with the same reasons, recording nothing, so a verify first would only add its time.
    // The x402 spec makes verify the resource server's option; the handler runs after settlement.
    const settled = await this.client.call('POST', '/rail/settle', body);
    if (settled.kind === 'unreachable') {
      if (!auth) return this.unsettleable(route, request, settled.why);
      if (this.remote) return this.settleDirectly(route, request, payload, requirements, nonceKey, auth, settled.why);
      return this.grace(route, request, payload, requirements, nonceKey, auth, settled.why);
    }
    if (settled.status !== 200) return this.serviceRefused(route, request, 'settle', settled);
    if (!settled.body.success) return this.settleFailed(route, request, requirements, settled.body);
    this.counts.settled += 1;
    this.counts.served += 1;
    this.log.info({ event: 'rail.settled', meter: route.meter, payer: settled.body.payer, transaction: settled.body.transaction, amount: settled.body.amount }, 'payment settled');
    const receipt = { success: true, transaction: settled.body.transaction, network: settled.body.network, payer: settled.body.payer };
    return { action: 'serve', headers: { 'PAYMENT-RESPONSE': this.codec.encodePaymentResponseHeader(receipt) } };
  }

  /** The service is unreachable and the payment cannot wait for it (Solana): 503, nothing served. */
  private unsettleable(route: Route, request: RailRequest, why: string): RailOutcome {
    this.counts.refused += 1;
    this.log.error({ event: 'rail.service_unreachable', meter: route.meter, path: request.url, why }, 'the service is unreachable and this payment cannot be served on credit');
    return { action: 'respond', status: 503, headers: { 'Retry-After': '5' }, body: { error: 'payment_unavailable', message: 'The payment could not be processed now; retry later.' } };
  }

  /** A failed settle still answers with PAYMENT-RESPONSE (success false), as the HTTP transport shows. */
  private settleFailed(route: Route, request: RailRequest, requirements: PaymentRequirements, body: { errorReason?: string; payer?: string; transaction?: string; network?: string }): RailOutcome {
    const errorReason = body.errorReason ?? 'settlement_failed';
    const outcome = this.refuse(route, request, errorReason, { payer: body.payer, step: 'settle' });
    const receipt = { success: false, errorReason, transaction: body.transaction ?? '', network: (body.network ?? requirements.network) as `${string}:${string}`, ...(body.payer ? { payer: body.payer } : {}) };
    outcome.headers['PAYMENT-RESPONSE'] = this.codec.encodePaymentResponseHeader(receipt);
    return outcome;
  }

  /** The service answered, but not with a facilitator answer (a bad key, a conflict): no grace, it is reachable. */
  private serviceRefused(route: Route, request: RailRequest, step: string, answer: Extract<ServiceAnswer, { kind: 'answer' }>): RailOutcome {
    this.counts.refused += 1;
    this.log.error({ event: 'rail.service_refused', step, status: answer.status, code: answer.body?.error_code ?? answer.body?.error?.code, path: request.url }, 'the service refused the call');
    const retryAfter = answer.retryAfter ?? '1';
    return { action: 'respond', status: 503, headers: { 'Retry-After': retryAfter }, body: { error: 'payment_unavailable', message: 'The payment could not be processed now; retry later.' } };
  }

  /**
   * The service is unreachable and settles with a remote facilitator: settle with that facilitator
   * now (nothing on credit) and queue the settlement's report, which the drain sends to
   * POST /rail/settlements/report once the service is back (recorded there once, checked on chain).
   * The facilitator unreachable too: grace on credit, as without it.
   */
  private async settleDirectly(route: Route, request: RailRequest, payload: PaymentPayload, requirements: PaymentRequirements, nonceKey: string, auth: Authorization, why: string): Promise<RailOutcome> {
    const from = auth.from;
    // The report must fit in the queue: a settlement the service never hears of is money without a record.
    this.depthSeen = await this.store.depth();
    if (this.depthSeen + 1 > this.config.grace.queueLimit) {
      this.counts.refused += 1;
      this.log.warn({ event: 'rail.grace_exhausted', limit: 'queue', payer: from, queueDepth: this.depthSeen, unreachable: why }, 'grace limit reached');
      return { action: 'respond', status: 503, headers: { 'Retry-After': '1' }, body: { error: 'grace_limit_reached', limit: 'queue', message: 'The payment service is unreachable and this server holds all the settlements it may report later; retry later.' } };
    }
    let answer: Awaited<ReturnType<RemoteSettler['settle']>>;
    try {
      answer = await this.remote!.settle(payload, requirements);
    } catch (error) {
      // SettleError: the facilitator refused (its reason); anything else: it is unreachable too.
      const refused = error as { errorReason?: string; errorMessage?: string };
      if (typeof refused.errorReason === 'string') return this.settleFailed(route, request, requirements, { errorReason: refused.errorReason, payer: from });
      this.log.warn({ event: 'rail.remote_unreachable', payer: from, error: (error as Error).message?.split('\n')[0], unreachable: why }, 'the remote facilitator did not settle either; grace on credit');
      return this.grace(route, request, payload, requirements, nonceKey, auth, why);
    }
    if (!answer.success || !answer.transaction) return this.settleFailed(route, request, requirements, { ...answer, payer: answer.payer ?? from });
    const item: Queued = { payload, requirements, nonceKey, payer: from, amount: requirements.amount, validBefore: auth.validBefore, transaction: answer.transaction };
    this.depthSeen = await this.store.push(JSON.stringify(item));
    this.counts.direct += 1;
    this.counts.settled += 1;
    this.counts.served += 1;
    this.log.warn({ event: 'rail.settled_direct', meter: route.meter, payer: from, transaction: answer.transaction, amount: requirements.amount, queueDepth: this.depthSeen, unreachable: why }, 'settled with the remote facilitator while the service is unreachable; reported later');
    this.scheduleDrain();
    const receipt = { success: true, transaction: answer.transaction, network: requirements.network, payer: answer.payer ?? from };
    return { action: 'serve', headers: { 'PAYMENT-RESPONSE': this.codec.encodePaymentResponseHeader(receipt) } };
  }

  private async grace(route: Route, request: RailRequest, payload: PaymentPayload, requirements: PaymentRequirements, nonceKey: string, auth: Authorization, why: string): Promise<RailOutcome> {
    const from = auth.from;
    const nowMs = this.now();
    // A grace episode lasts graceSeconds from its first credit; past it, nothing more on credit:
    // the oldest authorizations of the queue would expire before they could be settled.
    // An empty queue ends the episode (another process sharing the store may have drained it).
    this.depthSeen = await this.store.depth();
    if (this.depthSeen === 0) this.graceSince = null;
    const since = this.graceSince ?? nowMs;
    if (nowMs >= since + this.graceSeconds * 1000) {
      this.log.warn({ event: 'rail.grace_window_over', payer: from, graceSince: new Date(since).toISOString(), queueDepth: this.depthSeen, unreachable: why }, 'grace window over');
      return this.refuse(route, request, 'grace_window_over', { payer: from, grace: true });
    }
    // Served on credit only if it can still be settled at the end of the episode (+ margin).
    const mustLastUntil = Math.floor(since / 1000) + this.graceSeconds + this.settleMarginSeconds;
    const reason = await checkLocally(payload, requirements, Math.floor(nowMs / 1000), mustLastUntil);
    if (reason) return this.refuse(route, request, reason, { payer: from, grace: true });
    const payer = from.toLowerCase();
    const decision = this.ledger.take(payer, BigInt(requirements.amount), this.depthSeen, nowMs);
    if (!decision.ok) {
      this.counts.refused += 1;
      this.log.warn({ event: 'rail.grace_exhausted', limit: decision.why, payer: from, queueDepth: this.depthSeen, unreachable: why }, 'grace limit reached');
      return {
        action: 'respond',
        status: 503,
        headers: { 'Retry-After': String(decision.retryAfterSeconds) },
        body: { error: 'grace_limit_reached', limit: decision.why, message: 'The payment service is unreachable and this server has served all it may on credit; retry later.' },
      };
    }
    this.graceSince ??= nowMs;
    const item: Queued = { payload, requirements, nonceKey, payer: from, amount: requirements.amount, validBefore: auth.validBefore };
    this.depthSeen = await this.store.push(JSON.stringify(item));
    this.counts.inGrace += 1;
    this.counts.served += 1;
    this.log.warn({ event: 'rail.grace', meter: route.meter, payer: from, amount: requirements.amount, queueDepth: this.depthSeen, unreachable: why }, 'served on credit while the service is unreachable');
    this.scheduleDrain();
    return { action: 'serve', headers: { 'Rail-Grace': 'queued' } };
  }

  private scheduleDrain(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.drainInBackground(), this.options.drainIntervalMs ?? 1000);
    this.timer.unref();
  }

  /** A drain nobody awaits: a failure of the shared store is logged, and retried next time. */
  drainInBackground(): void {
    this.drain().catch((error: unknown) => this.log.error({ event: 'rail.drain_failed', error: (error as Error).message }, 'the drain failed; retried later'));
  }

  /** Sends the queued payments, oldest first; stops at the first sign the service is still away. */
  drain(): Promise<void> {
    this.draining ??= this.drainOnce().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  private async drainOnce(): Promise<void> {
    const unlock = await this.store.lockDrain((DRAIN_BATCH + 1) * (this.options.timeoutMs ?? 3000));
    if (!unlock) return; // another drain (here or in another process) holds the queue
    try {
      for (let n = 0; n < DRAIN_BATCH; n++) {
        const text = await this.store.first();
        if (text === null) break;
        const item = JSON.parse(text) as Queued;
        if (item.transaction) {
          if (!(await this.report(item))) return;
          continue;
        }
        const answer = await this.client.call('POST', '/rail/settle', { x402Version: 2, paymentPayload: item.payload, paymentRequirements: item.requirements });
        if (answer.kind === 'unreachable') return;
        if (answer.status !== 200) {
          this.log.error({ event: 'rail.drain_blocked', status: answer.status, code: answer.body?.error_code ?? answer.body?.error?.code }, 'the service refused a queued settle; kept for later');
          return;
        }
        await this.store.shift();
        this.depthSeen = await this.store.depth();
        if (answer.body.success || answer.body.extra?.alreadySettled) {
          this.counts.settled += 1;
          this.log.info({ event: 'rail.drained', payer: item.payer, transaction: answer.body.transaction, amount: item.amount, alreadySettled: Boolean(answer.body.extra?.alreadySettled), queueDepth: this.depthSeen }, 'queued payment settled');
        } else {
          this.counts.lost += 1;
          this.log.error({ event: 'rail.lost', payer: item.payer, amount: item.amount, validBefore: item.validBefore, reason: answer.body.errorReason }, 'a payment served on credit was refused at settlement');
        }
      }
    } finally {
      await unlock();
    }
    this.depthSeen = await this.store.depth();
    if (this.depthSeen > 0) return this.drainOnce(); // the next batch, under a fresh lock
    this.graceSince = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends the queue's head, a direct settlement, to the service; false when it stays at the head (the service away, or the transaction not visible to it yet). */
  private async report(item: Queued): Promise<boolean> {
    const answer = await this.client.call('POST', '/rail/settlements/report', { x402Version: 2, paymentPayload: item.payload, paymentRequirements: item.requirements, transaction: item.transaction });
    if (answer.kind === 'unreachable') return false;
    if (answer.status !== 200) {
      this.log.error({ event: 'rail.drain_blocked', status: answer.status, code: answer.body?.error_code ?? answer.body?.error?.code }, 'the service refused a settlement report; kept for later');
      return false;
    }
    if (!answer.body.success && answer.body.errorReason === 'invalid_transaction_state') {
      this.log.warn({ event: 'rail.report_pending', transaction: item.transaction }, 'the service does not see the transaction mined yet; reported again later');
      return false;
    }
    await this.store.shift();
    this.depthSeen = await this.store.depth();
    if (answer.body.success) {
      this.counts.reported += 1;
      this.log.info({ event: 'rail.reported', payer: item.payer, transaction: item.transaction, amount: item.amount, alreadySettled: Boolean(answer.body.extra?.alreadySettled), queueDepth: this.depthSeen }, 'direct settlement recorded by the service');
    } else {
      this.counts.lost += 1;
      this.log.error({ event: 'rail.report_refused', payer: item.payer, transaction: item.transaction, amount: item.amount, reason: answer.body.errorReason }, 'the service refused a settlement report: paid on chain, not recorded');
    }
    return true;
  }

  /** Stops the drain timer and lets go of the shared store (an in-memory queue dies with the process: README, "What a crash loses"). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.store.close();
  }
}
