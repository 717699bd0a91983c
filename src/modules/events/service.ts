// The event log: every change records its domain event in the transaction of the change, so an
// event exists exactly when its change committed. Webhook delivery reads from here (outbox). Areas
// that act on every recorded event in its transaction (webhooks: one delivery per subscribed
// endpoint) subscribe at start (src/wiring.ts), so this module imports none of them. A listener
// gets the events recorded together in one call (one for recordEvent, all of them for
// recordEvents), so it can act on a batch set-wise: the cycle close records thousands at once.
import type { Executor, Tx } from '../../db/database.ts';
import { realNowOf, type Tenant, type UseCaseContext } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { toPage, type Page, type PageRequest } from '../../core/pagination.ts';
import * as repo from './repository.ts';

export interface EventView {
  id: string;
  type: string;
  environment: string;
  data: unknown;
  createdAt: Date;
}

export interface RecordOptions {
  /** Deliver to this webhook endpoint only, whatever it subscribes to (`webhook.test`). */
  onlyEndpointId?: string;
}

/**
 * Acts on events recorded together (same tenant, same instant, in the order recorded) inside their
 * transaction; a throw rolls the change back with them. `now` is the real time (a sandbox test
 * clock never delays what is sent: webhook deliveries run at once), the events' createdAt is the
 * billing time.
 */
export type EventListener = (tx: Tx, tenant: Tenant, events: readonly RecordedEvent[], now: Date, options: RecordOptions) => Promise<unknown>;

export interface RecordedEvent {
  id: string;
  type: string;
}

const listeners = new Set<EventListener>();

/** Subscribes to every event recorded from now on in this process (idempotent for one listener). */
export function onEventRecorded(listener: EventListener): void {
  listeners.add(listener);
}

/**
 * Records a domain event (`invoice.finalized`, ...) inside the caller's transaction, with a webhook
 * delivery to each endpoint subscribed to it (the webhooks area's listener).
 */
export async function recordEvent(tx: Tx, ctx: UseCaseContext, type: string, data: unknown, options: RecordOptions = {}): Promise<string> {
  const id = newId();
  await repo.insertEvent(tx, { id, account_id: ctx.tenant.accountId, environment: ctx.tenant.environment, type, data, created_at: ctx.now });
  for (const listener of listeners) await listener(tx, ctx.tenant, [{ id, type }], realNowOf(ctx), options);
  return id;
}

/**
 * Records many events in one insert (the cycle runner's batch), in the order given, with the
 * webhook deliveries recordEvent would make for each, made in one pass for them all (the listeners
 * get the whole set); answers their ids in that order.
 */
export async function recordEvents(tx: Tx, ctx: UseCaseContext, events: ReadonlyArray<{ type: string; data: unknown }>, options: RecordOptions = {}): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = events.map((event) => ({ id: newId(), account_id: ctx.tenant.accountId, environment: ctx.tenant.environment, type: event.type, data: event.data, created_at: ctx.now }));
  await repo.insertEvents(tx, rows);
  const recorded = rows.map((row) => ({ id: row.id, type: row.type }));
  for (const listener of listeners) await listener(tx, ctx.tenant, recorded, realNowOf(ctx), options);
  return rows.map((row) => row.id);
}

function toView(row: Awaited<ReturnType<typeof repo.findEvent>> & object): EventView {
  return { id: row.id, type: row.type, environment: row.environment, data: row.data, createdAt: row.created_at };
}

export async function listEvents(ex: Executor, ctx: UseCaseContext, filter: { type?: string }, page: PageRequest): Promise<Page<EventView>> {
  const rows = await repo.listEvents(ex, ctx.tenant, filter, page.limit, page.afterId);
  const result = toPage(rows, page.limit);
  return { items: result.items.map(toView), nextCursor: result.nextCursor };
}

export async function getEvent(ex: Executor, ctx: UseCaseContext, id: string): Promise<EventView> {
  const row = await repo.findEvent(ex, ctx.tenant, id);
  if (!row) throw notFound('event');
  return toView(row);
}

/**
 * Whether anything of the tenant is recorded at a time after `instant`: every change records its
 * event, dated like the change, in its transaction (a sandbox test clock's reset asks this).
 */
export async function recordedAfter(ex: Executor, tenant: Tenant, instant: Date): Promise<boolean> {
  return repo.hasEventAfter(ex, tenant, instant);
}
