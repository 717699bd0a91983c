// SQL of processor connections and their events.
import { sql } from 'kysely';
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { textArrayLiteral } from '../../db/array-literal.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { ConnectionRow, ProcessorEventRow } from './tables.ts';

const methodsArray = (methods: readonly string[]) => sql<string[]>`${textArrayLiteral(methods)}::text[]`;

export async function findConnection(ex: Executor, tenant: Tenant, provider: string, options: { forUpdate?: boolean } = {}): Promise<ConnectionRow | undefined> {
  let query = ex.selectFrom('processor_connections').selectAll().where(forTenant(tenant)).where('provider', '=', provider as ConnectionRow['provider']);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Any tenant's connection by id: the public webhook route and a payment's refunds name it. */
export async function findConnectionById(ex: Executor, id: string): Promise<ConnectionRow | undefined> {
  return ex.selectFrom('processor_connections').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listConnections(ex: Executor, tenant: Tenant): Promise<ConnectionRow[]> {
  return ex.selectFrom('processor_connections').selectAll().where(forTenant(tenant)).orderBy('provider').execute();
}

export async function findServing(ex: Executor, tenant: Tenant, method: string): Promise<ConnectionRow | undefined> {
  return ex
    .selectFrom('processor_connections')
    .selectAll()
    .where(forTenant(tenant))
    .where(sql<boolean>`${method} = any(methods)`)
    .executeTakeFirst();
}

export async function upsertConnection(ex: Executor, row: ConnectionRow): Promise<ConnectionRow> {
  // A replaced connection keeps its id, tenant, creation time and webhook token.
  const changes = {
    methods: row.methods,
    status: row.status,
    status_reason: row.status_reason,
    credentials_sealed: row.credentials_sealed,
    data_key_sealed: row.data_key_sealed,
    key_id: row.key_id,
    checked_at: row.checked_at,
    updated_at: row.updated_at,
  };
  return ex
    .insertInto('processor_connections')
    .values({ ...row, methods: methodsArray(row.methods) as never, credentials_shown: JSON.stringify(row.credentials_shown) as never })
    .onConflict((oc) =>
      oc.columns(['account_id', 'environment', 'provider']).doUpdateSet({
        ...changes,
        methods: methodsArray(row.methods) as never,
        credentials_shown: JSON.stringify(row.credentials_shown) as never,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateStatus(ex: Executor, tenant: Tenant, id: string, patch: Pick<ConnectionRow, 'status' | 'status_reason' | 'checked_at' | 'updated_at'>): Promise<ConnectionRow> {
  return ex.updateTable('processor_connections').set(patch).where(forTenant(tenant)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteConnection(ex: Executor, tenant: Tenant, id: string): Promise<void> {
  await ex.deleteFrom('processor_connections').where(forTenant(tenant)).where('id', '=', id).execute();
}

/** Rotation: rows whose data key another master key wrapped, a batch at a time, locked. */
export async function lockRowsNotUnder(ex: Executor, keyId: string, limit: number): Promise<ConnectionRow[]> {
  return ex.selectFrom('processor_connections').selectAll().where('key_id', '<>', keyId).orderBy('id').limit(limit).forUpdate().execute();
}

export async function rewrap(ex: Executor, id: string, dataKeySealed: string, keyId: string): Promise<void> {
  await ex.updateTable('processor_connections').set({ data_key_sealed: dataKeySealed, key_id: keyId }).where('id', '=', id).execute();
}

/** Inserts the event unless the connection has it; true when it is new. */
export async function insertEvent(ex: Executor, row: ProcessorEventRow): Promise<boolean> {
  const inserted = await ex
    .insertInto('processor_events')
    .values({ ...row, event: JSON.stringify(row.event) as never })
    .onConflict((oc) => oc.columns(['connection_id', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function markEventApplied(ex: Executor, connectionId: string, eventId: string, at: Date): Promise<void> {
  await ex.updateTable('processor_events').set({ state: 'applied', applied_at: at }).where('connection_id', '=', connectionId).where('event_id', '=', eventId).execute();
}

/** Waiting events received since `since`, oldest first, at most `limit`, locked (others skip them). */
export async function lockWaitingEvents(ex: Executor, connectionId: string, since: Date, limit: number): Promise<ProcessorEventRow[]> {
  return ex
    .selectFrom('processor_events')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .where('state', '=', 'waiting')
    .where('received_at', '>=', since)
    .orderBy('received_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Serialises connection writes of one tenant (the one-connection-per-method rule). */
export async function lockTenantConnections(ex: Executor, tenant: Tenant): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`processor_connections:${tenant.accountId}:${tenant.environment}`}))`.execute(ex);
}
