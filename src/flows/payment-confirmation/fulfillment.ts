// Where payments meet deliveries: a paid invoice grants the deliverables of what it sold to the
// payment's payer; a payment whose money went back (full refund, chargeback) loses its grants.
import type { UseCaseContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { grantDeliverablesForPayment, revokeGrantsForPayment } from '../../modules/fulfillment/index.ts';
import type { InvoiceRow } from '../../modules/invoices/index.ts';
import type { PaymentRow } from '../../modules/payments/index.ts';

export async function deliverPaidInvoice(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow, payment: PaymentRow): Promise<void> {
  await grantDeliverablesForPayment(tx, ctx, {
    invoiceId: invoice.id,
    paymentId: payment.id,
    recipient: { email: payment.payer_email, name: payment.payer_name },
  });
}

export async function withdrawDeliveries(tx: Tx, ctx: UseCaseContext, paymentId: string): Promise<void> {
  await revokeGrantsForPayment(tx, ctx, paymentId);
}
