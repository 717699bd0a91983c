// GET /pay/{slug}/boletos/{paymentID}?token=...: a boleto charge's printable page (boletoUrl). The
// token is the invoice link's: whoever may see the invoice may print its boleto. Any part wrong
// answers the same "not found" page as the hosted invoice page.
import type { Executor } from '../../db/database.ts';
import { isUuid } from '../../core/ids.ts';
import { formatMoney } from '../../core/money.ts';
import { findPublicAccount } from '../../modules/accounts/index.ts';
import { renderBoletoPage } from './boleto-page.ts';
import { itfBarcodePngBase64, findInvoiceNumber, findInvoicePayers, findPaymentById, sameToken } from '../../modules/payments/index.ts';

export interface BoletoLink {
  slug: string;
  paymentId: string;
  token: unknown;
}

/** The page's HTML, or null when the slug, id or token is wrong or the payment is not a boleto. */
export async function boletoPageFor(ex: Executor, link: BoletoLink): Promise<string | null> {
  if (typeof link.token !== 'string' || link.token.length === 0 || !isUuid(link.paymentId)) return null;
  const account = await findPublicAccount(ex, link.slug);
  if (!account) return null;
  const payment = await findPaymentById(ex, link.paymentId.toLowerCase());
  if (!payment || payment.account_id !== account.id || payment.method !== 'boleto' || !payment.boleto_line || !payment.boleto_barcode || !payment.boleto_due_date) return null;
  const tenant = { accountId: payment.account_id, environment: payment.environment };
  const [invoice] = await findInvoicePayers(ex, tenant, [payment.invoice_id]);
  const number = await findInvoiceNumber(ex, tenant, payment.invoice_id);
  if (!invoice || !sameToken(link.token, invoice.access_token)) return null;
  return renderBoletoPage({
    accountName: account.name,
    supportEmail: account.supportEmail,
    invoiceNumber: number,
    amount: formatMoney(payment.amount, payment.currency),
    currency: payment.currency,
    dueDate: payment.boleto_due_date,
    line: payment.boleto_line,
    barcodeImageBase64: await itfBarcodePngBase64(payment.boleto_barcode),
    payerName: payment.payer_name ?? invoice.customer_name,
    sandbox: payment.environment === 'sandbox',
  });
}
