// SQL for credit notes, their lines and their number counter. Executor first, always filtered by
// tenant (account + environment).
import { sql } from 'kysely';
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { forTenant, tenantColumns } from '../../db/tenancy.ts';
import type { CreditNoteLineRow, CreditNoteRow } from './tables.ts';

export async function insertCreditNote(ex: Executor, row: CreditNoteRow, lines: CreditNoteLineRow[]): Promise<void> {
  await ex.insertInto('credit_notes').values(row).execute();
  if (lines.length > 0) await ex.insertInto('credit_note_lines').values(lines).execute();
}

export async function findCreditNote(ex: Executor, tenant: Tenant, id: string): Promise<CreditNoteRow | undefined> {
  return ex.selectFrom('credit_notes').selectAll().where(forTenant(tenant)).where('id', '=', id).executeTakeFirst();
}

/** An invoice's credit notes, newest first. */
export async function listCreditNotes(ex: Executor, tenant: Tenant, invoiceId: string, limit: number, afterId: string | null): Promise<CreditNoteRow[]> {
  let query = ex.selectFrom('credit_notes').selectAll().where(forTenant(tenant)).where('invoice_id', '=', invoiceId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function listCreditNoteLines(ex: Executor, tenant: Tenant, creditNoteIds: readonly string[]): Promise<CreditNoteLineRow[]> {
  if (creditNoteIds.length === 0) return [];
  return ex
    .selectFrom('credit_note_lines')
    .selectAll()
    .where(forTenant(tenant))
    .where('credit_note_id', 'in', creditNoteIds)
    .orderBy('credit_note_id')
    .orderBy('position')
    .execute();
}

/** What earlier credit notes credited of each of these invoice lines, by line item id. */
export async function creditedByLine(ex: Executor, tenant: Tenant, lineItemIds: readonly string[]): Promise<Map<string, string>> {
  if (lineItemIds.length === 0) return new Map();
  const rows = await ex
    .selectFrom('credit_note_lines')
    .select(['line_item_id', sql<string>`sum(amount)::text`.as('credited')])
    .where(forTenant(tenant))
    .where('line_item_id', 'in', lineItemIds)
    .groupBy('line_item_id')
    .execute();
  return new Map(rows.map((r) => [r.line_item_id, r.credited]));
}

/**
 * The tenant's next credit note number. The counter row stays locked until the caller's
 * transaction ends, so concurrent credit notes take turns, and a rollback gives the number back:
 * no gaps (as takeNextInvoiceNumber).
 */
export async function takeNextCreditNoteNumber(ex: Executor, tenant: Tenant): Promise<bigint> {
  const row = await ex
    .insertInto('credit_note_number_counters')
    .values({ ...tenantColumns(tenant), last_number: '1' })
    .onConflict((oc) => oc.columns(['account_id', 'environment']).doUpdateSet({ last_number: sql<string>`credit_note_number_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return BigInt(row.last_number);
}
