// SQL for the ledger. Executor first, every query filtered by the tenant (account + environment).
import { sql } from 'kysely';
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { forTenant, tenantSql } from '../../db/tenancy.ts';
import type { LedgerTransactionRow } from './tables.ts';
import { plainArrayLiteral, textArrayLiteral } from '../../db/array-literal.ts';

/** Inserts the transaction unless its key was posted: the new row, or undefined for a key already posted. */
export async function insertTransaction(ex: Executor, row: LedgerTransactionRow): Promise<LedgerTransactionRow | undefined> {
  return ex
    .insertInto('ledger_transactions')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'environment', 'key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export interface PostingEntry {
  id: string;
  code: string;
  currency: string;
  amount: string;
  /** The id the entry's ledger account gets if this posting makes it, and its customer. */
  newAccountId: string;
  customerId: string | null;
}

/**
 * A posting in one round trip (the stored function ledger_post_v1): the transaction unless its key
 * was posted, the ledger accounts its entries name that do not exist yet, and its entries. Answers
 * the new transaction's id, or null when the key was posted before (nothing was written). Entries
 * are sent in (code, currency) order: two postings making the same accounts never deadlock.
 */
export async function insertPosting(ex: Executor, t: LedgerTransactionRow, entries: readonly PostingEntry[]): Promise<string | null> {
  const ordered = [...entries].sort((a, b) => (a.code === b.code ? (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0) : a.code < b.code ? -1 : 1));
  const result = await sql<{ id: string | null }>`
    select ledger_post_v1(
      ${t.id}::uuid, ${t.account_id}::uuid, ${t.environment}::text, ${t.key}::text, ${t.kind}::text,
      ${t.resource_type}::text, ${t.resource_id}::uuid, ${t.invoice_id}::uuid, ${t.customer_id}::uuid, ${t.created_at}::timestamptz,
      ${textArrayLiteral(ordered.map((e) => e.id))}::uuid[], ${textArrayLiteral(ordered.map((e) => e.code))}::text[],
      ${textArrayLiteral(ordered.map((e) => e.currency))}::text[], ${textArrayLiteral(ordered.map((e) => e.newAccountId))}::uuid[],
      ${ordered.map((e) => e.customerId)}::uuid[], ${plainArrayLiteral(ordered.map((e) => e.amount))}::numeric[]
    ) as id`.execute(ex);
  return result.rows[0]!.id;
}

export async function findTransactionByKey(ex: Executor, tenant: Tenant, key: string): Promise<LedgerTransactionRow | undefined> {
  return ex
    .selectFrom('ledger_transactions')
    .selectAll()
    .where(forTenant(tenant))
    .where('key', '=', key)
    .executeTakeFirst();
}

export interface EntryLine {
  transaction_id: string;
  code: string;
  currency: string;
  amount: string;
}

/** The entries of these transactions of the tenant, with their accounts' codes, in posting order. */
export async function entriesOf(ex: Executor, tenant: Tenant, transactionIds: readonly string[]): Promise<EntryLine[]> {
  if (transactionIds.length === 0) return [];
  return ex
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.ledger_account_id')
    .select(['e.transaction_id', 'a.code', 'e.currency', 'e.amount'])
    .where(forTenant(tenant, 'e'))
    .where('e.transaction_id', 'in', transactionIds)
    .orderBy('e.id')
    .execute();
}

export interface TransactionFilter {
  resourceType?: string;
  resourceId?: string;
  account?: string;
  customerId?: string;
  createdFrom?: Date;
  createdTo?: Date;
}

export async function listTransactions(ex: Executor, tenant: Tenant, filter: TransactionFilter, limit: number, afterId: string | null): Promise<LedgerTransactionRow[]> {
  let query = ex.selectFrom('ledger_transactions as t').selectAll('t').where(forTenant(tenant, 't'));
  if (filter.resourceType) query = query.where('t.resource_type', '=', filter.resourceType);
  if (filter.resourceId) query = query.where('t.resource_id', '=', filter.resourceId);
  if (filter.customerId) {
    const customerId = filter.customerId;
    query = query.where((eb) =>
      eb.or([
        eb('t.customer_id', '=', customerId),
        eb.exists(
          eb
            .selectFrom('ledger_entries as e')
            .innerJoin('ledger_accounts as a', 'a.id', 'e.ledger_account_id')
            .select(sql`1`.as('one'))
            .whereRef('e.transaction_id', '=', 't.id')
            .where(forTenant(tenant, 'e'))
            .where('a.customer_id', '=', customerId),
        ),
      ]),
    );
  }
  if (filter.account) {
    const code = filter.account;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_entries as e')
          .innerJoin('ledger_accounts as a', 'a.id', 'e.ledger_account_id')
          .select(sql`1`.as('one'))
          .whereRef('e.transaction_id', '=', 't.id')
          .where(forTenant(tenant, 'e'))
          .where('a.code', '=', code),
      ),
    );
  }
  if (filter.createdFrom) query = query.where('t.created_at', '>=', filter.createdFrom);
  if (filter.createdTo) query = query.where('t.created_at', '<', filter.createdTo);
  if (afterId) query = query.where('t.id', '<', afterId);
  return query.orderBy('t.id', 'desc').limit(limit + 1).execute();
}

