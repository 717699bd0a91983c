// Issuing many subscription invoices at once (the cycle runner's batch, docs/subscriptions.md
// "Cycle close in batches"): each invoice is created, finalized and, when asked, emailed exactly as
// createDraftInvoice + finalizeInvoice + sendInvoice would do it one at a time (the same rows,
// events, email and ledger posting), but written set-wise: one statement per kind for the batch.
// The numbers are written last (numberInvoices), so the tenant's number counter, locked from its
// increment to the commit, is held for one statement and the commit only.
// Only the plain case is issued here: an invoice that finalization would treat otherwise (nothing
// to pay, a customer credit balance to apply) is left to the one-at-a-time path (answered null).
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { invoiceAmounts } from '../../core/invoice-arithmetic.ts';
import { documentLocale } from '../../core/locale.ts';
import { isKnownCurrency, isSettlementAsset, toAmount } from '../../core/money.ts';
import { getTenant } from '../accounts/index.ts';
import { queueEmails } from '../email/index.ts';
import { recordEvents } from '../events/index.ts';
import { postTransactions } from '../ledger/index.ts';
import { lineRowsOf, type DraftLineInput } from './create-invoice.ts';
import { renderInvoiceEmail, type RenderedEmail } from './invoice-email.ts';
import { finalizedPosting } from './invoice-postings.ts';
import { DEFAULT_DUE_DAYS } from './invoice-transitions.ts';
import { baseUrlOf, hostedInvoiceUrl, toInvoiceView } from './invoice-view.ts';
import * as repo from './repository.ts';
import type { InvoiceLineItemRow, InvoiceRow } from './tables.ts';

const DAY_MS = 86_400_000;

export interface IssueInvoiceInput {
  /** The enrollment billed (the invoice's customerId). */
  enrollmentId: string;
  subscriptionId: string;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  lines: DraftLineInput[];
  /** Email it to the customer once open (send_invoice); a customer without an address gets none. */
  send: boolean;
}

export interface IssuedInvoice {
  id: string;
  dueDate: Date;
}

/**
 * Creates, finalizes and (when asked) emails one invoice per input, in the caller's transaction,
 * all but their numbers: the caller passes `numbering` to numberInvoices as the transaction's last
 * write (numbers in the order given). Answers, per input, the open invoice, or null when the input
 * is not the plain case (its total is not above zero, or its customer has a credit balance in the
 * currency): nothing is written for it and the caller bills it one at a time.
 */
