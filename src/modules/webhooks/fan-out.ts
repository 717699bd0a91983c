// Turns a recorded event into deliveries, in the event's own transaction: one delivery per active
// endpoint subscribed to its kind, each with its job (same id). A delivery therefore exists exactly
// when its event committed, and an endpoint gets only the events recorded after its creation. The
// job names the account and the endpoint: the queue's fair claim (src/jobs/queue.ts) holds each to
// its share.
import type { Tx } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { newId } from '../../core/ids.ts';
import { enqueueJobs } from '../../jobs/queue.ts';
import type { RecordedEvent, RecordOptions } from '../events/index.ts';
import * as repo from './repository.ts';
import type { WebhookDeliveryRow } from './tables.ts';

export const WEBHOOK_QUEUE = 'webhook.deliver';

/** Creates the event's deliveries: to every subscribed endpoint, or to `onlyEndpointId`. Returns their ids. */
export async function fanOutEvent(tx: Tx, tenant: Tenant, event: RecordedEvent, now: Date, { onlyEndpointId }: RecordOptions = {}): Promise<string[]> {
  const endpoints = onlyEndpointId ? await repo.endpointsByIds(tx, [onlyEndpointId]) : await repo.subscribedEndpoints(tx, tenant, event.type);
  if (endpoints.length === 0) return [];
  const rows: WebhookDeliveryRow[] = endpoints.map(({ id: endpointId }) => ({
    id: newId(),
    account_id: tenant.accountId,
    environment: tenant.environment,
    endpoint_id: endpointId,
    event_id: event.id,
    event_type: event.type,
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: now,
    delivered_at: null,
    created_at: now,
  }));
  await repo.insertDeliveries(tx, rows);
  await enqueueJobs(
    tx,
    now,
    // Each counts against its account's share and its endpoint's cap; an endpoint whose breaker is
    // open gets its new deliveries in the slow lane (their own time stays `now`, for the API).
    rows.map((row, i) => {
      const openUntil = endpoints[i]!.circuit_open_until;
      return { id: row.id, queue: WEBHOOK_QUEUE, accountId: row.account_id, concurrencyKey: row.endpoint_id, runAt: openUntil && openUntil > now ? openUntil : now };
    }),
  );
  return rows.map((row) => row.id);
}
