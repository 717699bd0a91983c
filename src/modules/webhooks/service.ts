// Webhook endpoints and their deliveries: the use cases behind /account/webhooks. Deliveries are
// made by the job in deliver.ts; see docs/webhooks.md for the contract.
import type { Executor, Tx } from '../../db/database.ts';
import { realNowOf, type UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import { runJobNow } from '../../jobs/queue.ts';
import { recordEvent } from '../events/index.ts';
import { ALL_EVENTS, EVENT_KINDS, isEventKind } from './event-kinds.ts';
import { WEBHOOK_QUEUE } from './fan-out.ts';
import * as repo from './repository.ts';
import { newWebhookSecret } from './signing.ts';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from './tables.ts';

/** Endpoints per account and environment. */
export const MAX_ENDPOINTS = 20;
/** How long a rotated-out secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export interface EndpointView {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  isActive: boolean;
  /** Why the service turned the endpoint off: `gone` (it answered 410) or `failing` (three days of failures). */
  disabledReason: string | null;
  /** While the circuit breaker keeps the endpoint's deliveries waiting (docs/webhooks.md, "Slow lane"): until when. */
  slowLaneUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AttemptView {
  attempt: number;
  status: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string | null;
  attemptedAt: Date;
}

export interface DeliveryView {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryRow['status'];
  attemptCount: number;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
  attempts: AttemptView[];
}

export function toEndpointView(row: WebhookEndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    isActive: row.is_active,
    disabledReason: row.disabled_reason,
    slowLaneUntil: row.circuit_open_until,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toDeliveryView(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): DeliveryView {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attemptCount: row.attempt_count,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      status: a.http_status,
      error: a.error,
      durationMs: a.duration_ms,
      responseBody: a.response_body,
      attemptedAt: a.attempted_at,
    })),
  };
}

/** The subscribed kinds, checked: known kinds or "*", each once. */
function checkedEvents(events: readonly string[]): string[] {
  const unknown = events.findIndex((kind) => kind !== ALL_EVENTS && !isEventKind(kind));
  if (unknown >= 0) {
    throw fieldError(`events[${unknown}]`, events[unknown], 'enum', `unknown event kind; known kinds: ${ALL_EVENTS}, ${EVENT_KINDS.join(', ')}`);
  }
  return [...new Set(events)];
}

export interface CreateEndpointInput {
  url: string;
  events: string[];
  description?: string | null;
}

