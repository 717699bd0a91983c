// Issuing many subscription invoices at once (the cycle runner's batch, docs/subscriptions.md
// "Cycle close in batches"): each invoice is created, finalized and, when asked, emailed exactly as
// createDraftInvoice + finalizeInvoice + sendInvoice would do it one at a time (the same rows,
// events, email and ledger posting), but written set-wise: one statement per kind for the batch.
// Only the plain case is issued here: an invoice that finalization would treat otherwise (nothing
// to pay, a customer credit balance to apply) is left to the one-at-a-time path (answered null).
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { invoiceAmounts } from '../../core/invoice-arithmetic.ts';
import { isKnownCurrency, isSettlementAsset, toAmount } from '../../core/money.ts';
import { getTenant } from '../accounts/index.ts';
import { queueEmails } from '../email/index.ts';
import { recordEvents } from '../events/index.ts';
import { postTransactions } from '../ledger/index.ts';
import { lineRowsOf, type DraftLineInput } from './create-invoice.ts';
import { renderInvoiceEmail, type RenderedEmail } from './invoice-email.ts';
import { finalizedPosting } from './invoice-postings.ts';
import { formatInvoiceNumber, DEFAULT_DUE_DAYS } from './invoice-transitions.ts';
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
 * numbered in the order given. Answers, per input, the open invoice, or null when the input is not
 * the plain case (its total is not above zero, or its customer has a credit balance in the
 * currency): nothing is written for it and the caller bills it one at a time.
 */
export async function issueInvoices(tx: Tx, ctx: UseCaseContext, inputs: readonly IssueInvoiceInput[]): Promise<Array<IssuedInvoice | null>> {
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
  if (issued.length === 0) return plans.map(() => null);

  const account = await getTenant(tx, ctx);
  const baseUrl = baseUrlOf(ctx);
  // First what needs no invoice number: the drafts, their lines and their finalization postings
  // (the ledger names the invoice by id only, with no key to it), posted before the numbers are
  // taken. The tenant's number counter row stays locked from the numbering to the commit, so the
  // runners billing one tenant side by side (a test clock's advance) take turns only for the rest.
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

  const last = await repo.takeInvoiceNumbers(tx, tenant, issued.length);
  const invoices: InvoiceRow[] = [];
  const lines: InvoiceLineItemRow[] = [];
  const events: Array<{ type: string; data: unknown }> = [];
  const emails: Array<RenderedEmail & { to: string }> = [];
  const dueDate = new Date(now.getTime() + DEFAULT_DUE_DAYS * DAY_MS);
  const byPlan = new Map<object, IssuedInvoice>();
  drafts.forEach(({ plan, draft, invoiceLines }, i) => {
    const { input, contact } = plan;
    const open: InvoiceRow = { ...draft, status: 'open', invoice_number: formatInvoiceNumber(last - BigInt(issued.length - 1 - i)), finalized_at: now, due_date: dueDate };
    const url = hostedInvoiceUrl(baseUrl, account.slug, draft.id, draft.access_token);
    const openView = toInvoiceView(open, invoiceLines, url);
    invoices.push(open);
    lines.push(...invoiceLines);
    events.push({ type: 'invoice.created', data: toInvoiceView(draft, invoiceLines, url) }, { type: 'invoice.finalized', data: openView });
    if (input.send && contact.email) {
      emails.push({ to: contact.email, ...renderInvoiceEmail(openView, account.name, contact.name) });
      events.push({ type: 'invoice.sent', data: openView });
    }
    byPlan.set(plan, { id: draft.id, dueDate });
  });
  await repo.insertInvoices(tx, invoices);
  await repo.insertLineItems(tx, lines);
  await queueEmails(tx, ctx, emails);
  await recordEvents(tx, ctx, events);
  return plans.map((plan) => (plan ? byPlan.get(plan)! : null));
}
