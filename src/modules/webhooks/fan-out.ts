// Turns recorded events into deliveries, in the events' own transaction: one delivery per active
// endpoint subscribed to an event's kind, each with its job (same id). A delivery therefore exists
// exactly when its event committed, and an endpoint gets only the events recorded after its
// creation. The job names the account and the endpoint: the queue's fair claim (src/jobs/queue.ts)
// holds each to its share.
//
// Events recorded together (recordEvents: the cycle close's batch, a payment's grants) are fanned
// out in one pass: all their deliveries and jobs are inserted in one statement each. One event alone
// is the same pass with a set of one, so both write the same rows (fan-out.test.ts). The tenant's
// endpoints are read once per transaction (repository.ts, activeEndpoints), however many passes.
import type { Tx } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { newId } from '../../core/ids.ts';
import { enqueueJobs } from '../../jobs/queue.ts';
import type { RecordedEvent, RecordOptions } from '../events/index.ts';
import * as repo from './repository.ts';
import type { WebhookDeliveryRow } from './tables.ts';

export const WEBHOOK_QUEUE = 'webhook.deliver';

interface Target {
  id: string;
  circuit_open_until: Date | null;
}

/**
 * Creates the deliveries of events recorded together, in their order, each to every endpoint
 * subscribed to its kind (endpoints in id order), or all to `onlyEndpointId`. Returns their ids.
 */
export async function fanOutEvents(tx: Tx, tenant: Tenant, events: readonly RecordedEvent[], now: Date, { onlyEndpointId }: RecordOptions = {}): Promise<string[]> {
  if (events.length === 0) return [];
  const targetsOf = await targetFinder(tx, tenant, events, onlyEndpointId);
  const rows: WebhookDeliveryRow[] = [];
  const runAts: Date[] = [];
  for (const event of events) {
    for (const endpoint of targetsOf(event.type)) {
      rows.push({
        id: newId(),
        account_id: tenant.accountId,
        environment: tenant.environment,
        endpoint_id: endpoint.id,
        event_id: event.id,
        event_type: event.type,
        status: 'pending',
        attempt_count: 0,
        next_attempt_at: now,
        delivered_at: null,
        created_at: now,
      });
      // An endpoint whose breaker is open gets its new deliveries in the slow lane (their own time stays `now`, for the API).
      const openUntil = endpoint.circuit_open_until;
      runAts.push(openUntil && openUntil > now ? openUntil : now);
    }
  }
  if (rows.length === 0) return [];
  await repo.insertDeliveries(tx, rows);
  // Each counts against its account's share and its endpoint's cap.
  await enqueueJobs(
    tx,
    now,
    rows.map((row, i) => ({ id: row.id, queue: WEBHOOK_QUEUE, accountId: row.account_id, concurrencyKey: row.endpoint_id, runAt: runAts[i] })),
  );
  return rows.map((row) => row.id);
}

/** Reads the endpoints the events may go to, once, and answers which of them take a kind. */
async function targetFinder(tx: Tx, tenant: Tenant, events: readonly RecordedEvent[], onlyEndpointId: string | undefined): Promise<(type: string) => readonly Target[]> {
  if (onlyEndpointId) {
    const only = await repo.endpointsByIds(tx, [onlyEndpointId]);
    return () => only;
  }
  const endpoints = await repo.activeEndpoints(tx, tenant);
  const byType = new Map<string, Target[]>();
  return (type) => {
    let targets = byType.get(type);
    if (!targets) {
      targets = endpoints.filter((endpoint) => endpoint.events.includes(type) || endpoint.events.includes('*'));
      byType.set(type, targets);
    }
    return targets;
  };
}
