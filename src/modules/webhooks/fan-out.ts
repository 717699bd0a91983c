// Turns a recorded event into deliveries, in the event's own transaction: one delivery per active
// endpoint subscribed to its kind, each with its job (same id). A delivery therefore exists exactly
// when its event committed, and an endpoint gets only the events recorded after its creation.
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
  const endpointIds = onlyEndpointId ? [onlyEndpointId] : await repo.subscribedEndpointIds(tx, tenant, event.type);
  if (endpointIds.length === 0) return [];
  const rows: WebhookDeliveryRow[] = endpointIds.map((endpointId) => ({
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
    rows.map((row) => ({ id: row.id, queue: WEBHOOK_QUEUE })),
  );
  return rows.map((row) => row.id);
}