export async function issueInvoices(tx: Tx, ctx: UseCaseContext, inputs: readonly IssueInvoiceInput[]): Promise<{ invoices: Array<IssuedInvoice | null>; numbering: PendingNumbers }> {
  const { tenant, now } = ctx;
  for (const input of inputs) {
    if (!isKnownCurrency(input.currency) && !isSettlementAsset(input.currency)) throw fieldError('currency', input.currency, 'currency', 'must be an ISO 4217 code in capitals, such as BRL');
  }
  const contacts = new Map((await repo.enrollmentContacts(tx, tenant, inputs.map((input) => input.enrollmentId))).map((contact) => [contact.enrollment_id, contact]));
  const withBalance = new Set((await repo.customersWithBalance(tx, tenant, [...new Set([...contacts.values()].map((c) => c.customer_id))])).map((b) => `${b.customer_id}:${b.currency}`));
  const plans = inputs.map((input) => {
    const contact = contacts.get(input.enrollmentId);
    if (!contact) throw notFound('enrollment');
    // 422 amount_too_large when a line, the subtotal or the total is past what invoices hold.
    const amounts = invoiceAmounts(input.lines, input.currency);
    const plain = toAmount(amounts.total).gt(0) && !withBalance.has(`${contact.customer_id}:${input.currency}`);
    return plain ? { input, contact, amounts } : null;
  });
  const issued = plans.filter((plan) => plan !== null);
  if (issued.length === 0) return { invoices: plans.map(() => null), numbering: { tenant, invoiceIds: [], eventIds: [], eventInvoiceIds: [], emailIds: [], emailInvoiceIds: [], placeholder: '' } };

  const account = await getTenant(tx, ctx);
  const baseUrl = baseUrlOf(ctx);
  // The finalization postings name the invoice by id only (the ledger holds no number).
  const drafts = issued.map((plan) => {
    const { input, amounts } = plan;
    const id = newId();
    const draft: InvoiceRow = {
      id,
      account_id: tenant.accountId,
      environment: tenant.environment,
      customer_id: input.enrollmentId,
      payer_id: null,
      subscription_id: input.subscriptionId,
      invoice_number: null,
      status: 'draft',
      currency: input.currency,
      subtotal: amounts.subtotal,
      tax: amounts.tax,
      total: amounts.total,
      amount_due: amounts.amountDue,
      credited_amount: '0',
      applied_balance: '0',
      period_start: input.periodStart,
      period_end: input.periodEnd,
      due_date: null,
      finalized_at: null,
      paid_at: null,
      success_url: null,
      cancel_url: null,
      // 192 random bits: the hosted page link is the only credential a payer holds.
      access_token: randomBytes(24).toString('base64url'),
      created_at: now,
      updated_at: now,
    };
    const invoiceLines = lineRowsOf(tenant, id, input.lines, amounts.lines, now);
    return { plan, draft, invoiceLines };
  });
  await postTransactions(tx, ctx, drafts.map(({ plan, draft, invoiceLines }) => finalizedPosting(draft, invoiceLines, plan.contact.customer_id)));

  // The invoices are written open but without their number, and their events and emails carry a
  // stand-in for it: numberIssuedInvoices writes the numbers into all of them just before the
  // commit. Event ids are taken here in the order one at a time would record them (created,
  // finalized, sent per invoice), so the event log reads the same.
  const placeholder = `N${randomBytes(16).toString('hex')}`;
  const invoices: InvoiceRow[] = [];
  const lines: InvoiceLineItemRow[] = [];
  const events: Array<{ type: string; data: unknown }> = [];
  const eventInvoiceIds: string[] = [];
  const emails: Array<RenderedEmail & { to: string }> = [];
  const emailInvoiceIds: string[] = [];
  const dueDate = new Date(now.getTime() + DEFAULT_DUE_DAYS * DAY_MS);
  const byPlan = new Map<object, IssuedInvoice>();
  for (const { plan, draft, invoiceLines } of drafts) {
    const { input, contact } = plan;
    const open: InvoiceRow = { ...draft, status: 'open', invoice_number: placeholder, finalized_at: now, due_date: dueDate };
    const url = hostedInvoiceUrl(baseUrl, account.slug, draft.id, draft.access_token);
    const openView = toInvoiceView(open, invoiceLines, url);
    invoices.push({ ...open, invoice_number: null });
    lines.push(...invoiceLines);
    events.push({ type: 'invoice.created', data: toInvoiceView(draft, invoiceLines, url) }, { type: 'invoice.finalized', data: openView });
    eventInvoiceIds.push('', draft.id);
    if (input.send && contact.email) {
      emails.push({ to: contact.email, ...renderInvoiceEmail(openView, account.name, contact.name, documentLocale(account.locale, openView.currency)) });
      emailInvoiceIds.push(draft.id);
      events.push({ type: 'invoice.sent', data: openView });
      eventInvoiceIds.push(draft.id);
    }
    byPlan.set(plan, { id: draft.id, dueDate });
  }
  await repo.insertInvoices(tx, invoices);
  await repo.insertLineItems(tx, lines);
  const emailIds = await queueEmails(tx, ctx, emails);
  const eventIds = await recordEvents(tx, ctx, events);
  const numbered = eventIds.map((id, i) => ({ id, invoiceId: eventInvoiceIds[i]! })).filter((event) => event.invoiceId !== '');
  const numbering: PendingNumbers = {
    tenant,
    invoiceIds: invoices.map((invoice) => invoice.id),
    eventIds: numbered.map((event) => event.id),
    eventInvoiceIds: numbered.map((event) => event.invoiceId),
    emailIds,
    emailInvoiceIds,
    placeholder,
  };
  return { invoices: plans.map((plan) => (plan ? byPlan.get(plan)! : null)), numbering };
}

/** Invoices issued without their numbers yet: numberInvoices must take them before the transaction commits. */
export interface PendingNumbers extends repo.IssuedNumbering {
  tenant: Tenant;
}

/**
 * Numbers what issueInvoices wrote, last thing before the commit: this takes each tenant's number
 * counter row, locked until the commit, so runners billing one tenant side by side wait for each
 * other only for this statement and the commit (the rest of their batches overlap). The numbers
 * follow the order the invoices were given in, gap-free: a batch rolled back gives its numbers
 * back. Tenants are numbered in one fixed order, so two batches of the same tenants cannot deadlock.
 */
export async function numberInvoices(tx: Tx, pending: readonly PendingNumbers[]): Promise<void> {
  const ordered = pending.filter((batch) => batch.invoiceIds.length > 0).sort((a, b) => tenantKey(a.tenant).localeCompare(tenantKey(b.tenant)));
  for (const { tenant, ...batch } of ordered) {
    const written = await repo.numberIssuedInvoices(tx, tenant, batch);
    // Every row was written in this transaction just before; a count off is a bug, and rolls the batch back.
    if (written.invoices !== batch.invoiceIds.length || written.events !== batch.eventIds.length || written.emails !== batch.emailIds.length) {
      throw new Error('numberInvoices: a row of the batch was not numbered');
    }
  }
}

function tenantKey(tenant: Tenant): string {
  return `${tenant.accountId}:${tenant.environment}`;
}
