// Tenancy in one place. Every business row belongs to one tenant (account + environment), and a
// query of such a table filters by both: `account_id = $1 and environment = $2`, the leading
// columns of every unique constraint and hot index (docs/ARCHITECTURE.md, Conventions). Written
// by hand in each query, one forgotten or half-written filter (the account without the
// environment, the wrong alias in a join) shows a tenant another's rows; written here once, it is
// the same everywhere and the compiler checks the table it names. test/foundation/
// tenancy-filters.test.ts checks that no file under src/ writes an account_id filter by hand.
//
//   ex.selectFrom('invoices').selectAll().where(forTenant(tenant)).where('id', '=', id)
//   ex.selectFrom('invoices as i').leftJoin(...).where(forTenant(tenant, 'i'))   // several tables: name one
//   sql`select ... from usage_hourly where ${tenantSql(tenant)} and ...`           // raw SQL
//   ex.insertInto('usage_invoiced_periods').values({ ...tenantColumns(tenant), ... })
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Tenant } from '../core/context.ts';
import type { TenantColumns } from './schema.ts';

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

type NoTenantColumns = 'forTenant: this table has no account_id and environment columns';

/**
 * What the filter is where it type-checks, else a message that says why (the query's `.where`
 * then refuses it): the table filtered must carry the tenant columns, and be named when the
 * query reads several tables (an unqualified `account_id` would be ambiguous).
 */
type TenantFilter<DB, TB extends keyof DB, Table> = [Table] extends [never]
  ? true extends IsUnion<TB>
    ? 'forTenant: the query reads several tables; name the one to filter: forTenant(tenant, table)'
    : DB[TB] extends TenantColumns
      ? Expression<SqlBool>
      : NoTenantColumns
  : Table extends TB & keyof DB
    ? DB[Table] extends TenantColumns
      ? Expression<SqlBool>
      : NoTenantColumns
    : 'forTenant: the query has no table or alias of that name';

/**
 * The tenant filter of a Kysely query, for `.where(...)` of selectFrom, updateTable and
 * deleteFrom: `("account_id" = $1 and "environment" = $2)`, on `table` (a table name or an alias
 * of the query) when given. The filter is on that table's own columns, so its tenant indexes
 * serve the query as before; locking (`forUpdate`), order and limits are the query's own.
 */
export function forTenant<Table extends string = never>(tenant: Tenant, table?: Table) {
  return <DB, TB extends keyof DB>(_eb: ExpressionBuilder<DB, TB>): TenantFilter<DB, TB, Table> => tenantSql(tenant, table) as never;
}

/** The same filter as a fragment of a raw `sql` template; `table` qualifies the columns (`p` for `usage_invoiced_periods p`). */
export function tenantSql(tenant: Tenant, table?: string): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name);
  return sql<SqlBool>`(${column('account_id')} = ${tenant.accountId} and ${column('environment')} = ${tenant.environment})`;
}

/** The tenant columns of a row to insert: `values({ ...tenantColumns(tenant), ... })`. */
export function tenantColumns(tenant: Tenant): TenantColumns {
  return { account_id: tenant.accountId, environment: tenant.environment };
}

/** The tenant a row belongs to (keyless pages find the row first, then read its neighbours in its tenant). */
export function tenantOfRow(row: TenantColumns): Tenant {
  return { accountId: row.account_id, environment: row.environment };
}
