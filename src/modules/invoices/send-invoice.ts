// Sending an invoice: an email to the customer with the total, the due date and the hosted page
// link, queued in the outbox inside this transaction (so it exists only if the call commits).
// Only an open invoice is sent: a draft has no number and may still change, and a paid, void or
// uncollectible invoice asks nothing of the customer. Sending again sends another email.
import type { Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { documentLocale } from '../../core/locale.ts';
import { getTenant } from '../accounts/index.ts';
import { findEnrollmentOrThrow, getCustomer, type CustomerView } from '../customers/index.ts';
import { queueEmail } from '../email/index.ts';
import { recordEvent } from '../events/index.ts';
import * as repo from './repository.ts';
import { renderInvoiceEmail } from './invoice-email.ts';
import { lockInvoiceIn } from './invoice-transitions.ts';
import { presentInvoice, type InvoiceView } from './invoice-view.ts';
import type { InvoiceRow } from './tables.ts';

/** Emails an open invoice to its customer and records `invoice.sent`; 409 for other statuses. */
export async function sendInvoice(tx: Tx, ctx: UseCaseContext, id: string): Promise<InvoiceView> {
  const row = await repo.findInvoice(tx, ctx.tenant, id);
  if (row?.status === 'draft') {
    throw new AppError('conflict', 'The invoice is draft; finalize it before sending it (a draft has no number and may still change).');
  }
  // The lock keeps a concurrent void or payment from slipping between the check and the email.
  const locked = await lockInvoiceIn(tx, ctx, id, ['open'], 'sent');
  const contact = await contactOf(tx, ctx, locked);
  if (!contact?.email) {
    throw new AppError('customer_email_missing', "The invoice's customer has no email address; add one to the customer, then send again.");
  }
  const account = await getTenant(tx, ctx);
  const view = await presentInvoice(tx, ctx, locked);
  const email = renderInvoiceEmail(view, account.name, contact.name, documentLocale(account.locale, view.currency));
  await queueEmail(tx, ctx, { to: contact.email, ...email });
  await recordEvent(tx, ctx, 'invoice.sent', view);
  return view;
}

/** Who receives the invoice: the payer (one-off), else the customer behind the enrollment. */
async function contactOf(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow): Promise<CustomerView | undefined> {
  const customerId = invoice.payer_id ?? (invoice.customer_id ? (await findEnrollmentOrThrow(tx, ctx.tenant, invoice.customer_id)).customer_id : undefined);
  return customerId ? getCustomer(tx, ctx, customerId) : undefined;
}
