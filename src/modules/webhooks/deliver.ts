// The delivery job (queue `webhook.deliver`, job id = delivery id): one signed POST per run. A 2xx
// answer delivers; anything else is an attempt kept for the API and a retry by the schedule below,
// for about three days. An endpoint that answers 410, or has failed for three days straight, is
// turned off, with a `webhook_endpoint.disabled` event and an email to the account. An endpoint that
// keeps failing moves to the slow lane of its circuit breaker (circuit-breaker.ts) meanwhile.
import type { Clock } from '../../core/clock.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { type JobHandler, jitter } from '../../jobs/runner.ts';
import { getTenant } from '../accounts/index.ts';
import { queueEmail } from '../email/index.ts';
import { recordEvent } from '../events/index.ts';
import { passGate, recordAnswer, recordFailure, type BreakerSettings } from './circuit-breaker.ts';
import { WEBHOOK_QUEUE } from './fan-out.ts';
import * as repo from './repository.ts';
import { DEFAULT_TIMEOUT_MS, sendWebhook, type WebhookAttemptResult } from './send-webhook.ts';
import { toEndpointView } from './service.ts';
import { signWebhook } from './signing.ts';
import type { TargetPolicy } from './target-policy.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Wait after the n-th failed attempt (index n-1): 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h: the endpoint is turned off (three days of failures) before they run out. */
export const RETRY_SCHEDULE_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, ...Array<number>(8).fill(10 * HOUR)];
/** An endpoint failing for this long without one success is turned off. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  policy: TargetPolicy;
  /** Per attempt (tests shorten it). */
  timeoutMs?: number;
  /** To connect, DNS lookup included (tests shorten it). */
  connectTimeoutMs?: number;
  /** Default DEFAULT_BREAKER (5 unanswered attempts in a row, 10 s or more into a run of failures; open 60 s). */
  breaker?: BreakerSettings;
}

export function webhookJobHandler(deps: DeliveryDeps): JobHandler {
  return { queue: WEBHOOK_QUEUE, run: (job) => deliverWebhook(deps, job.id) };
}

export async function deliverWebhook(deps: DeliveryDeps, deliveryId: string): Promise<void | { retryAt: Date }> {
  const { db, clock } = deps;
  const work = await repo.loadDeliveryWork(db, deliveryId);
  // Gone with its endpoint, or delivered / given up already (a job run again after its lease).
  if (!work || work.status !== 'pending') return;
  if (!work.is_active) {
    await repo.updateDelivery(db, deliveryId, { status: 'failed', next_attempt_at: null });
    return;
  }
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const gate = await passGate(db, work.endpoint_id, work.circuit_open_until, clock.now(), timeoutMs);
  // In the slow lane: no attempt, nothing recorded; the delivery keeps its own retry time.
  if (!gate.send) return { retryAt: gate.waitUntil };
  const body = JSON.stringify({ id: work.event_id, type: work.type, createdAt: new Date(work.event_created_at).toISOString(), data: work.data });
  // Signatures carry the wall-clock time: receivers compare it with theirs.
  const sentAt = new Date();
  const secrets = [work.secret];
  if (work.previous_secret && work.previous_secret_expires_at && work.previous_secret_expires_at > clock.now()) secrets.push(work.previous_secret);
  const result = await sendWebhook(work.url, { ...signWebhook(secrets, work.event_id, sentAt, body) }, body, { ...deps.policy, timeoutMs, connectTimeoutMs: deps.connectTimeoutMs });
  const attempt = work.attempt_count + 1;
  return db.transaction().execute((tx) => recordAttempt(tx, deps, { ...work, attempt, probe: gate.probe }, result));
}

interface AttemptContext {
  id: string;
  account_id: string;
  environment: 'sandbox' | 'production';
  endpoint_id: string;
  attempt: number;
  /** This attempt was the half-open breaker's probe. */
  probe: boolean;
}

async function recordAttempt(tx: Tx, deps: DeliveryDeps, work: AttemptContext, result: WebhookAttemptResult): Promise<void | { retryAt: Date }> {
  const now = deps.clock.now();
  await repo.insertAttempt(tx, {
    delivery_id: work.id,
    attempt: work.attempt,
    http_status: result.status,
    error: result.error,
    response_body: result.responseBody === '' ? null : result.responseBody,
    duration_ms: Math.round(result.durationMs),
    attempted_at: now,
  });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  if (ok) {
    await repo.updateDelivery(tx, work.id, { status: 'delivered', attempt_count: work.attempt, delivered_at: now, next_attempt_at: null });
    // No lock on the endpoint in the common case: concurrent deliveries to one endpoint run in parallel.
    await recordAnswer(tx, work.endpoint_id, true, now);
    return;
  }
  const tenant = { accountId: work.account_id, environment: work.environment };
  const endpoint = await repo.findEndpoint(tx, tenant, work.endpoint_id, true);
  const failingSince = endpoint?.failing_since ?? now;
  if (endpoint && !endpoint.failing_since) await repo.setFailingSince(tx, endpoint.id, now);
  const gone = result.status === 410;
  if (endpoint?.is_active && (gone || now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS)) {
    await disableEndpoint(tx, { tenant, now }, endpoint.id, gone ? 'gone' : 'failing');
    await repo.updateDelivery(tx, work.id, { status: 'failed', attempt_count: work.attempt, next_attempt_at: null });
    return;
  }
  const delay = RETRY_SCHEDULE_MS[work.attempt - 1];
  if (delay === undefined || !endpoint?.is_active) {
    await repo.updateDelivery(tx, work.id, { status: 'failed', attempt_count: work.attempt, next_attempt_at: null });
    return;
  }
  const retryAt = new Date(now.getTime() + jitter(delay, 0.1));
  await repo.updateDelivery(tx, work.id, { status: 'pending', attempt_count: work.attempt, next_attempt_at: retryAt });
  // The breaker counts attempts without an answer; any answer shows the endpoint up (circuit-breaker.ts).
  if (result.status !== null) {
    await recordAnswer(tx, work.endpoint_id, false, now);
    return { retryAt };
  }
  // The delivery's own retry time is kept (the API shows it); with the breaker open it runs no sooner than the lane.
  const laneUntil = await recordFailure(tx, endpoint, failingSince, work.probe, now, deps.breaker);
  return { retryAt: laneUntil && laneUntil > retryAt ? laneUntil : retryAt };
}

async function disableEndpoint(tx: Tx, ctx: UseCaseContext, endpointId: string, reason: 'gone' | 'failing'): Promise<void> {
  const row = await repo.updateEndpoint(tx, endpointId, { is_active: false, disabled_reason: reason }, ctx.now);
  await repo.failPendingDeliveries(tx, endpointId);
  const view = toEndpointView(row);
  await recordEvent(tx, ctx, 'webhook_endpoint.disabled', view);
  const account = await getTenant(tx, ctx);
  if (!account.supportEmail) return;
  const why = reason === 'gone' ? 'it answered 410 Gone' : 'every delivery to it failed for three days';
  await queueEmail(tx, ctx, {
    to: account.supportEmail,
    subject: `Webhook endpoint disabled: ${row.url}`,
    text:
      `Hello ${account.name},\n\nWe stopped sending ${ctx.tenant.environment} events to your webhook endpoint ${row.url} (${row.id}) because ${why}.\n\n` +
      `Events recorded since are kept in the event log (GET /account/events). Fix the endpoint, turn it back on with ` +
      `PATCH /account/webhooks/${row.id} {"isActive": true}, and retry the deliveries you need (POST .../deliveries/{id}/retry).\n`,
  });
}
