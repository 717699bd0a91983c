// SQL for invoices, their line items and the invoice number counter. Executor first, always
// filtered by tenant (account + environment).
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { intArrayLiteral, textArrayLiteral } from '../../db/array-literal.ts';
import { forTenant, tenantColumns, tenantOfRow, tenantSql } from '../../db/tenancy.ts';
import type { Tenant } from '../../core/context.ts';
import type { InvoiceLineItemRow, InvoiceRow, InvoiceStatus } from './tables.ts';

export async function insertInvoice(ex: Executor, row: InvoiceRow): Promise<void> {
  await ex.insertInto('invoices').values(row).execute();
}

export async function insertLineItems(ex: Executor, rows: InvoiceLineItemRow[]): Promise<void> {
  if (rows.length > 0) await ex.insertInto('invoice_line_items').values(rows).execute();
}

/** One invoice of the tenant; `forUpdate` locks it until the transaction ends (state changes). */
export async function findInvoice(ex: Executor, tenant: Tenant, id: string, options: { forUpdate?: boolean } = {}): Promise<InvoiceRow | undefined> {
  let query = ex
    .selectFrom('invoices')
    .selectAll()
    .where(forTenant(tenant))
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listLineItems(ex: Executor, tenant: Tenant, invoiceIds: string[]): Promise<InvoiceLineItemRow[]> {
  if (invoiceIds.length === 0) return [];
  return ex
    .selectFrom('invoice_line_items')
    .selectAll()
    .where(forTenant(tenant))
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('invoice_id')
    .orderBy('position')
    .execute();
}

export interface InvoiceFilter {
  status?: InvoiceStatus;
  /** An enrollment id (the invoice's customerId) or a customer id (its payerId). */
  customerId?: string;
  subscriptionId?: string;
}

export async function listInvoices(ex: Executor, tenant: Tenant, filter: InvoiceFilter, limit: number, afterId: string | null): Promise<InvoiceRow[]> {
  let query = ex.selectFrom('invoices').selectAll().where(forTenant(tenant));
  if (filter.status) query = query.where('status', '=', filter.status);
  const customerId = filter.customerId;
  if (customerId) query = query.where((eb) => eb.or([eb('customer_id', '=', customerId), eb('payer_id', '=', customerId)]));
  if (filter.subscriptionId) query = query.where('subscription_id', '=', filter.subscriptionId);
  if (afterId) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1).execute();
}

export type InvoicePatch = Partial<Pick<InvoiceRow, 'status' | 'invoice_number' | 'amount_due' | 'credited_amount' | 'applied_balance' | 'due_date' | 'finalized_at' | 'paid_at'>> & { updated_at: Date };

