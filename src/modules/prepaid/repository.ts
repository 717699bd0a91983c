// SQL for prepaid balances, their rates and credits. A balance is keyed by its enrollment (the
// enrollment's id is unique across tenants); reads by a caller's id filter by the tenant too.
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { PrepaidTables } from './tables.ts';

type BalanceRow = PrepaidTables['prepaid_balances'];
type CreditRow = PrepaidTables['prepaid_credits'];

export async function insertBalance(ex: Executor, row: BalanceRow): Promise<void> {
  await ex.insertInto('prepaid_balances').values(row).execute();
}

export async function updateFloor(ex: Executor, enrollmentId: string, floor: string, now: Date): Promise<void> {
  await ex.updateTable('prepaid_balances').set({ floor, updated_at: now }).where('enrollment_id', '=', enrollmentId).execute();
}

export async function deleteRates(ex: Executor, enrollmentId: string): Promise<void> {
  await ex.deleteFrom('prepaid_rates').where('enrollment_id', '=', enrollmentId).execute();
}

export async function insertRates(ex: Executor, enrollmentId: string, rates: { meterId: string; unitPrice: string }[]): Promise<void> {
  if (rates.length === 0) return;
  await ex
    .insertInto('prepaid_rates')
    .values(rates.map((rate) => ({ enrollment_id: enrollmentId, meter_id: rate.meterId, unit_price: rate.unitPrice })))
    .execute();
}

/** The balance's key and currency, locked for a credit unless `forUpdate` is false. */
export async function lockBalance(ex: Executor, enrollmentId: string, forUpdate = true): Promise<Pick<BalanceRow, 'enrollment_id' | 'currency'> | undefined> {
  const query = ex.selectFrom('prepaid_balances').select(['enrollment_id', 'currency']).where('enrollment_id', '=', enrollmentId);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** Records an invoice's credit; false when it was recorded before (one credit per invoice). */
export async function recordCredit(ex: Executor, row: CreditRow): Promise<boolean> {
  const inserted = await ex.insertInto('prepaid_credits').values(row).onConflict((oc) => oc.column('invoice_id').doNothing()).returning('invoice_id').executeTakeFirst();
  return inserted !== undefined;
}

/** An invoice's credit, locked for a take-back; undefined when the invoice credited no balance. */
export async function lockCredit(ex: Executor, invoiceId: string): Promise<Pick<CreditRow, 'enrollment_id' | 'amount' | 'taken_back'> | undefined> {
  return ex.selectFrom('prepaid_credits').select(['enrollment_id', 'amount', 'taken_back']).where('invoice_id', '=', invoiceId).forUpdate().executeTakeFirst();
}

export async function addTakenBack(ex: Executor, invoiceId: string, amount: string): Promise<void> {
  await ex
    .updateTable('prepaid_credits')
    .set((eb) => ({ taken_back: eb('taken_back', '+', amount) }))
    .where('invoice_id', '=', invoiceId)
    .execute();
}

export async function addToBalance(ex: Executor, enrollmentId: string, amount: string, now: Date): Promise<void> {
  await ex
    .updateTable('prepaid_balances')
    .set((eb) => ({ balance: eb('balance', '+', amount), updated_at: now }))
    .where('enrollment_id', '=', enrollmentId)
    .execute();
}

export async function findBalance(ex: Executor, tenant: Tenant, enrollmentId: string): Promise<BalanceRow | undefined> {
  return ex.selectFrom('prepaid_balances').selectAll().where('enrollment_id', '=', enrollmentId).where(forTenant(tenant)).executeTakeFirst();
}

export async function findBalances(ex: Executor, enrollmentIds: readonly string[]): Promise<Pick<BalanceRow, 'enrollment_id' | 'balance' | 'currency'>[]> {
  return ex.selectFrom('prepaid_balances').select(['enrollment_id', 'balance', 'currency']).where('enrollment_id', 'in', enrollmentIds).execute();
}
