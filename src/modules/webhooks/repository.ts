// SQL for webhook endpoints, deliveries and attempts. Every function takes the executor first.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import { deleteJobs } from '../../jobs/queue.ts';
import type { Tenant } from '../../core/context.ts';
import { textArrayLiteral } from '../../db/array-literal.ts';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from './tables.ts';

const eventsArray = (events: readonly string[]) => sql<string[]>`${textArrayLiteral(events)}::text[]`;

export async function insertEndpoint(ex: Executor, row: WebhookEndpointRow): Promise<void> {
  forgetEndpointsRead(ex);
  await ex
    .insertInto('webhook_endpoints')
    .values({ ...row, events: eventsArray(row.events) })
    .execute();
}

export async function countEndpoints(ex: Executor, tenant: Tenant): Promise<number> {
  const row = await ex
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(forTenant(tenant))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findEndpoint(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<WebhookEndpointRow | undefined> {
  let query = ex
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listEndpoints(ex: Executor, tenant: Tenant, limit: number, afterId: string | null): Promise<WebhookEndpointRow[]> {
  let query = ex.selectFrom('webhook_endpoints').selectAll().where(forTenant(tenant));
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export interface EndpointChanges {
  url?: string;
  events?: string[];
  description?: string | null;
  is_active?: boolean;
  disabled_reason?: string | null;
  failing_since?: Date | null;
  consecutive_failures?: number;
  circuit_open_until?: Date | null;
  secret?: string;
  previous_secret?: string | null;
  previous_secret_expires_at?: Date | null;
}

export async function updateEndpoint(ex: Executor, id: string, changes: EndpointChanges, now: Date): Promise<WebhookEndpointRow> {
  forgetEndpointsRead(ex);
  const { events, ...rest } = changes;
  return ex
    .updateTable('webhook_endpoints')
    .set({ ...rest, ...(events ? { events: eventsArray(events) } : {}), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Closes the breaker and ends its count (writes, and locks, only when there is something to end);
 * `answeredOk` (a 2xx) also ends the run of failures of the three-day rule. Answers whether the
 * breaker was open. Not a change of the endpoint: updated_at stays.
 */
export async function resetFailures(ex: Executor, id: string, answeredOk: boolean): Promise<boolean> {
  forgetEndpointsRead(ex);
  const result = await sql<{ was_open: boolean }>`
    update webhook_endpoints w
    set failing_since = case when ${answeredOk} then null else w.failing_since end, consecutive_failures = 0, circuit_open_until = null
    from (select id, circuit_open_until is not null as was_open from webhook_endpoints
          where id = ${id} and ((${answeredOk} and failing_since is not null) or consecutive_failures > 0 or circuit_open_until is not null) for update) old
    where w.id = old.id
    returning old.was_open`.execute(ex);
  return result.rows[0]?.was_open ?? false;
}

/** Failed attempts in a row, and until when the breaker is open (null: closed). */
export async function setConsecutiveFailures(ex: Executor, id: string, failures: number, openUntil: Date | null): Promise<void> {
  forgetEndpointsRead(ex);
  await ex.updateTable('webhook_endpoints').set({ consecutive_failures: failures, circuit_open_until: openUntil }).where('id', '=', id).execute();
}

/** Takes the half-open breaker's probe: true for the one caller that moved circuit_open_until past `now`. */
export async function takeProbe(ex: Executor, id: string, now: Date, probeUntil: Date): Promise<boolean> {
  forgetEndpointsRead(ex);
  const taken = await ex
    .updateTable('webhook_endpoints')
    .set({ circuit_open_until: probeUntil })
    .where('id', '=', id)
    .where('circuit_open_until', '<=', now)
    .returning('id')
    .execute();
  return taken.length === 1;
}

export async function circuitOpenUntil(ex: Executor, id: string): Promise<Date | null> {
  const row = await ex.selectFrom('webhook_endpoints').select('circuit_open_until').where('id', '=', id).executeTakeFirst();
  return row?.circuit_open_until ?? null;
}

/** The pending deliveries of an endpoint with their retry times (partial index webhook_deliveries_pending). */
export async function pendingDeliveryTimes(ex: Executor, endpointId: string): Promise<Array<{ id: string; next_attempt_at: Date | null }>> {
  return ex.selectFrom('webhook_deliveries').select(['id', 'next_attempt_at']).where('endpoint_id', '=', endpointId).where('status', '=', 'pending').execute();
}

/** The first failure of a run of failures. */
export async function setFailingSince(ex: Executor, id: string, since: Date): Promise<void> {
  forgetEndpointsRead(ex);
  await ex.updateTable('webhook_endpoints').set({ failing_since: since }).where('id', '=', id).execute();
}

export async function deleteEndpoint(ex: Executor, id: string): Promise<void> {
  forgetEndpointsRead(ex);
  // Its deliveries and their attempts go with it (on delete cascade); their jobs find nothing.
  await ex.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

type EndpointTarget = Pick<WebhookEndpointRow, 'id' | 'events' | 'circuit_open_until'>;

// The active endpoints a transaction's events may go to, read once per transaction and tenant: a
// request that records its events one at a time (a payment, then its invoice, then a grant) reads
// them once, not once per event. Every write to webhook_endpoints below forgets the transaction's
// copy, so an endpoint changed in the same transaction is read again. Outside a transaction nothing
// is kept.
const endpointsReadIn = new WeakMap<Executor, Map<string, Promise<EndpointTarget[]>>>();

function forgetEndpointsRead(ex: Executor): void {
  endpointsReadIn.delete(ex);
}

/** Active endpoints of the tenant with what they subscribe to and their breaker, in id order. */
export function activeEndpoints(ex: Executor, tenant: Tenant): Promise<EndpointTarget[]> {
  const read = () => ex.selectFrom('webhook_endpoints').select(['id', 'events', 'circuit_open_until']).where(forTenant(tenant)).where('is_active', '=', true).orderBy('id').execute();
  if (!ex.isTransaction) return read();
  let byTenant = endpointsReadIn.get(ex);
  if (!byTenant) endpointsReadIn.set(ex, (byTenant = new Map()));
  const key = `${tenant.accountId}:${tenant.environment}`;
  let endpoints = byTenant.get(key);
  if (!endpoints) byTenant.set(key, (endpoints = read()));
  return endpoints;
}

export async function insertDeliveries(ex: Executor, rows: WebhookDeliveryRow[]): Promise<void> {
  if (rows.length > 0) await ex.insertInto('webhook_deliveries').values(rows).execute();
}

export async function findDelivery(ex: Executor, tenant: Tenant, endpointId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
  return ex
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where(forTenant(tenant))
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listDeliveries(ex: Executor, endpointId: string, filter: { status?: string }, limit: number, afterId: string | null): Promise<WebhookDeliveryRow[]> {
  let query = ex.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId);
  if (filter.status) query = query.where('status', '=', filter.status as WebhookDeliveryRow['status']);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function attemptsOf(ex: Executor, deliveryIds: readonly string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return ex.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('delivery_id').orderBy('attempt').execute();
}

export async function updateDelivery(ex: Executor, id: string, changes: Partial<Pick<WebhookDeliveryRow, 'status' | 'attempt_count' | 'next_attempt_at' | 'delivered_at'>>): Promise<WebhookDeliveryRow> {
  return ex.updateTable('webhook_deliveries').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function insertAttempt(ex: Executor, row: WebhookAttemptRow): Promise<void> {
  await ex.insertInto('webhook_attempts').values(row).execute();
}

/** What a delivery job needs in one read: the delivery, its endpoint and its event. */
export async function loadDeliveryWork(ex: Executor, id: string) {
  return ex
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.account_id',
      'd.environment',
      'd.status',
      'd.attempt_count',
      'd.event_id',
      'd.endpoint_id',
      'w.url',
      'w.is_active',
      'w.secret',
      'w.previous_secret',
      'w.previous_secret_expires_at',
      'w.failing_since',
      'w.circuit_open_until',
      'e.type',
      'e.data',
      'e.created_at as event_created_at',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Pending deliveries of an endpoint that was just disabled: they will not be sent, and their jobs go. */
export async function failPendingDeliveries(ex: Executor, endpointId: string): Promise<void> {
  const failed = await ex
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  await deleteJobs(ex, failed.map((row) => row.id));
}

export async function findDeliveryOfEvent(ex: Executor, endpointId: string, eventId: string): Promise<WebhookDeliveryRow> {
  return ex.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).where('event_id', '=', eventId).executeTakeFirstOrThrow();
}

/** Endpoints by id, with their breaker (a `webhook.test` event goes to one endpoint). */
export async function endpointsByIds(ex: Executor, ids: readonly string[]): Promise<Array<Pick<WebhookEndpointRow, 'id' | 'circuit_open_until'>>> {
  if (ids.length === 0) return [];
  return ex.selectFrom('webhook_endpoints').select(['id', 'circuit_open_until']).where('id', 'in', ids).orderBy('id').execute();
}
