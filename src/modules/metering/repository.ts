// SQL of the ingestion hot path: a whole commit group is one call of metering_ingest (migration
// 0008), in a transaction of its own: one round trip and one commit for every event of every request.
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { Tenant } from '../../core/context.ts';
import { isUuid } from '../../core/ids.ts';
import type { NormalizedEvent } from './normalize.ts';

/** Invoicing holds an enrollment's usage lock exclusively: no event of it commits meanwhile. */
export async function lockUsageExclusive(tx: Tx, enrollmentId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${'usage:' + enrollmentId}, 0))`.execute(tx);
}

export interface GroupRequest {
  tenant: Tenant;
  events: NormalizedEvent[];
  /** Idempotency: the key's scope and value, its lock name (lockNameOf), and the fingerprint of the request. */
  scope: string;
  key: string;
  lockName: string;
  fingerprint: string;
  /** Answer shape: a batch's `{results, accepted, duplicates}` or one event's `{eventId, status, timestamp}`. */
  batch: boolean;
}

/** What happened to one request of the group. */
export type GroupOutcome =
  /** Another transaction holds its Idempotency-Key. */
  | { kind: 'in_use' }
  /** An answer was stored for its key before (a replay when the fingerprint matches). */
  | { kind: 'stored'; fingerprint: string; status: number; body: string }
  /** Events naming no meter or enrollment, or lacking the meter's property: nothing written. */
  | { kind: 'invalid'; problems: EventProblem[] }
  /** An event inside an invoiced period: nothing written. */
  | { kind: 'refused' }
  /** Written; its answer is stored with its key. */
  | { kind: 'recorded'; status: number; body: string };

export interface EventProblem {
  /** The event's place in its request. */
  index: number;
  /** Whether the meter key was found. */
  meter: boolean;
  /** Whether (customer, product) resolved to an enrollment. */
  enrolled: boolean;
  /** For unique_count meters: the metadata property every event must carry. */
  property: string | null;
}

interface OutcomeRow {
  request: number;
  outcome: GroupOutcome['kind'];
  status_code: number | null;
  body: string | null;
  detail: unknown;
}

/** Writes a commit group: one call, one transaction (the function's). Outcomes in request order. */
export async function ingestGroup(db: Db, requests: GroupRequest[], now: Date, expiresAt: Date, shard: number): Promise<GroupOutcome[]> {
  const events = requests.flatMap((r, i) => r.events.map((e) => ({ request: i + 1, tenant: r.tenant, event: e })));
  const result = await sql<OutcomeRow>`
    select request, outcome, status_code, body, detail from metering_ingest(
      ${requests.map((r) => r.scope)}::text[], ${requests.map((r) => r.key)}::text[], ${requests.map((r) => r.lockName)}::text[],
      ${requests.map((r) => r.fingerprint)}::text[],
      ${requests.map((r) => r.batch)}::boolean[],
      ${events.map((x) => x.request)}::int[], ${events.map((x) => x.event.index)}::int[],
      ${events.map((x) => x.tenant.accountId)}::uuid[], ${events.map((x) => x.tenant.environment)}::text[],
      ${events.map((x) => x.event.eventId)}::text[],
      ${events.map((x) => x.event.customerRef)}::text[], ${events.map((x) => (isUuid(x.event.customerRef) ? x.event.customerRef : null))}::uuid[],
      ${events.map((x) => (isUuid(x.event.productId) ? x.event.productId : null))}::uuid[], ${events.map((x) => x.event.meterKey)}::text[],
      ${events.map((x) => x.event.value)}::numeric[], ${events.map((x) => x.event.occurredAt)}::timestamptz[],
      ${events.map((x) => (x.event.metadata ? JSON.stringify(x.event.metadata) : null))}::jsonb[],
      ${now}::timestamptz, ${expiresAt}::timestamptz, ${shard}::smallint)`.execute(db);
  const outcomes: Array<GroupOutcome | undefined> = requests.map(() => undefined);
  for (const row of result.rows) outcomes[row.request - 1] = toOutcome(row);
  return outcomes.map((o, i) => {
    if (!o) throw new Error(`metering_ingest gave no outcome for request ${i + 1} of ${requests.length}`);
    return o;
  });
}

function toOutcome(row: OutcomeRow): GroupOutcome {
  switch (row.outcome) {
    case 'in_use':
      return { kind: 'in_use' };
    case 'stored':
      return { kind: 'stored', fingerprint: row.detail as string, status: row.status_code!, body: row.body! };
    case 'invalid':
      return { kind: 'invalid', problems: row.detail as EventProblem[] };
    case 'refused':
      return { kind: 'refused' };
    case 'recorded':
      return { kind: 'recorded', status: row.status_code!, body: row.body! };
  }
}