export async function createEndpoint(tx: Tx, ctx: UseCaseContext, input: CreateEndpointInput): Promise<EndpointView & { secret: string }> {
  const events = checkedEvents(input.events);
  if ((await repo.countEndpoints(tx, ctx.tenant)) >= MAX_ENDPOINTS) {
    throw new AppError('conflict', `An account has at most ${MAX_ENDPOINTS} webhook endpoints per environment; delete one first.`);
  }
  const row: WebhookEndpointRow = {
    id: newId(),
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    url: input.url,
    events,
    description: input.description ?? null,
    is_active: true,
    disabled_reason: null,
    secret: newWebhookSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
    consecutive_failures: 0,
    circuit_open_until: null,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await repo.insertEndpoint(tx, row);
  return { ...toEndpointView(row), secret: row.secret };
}

async function endpointOrThrow(ex: Executor, ctx: UseCaseContext, id: string, forUpdate = false): Promise<WebhookEndpointRow> {
  const row = await repo.findEndpoint(ex, ctx.tenant, id, forUpdate);
  if (!row) throw notFound('webhook_endpoint');
  return row;
}

export async function getEndpoint(ex: Executor, ctx: UseCaseContext, id: string): Promise<EndpointView> {
  return toEndpointView(await endpointOrThrow(ex, ctx, id));
}

export async function listEndpoints(ex: Executor, ctx: UseCaseContext, page: PageRequest): Promise<Page<EndpointView>> {
  const result = toPage(await repo.listEndpoints(ex, ctx.tenant, page.limit, page.afterId), page.limit);
  return { items: result.items.map(toEndpointView), nextCursor: result.nextCursor };
}

export interface UpdateEndpointInput {
  url?: string;
  events?: string[];
  description?: string | null;
  isActive?: boolean;
}

export async function updateEndpoint(tx: Tx, ctx: UseCaseContext, id: string, input: UpdateEndpointInput): Promise<EndpointView> {
  const current = await endpointOrThrow(tx, ctx, id, true);
  const changes: repo.EndpointChanges = {};
  if (input.url !== undefined) changes.url = input.url;
  if (input.events !== undefined) changes.events = checkedEvents(input.events);
  if (input.description !== undefined) changes.description = input.description;
  if (input.isActive !== undefined && input.isActive !== current.is_active) {
    changes.is_active = input.isActive;
    // Turned back on: a fresh start (the three-day failure count restarts). Turned off: nothing pending is sent.
    changes.disabled_reason = null;
    changes.failing_since = null;
    changes.consecutive_failures = 0;
    changes.circuit_open_until = null;
    if (!input.isActive) await repo.failPendingDeliveries(tx, id);
  }
  return toEndpointView(await repo.updateEndpoint(tx, id, changes, ctx.now));
}

export async function deleteEndpoint(tx: Tx, ctx: UseCaseContext, id: string): Promise<EndpointView> {
  const current = await endpointOrThrow(tx, ctx, id, true);
  await repo.failPendingDeliveries(tx, id);
  await repo.deleteEndpoint(tx, id);
  return toEndpointView(current);
}

/** A new secret; the old one keeps signing beside it for 24 hours of real time (a test clock does not shorten it) so receivers can switch. */
export async function rotateSecret(tx: Tx, ctx: UseCaseContext, id: string): Promise<EndpointView & { secret: string }> {
  const current = await endpointOrThrow(tx, ctx, id, true);
  const secret = newWebhookSecret();
  const row = await repo.updateEndpoint(
    tx,
    id,
    { secret, previous_secret: current.secret, previous_secret_expires_at: new Date(realNowOf(ctx).getTime() + ROTATION_OVERLAP_MS) },
    ctx.now,
  );
  return { ...toEndpointView(row), secret };
}

export async function listDeliveries(ex: Executor, ctx: UseCaseContext, endpointId: string, filter: { status?: string }, page: PageRequest): Promise<Page<DeliveryView>> {
  await endpointOrThrow(ex, ctx, endpointId);
  const result = toPage(await repo.listDeliveries(ex, endpointId, filter, page.limit, page.afterId), page.limit);
  const attempts = groupBy(await repo.attemptsOf(ex, result.items.map((row) => row.id)));
  return { items: result.items.map((row) => toDeliveryView(row, attempts.get(row.id) ?? [])), nextCursor: result.nextCursor };
}

async function deliveryView(ex: Executor, row: WebhookDeliveryRow): Promise<DeliveryView> {
  return toDeliveryView(row, await repo.attemptsOf(ex, [row.id]));
}

/** Sends a delivery again now, whatever its state; its attempts so far are kept. */
export async function retryDelivery(tx: Tx, ctx: UseCaseContext, endpointId: string, deliveryId: string): Promise<DeliveryView> {
  const endpoint = await endpointOrThrow(tx, ctx, endpointId, true);
  const delivery = await repo.findDelivery(tx, ctx.tenant, endpointId, deliveryId);
  if (!delivery) throw notFound('webhook_delivery');
  if (!endpoint.is_active) throw new AppError('conflict', 'The endpoint is disabled: turn it on (PATCH isActive true) before retrying its deliveries.');
  const row = await repo.updateDelivery(tx, deliveryId, { status: 'pending', next_attempt_at: ctx.now });
  // Due now, in the endpoint's lane: while its breaker is open the retry waits for the probe like the others.
  await runJobNow(tx, ctx.now, { id: deliveryId, queue: WEBHOOK_QUEUE, accountId: delivery.account_id, concurrencyKey: endpointId });
  return deliveryView(tx, row);
}

/** Records a `webhook.test` event delivered to this endpoint only. */
export async function sendTestEvent(tx: Tx, ctx: UseCaseContext, endpointId: string): Promise<DeliveryView> {
  const endpoint = await endpointOrThrow(tx, ctx, endpointId, true);
  if (!endpoint.is_active) throw new AppError('conflict', 'The endpoint is disabled: turn it on (PATCH isActive true) before testing it.');
  const eventId = await recordEvent(tx, ctx, 'webhook.test', { endpointId, message: 'A test event sent from the API.' }, { onlyEndpointId: endpointId });
  const row = await repo.findDeliveryOfEvent(tx, endpointId, eventId);
  return deliveryView(tx, row);
}

function groupBy(attempts: WebhookAttemptRow[]): Map<string, WebhookAttemptRow[]> {
  const map = new Map<string, WebhookAttemptRow[]>();
  for (const attempt of attempts) {
    const list = map.get(attempt.delivery_id) ?? [];
    list.push(attempt);
    map.set(attempt.delivery_id, list);
  }
  return map;
}