export interface BalanceLine {
  code: string;
  currency: string;
  customer_id: string | null;
  balance: string;
}

/** Every ledger account of the tenant (or of one customer) with its balance: the sum of its entries. */
export async function balances(ex: Executor, tenant: Tenant, customerId?: string): Promise<BalanceLine[]> {
  let query = ex
    .selectFrom('ledger_accounts as a')
    .leftJoin('ledger_entries as e', (join) => join.onRef('e.ledger_account_id', '=', 'a.id'))
    .select(['a.code', 'a.currency', 'a.customer_id', sql<string>`coalesce(sum(e.amount), 0)::text`.as('balance')])
    .where(forTenant(tenant, 'a'))
    .groupBy(['a.id', 'a.code', 'a.currency', 'a.customer_id'])
    .orderBy('a.code')
    .orderBy('a.currency');
  if (customerId) query = query.where('a.customer_id', '=', customerId);
  return query.execute();
}

/** The receivable balance of one invoice: its entries on receivable accounts. */
export async function invoiceReceivable(ex: Executor, tenant: Tenant, invoiceId: string): Promise<string> {
  const row = await ex
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.ledger_account_id')
    .select(sql<string>`coalesce(sum(e.amount), 0)::text`.as('balance'))
    .where(forTenant(tenant, 't'))
    .where('t.invoice_id', '=', invoiceId)
    .where('a.code', 'like', 'customers:%:receivable')
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** One transaction's entries with their accounts' codes and customers. */
export async function entriesWithOwners(ex: Executor, tenant: Tenant, transactionId: string): Promise<Array<EntryLine & { customer_id: string | null }>> {
  return ex
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.ledger_account_id')
    .select(['e.transaction_id', 'a.code', 'e.currency', 'e.amount', 'a.customer_id'])
    .where(forTenant(tenant, 'e'))
    .where('e.transaction_id', '=', transactionId)
    .orderBy('e.id')
    .execute();
}

export interface Mismatch {
  check: string;
  resource_type: string;
  resource_id: string;
  currency: string;
  expected: string;
  actual: string;
}

/** Transactions whose entries do not sum to zero in a currency. */
export async function unbalancedTransactions(ex: Executor, tenant: Tenant): Promise<Mismatch[]> {
  const { rows } = await sql<Mismatch>`
    select 'transaction_balanced' as check, 'ledger_transaction' as resource_type, e.transaction_id::text as resource_id,
           e.currency, '0' as expected, sum(e.amount)::text as actual
      from ledger_entries e
     where ${tenantSql(tenant, 'e')}
     group by e.transaction_id, e.currency
    having sum(e.amount) <> 0`.execute(ex);
  return rows;
}

/** Finalized open and paid invoices whose amountDue is not their receivable balance. */
export async function invoiceReceivableMismatches(ex: Executor, tenant: Tenant): Promise<Mismatch[]> {
  const { rows } = await sql<Mismatch>`
    select 'invoice_receivable' as check, 'invoice' as resource_type, i.id::text as resource_id, i.currency,
           i.amount_due::text as expected, coalesce(r.balance, 0)::text as actual
      from invoices i
      left join (
        select t.invoice_id, sum(e.amount) as balance
          from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.ledger_account_id
         where ${tenantSql(tenant, 't')}
           and t.invoice_id is not null and a.code like 'customers:%:receivable'
         group by t.invoice_id
      ) r on r.invoice_id = i.id
     where ${tenantSql(tenant, 'i')}
       and i.status in ('open', 'paid') and i.finalized_at is not null
       and i.amount_due <> coalesce(r.balance, 0)`.execute(ex);
  return rows;
}

/** Payments whose refundedAmount is not what their refund transactions took out of clearing. */
export async function paymentRefundMismatches(ex: Executor, tenant: Tenant): Promise<Mismatch[]> {
  const { rows } = await sql<Mismatch>`
    select 'payment_refunds' as check, 'payment' as resource_type, p.id::text as resource_id, p.currency,
           p.refunded_amount::text as expected, coalesce(r.refunded, 0)::text as actual
      from payments p
      left join (
        select t.resource_id, -sum(e.amount) as refunded
          from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.ledger_account_id
         where ${tenantSql(tenant, 't')}
           and t.kind = 'payment.refunded' and t.resource_type = 'payment' and a.code like 'providers:%:clearing'
         group by t.resource_id
      ) r on r.resource_id = p.id
     where ${tenantSql(tenant, 'p')}
       and p.refunded_amount <> coalesce(r.refunded, 0)`.execute(ex);
  return rows;
}

/**
 * Prepaid balances whose column is not their ledger account's balance (credit-normal: the account's
 * entries negated). Credits, draws by usage, refunds and chargebacks all post to it.
 */
export async function prepaidBalanceMismatches(ex: Executor, tenant: Tenant): Promise<Mismatch[]> {
  const { rows } = await sql<Mismatch>`
    select 'prepaid_balance' as check, 'enrollment' as resource_type, b.enrollment_id::text as resource_id, b.currency,
           b.balance::text as expected, coalesce(l.balance, 0)::text as actual
      from prepaid_balances b
      left join (
        select a.code, -sum(e.amount) as balance
          from ledger_accounts a
          join ledger_entries e on e.ledger_account_id = a.id
         where ${tenantSql(tenant, 'a')} and a.code like 'enrollments:%:prepaid'
         group by a.code
      ) l on l.code = 'enrollments:' || b.enrollment_id::text || ':prepaid'
     where ${tenantSql(tenant, 'b')}
       and b.balance <> coalesce(l.balance, 0)`.execute(ex);
  return rows;
}

/**
 * Customers whose credit balance (customer_balances) is not their ledger account
 * customers:<id>:credit, negated (a credit balance is negative in the ledger). A ledger account with
 * money and no balance row counts too.
 */
export async function customerBalanceMismatches(ex: Executor, tenant: Tenant): Promise<Mismatch[]> {
  const { rows } = await sql<Mismatch>`
    select 'customer_balance' as check, 'customer' as resource_type, coalesce(b.customer_id, l.customer_id)::text as resource_id,
           coalesce(b.currency, l.currency) as currency, coalesce(b.balance, 0)::text as expected, coalesce(l.balance, 0)::text as actual
      from (select customer_id, currency, balance from customer_balances where ${tenantSql(tenant)}) b
      full join (
        select a.customer_id, a.currency, -sum(e.amount) as balance
          from ledger_accounts a
          join ledger_entries e on e.ledger_account_id = a.id
         where ${tenantSql(tenant, 'a')} and a.code like 'customers:%:credit' and a.customer_id is not null
         group by a.customer_id, a.currency
      ) l on l.customer_id = b.customer_id and l.currency = b.currency
     where coalesce(b.balance, 0) <> coalesce(l.balance, 0)`.execute(ex);
  return rows;
}

/** Subscriptions whose commitment credit carried over is not their `commitments:<id>:carried` account's (credit) balance. */
export async function commitmentCarriedMismatches(ex: Executor, tenant: Tenant): Promise<Mismatch[]> {
  const { rows } = await sql<Mismatch>`
    select 'commitment_carried' as check, 'subscription' as resource_type, s.id::text as resource_id, p.currency,
           s.commitment_credit::text as expected, coalesce(l.balance, 0)::text as actual
      from subscriptions s
      join product_versions v on v.id = s.product_version_id
      join products p on p.id = v.product_id
      left join (
        select a.code, -sum(e.amount) as balance
          from ledger_accounts a
          join ledger_entries e on e.ledger_account_id = a.id
         where ${tenantSql(tenant, 'a')} and a.code like 'commitments:%:carried'
         group by a.code
      ) l on l.code = 'commitments:' || s.id::text || ':carried'
     where ${tenantSql(tenant, 's')}
       and s.commitment_credit <> coalesce(l.balance, 0)`.execute(ex);
  return rows;
}

export async function countTransactions(ex: Executor, tenant: Tenant): Promise<number> {
  const row = await ex
    .selectFrom('ledger_transactions')
    .select(sql<string>`count(*)::text`.as('n'))
    .where(forTenant(tenant))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every tenant with money records: ledger transactions, invoices or payments (for the daily reconciliation). */
export async function tenantsWithMoney(ex: Executor): Promise<Tenant[]> {
  const { rows } = await sql<{ account_id: string; environment: Tenant['environment'] }>`
    select account_id, environment from ledger_transactions
    union select account_id, environment from invoices where finalized_at is not null
    union select account_id, environment from payments
    order by 1, 2`.execute(ex);
  return rows.map((r) => ({ accountId: r.account_id, environment: r.environment }));
}

export interface BatchPostingEntry extends PostingEntry {
  transactionId: string;
}

/**
 * Many postings of one tenant set-wise (the cycle runner's batch): the ledger accounts they name
 * that do not exist yet (one insert, in (code, currency) order: two batches making the same
 * accounts never deadlock), then the transactions and their entries in one statement. A
 * transaction whose key was posted before is skipped with its entries, as ledger_post_v1 does.
 * Answers how many transactions were written.
 */
export async function insertPostings(ex: Executor, tenant: Tenant, createdAt: Date, transactions: readonly LedgerTransactionRow[], entries: readonly BatchPostingEntry[]): Promise<number> {
  if (transactions.length === 0) return 0;
  if (entries.length > 0) {
    await sql`
      insert into ledger_accounts (id, account_id, environment, code, currency, customer_id, created_at)
      select distinct on (u.code, u.currency) u.id, ${tenant.accountId}::uuid, ${tenant.environment}::text, u.code, u.currency, u.customer_id, ${createdAt}::timestamptz
      from unnest(${textArrayLiteral(entries.map((e) => e.newAccountId))}::uuid[], ${textArrayLiteral(entries.map((e) => e.code))}::text[],
                  ${textArrayLiteral(entries.map((e) => e.currency))}::text[], ${entries.map((e) => e.customerId)}::uuid[]) as u(id, code, currency, customer_id)
      where not exists (select 1 from ledger_accounts a where ${tenantSql(tenant, 'a')} and a.code = u.code and a.currency = u.currency)
      order by u.code, u.currency
      on conflict (account_id, environment, code, currency) do nothing`.execute(ex);
  }
  const t = transactions;
  const result = await sql<{ written: string }>`
    with t as (
      insert into ledger_transactions (id, account_id, environment, key, kind, resource_type, resource_id, invoice_id, customer_id, created_at)
      select u.id, ${tenant.accountId}::uuid, ${tenant.environment}::text, u.key, u.kind, u.resource_type, u.resource_id, u.invoice_id, u.customer_id, ${createdAt}::timestamptz
      from unnest(${textArrayLiteral(t.map((r) => r.id))}::uuid[], ${textArrayLiteral(t.map((r) => r.key))}::text[], ${textArrayLiteral(t.map((r) => r.kind))}::text[],
                  ${textArrayLiteral(t.map((r) => r.resource_type))}::text[], ${textArrayLiteral(t.map((r) => r.resource_id))}::uuid[],
                  ${t.map((r) => r.invoice_id)}::uuid[], ${t.map((r) => r.customer_id)}::uuid[]) as u(id, key, kind, resource_type, resource_id, invoice_id, customer_id)
      on conflict (account_id, environment, key) do nothing
      returning id
    ), e as (
      insert into ledger_entries (id, account_id, environment, transaction_id, ledger_account_id, currency, amount, created_at)
      select u.id, ${tenant.accountId}::uuid, ${tenant.environment}::text, u.transaction_id, a.id, u.currency, u.amount, ${createdAt}::timestamptz
      from unnest(${textArrayLiteral(entries.map((e) => e.id))}::uuid[], ${textArrayLiteral(entries.map((e) => e.transactionId))}::uuid[],
                  ${textArrayLiteral(entries.map((e) => e.code))}::text[], ${textArrayLiteral(entries.map((e) => e.currency))}::text[],
                  ${plainArrayLiteral(entries.map((e) => e.amount))}::numeric[]) as u(id, transaction_id, code, currency, amount)
      join t on t.id = u.transaction_id
      join ledger_accounts a on ${tenantSql(tenant, 'a')} and a.code = u.code and a.currency = u.currency
      returning 1
    )
    select (select count(*) from t)::text as written, (select count(*) from e)::text as entries`.execute(ex);
  return Number(result.rows[0]!.written);
}
