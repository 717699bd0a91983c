// Rail receipts, grouped per agent and UTC day (docs/decisions/rail.md, "Receipts"). The day's
// receipt of an agent enrollment is a USDC draft invoice, made by the day's first paid request;
// each later one adds its quantity to the line of its route (one line per route price) and its
// confirmed crypto payment names the receipt, so the receipt's total is always the sum of the
// payments that pay it: 3 requests at 0.001 USD are one line of quantity 3, 0.003000 USDC, paid by
// three payments of 0.001000. Once the day is over (plus a margin for settles still in flight),
// the close job finalizes the receipt (invoice number, `invoice.finalized`: receivable = revenue)
// and marks it paid as of its last payment (receivable back to zero).
import type { Clock } from '../../core/clock.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { BackgroundJob, BackgroundLog } from '../../jobs/start.ts';
import { contextAsOfClock } from '../../modules/accounts/index.ts';
import { addToDraftLine, createDraftInvoice, finalizeInvoice, markInvoicePaid } from '../../modules/invoices/index.ts';
import { findPaymentById } from '../../modules/payments/index.ts';
import { RECEIPT_CURRENCY, type RailRoute } from './config.ts';
import * as repo from './repository.ts';

const DAY_MS = 86_400_000;
/** How long after a day's end its receipts stay open: a settle that began before midnight still lands on it. */
export const CLOSE_MARGIN_MS = 10 * 60_000;

/** The UTC day of an instant: 'YYYY-MM-DD' and its [start, end). */
export function receiptDay(at: Date): { day: string; start: Date; end: Date } {
  const start = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
  return { day: start.toISOString().slice(0, 10), start, end: new Date(start.getTime() + DAY_MS) };
}

export interface ReceiptLine {
  enrollmentId: string;
  customerId: string;
  productId: string;
  route: RailRoute;
  network: string;
}

/**
 * Receipt ids seen committed, per tenant, enrollment and day: which invoice is an enrollment's
 * receipt of a day never changes once committed, so a settle needs no read to find it (one
 * statement less per paid request). Only rows read from the database are kept, never one made in
 * the current transaction (it could roll back). A closed receipt is found closed by the update.
 */
const knownReceipts = new Map<string, string>();
const KNOWN_RECEIPTS_LIMIT = 10_000;

async function findReceipt(tx: Tx, tenant: Tenant, enrollmentId: string, day: string): Promise<string | undefined> {
  const invoiceId = await repo.findReceiptOfDay(tx, tenant, enrollmentId, day);
  if (invoiceId) {
    if (knownReceipts.size >= KNOWN_RECEIPTS_LIMIT) knownReceipts.delete(knownReceipts.keys().next().value!);
    knownReceipts.set(receiptKey(tenant, enrollmentId, day), invoiceId);
  }
  return invoiceId;
}

const receiptKey = (tenant: Tenant, enrollmentId: string, day: string) => `${tenant.accountId}:${tenant.environment}:${enrollmentId}:${day}`;

/** The receipt a paid request is added to, and the addition itself. */
export interface ReceiptSlot {
  invoiceId: string;
  /**
   * Adds the request to its line (and the receipt's totals). The settle calls it last, just before
   * its commit: the receipt is the one row every request of an agent's day updates, and its lock
   * is held from this update to the commit, so concurrent settles of one agent queue for one round
   * trip instead of for the rest of the settle. Throws (503) when the receipt was closed meanwhile.
   */
  add(): Promise<void>;
}

