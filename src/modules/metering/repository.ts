// SQL of the ingestion hot path: a whole commit group is one call of metering_ingest_v7
// (src/db/functions/metering_ingest_v7.sql), in a transaction of its own: one round trip and one
// commit for every event of every request.
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import { forTenant, tenantSql } from '../../db/tenancy.ts';
import type { MeteringTables } from './tables.ts';
import type { Tenant } from '../../core/context.ts';
import { isUuid } from '../../core/ids.ts';
import { intArrayLiteral, plainArrayLiteral, textArrayLiteral } from '../../db/array-literal.ts';
import type { NormalizedEvent } from './normalize.ts';
import type { KeyRefusedState } from '../accounts/index.ts';

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
  /** The id of the request's API key when the service took it from memory: the call reads its row (step 0). */
  keyToConfirm: string | null;
}

/** What happened to one request of the group. */
export type GroupOutcome =
  /** Its API key, taken from memory, no longer authenticates: nothing looked at, written or stored. */
  | { kind: 'key_refused'; state: KeyRefusedState }
  /** Another transaction holds its Idempotency-Key. */
  | { kind: 'in_use' }
  /** An answer was stored for its key before (a replay when the fingerprint matches). */
  | { kind: 'stored'; fingerprint: string; status: number; body: string }
  /** Events naming no meter or enrollment, or lacking the meter's property: nothing written. */
  | { kind: 'invalid'; problems: EventProblem[] }
  /** An event inside an invoiced period: nothing written. */
  | { kind: 'refused' }
  /** Its events would take a prepaid balance below its floor (the first such event named): nothing written. */
  | { kind: 'insufficient'; shortfall: BalanceShortfall }
  /** An invoice holds the usage lock of an enrollment it names: nothing looked at further; send it again later. */
  | { kind: 'busy' }
  /**
   * Its API key, taken from memory, is a sandbox key whose account has a test clock (set since the
   * key was remembered): nothing looked at; check the request again as of `clock` and send it again.
   */
  | { kind: 'clocked'; clock: Date }
  /** Written, or every event recorded before (a resend: each a duplicate); its answer is stored with its key. */
  | { kind: 'recorded'; status: number; body: string };

export interface BalanceShortfall {
  /** The place in its request of the event that would take the balance below the floor. */
  index: number;
  /** The balance before the request, and the floor. */
  balance: string;
  floor: string;
}

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

/**
 * The parameters of a group's call. What events name (tenant, customer, product, meter) is sent
 * once per distinct combination, a "subject", and each event points at its subject; arrays go as
 * literals (db/array-literal.ts).
 */
export function buildGroupCall(requests: GroupRequest[]) {
  const subjects = new Map<string, number>();
  const s: { account: string[]; environment: string[]; customerRef: string[]; customerId: Array<string | null>; productId: Array<string | null>; meterKey: string[] } = {
    account: [],
    environment: [],
    customerRef: [],
    customerId: [],
    productId: [],
    meterKey: [],
  };
  const e: { request: number[]; index: number[]; subject: number[]; eventId: string[]; value: string[]; instants: string[]; metadata: Array<string | null> } = {
    request: [],
    index: [],
    subject: [],
    eventId: [],
    value: [],
    instants: [],
    metadata: [],
  };
  let withMetadata = false;
  requests.forEach((r, i) => {
    const { accountId, environment } = r.tenant;
    // Events of one request mostly repeat the previous event's names and time: reuse its subject and text.
    let previous: NormalizedEvent | null = null;
    let subject = 0;
    let instant = '';
    for (const event of r.events) {
      if (!previous || event.customerRef !== previous.customerRef || event.productId !== previous.productId || event.meterKey !== previous.meterKey) {
        // Unambiguous: the free-form meter key carries its length, and the other free-form part comes last.
        const name = `${accountId} ${environment} ${event.productId} ${event.meterKey.length}:${event.meterKey} ${event.customerRef}`;
        subject = subjects.get(name) ?? addSubject(name, event);
      }
      if (!previous || event.occurredAt.getTime() !== previous.occurredAt.getTime()) instant = event.occurredAt.toISOString();
      previous = event;
      e.request.push(i + 1);
      e.index.push(event.index);
      e.subject.push(subject);
      e.eventId.push(event.eventId);
      e.value.push(event.value);
      e.instants.push(instant);
      e.metadata.push(event.metadata ? JSON.stringify(event.metadata) : null);
      if (event.metadata) withMetadata = true;
    }

    function addSubject(name: string, event: NormalizedEvent): number {
      const subject = subjects.size + 1;
      subjects.set(name, subject);
      s.account.push(accountId);
      s.environment.push(environment);
      s.customerRef.push(event.customerRef);
      s.customerId.push(isUuid(event.customerRef) ? event.customerRef : null);
      s.productId.push(isUuid(event.productId) ? event.productId : null);
      s.meterKey.push(event.meterKey);
      return subject;
    }
  });
  return {
    scope: textArrayLiteral(requests.map((r) => r.scope)),
    key: textArrayLiteral(requests.map((r) => r.key)),
    lock: textArrayLiteral(requests.map((r) => r.lockName)),
    fingerprint: textArrayLiteral(requests.map((r) => r.fingerprint)),
    batch: requests.map((r) => r.batch),
    keyToConfirm: requests.map((r) => r.keyToConfirm),
    ...s,
    request: intArrayLiteral(e.request),
    index: intArrayLiteral(e.index),
    subject: intArrayLiteral(e.subject),
    eventId: textArrayLiteral(e.eventId),
    value: plainArrayLiteral(e.value),
    instant: plainArrayLiteral(e.instants),
    metadata: withMetadata ? e.metadata : null,
  };
}

