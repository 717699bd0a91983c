// The hosted invoice page's use case: the invoice a payer's link names, or nothing.
// Invariants: the link is the credential ({slug, invoice id, access token}); any part wrong answers
// exactly like an invoice that does not exist, and the page holds only what the payer may see:
// the seller's name and support email, the invoice's number, status, dates, lines and amounts, the
// methods it can be paid by, its cancel link, and once paid a receipt with the download links.
import type { Environment } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { listInvoiceLines, toInvoiceView, type InvoiceStatus } from '../../modules/invoices/index.ts';
import { payOptionsFor, type CardForm, type PaymentMethod } from '../../modules/payments/index.ts';
import { resolveInvoiceLink, type InvoiceLink } from './invoice-link.ts';
import { receiptOf, usableReturnUrl, type Receipt } from './pay.ts';

export interface HostedInvoice {
  accountName: string;
  /** The seller's CNPJ (normalised), when set. */
  accountCnpj: string | null;
  supportEmail: string | null;
  environment: Environment;
  invoiceNumber: string;
  status: InvoiceStatus;
  currency: string;
  issuedAt: Date | null;
  dueDate: Date | null;
  paidAt: Date | null;
  lines: Array<{ description: string; quantity: string; unitPrice: string; amount: string }>;
  subtotal: string;
  tax: string;
  total: string;
  amountDue: string;
  /** Open invoices: the methods the buyer may pick (none in production until a provider is connected). */
  methods: PaymentMethod[];
  /** Open invoices payable by card: the sandbox form or the connected processor's own. */
  cardForm: CardForm | null;
  /** The invoice's cancelUrl when the page may link to it. */
  cancelUrl: string | null;
  /** Paid invoices: what paid it and the deliverables' download links (paths on this service). */
  receipt: Receipt | null;
}

/**
 * The invoice of a hosted page link, or null when the slug, id or token is wrong. Drafts are null
 * too: they have no number yet and may still change, and no link to one is ever emailed.
 */
export async function findHostedInvoice(ex: Executor, link: InvoiceLink): Promise<HostedInvoice | null> {
  const linked = await resolveInvoiceLink(ex, link);
  if (!linked || linked.invoice.status === 'draft') return null;
  const { account, invoice: row } = linked;
  const view = toInvoiceView(row, await listInvoiceLines(ex, row), '');
  const options = row.status === 'open' ? await payOptionsFor(ex, { accountId: row.account_id, environment: row.environment }, row.currency) : { methods: [], cardForm: null };
  return {
    accountName: account.name,
    accountCnpj: account.cnpj,
    supportEmail: account.supportEmail,
    environment: row.environment,
    invoiceNumber: view.invoiceNumber ?? '',
    status: view.status,
    currency: view.currency,
    issuedAt: view.finalizedAt,
    dueDate: view.dueDate,
    paidAt: view.paidAt,
    lines: view.lineItems.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, amount: line.amount })),
    subtotal: view.subtotal,
    tax: view.tax,
    total: view.total,
    amountDue: view.amountDue,
    methods: options.methods,
    cardForm: options.cardForm,
    cancelUrl: row.status === 'open' ? usableReturnUrl(row.cancel_url, row.environment) : null,
    receipt: row.status === 'paid' ? await receiptOf(ex, row) : null,
  };
}
