// Tenancy in one place (src/db/tenancy.ts): every query of a business table filters by its tenant
// through forTenant / tenantSql, never by a hand-written `account_id = ...`. This test reads the
// tables that carry account_id from the migrated database itself, then scans src/:
//   - no file but src/db/tenancy.ts writes an account_id filter by hand (ALLOWED_BY_HAND excepted);
//   - every such table is read or written through the helper at least once (NOT_THROUGH_HELPER
//     excepted), so a new tenant table shows up here until its repository uses the helper.
// The scanner is a regular expression over the source, not a parser: its self-check below shows
// what it catches and what it lets through.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { forTenant, tenantColumns, tenantOfRow, tenantSql } from '../../src/db/tenancy.ts';
import { openTestDatabase } from '../harness.ts';

const HELPER_FILE = 'src/db/tenancy.ts';

/**
 * Hand-written account_id filters that stay, each with why: the only places that filter by
 * account alone, because they have no tenant yet. Matched on the exact line text.
 */
const ALLOWED_BY_HAND: Array<{ file: string; text: string; reason: string }> = [
  {
    file: 'src/modules/members/repository.ts',
    text: "const query = ex.selectFrom('account_members').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id');",
    reason:
      'Members are account-wide (no environment, so no tenant): the members page lists the members of the account its session row names; ' +
      'role changes and removals find their member in that list, so another account\'s member id is not found.',
  },
  {
    file: 'src/modules/invoices/repository.ts',
    text: "return ex.selectFrom('invoices').selectAll().where('account_id', '=', accountId).where('id', '=', invoiceId).executeTakeFirst();",
    reason:
      'The keyless hosted invoice page knows only the account (from the URL slug) and the invoice id; the environment is the row’s own. ' +
      'Its neighbours are then read through forTenant(tenantOfRow(invoice)).',
  },
  {
    file: 'src/modules/catalog/payment-links/repository.ts',
    text: "const link = await ex.selectFrom('payment_links').selectAll().where('account_id', '=', accountId).where('id', '=', linkId).executeTakeFirst();",
    reason:
      'The keyless payment-link page knows only the account (from the URL slug) and the link id; the environment is the link’s own. ' +
      'Its product and version are then read through forTenant(tenantOfRow(link)).',
  },
];

/** Tables with account_id that no query in src/ reaches through the helper, each with why. */
const NOT_THROUGH_HELPER: Record<string, string> = {
  coupon_redemptions:
    'Only inserted (coupons/repository.ts insertRedemption), with the row the use case builds from its tenant; never read back per tenant (the count lives on the coupon).',
  dashboard_sessions:
    'Found only by the hash of the cookie\'s token (members/repository.ts); the session row names its account and the environment shown.',
  storefront_orders:
    'Only inserted (storefronts/repository.ts insertOrder), with the row the order flow builds from the shop’s tenant; no query reads it yet.',
};

/**
 * Tables with account_id and no environment, each with why: rows of the account as a whole, never
 * of one environment. They are not tenant tables (the helper filters by both columns), and no
 * query filters them by account by hand either (the scan below still checks that).
 */
const ACCOUNT_WIDE: Record<string, string> = {
  account_members:
    'A dashboard member sees both environments of its account: found by its own id or email (members/repository.ts); the dashboard reads the account its session row names.',
  member_sign_in_links: 'Found only by the hash of the link\'s token (members/repository.ts); the link names its member and account.',
};

