// The cycle runner's batch (docs/subscriptions.md, "Cycle close in batches"): a month-start close
// bills thousands of plain subscriptions at one instant, and billing them one transaction each
// costs some thirty statements per period. Here a batch is claimed at once and billed set-wise:
// one statement per kind (invoices, lines, ledger, events, emails, billed periods, subscription
// moves) for the whole batch, writing exactly what billDueSubscription writes for each. The
// invoice numbers come last, in one statement just before the commit (numberInvoices).
//
// Only the plain case comes here (repository.claimPlainDueSubscriptions; the version and product
// checks below): an active send_invoice subscription due one whole period of a `subscription`
// product that prices no usage, without a coupon still applying, pause, rate card, version change, commitment,
// dunning retry or cancel at the period's end. Anything else, and any subscription the invoices
// module would finalize otherwise (nothing to pay, a customer balance to apply), is left to the
// one-at-a-time path (`deferred`), which is also where a failing batch's subscriptions go.
import type { Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { documentLocale, type Locale } from '../../core/locale.ts';
import { localeSettingOf } from '../../modules/accounts/index.ts';
import { findProductOrThrow, findVersionById, getVersionPrices, type ProductVersionRow } from '../../modules/catalog/index.ts';
import { issueInvoices, numberInvoices, type IssueInvoiceInput, type PendingNumbers } from '../../modules/invoices/index.ts';
import { wholePeriodFeeLine } from './fees.ts';
import { periodStart } from './periods.ts';
import * as repo from './repository.ts';
import type { SubscriptionPeriodRow, SubscriptionRow } from './tables.ts';

export interface BatchOutcome {
  /** Subscriptions claimed (0: none of the plain case is due). */
  claimed: number;
  /** Subscriptions billed: one period each, one invoice each. */
  billed: number;
  /** Claimed but not of the plain case after all: for the one-at-a-time path. */
  deferred: string[];
}

interface Plan {
  row: SubscriptionRow;
  input: IssueInvoiceInput;
  from: Date;
  to: Date;
  next: Date;
}

/** Claims up to `limit` plain due subscriptions (not those of `skip`) and bills them set-wise, in the caller's transaction. */
export async function billPlainDueBatch(tx: Tx, now: Date, baseUrl: string, limit: number, skip: readonly string[], only?: Tenant): Promise<BatchOutcome> {
  const claimed = await repo.claimPlainDueSubscriptions(tx, now, limit, skip, only);
  const outcome: BatchOutcome = { claimed: claimed.length, billed: 0, deferred: [] };
  // One context per tenant and instant (a test clock bills its account as of the clock).
  const groups = new Map<string, { ctx: UseCaseContext; rows: SubscriptionRow[] }>();
  for (const { row, asOf } of claimed) {
    const key = `${row.account_id}:${row.environment}:${asOf.getTime()}`;
    const group = groups.get(key) ?? { ctx: { tenant: { accountId: row.account_id, environment: row.environment }, now: asOf, realNow: now, baseUrl }, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const pending: PendingNumbers[] = [];
  for (const { ctx, rows } of groups.values()) {
    const { billed, deferred, numbering } = await billGroup(tx, ctx, rows);
    outcome.billed += billed;
    outcome.deferred.push(...deferred);
    pending.push(numbering);
  }
  // Last: the invoice numbers. Each tenant's counter row stays locked from here to the commit, so
  // the runners billing one tenant side by side overlap in everything above.
  await numberInvoices(tx, pending);
  return outcome;
}

async function billGroup(tx: Tx, ctx: UseCaseContext, rows: SubscriptionRow[]): Promise<{ billed: number; deferred: string[]; numbering: PendingNumbers }> {
  const terms = new Map<string, Awaited<ReturnType<typeof termsOf>>>();
  const plans: Plan[] = [];
  const deferred: string[] = [];
  const locale = await localeSettingOf(tx, ctx.tenant.accountId);
  for (const row of rows) {
    let versionTerms = terms.get(row.product_version_id);
    if (!versionTerms) {
      versionTerms = await termsOf(tx, ctx, row.product_version_id);
      terms.set(row.product_version_id, versionTerms);
    }
    const plan = versionTerms && planOf(row, ctx.now, versionTerms.version, versionTerms.product, locale);
    if (plan) plans.push(plan);
    else deferred.push(row.id);
  }
  const { invoices: issued, numbering } = await issueInvoices(tx, ctx, plans.map((plan) => plan.input));
  const periods: SubscriptionPeriodRow[] = [];
  const moves: repo.BilledPeriodMove[] = [];
  plans.forEach((plan, i) => {
    const invoice = issued[i];
    if (!invoice) {
      deferred.push(plan.row.id);
      return;
    }
    const { row } = plan;
    periods.push({ subscription_id: row.id, period_start: plan.from, period_end: plan.to, invoice_id: invoice.id, created_at: ctx.now });
    // send_invoice: the overdue check runs at the earliest due date of the open invoices (billing.ts watchDueDate).
    const nextRetryAt = row.next_retry_at && row.next_retry_at <= invoice.dueDate ? row.next_retry_at : invoice.dueDate;
    moves.push({ id: row.id, periodIndex: row.period_index + 1, nextBillingAt: plan.next, nextRetryAt });
  });
  // Unreachable while the row locks hold; the key is the guarantee if they ever do not (the batch rolls back).
  if ((await repo.recordBilledPeriods(tx, periods)) !== periods.length) throw new Error('a period of the batch was invoiced already');
  await repo.moveToNextPeriods(tx, moves, ctx.now);
  return { billed: periods.length, deferred, numbering };
}

/** The version and product of a version id when they are of the plain case: a `subscription` product's version that prices no usage and commits to nothing. */
async function termsOf(tx: Tx, ctx: UseCaseContext, versionId: string) {
  const version = await findVersionById(tx, ctx.tenant, versionId);
  if (!version || version.commitment_amount !== null) return null;
  const product = await findProductOrThrow(tx, ctx.tenant, version.product_id);
  if (product.pricing_model !== 'subscription') return null;
  if ((await getVersionPrices(tx, ctx.tenant, version.id)).length > 0) return null;
  return { version, product };
}

/** The period the subscription is due as of `asOf`, when it is its only one due (a subscription behind goes one at a time). */
function planOf(row: SubscriptionRow, asOf: Date, version: ProductVersionRow, product: { id: string; name: string; currency: string }, locale: Locale | null): Plan | null {
  const k = row.period_index;
  const from = periodStart(row.anchor, row.billing_cycle, k);
  const to = periodStart(row.anchor, row.billing_cycle, k + 1);
  const next = row.billing_mode === 'advance' ? to : periodStart(row.anchor, row.billing_cycle, k + 2);
  if (next <= asOf) return null;
  const lines = [wholePeriodFeeLine(product, row.billing_cycle, version.base_price ?? '0', from, to, documentLocale(locale, product.currency))];
  return { row, from, to, next, input: { enrollmentId: row.id, subscriptionId: row.id, currency: product.currency, periodStart: from, periodEnd: to, lines, send: true } };
}