/**
 * Writes a commit group: one call, one transaction (the function's). Outcomes in request order.
 */
export async function ingestGroup(
  db: Db,
  requests: GroupRequest[],
  now: Date,
  expiresAt: Date,
  shard: number,
): Promise<GroupOutcome[]> {
  const c = buildGroupCall(requests);
  const result = await sql<OutcomeRow>`
    select request, outcome, status_code, body, detail from metering_ingest_v7(
      ${c.scope}::text[], ${c.key}::text[], ${c.lock}::text[], ${c.fingerprint}::text[], ${c.batch}::boolean[], ${c.keyToConfirm}::uuid[],
      ${c.account}::uuid[], ${c.environment}::text[], ${c.customerRef}::text[], ${c.customerId}::uuid[], ${c.productId}::uuid[], ${c.meterKey}::text[],
      ${c.request}::int[], ${c.index}::int[], ${c.subject}::int[], ${c.eventId}::text[], ${c.value}::numeric[], ${c.instant}::text[], ${c.metadata}::jsonb[],
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
    case 'key_refused':
      return { kind: 'key_refused', state: row.detail as KeyRefusedState };
    case 'in_use':
      return { kind: 'in_use' };
    case 'stored':
      return { kind: 'stored', fingerprint: row.detail as string, status: row.status_code!, body: row.body! };
    case 'invalid':
      return { kind: 'invalid', problems: row.detail as EventProblem[] };
    case 'refused':
      return { kind: 'refused' };
    case 'insufficient':
      return { kind: 'insufficient', shortfall: row.detail as BalanceShortfall };
    case 'busy':
      return { kind: 'busy' };
    case 'clocked':
      return { kind: 'clocked', clock: new Date(row.detail as string) };
    case 'recorded':
      return { kind: 'recorded', status: row.status_code!, body: row.body! };
  }
}

// ---- invoiced periods ----

export async function insertInvoicedPeriod(ex: Executor, row: MeteringTables['usage_invoiced_periods']): Promise<void> {
  await ex.insertInto('usage_invoiced_periods').values(row).execute();
}

/** An invoice that is not void (other than `own`) billing part of [from, to), or undefined. */
export async function findInvoicedOverlap(ex: Executor, tenant: Tenant, enrollmentId: string, from: Date, to: Date, own: string | null): Promise<string | undefined> {
  const overlap = await sql<{ invoice_id: string }>`
    select p.invoice_id from usage_invoiced_periods p join invoices i on i.id = p.invoice_id and i.status <> 'void'
    where ${tenantSql(tenant, 'p')} and p.enrollment_id = ${enrollmentId}
      and p.period_start < ${to} and p.period_end > ${from} and p.invoice_id is distinct from ${own}::uuid
    limit 1`.execute(ex);
  return overlap.rows[0]?.invoice_id;
}

// ---- raw events ----

export interface StoredEventFilter {
  enrollmentId: string;
  meterId?: string;
  from?: Date;
  to?: Date;
  /** The last event of the previous page: events strictly before it (timestamp, then id). */
  after?: { at: Date; id: string };
  limit: number;
}

/** An enrollment's raw events with their meter's key, newest first (by timestamp, then id). */
export async function listStoredEvents(ex: Executor, tenant: Tenant, filter: StoredEventFilter) {
  let q = ex
    .selectFrom('usage_events as e')
    .innerJoin('meters as m', 'm.id', 'e.meter_id')
    .select(['e.event_id', 'e.enrollment_id', 'm.key as meter', 'e.meter_id', 'e.value', 'e.occurred_at', 'e.metadata', 'e.received_at'])
    .where(forTenant(tenant, 'e'))
    .where('e.enrollment_id', '=', filter.enrollmentId);
  if (filter.meterId) q = q.where('e.meter_id', '=', filter.meterId);
  if (filter.from) q = q.where('e.occurred_at', '>=', filter.from);
  if (filter.to) q = q.where('e.occurred_at', '<', filter.to);
  if (filter.after) q = q.where(sql<boolean>`(e.occurred_at, e.event_id) < (${filter.after.at}, ${filter.after.id})`);
  return q.orderBy('e.occurred_at', 'desc').orderBy('e.event_id', 'desc').limit(filter.limit).execute();
}
