// SQL for Pix Automático mandates, always filtered by tenant, except the lookup by connection of a
// PSP callback (the connection is the tenant's; its rows are reached only through it) and the
// repair poller's list of reservations left in flight (any tenant). A mandate being created at the
// PSP (`creation_in_flight`) is invisible to reads until its record.
import type { Tenant } from '../../../core/context.ts';
import type { Executor } from '../../../db/database.ts';
import { forTenant } from '../../../db/tenancy.ts';
import type { MandateCancelInFlight, PixMandateRow } from '../tables.ts';

export async function insertMandate(ex: Executor, row: PixMandateRow): Promise<void> {
  const creation = row.creation_in_flight === null ? null : (JSON.stringify(row.creation_in_flight) as never);
  await ex.insertInto('pix_mandates').values({ ...row, creation_in_flight: creation, cancel_in_flight: null }).execute();
}

export async function findMandate(ex: Executor, tenant: Tenant, id: string, forUpdate = false): Promise<PixMandateRow | undefined> {
  let query = ex.selectFrom('pix_mandates').selectAll().where(forTenant(tenant)).where('id', '=', id).where('creation_in_flight', 'is', null);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** By the recurrence's id: the saved method `pix:{providerId}` names it. */
export async function findMandateByProviderId(ex: Executor, tenant: Tenant, providerId: string): Promise<PixMandateRow | undefined> {
  return ex.selectFrom('pix_mandates').selectAll().where(forTenant(tenant)).where('provider_id', '=', providerId).where('creation_in_flight', 'is', null).executeTakeFirst();
}

export async function findConnectionMandate(ex: Executor, connectionId: string, providerId: string): Promise<PixMandateRow | undefined> {
  return ex.selectFrom('pix_mandates').selectAll().where('connection_id', '=', connectionId).where('provider_id', '=', providerId).where('creation_in_flight', 'is', null).forUpdate().executeTakeFirst();
}

export async function listMandates(ex: Executor, tenant: Tenant, customerId: string | undefined, limit: number, afterId: string | null): Promise<PixMandateRow[]> {
  let query = ex.selectFrom('pix_mandates').selectAll().where(forTenant(tenant)).where('creation_in_flight', 'is', null);
  if (customerId) query = query.where('customer_id', '=', customerId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function updateMandate(ex: Executor, id: string, patch: Partial<Pick<PixMandateRow, 'status' | 'failure_code' | 'qr_payload' | 'updated_at'>>): Promise<PixMandateRow> {
  return ex.updateTable('pix_mandates').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A mandate's creation or cancellation still in flight, locked; undefined once recorded or released. */
export async function lockMandateInFlight(ex: Executor, tenant: Tenant, id: string, action: 'create' | 'cancel'): Promise<PixMandateRow | undefined> {
  const column = action === 'create' ? 'creation_in_flight' : 'cancel_in_flight';
  return ex.selectFrom('pix_mandates').selectAll().where(forTenant(tenant)).where('id', '=', id).where(column, 'is not', null).forUpdate().executeTakeFirst();
}

/** The PSP's recurrence recorded on a mandate being created: visible from now on. */
export async function recordCreatedMandate(ex: Executor, id: string, patch: Pick<PixMandateRow, 'provider_id' | 'qr_payload' | 'authorization_request_id' | 'updated_at'>): Promise<PixMandateRow> {
  return ex.updateTable('pix_mandates').set({ ...patch, creation_in_flight: null }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteMandateInCreation(ex: Executor, tenant: Tenant, id: string): Promise<void> {
  await ex.deleteFrom('pix_mandates').where(forTenant(tenant)).where('id', '=', id).where('creation_in_flight', 'is not', null).execute();
}

export async function setCancelInFlight(ex: Executor, id: string, inFlight: MandateCancelInFlight | null, now: Date): Promise<PixMandateRow> {
  const value = inFlight === null ? null : (JSON.stringify(inFlight) as never);
  return ex.updateTable('pix_mandates').set({ cancel_in_flight: value, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Creations and cancellations reserved before `before` and still in flight, any tenant (the repair poller's). */
export async function listStaleMandatesInFlight(ex: Executor, before: Date, limit: number): Promise<PixMandateRow[]> {
  return ex
    .selectFrom('pix_mandates')
    .selectAll()
    .where((eb) => eb.or([eb('creation_in_flight', 'is not', null), eb('cancel_in_flight', 'is not', null)]))
    .where('updated_at', '<=', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}
