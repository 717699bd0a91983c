// The one path money takes when a payment's state moves: the payment's own move (modules/payments),
// then what it causes in other areas, in the caller's transaction.
//   confirmPayment     the invoice is paid (open or written off) and its deliverables granted; when
//                      it is paid or void already, the money goes back in full at once (reason
//                      `duplicate` or `invoice_void`): nothing is lost and nothing counted twice.
//   refundPayment      at the full amount, the payment's download grants are revoked; a refund of a
//                      paid invoice's payment makes its credit note (outcome refund) too.
//   chargeBackPayment  the download grants are revoked; the invoice stays paid.
// Every caller that moves money (payment routes, sandbox pages, saved methods, the Rail) goes
// through here, so the ledger postings of these functions (below, docs/ledger.md) see every movement:
//   confirmed    providers:<p>:clearing <- customers:<c>:receivable (the invoice paid), or
//                <- customers:<c>:credit when the money finds nothing to pay (then refunded at once)
//   refunded     customers:<c>:credit (where the refund's credit note put the money; that held for a
//                duplicate) <- providers:<p>:clearing; `refunds` when the invoice is not paid
//   charged back chargebacks <- providers:<p>:clearing, what was not refunded
//   and, for a paid prepaid invoice, its credit taken back in the same share (prepaid takeBackCredit)
import type { UseCaseContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { grantDeliverablesForPayment, revokeGrantsForPayment } from '../../modules/fulfillment/index.ts';
import { lockInvoice, markInvoicePaid, receivableAccount, receivableCustomerOf, recordCreditNote, type InvoiceRow } from '../../modules/invoices/index.ts';
import { chart, postTransaction } from '../../modules/ledger/index.ts';
import * as payments from '../../modules/payments/index.ts';
import { takeBackCredit } from '../../modules/prepaid/index.ts';
import type { PaymentRow, PaymentView, RefundInput, RefundOptions, RefundView } from '../../modules/payments/index.ts';
import { AppError } from '../../core/errors.ts';
import { Money } from '../../core/money.ts';

export async function confirmPayment(tx: Tx, ctx: UseCaseContext, paymentId: string): Promise<PaymentView> {
  const { payment, invoice } = await payments.confirmCharge(tx, ctx, paymentId);
  let row = payment;
  const customerId = await receivableCustomerOf(tx, ctx, invoice);
  if (invoice.status === 'open' || invoice.status === 'uncollectible') {
    await payments.failPendingAsSuperseded(tx, ctx, invoice.id);
    await markInvoicePaid(tx, ctx, invoice.id, ctx.now);
    await postConfirmed(tx, ctx, payment, invoice.id, customerId, receivableAccount(customerId));
    await grantDeliverablesForPayment(tx, ctx, {
      invoiceId: invoice.id,
      paymentId: payment.id,
      recipient: { email: payment.payer_email, name: payment.payer_name },
    });
  } else {
    const reason = invoice.status === 'paid' ? 'duplicate' : `invoice_${invoice.status}`;
    const held = chart.customerCredit(customerId ?? 'none');
    await postConfirmed(tx, ctx, payment, invoice.id, customerId, held);
    let refund: RefundView;
    if (payment.connection_id) {
      // A live payment's money goes back through its processor (one refund per payment: the key is the payment's).
      ({ payment: row, refund } = await payments.refundPayment(tx, ctx, payment.id, { amount: payment.amount, reason }, { credited: true, requestKey: `returned:${payment.id}` }));
      // Pending at the processor: the money stays in `held` until refund.succeeded (settleProcessorRefund).
      if (refund.status === 'pending') return payments.presentPayment(tx, ctx, row);
    } else {
      ({ payment: row, refund } = await payments.applyRefund(tx, ctx, payment, { amount: payment.amount, reason }));
    }
    await postRefunded(tx, ctx, row, refund, held, customerId);
    if (row.status === 'refunded') await revokeGrantsForPayment(tx, ctx, row.id);
  }
  return payments.presentPayment(tx, ctx, row);
}

/**
 * A payment settled before it was recorded (the Rail's x402 settlements): born confirmed against
 * its receipt, and posted like any confirmation, clearing <- the customer's receivable. The Rail's
 * receipt is a draft while its day runs, so the receivable is in credit until the receipt is
 * finalized (flows/rail/receipts.ts), which brings it back to zero: each amount is in the ledger
 * once as money received (here) and once as revenue (the receipt's finalization).
 */
export async function recordSettledPayment(tx: Tx, ctx: UseCaseContext, input: payments.SettledCryptoPayment, customerId: string): Promise<PaymentRow> {
  const payment = await payments.recordSettledCryptoPayment(tx, ctx, input);
  await postConfirmed(tx, ctx, payment, payment.invoice_id, customerId, receivableAccount(customerId));
  return payment;
}

export async function refundPayment(tx: Tx, ctx: UseCaseContext, paymentId: string, input: RefundInput, options: RefundOptions = {}): Promise<RefundView> {
  // The invoice is locked before its payment, as everywhere (no lock cycles).
  const invoice = await lockInvoice(tx, ctx, (await payments.getPayment(tx, ctx, paymentId)).invoiceId);
  const { payment, refund } = await payments.refundPayment(tx, ctx, paymentId, input, options);
  // A live refund the processor still processes moves no money yet (settleProcessorRefund, when it succeeds).
  if (refund.status === 'pending') return refund;
  await afterRefund(tx, ctx, invoice, payment, refund, { reason: input.reason ?? null, credited: false });
  return refund;
}

/** What a succeeded refund causes: the credit note (paid invoice), the ledger, prepaid credit taken back, grants revoked at the full amount. */
export async function afterRefund(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow, payment: PaymentRow, refund: RefundView, how: { reason: string | null; credited: boolean }): Promise<void> {
  if (invoice.status === 'paid') {
    // Money back on a paid invoice is a credit note (outcome refund): it puts the amount in the
    // customer's credit, the refund pays it out from there. Over-crediting the invoice refuses both.
    const customerId = await receivableCustomerOf(tx, ctx, invoice);
    if (!how.credited) {
      const credited = await recordCreditNote(tx, ctx, invoice, { amount: refund.amount, reason: how.reason ?? `Refund ${refund.id} of payment ${payment.id}`, outcome: 'refund' });
      // A prepaid invoice's credit goes back in the share of the invoice credited (modules/prepaid).
      await postRefunded(tx, ctx, payment, refund, chart.customerCredit(customerId ?? 'none'), customerId);
      await takeBackCreditOfCreditNote(tx, ctx, credited.invoice, credited.creditNote.id);
    } else {
      await postRefunded(tx, ctx, payment, refund, chart.customerCredit(customerId ?? 'none'), customerId);
    }
  } else {
    await postRefunded(tx, ctx, payment, refund, chart.refunds, null);
    // A prepaid invoice's credit goes back with the money, in the same share (modules/prepaid).
    await takeBackCredit(tx, ctx, { invoiceId: payment.invoice_id, paid: payment.amount, returned: payment.refunded_amount, movement: `refund:${refund.id}`, via: 'refund' });
  }
  if (payment.status === 'refunded') await revokeGrantsForPayment(tx, ctx, payment.id);
}

/**
 * The processor says a live refund succeeded: a pending refund's money moves now, with everything a
 * refund causes (as refundPayment does for one that succeeded at once); a refund made at the
 * processor's dashboard is recorded and applied. false when it was applied already.
 */
export async function settleProcessorRefund(tx: Tx, ctx: UseCaseContext, paymentId: string, providerRefundId: string, amount: string): Promise<boolean> {
  const invoice = await lockInvoice(tx, ctx, (await payments.getPayment(tx, ctx, paymentId)).invoiceId);
  const settled = await payments.settleRefund(tx, ctx, paymentId, providerRefundId, amount);
  if (!settled) return false;
  await afterRefund(tx, ctx, invoice, settled.payment, settled.refund, { reason: settled.refund.reason, credited: settled.credited });
  return true;
}

/**
 * Refunds `amount` of a paid invoice's confirmed payments (oldest first) for a credit note with
 * outcome refund, recorded by the caller in this transaction with the invoice locked: the credit
 * note put the money in customers:<c>:credit, each refund takes it from there to the provider.
 * 422 refund_exceeds_payment when the payments have less left to refund.
 */
export async function refundInvoicePayments(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow, amount: string, reason: string): Promise<RefundView[]> {
  const confirmed = (await payments.listPayments(tx, ctx, { invoiceId: invoice.id, status: 'confirmed' }, { limit: 100, afterId: null })).items.reverse();
  const refundable = confirmed.map((p) => ({ id: p.id, left: new Money(p.amount).minus(p.refundedAmount ?? '0') })).filter((p) => p.left.gt(0));
  const total = refundable.reduce((sum, p) => sum.plus(p.left), new Money(0));
  if (total.lt(amount)) {
    throw new AppError('refund_exceeds_payment', `The invoice's confirmed payments have ${total.toFixed()} ${invoice.currency} left to refund, less than ${amount}.`);
  }
  const customerId = await receivableCustomerOf(tx, ctx, invoice);
  const refunds: RefundView[] = [];
  let remaining = new Money(amount);
  for (const candidate of refundable) {
    if (remaining.isZero()) break;
    const part = Money.min(candidate.left, remaining);
    const { payment, refund } = await payments.refundPayment(tx, ctx, candidate.id, { amount: part.toFixed(), reason }, { credited: true });
    refunds.push(refund);
    remaining = remaining.minus(part);
    // A pending live refund: the credit note holds the money in the customer's credit until it succeeds.
    if (refund.status === 'pending') continue;
    await postRefunded(tx, ctx, payment, refund, chart.customerCredit(customerId ?? 'none'), customerId);
    if (payment.status === 'refunded') await revokeGrantsForPayment(tx, ctx, payment.id);
  }
  return refunds;
}

/**
 * A credit note on a paid prepaid invoice (either outcome) takes back the enrollment's credit in the
 * share of the invoice credited so far: credit x creditedAmount / total.
 */
export async function takeBackCreditOfCreditNote(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow, creditNoteId: string): Promise<void> {
  await takeBackCredit(tx, ctx, { invoiceId: invoice.id, paid: invoice.total, returned: invoice.credited_amount, movement: `credit_note:${creditNoteId}`, via: 'credit_note' });
}

export async function chargeBackPayment(tx: Tx, ctx: UseCaseContext, paymentId: string): Promise<PaymentView> {
  const view = await payments.chargeBackPayment(tx, ctx, paymentId);
  await postChargedBack(tx, ctx, view);
  await takeBackCredit(tx, ctx, { invoiceId: view.invoiceId, paid: view.amount, returned: view.amount, movement: `payment:${view.id}:charged_back`, via: 'chargeback' });
  await revokeGrantsForPayment(tx, ctx, paymentId);
  return view;
}

// The ledger postings of payment movements (docs/ledger.md), each keyed by the movement so a
// retried flow posts once.

async function postConfirmed(tx: Tx, ctx: UseCaseContext, payment: PaymentRow, invoiceId: string, customerId: string | null, against: string): Promise<void> {
  await postTransaction(tx, ctx, {
    key: `payment:${payment.id}:confirmed`,
    kind: 'payment.confirmed',
    resource: { type: 'payment', id: payment.id },
    invoiceId,
    customerId,
    entries: [
      { account: chart.clearing(payment.provider), currency: payment.currency, amount: payment.amount },
      { account: against, currency: payment.currency, amount: new Money(0).minus(payment.amount), customerId },
    ],
  });
}

/** `debit` is what the money leaves from: `refunds`, or the customer's credit for money that paid nothing. */
async function postRefunded(tx: Tx, ctx: UseCaseContext, payment: PaymentRow, refund: RefundView, debit: string, customerId: string | null): Promise<void> {
  await postTransaction(tx, ctx, {
    key: `refund:${refund.id}`,
    kind: 'payment.refunded',
    resource: { type: 'payment', id: payment.id },
    invoiceId: payment.invoice_id,
    customerId,
    entries: [
      { account: debit, currency: payment.currency, amount: refund.amount, customerId },
      { account: chart.clearing(payment.provider), currency: payment.currency, amount: new Money(0).minus(refund.amount) },
    ],
  });
}

async function postChargedBack(tx: Tx, ctx: UseCaseContext, payment: PaymentView): Promise<void> {
  const taken = new Money(payment.amount).minus(payment.refundedAmount ?? '0');
  await postTransaction(tx, ctx, {
    key: `payment:${payment.id}:charged_back`,
    kind: 'payment.charged_back',
    resource: { type: 'payment', id: payment.id },
    invoiceId: payment.invoiceId,
    entries: [
      { account: chart.chargebacks, currency: payment.currency, amount: taken },
      { account: chart.clearing(payment.provider), currency: payment.currency, amount: new Money(0).minus(taken) },
    ],
  });
}