export async function updateInvoice(ex: Executor, tenant: Tenant, id: string, patch: InvoicePatch): Promise<InvoiceRow> {
  return ex
    .updateTable('invoices')
    .set(patch)
    .where(forTenant(tenant))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The tenant's next invoice number. The counter row stays locked until the caller's transaction
 * ends, so concurrent finalizations take turns, and a rollback gives the number back: no gaps.
 */
export async function takeNextInvoiceNumber(ex: Executor, tenant: Tenant): Promise<bigint> {
  const row = await ex
    .insertInto('invoice_number_counters')
    .values({ ...tenantColumns(tenant), last_number: '1' })
    .onConflict((oc) => oc.columns(['account_id', 'environment']).doUpdateSet({ last_number: sql<string>`invoice_number_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return BigInt(row.last_number);
}

// ---- for the keyless pages and checkout ----

/** An invoice's lines in order, read inside the invoice's own tenant. */
export async function listInvoiceLines(ex: Executor, invoice: InvoiceRow): Promise<InvoiceLineItemRow[]> {
  return listLineItems(ex, tenantOfRow(invoice), [invoice.id]);
}

export async function findAccountInvoice(ex: Executor, accountId: string, invoiceId: string): Promise<InvoiceRow | undefined> {
  return ex.selectFrom('invoices').selectAll().where('account_id', '=', accountId).where('id', '=', invoiceId).executeTakeFirst();
}

/** The newest invoice a subscription generated (its first one, right after it was created). */
export async function findNewestSubscriptionInvoiceId(ex: Executor, tenant: Tenant, subscriptionId: string): Promise<string | undefined> {
  const row = await ex
    .selectFrom('invoices')
    .select('id')
    .where(forTenant(tenant))
    .where('subscription_id', '=', subscriptionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Where checkout sends the buyer after paying or backing out (the link's successUrl / cancelUrl). */
export async function setInvoiceReturnUrls(ex: Executor, tenant: Tenant, invoiceId: string, urls: { successUrl: string | null; cancelUrl: string | null }): Promise<void> {
  await ex
    .updateTable('invoices')
    .set({ success_url: urls.successUrl, cancel_url: urls.cancelUrl })
    .where(forTenant(tenant))
    .where('id', '=', invoiceId)
    .execute();
}

// ---- for subscriptions' dunning ----

/** The subscription's invoices still open, oldest first (what a dunning retry charges). */
export async function openInvoiceIdsOfSubscription(ex: Executor, subscriptionId: string): Promise<string[]> {
  const rows = await ex.selectFrom('invoices').select('id').where('subscription_id', '=', subscriptionId).where('status', '=', 'open').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** Due dates of the subscription's open invoices. */
export async function openInvoiceDueDatesOfSubscription(ex: Executor, subscriptionId: string): Promise<Date[]> {
  const rows = await ex.selectFrom('invoices').select('due_date').where('subscription_id', '=', subscriptionId).where('status', '=', 'open').execute();
  return rows.flatMap((row) => (row.due_date ? [row.due_date] : []));
}

// ---- for the cycle runner's batch (issue-invoices.ts) ----

export async function insertInvoices(ex: Executor, rows: readonly InvoiceRow[]): Promise<void> {
  if (rows.length > 0) await ex.insertInto('invoices').values([...rows]).execute();
}

/**
 * The numbers of a batch issued without them (issue-invoices.ts), taken and written in one
 * statement: the counter's increment (its row lock is held until the commit), each invoice's
 * number in the order given, and that number in its events' `invoiceNumber` and its emails'
 * subject and bodies (rendered with `placeholder`). One statement so the locked stretch is one
 * round trip and the commit. The numbers are formatted as formatInvoiceNumber does.
 * Rows are found by primary key (`id = any(ids)`, no join: with statistics from before the close,
 * which counted none of these rows, the planner joined the ids to a scan of all the tenant's rows,
 * up to 0.5 s a batch), and the tenant filter is written `is true` so it only checks them (as an
 * index condition it led the planner to read every email of the tenant).
 */
export async function numberIssuedInvoices(ex: Executor, tenant: Tenant, batch: IssuedNumbering): Promise<{ invoices: number; events: number; emails: number }> {
  const count = batch.invoiceIds.length;
  // The n-th invoice given takes the counter's previous value + n; its events and emails carry that n.
  const position = new Map(batch.invoiceIds.map((id, i) => [id, i + 1]));
  const positionsOf = (invoiceIds: readonly string[]) => intArrayLiteral(invoiceIds.map((id) => position.get(id) ?? 0));
  const numberOf = (n: RawBuilder<unknown>) => sql`'INV-' || lpad((c.base + ${n})::text, greatest(6, length((c.base + ${n})::text)), '0')`;
  const invoiceIds = textArrayLiteral(batch.invoiceIds);
  const eventIds = textArrayLiteral(batch.eventIds);
  const emailIds = textArrayLiteral(batch.emailIds);
  const eventN = sql`(${positionsOf(batch.eventInvoiceIds)}::int[])[array_position(${eventIds}::uuid[], e.id)]`;
  const emailN = sql`(${positionsOf(batch.emailInvoiceIds)}::int[])[array_position(${emailIds}::uuid[], m.id)]`;
  const { rows } = await sql<{ invoices: string; events: string; emails: string }>`
    with counter as (
      insert into invoice_number_counters (account_id, environment, last_number) values (${tenant.accountId}, ${tenant.environment}, ${count}::bigint)
      on conflict (account_id, environment) do update set last_number = invoice_number_counters.last_number + ${count}::bigint
      returning last_number - ${count}::bigint as base
    ), invoices_numbered as (
      update invoices i set invoice_number = ${numberOf(sql`array_position(${invoiceIds}::uuid[], i.id)`)}
      from counter c
      where i.id = any(${invoiceIds}::uuid[]) and (${tenantSql(tenant, 'i')}) is true
      returning i.id
    ), events_numbered as (
      update events e set data = jsonb_set(e.data, '{invoiceNumber}', to_jsonb(${numberOf(eventN)}))
      from counter c
      where e.id = any(${eventIds}::uuid[]) and (${tenantSql(tenant, 'e')}) is true
      returning e.id
    ), emails_numbered as (
      update emails m set subject = replace(m.subject, ${batch.placeholder}, ${numberOf(emailN)}),
        text_body = replace(m.text_body, ${batch.placeholder}, ${numberOf(emailN)}), html_body = replace(m.html_body, ${batch.placeholder}, ${numberOf(emailN)})
      from counter c
      where m.id = any(${emailIds}::uuid[]) and (${tenantSql(tenant, 'm')}) is true
      returning m.id
    )
    select (select count(*) from invoices_numbered) as invoices, (select count(*) from events_numbered) as events, (select count(*) from emails_numbered) as emails`.execute(ex);
  const row = rows[0]!;
  return { invoices: Number(row.invoices), events: Number(row.events), emails: Number(row.emails) };
}

/** What numberIssuedInvoices numbers: invoices in number order, and the events and emails that carry each one's number. */
export interface IssuedNumbering {
  invoiceIds: string[];
  eventIds: string[];
  eventInvoiceIds: string[];
  emailIds: string[];
  emailInvoiceIds: string[];
  /** The stand-in for the number in the emails' text (letters and digits: nothing a template escapes). */
  placeholder: string;
}

export interface EnrollmentContact {
  enrollment_id: string;
  customer_id: string;
  name: string | null;
  email: string | null;
}

/** Who pays each enrollment's invoices and receives them (invoice -> enrollment -> customer), in one read. */
export async function enrollmentContacts(ex: Executor, tenant: Tenant, enrollmentIds: readonly string[]): Promise<EnrollmentContact[]> {
  if (enrollmentIds.length === 0) return [];
  return ex
    .selectFrom('enrollments as e')
    .innerJoin('customers as c', 'c.id', 'e.customer_id')
    .select(['e.id as enrollment_id', 'e.customer_id', 'c.name', 'c.email'])
    .where(forTenant(tenant, 'e'))
    .where(forTenant(tenant, 'c'))
    .where('e.id', 'in', enrollmentIds)
    .execute();
}

/** The (customer, currency) pairs of these customers with a credit balance to apply at finalization. */
export async function customersWithBalance(ex: Executor, tenant: Tenant, customerIds: readonly string[]): Promise<Array<{ customer_id: string; currency: string }>> {
  if (customerIds.length === 0) return [];
  return ex
    .selectFrom('customer_balances')
    .select(['customer_id', 'currency'])
    .where(forTenant(tenant))
    .where('customer_id', 'in', customerIds)
    .where('balance', '>', '0')
    .execute();
}

/**
 * Adds `quantity` and `amount` to a draft's line of `priceId` and the amount to its subtotal, total
 * and amountDue, in one statement (draft-additions.ts). `not_draft` when the invoice is no longer a
 * draft in `currency` (nothing written), `no_line` when the draft has no line of that price yet
 * (its totals grew: the caller appends the line).
 */
export async function growDraftLine(
  ex: Executor,
  tenant: Tenant,
  now: Date,
  change: { invoiceId: string; currency: string; priceId: string; quantity: string; amount: string },
): Promise<'grown' | 'no_line' | 'not_draft'> {
  const { rows } = await sql<{ invoices: number; lines: number }>`
    with invoice as (
      update invoices set subtotal = subtotal + ${change.amount}::numeric, total = total + ${change.amount}::numeric,
             amount_due = amount_due + ${change.amount}::numeric, updated_at = ${now}
       where ${tenantSql(tenant)} and id = ${change.invoiceId} and status = 'draft' and currency = ${change.currency}
      returning id
    ), line as (
      update invoice_line_items set quantity = quantity + ${change.quantity}::numeric, amount = amount + ${change.amount}::numeric
       where ${tenantSql(tenant)} and invoice_id in (select id from invoice) and price_id = ${change.priceId}
      returning id
    )
    select (select count(*) from invoice)::int as invoices, (select count(*) from line)::int as lines`.execute(ex);
  const [counted] = rows;
  if (!counted || counted.invoices === 0) return 'not_draft';
  return counted.lines > 0 ? 'grown' : 'no_line';
}

/** Appends a line at the end of a draft (its totals already counted by growDraftLine). */
export async function appendDraftLine(
  ex: Executor,
  tenant: Tenant,
  now: Date,
  line: { id: string; invoiceId: string; type: string; meterId: string | null; priceId: string; productId: string | null; description: string; quantity: string; unitPrice: string; amount: string },
): Promise<void> {
  await sql`
    insert into invoice_line_items (id, account_id, environment, invoice_id, position, type, meter_id, price_id, product_id, description, quantity, unit_price, amount, proration, created_at)
    select ${line.id}, ${tenant.accountId}, ${tenant.environment}, ${line.invoiceId}, coalesce(max(position) + 1, 0), ${line.type}, ${line.meterId}, ${line.priceId},
           ${line.productId}, ${line.description}, ${line.quantity}::numeric, ${line.unitPrice}::numeric, ${line.amount}::numeric, false, ${now}
      from invoice_line_items where ${tenantSql(tenant)} and invoice_id = ${line.invoiceId}`.execute(ex);
}
