// SQL of the dashboard's customer search (issue #32): a case-insensitive substring of the name,
// email or externalId, or of the stored document (kept without punctuation, so the query's
// punctuation is dropped for it), newest first, by pages of ids.
import { sql } from 'kysely';
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { forTenant } from '../../db/tenancy.ts';
import type { CustomerRow } from './tables.ts';

/** `text` as a LIKE pattern that matches it anywhere, its own % _ and \ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchCustomerRows(ex: Executor, tenant: Tenant, text: string, limit: number, afterId: string | null): Promise<CustomerRow[]> {
  let query = ex.selectFrom('customers').selectAll().where(forTenant(tenant));
  const trimmed = text.trim();
  if (trimmed !== '') {
    const pattern = containing(trimmed);
    const document = trimmed.replace(/[.\-/\s]/g, '').toUpperCase();
    query = query.where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('external_id', 'ilike', pattern),
        ...(document === '' ? [] : [eb('document', 'like', containing(document))]),
      ]),
    );
  }
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy(sql`id`, 'desc').limit(limit + 1).execute();
}