/** The agent's receipt of the day for one paid request (made on the day's first, with the request already on it). */
export async function receiptSlot(tx: Tx, ctx: UseCaseContext, line: ReceiptLine): Promise<ReceiptSlot> {
  const { day, start, end } = receiptDay(ctx.now);
  const addition = {
    type: 'rail',
    priceId: line.route.priceId,
    meterId: line.route.meterId,
    productId: line.productId,
    description: `${line.route.description}: requests paid over x402 (${line.network})`,
    quantity: '1',
    unitPrice: line.route.unitPrice,
  };
  const addTo = (invoiceId: string): ReceiptSlot => ({
    invoiceId,
    add: async () => {
      if (await addToDraftLine(tx, ctx, invoiceId, RECEIPT_CURRENCY, addition)) return;
      // Closed under our feet: only a settle that outlived CLOSE_MARGIN_MS gets here.
      throw new AppError('service_unavailable', 'The agent receipt of this day was closed while the settle ran; retry the settle (the authorization was not used).', { retryAfterSeconds: 1 });
    },
  });
  const known = knownReceipts.get(receiptKey(ctx.tenant, line.enrollmentId, day));
  if (known) return addTo(known);
  const existing = await findReceipt(tx, ctx.tenant, line.enrollmentId, day);
  if (existing) return addTo(existing);
  // The day's first request: made once per enrollment and day (concurrent first requests take turns).
  await repo.lockReceiptOfDay(tx, line.enrollmentId, day);
  const raced = await findReceipt(tx, ctx.tenant, line.enrollmentId, day);
  if (raced) return addTo(raced);
  const invoice = await createDraftInvoice(tx, ctx, {
    customerId: line.enrollmentId,
    payerId: line.customerId,
    currency: RECEIPT_CURRENCY,
    periodStart: start,
    periodEnd: end,
    lines: [addition],
  });
  await repo.insertReceipt(tx, { account_id: ctx.tenant.accountId, environment: ctx.tenant.environment, enrollment_id: line.enrollmentId, day, invoice_id: invoice.id, closed_at: null, created_at: ctx.now });
  return { invoiceId: invoice.id, add: async () => undefined };
}

/**
 * Finalizes one receipt and marks it paid as of its last payment's confirmation (its payments
 * cover its total): billing time, so on a sandbox test clock the clock's instant, not the real one
 * the settlement row keeps.
 */
async function closeReceipt(tx: Tx, ctx: UseCaseContext, invoiceId: string): Promise<void> {
  const last = await repo.lastSettlementOf(tx, ctx.tenant, invoiceId);
  const lastPayment = last?.paymentId ? await findPaymentById(tx, last.paymentId) : undefined;
  const finalized = await finalizeInvoice(tx, ctx, invoiceId);
  if (finalized.status === 'open') await markInvoicePaid(tx, ctx, invoiceId, lastPayment?.confirmed_at ?? last?.at ?? ctx.now);
  await repo.markReceiptClosed(tx, ctx.tenant, invoiceId, ctx.now);
}

export interface CloseRun {
  closed: number;
  /** Receipts whose close failed (rolled back, retried next run), with why. */
  failed: Array<{ invoiceId: string; error: string }>;
}

/**
 * Closes the receipts of days that ended at least CLOSE_MARGIN_MS ago (by the sandbox's test clock
 * where one is set: docs/decisions/test-clock.md), oldest first, at most `limit` per run, each in
 * its own transaction (one failing stops no other). With `tenant`, that tenant's only.
 */
export async function closeEndedReceipts(db: Db, clock: Clock, baseUrl: string, limit = 500, tenant?: Tenant): Promise<CloseRun> {
  const now = clock.now();
  const openBefore = receiptDay(new Date(now.getTime() - CLOSE_MARGIN_MS)).day;
  const due = await repo.openReceiptsBefore(db, openBefore, CLOSE_MARGIN_MS, limit, tenant);
  const run: CloseRun = { closed: 0, failed: [] };
  for (const receipt of due) {
    try {
      await db.transaction().execute(async (tx) => {
        const ctx = await contextAsOfClock(tx, { accountId: receipt.account_id, environment: receipt.environment }, now, baseUrl);
        // Another process may have closed it since it was read: skip it then.
        if (!(await repo.lockOpenReceipt(tx, ctx.tenant, receipt.invoice_id))) return;
        await closeReceipt(tx, ctx, receipt.invoice_id);
        run.closed += 1;
      });
    } catch (error) {
      run.failed.push({ invoiceId: receipt.invoice_id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return run;
}

/** The close as a recurring background job, every 5 minutes. */
export function railReceiptsJob(db: Db, clock: Clock, baseUrl: string, log: BackgroundLog): BackgroundJob {
  return {
    queue: 'rail.receipts.close',
    everySeconds: 300,
    run: async () => {
      const run = await closeEndedReceipts(db, clock, baseUrl);
      if (run.closed > 0) log.info({ closed: run.closed }, 'Rail receipts of ended days closed');
      for (const failed of run.failed) log.error(failed, 'a Rail receipt could not be closed; retried next run');
    },
  };
}