/** An account_id comparison written by hand: in a Kysely where/eb call, or in raw SQL. */
const HAND_FILTERS: RegExp[] = [
  // .where('account_id', '=', ...), .where('i.account_id', 'in', ...), eb('account_id', '=', ...)
  /'(?:\w+\.)?account_id'\s*,\s*'(?:=|<>|!=|in|not in|is)'/g,
  // eb(eb.ref('i.account_id'), '=', ...), sql.ref('account_id')
  /\bref\(\s*'(?:\w+\.)?account_id'\s*\)/g,
  // raw SQL: account_id = ${...}, p.account_id = $1, account_id = any(...), account_id in (...)
  /\b(?:\w+\.)?account_id\s*(?:=|<>|!=|\bin\b)\s*(?:\$\{|\$\d|any\s*\(|\()/gi,
];

interface HandFilter {
  file: string;
  line: number;
  text: string;
}

/** Every hand-written account_id filter of a file's text. */
function handFilters(file: string, text: string): HandFilter[] {
  const found = new Map<number, HandFilter>();
  for (const pattern of HAND_FILTERS) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.set(line, { file, line, text: text.split('\n')[line - 1]!.trim() });
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/**
 * The tables a file's text reaches through the helper: a Kysely query whose root table (or its
 * alias) is the one forTenant names (the root when it names none), a raw SQL `from table [alias]`
 * followed in its template by tenantSql on that table or alias, or an insert whose values spread
 * tenantColumns. A query runs from its selectFrom / updateTable / deleteFrom / insertInto to the
 * next one or the end of its statement.
 */
function tablesThroughHelper(text: string): Set<string> {
  const tables = new Set<string>();
  const queries = /\b(selectFrom|updateTable|deleteFrom|insertInto)\(\s*'(\w+)(?:\s+as\s+(\w+))?'/g;
  for (const match of text.matchAll(queries)) {
    const [, verb, table, alias] = match;
    const rest = text.slice(match.index + match[0].length);
    const end = rest.search(/;|\b(?:selectFrom|updateTable|deleteFrom|insertInto)\(/);
    const body = end === -1 ? rest : rest.slice(0, end);
    if (verb === 'insertInto') {
      if (/\.\.\.tenantColumns\(/.test(body)) tables.add(table!);
      continue;
    }
    for (const use of body.matchAll(/\bforTenant\([^,()]+(?:\([^()]*\))?(?:,\s*'(\w+)')?\)/g)) {
      const named = use[1];
      if (named === undefined || named === (alias ?? table)) tables.add(table!);
    }
  }
  const froms = /\b(?:from|join)\s+(\w+)(?:\s+(?:as\s+)?(?!where\b|join\b|left\b|inner\b|on\b|group\b|order\b|limit\b)(\w+))?/gi;
  for (const match of text.matchAll(froms)) {
    const [, table, alias] = match;
    const rest = text.slice(match.index + match[0].length);
    const end = rest.search(/`/);
    const body = end === -1 ? rest : rest.slice(0, end);
    for (const use of body.matchAll(/\btenantSql\([^,()]+(?:\([^()]*\))?(?:,\s*'(\w+)')?\)/g)) {
      const named = use[1];
      if (named === undefined ? alias === undefined : named === (alias ?? table)) tables.add(table!);
    }
  }
  return tables;
}

function sourceFiles(): Array<{ file: string; text: string }> {
  return readdirSync('src', { recursive: true, encoding: 'utf8' })
    .map((path) => join('src', path))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

let tenantTables: string[];

beforeAll(async () => {
  const database = await openTestDatabase();
  try {
    const result = await sql<{ table_name: string; has_environment: boolean }>`
      select c.table_name,
             exists (select 1 from information_schema.columns e
                     where e.table_schema = c.table_schema and e.table_name = c.table_name and e.column_name = 'environment') as has_environment
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name = 'account_id'
      order by c.table_name`.execute(database.db);
    tenantTables = result.rows.map((row) => row.table_name).filter((table) => !(table in ACCOUNT_WIDE));
    // The helper filters by both columns: a table with account_id but no environment is account-wide, listed with why.
    expect(result.rows.filter((row) => !row.has_environment).map((row) => row.table_name)).toEqual(Object.keys(ACCOUNT_WIDE).sort());
  } finally {
    await database.drop();
  }
});

describe('tenancy filters', () => {
  it('finds the tenant tables in the migrated database', () => {
    expect(tenantTables.length).toBeGreaterThan(25);
    expect(tenantTables).toEqual(expect.arrayContaining(['invoices', 'payments', 'usage_events', 'usage_hourly', 'api_keys']));
    expect(tenantTables).not.toContain('accounts');
  });

  it('has no hand-written account_id filter in src/ outside src/db/tenancy.ts', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter(({ file }) => file !== HELPER_FILE).flatMap(({ file, text }) => handFilters(file, text));
    const allowed = (filter: HandFilter) => ALLOWED_BY_HAND.some((entry) => entry.file === filter.file && entry.text === filter.text);
    expect(found.filter((filter) => !allowed(filter))).toEqual([]);
    // Each allowance still matches something (a stale one would hide nothing and mislead).
    for (const entry of ALLOWED_BY_HAND) expect(found.filter((filter) => filter.file === entry.file && filter.text === entry.text)).toHaveLength(1);
  });

  it('reaches every tenant table through the helper, or says why not', () => {
    const reached = new Set(sourceFiles().flatMap(({ file, text }) => (file === HELPER_FILE ? [] : [...tablesThroughHelper(text)])));
    const missing = tenantTables.filter((table) => !reached.has(table) && !(table in NOT_THROUGH_HELPER));
    expect(missing).toEqual([]);
    // The exceptions are tenant tables the helper does not reach yet: drop an entry once it does.
    for (const table of Object.keys(NOT_THROUGH_HELPER)) {
      expect(tenantTables).toContain(table);
      expect(reached.has(table)).toBe(false);
    }
  });

  it('scanner self-check: catches hand-written filters, passes the helper and joins', () => {
    const snippet = [
      "ex.selectFrom('invoices').where('account_id', '=', tenant.accountId).where('environment', '=', tenant.environment)", // 1
      "  .where('i.account_id', 'in', ids)", // 2
      '  where p.account_id = ${tenant.accountId} and p.environment = ${tenant.environment}', // 3
      '  where account_id = $1', // 4
      "  .where((eb) => eb(eb.ref('e.account_id'), '=', id))", // 5
      "ex.selectFrom('invoices').where(forTenant(tenant)).where('id', '=', id)", // 6: helper
      "  .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')", // 7: a join, not a filter
      '  select 1 from accounts a where a.id = s.account_id', // 8: a join, not a filter
      '  .values({ account_id: tenant.accountId, environment: tenant.environment })', // 9: an insert, not a filter
      "  .onConflict((oc) => oc.columns(['account_id', 'environment']))", // 10: a conflict target
      '  where  account_id\n  = ${accountId}', // 11-12: spread over two lines
    ].join('\n');
    expect(handFilters('fake.ts', snippet).map((filter) => filter.line)).toEqual([1, 2, 3, 4, 5, 11]);
  });

  it('scanner self-check: tells which tables a query reaches through the helper', () => {
    const snippet = `
      const a = await ex.selectFrom('customers').selectAll().where(forTenant(tenant)).where('id', '=', id).executeTakeFirst();
      const b = await ex.selectFrom('invoices as i').leftJoin('enrollments as e', 'e.id', 'i.customer_id').where(forTenant(tenant, 'i')).execute();
      const c = await ex.updateTable('payments').set(patch).where('id', '=', id).execute();
      await ex.deleteFrom('prices').where(forTenant(tenantOfRow(row))).execute();
      await ex.insertInto('usage_invoiced_periods').values({ ...tenantColumns(tenant), enrollment_id }).execute();
      await ex.insertInto('coupon_redemptions').values(row).execute();
      const d = await sql\`select 1 from usage_hourly where \${tenantSql(s.tenant)} and enrollment_id = \${id}\`.execute(ex);
      const e = await sql\`select 1 from usage_events e join meters m on m.id = e.meter_id where \${tenantSql(s.tenant, 'e')}\`.execute(ex);
      const f = await sql\`select 1 from rate_cards r where r.id = \${id}\`.execute(ex);
      let q = ex.selectFrom('refunds').selectAll();
      q = q.where(forTenant(tenant));
    `;
    expect([...tablesThroughHelper(snippet)].sort()).toEqual(['customers', 'invoices', 'prices', 'usage_events', 'usage_hourly', 'usage_invoiced_periods']);
  });

  it('renders the filter on the named table, both columns, in order', () => {
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as never }) });
    const tenant = { accountId: '0190a000-0000-7000-8000-000000000001', environment: 'sandbox' as const };
    const one = db.selectFrom('invoices').select('id').where(forTenant(tenant)).where('id', '=', 'x').forUpdate().compile();
    expect(one.sql).toBe('select "id" from "invoices" where ("account_id" = $1 and "environment" = $2) and "id" = $3 for update');
    expect(one.parameters).toEqual([tenant.accountId, 'sandbox', 'x']);
    const joined = db.selectFrom('invoices as i').leftJoin('enrollments as e', 'e.id', 'i.customer_id').select('i.id').where(forTenant(tenant, 'i')).compile();
    expect(joined.sql).toBe('select "i"."id" from "invoices" as "i" left join "enrollments" as "e" on "e"."id" = "i"."customer_id" where ("i"."account_id" = $1 and "i"."environment" = $2)');
    expect(db.deleteFrom('prices').where(forTenant(tenant)).compile().sql).toBe('delete from "prices" where ("account_id" = $1 and "environment" = $2)');
    expect(sql`select 1 from usage_invoiced_periods p where ${tenantSql(tenant, 'p')}`.compile(db).sql).toBe(
      'select 1 from usage_invoiced_periods p where ("p"."account_id" = $1 and "p"."environment" = $2)',
    );
    expect(tenantColumns(tenant)).toEqual({ account_id: tenant.accountId, environment: 'sandbox' });
    // The compiler refuses a filter it cannot place (npx tsc checks these lines; they never run).
    const refused = () => [
      // @ts-expect-error accounts has no tenant columns
      db.selectFrom('accounts').selectAll().where(forTenant(tenant)),
      // @ts-expect-error no table or alias `x` in the query
      db.selectFrom('invoices as i').selectAll().where(forTenant(tenant, 'x')),
      // @ts-expect-error two tables: the filter must name one
      db.selectFrom('invoices').innerJoin('enrollments', 'enrollments.id', 'invoices.customer_id').selectAll().where(forTenant(tenant)),
      // @ts-expect-error the alias names a table without tenant columns
      db.selectFrom('subscriptions as s').innerJoin('accounts as a', 'a.id', 's.account_id').selectAll().where(forTenant(tenant, 'a')),
    ];
    expect(typeof refused).toBe('function');
    expect(tenantOfRow({ account_id: tenant.accountId, environment: 'sandbox' })).toEqual(tenant);
  });
});
