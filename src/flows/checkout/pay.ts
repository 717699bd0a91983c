// The buyer's pay flow behind the hosted invoice page (JSON, no key: the invoice link's token is the
// credential).
//   reserveHostedPayment, sendHostedPayment (no transaction), record: a charge of the open invoice
//     by a method the account accepts, through the payments service (prepareCharge: the invoice row
//     is locked, a pending charge of the invoice fails as `superseded`, `payment.created`); a live
//     one's processor is called with no transaction open (live-charge-steps.ts).
//   hostedInvoiceStatus(ex, link, clock)  what the page polls: the invoice's status, its latest
//     charge, and where to go once paid.
// Invariants: any part of the link wrong (slug, id, token) or another account's invoice answers
// exactly like an invoice that does not exist (404 `invoice`); nothing of the answer names another
// account, a secret key or another payer. The card clientSecret and crypto chargeToken are handed
// out only by the charge's creation answer (stored hashed), as on the API.
import type { Environment, Tenant, UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { formatMoney } from '../../core/money.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { contextAsOfClock } from '../../modules/accounts/index.ts';
import { downloadUrlOf, listLiveGrants } from '../../modules/fulfillment/index.ts';
import type { InvoiceRow, InvoiceStatus } from '../../modules/invoices/index.ts';
import {
  findConfirmedPayment,
  findLatestPayment,
  itfBarcodePngBase64,
  payOptionsFor,
  prepareCharge,
  recordLiveCharge,
  releaseLiveCharge,
  resumeLiveCharge,
  sendLiveCharge,
  toPaymentView,
  type ReservedCharge,
  type CardNextAction,
  type PaymentView,
  type PaymentMethod,
  type PaymentStatus,
} from '../../modules/payments/index.ts';
import { resolveInvoiceLink, type InvoiceLink, type LinkedInvoice } from './invoice-link.ts';

/** The charge as the page needs it: what to show for its method, never another payer's data. */
export interface CheckoutPayment {
  paymentId: string;
  method: PaymentMethod;
  status: PaymentStatus;
  amount: string;
  currency: string;
  failureCode: string | null;
  createdAt: Date;
  pixPayload?: string;
  pixQrImage?: string;
  pixExpiresAt?: Date | null;
  boletoLine?: string;
  boletoBarcodeImage?: string;
  boletoDueDate?: Date;
  boletoUrl?: string;
  network?: 'main' | 'test';
  settlementAsset?: 'USDC';
  settlementNetwork?: 'base' | 'solana';
  sandboxConfirmUrl?: string;
  /** Creation answer only: the card form's credential for POST /pay/sandbox/cards/{paymentID}. */
  clientSecret?: string;
  /** Creation answer only: the crypto widget's single-use token. */
  chargeToken?: string;
  /** Live card, creation answer only: what the processor's browser library needs (the API's nextAction). */
  nextAction?: CardNextAction;
}

export interface CheckoutStatus {
  invoiceStatus: InvoiceStatus;
  amountDue: string;
  currency: string;
  payment: CheckoutPayment | null;
  /** Once paid: the invoice's successUrl when it may be used, else null (the page shows its receipt). */
  successUrl: string | null;
}

/**
 * A success or cancel URL the page may send the buyer to: https, or http to localhost in sandbox
 * (a seller trying the flow on their machine). Anything else is ignored (the receipt page is used).
 */
export function usableReturnUrl(url: string | null, environment: Environment): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username || parsed.password) return null;
  if (parsed.protocol === 'https:') return parsed.href;
  const local = parsed.hostname === 'localhost' || parsed.hostname === '127.0.0.1' || parsed.hostname === '[::1]';
  if (parsed.protocol === 'http:' && local && environment === 'sandbox') return parsed.href;
  return null;
}

/** The invoice a link names, drafts included (the actions say why a draft cannot be paid), or 404 `invoice`. */
async function findLinkedInvoice(ex: Executor, link: InvoiceLink): Promise<LinkedInvoice> {
  const linked = await resolveInvoiceLink(ex, link);
  if (!linked) throw notFound('invoice');
  return linked;
}

/** The use-case context of a keyless action in a tenant: as of the sandbox clock when one is set, as on its API. */
export async function keylessContext(ex: Executor, tenant: Tenant, now: Date, baseUrl: string): Promise<UseCaseContext> {
  return contextAsOfClock(ex, tenant, now, baseUrl);
}

const tenantOf = (invoice: InvoiceRow): Tenant => ({ accountId: invoice.account_id, environment: invoice.environment });

function notPayable(invoice: InvoiceRow): AppError {
  const why: Record<InvoiceStatus, string> = {
    draft: 'The invoice has not been issued yet, so it cannot be paid.',
    open: '',
    paid: 'The invoice is already paid; nothing is due.',
    void: 'The invoice was cancelled; nothing is due.',
    uncollectible: 'The invoice was written off by the seller; ask the seller how to pay.',
  };
  return new AppError('invoice_not_payable', `${why[invoice.status]} Only an open invoice can be paid (this one is ${invoice.status}).`);
}

/** A live charge of the hosted page reserved, its processor still to call (no transaction open meanwhile). */
export interface HostedReservation {
  ctx: UseCaseContext;
  charge: ReservedCharge;
}

/**
 * The page's charge, step 1 (payment-routes' steps, for the buyer): a sandbox or crypto charge is
 * made whole (`done`); a live one is reserved, sent by sendHostedPayment with no transaction open.
 */
export async function reserveHostedPayment(tx: Tx, link: InvoiceLink, method: PaymentMethod, now: Date, baseUrl: string, requestKey?: string): Promise<{ done: CheckoutPayment } | { reserved: HostedReservation; token: string }> {
  const { invoice } = await findLinkedInvoice(tx, link);
  if (invoice.status !== 'open') throw notPayable(invoice);
  const { methods: accepted } = await payOptionsFor(tx, tenantOf(invoice), invoice.currency);
  if (!accepted.includes(method)) {
    if (accepted.length === 0) {
      throw new AppError('provider_not_configured', 'This seller cannot take payments online yet. Contact the seller to pay this invoice.');
    }
    throw fieldError('method', method, 'accepted', `This invoice can be paid by ${accepted.join(', ')}.`);
  }
  const ctx = await keylessContext(tx, tenantOf(invoice), now, baseUrl);
  // prepareCharge locks the invoice and checks again that it is open (a payment may have just landed).
  // The page's Idempotency-Key names the processor's object: a retry after a timeout makes no second one.
  const prepared = await prepareCharge(tx, ctx, invoice.id, { method }, { referenceKey: requestKey === undefined ? undefined : `hosted:${invoice.id}:${requestKey}` });
  if (prepared.kind === 'done') return { done: await checkoutAnswer(prepared.outcome.view) };
  return { reserved: { ctx, charge: prepared.reserved }, token: prepared.reserved.row.id };
}

/** A reservation left in flight by an earlier try of the same request (its process died), or null. */
export async function resumeHostedPayment(tx: Tx, link: InvoiceLink, paymentId: string, now: Date, baseUrl: string): Promise<HostedReservation | null> {
  const { invoice } = await findLinkedInvoice(tx, link);
  const ctx = await keylessContext(tx, tenantOf(invoice), now, baseUrl);
  const charge = await resumeLiveCharge(tx, ctx, paymentId);
  return charge && { ctx, charge };
}

/** Step 2, no transaction open: the processor's call; answers step 3, the record. */
export async function sendHostedPayment(reserved: HostedReservation): Promise<(tx: Tx) => Promise<CheckoutPayment>> {
  const sent = await sendLiveCharge(reserved.charge);
  return async (tx) => checkoutAnswer((await recordLiveCharge(tx, reserved.ctx, reserved.charge, sent)).view);
}

export async function releaseHostedPayment(tx: Tx, reserved: HostedReservation): Promise<void> {
  await releaseLiveCharge(tx, reserved.ctx, reserved.charge);
}

async function checkoutAnswer(created: PaymentView): Promise<CheckoutPayment> {
  const view = await toCheckoutPayment(created);
  if (created.clientSecret) view.clientSecret = created.clientSecret;
  // A live card form completes the charge with the processor's browser library.
  if (created.nextAction && created.provider !== 'sandbox') view.nextAction = created.nextAction;
  if (created.chargeToken) view.chargeToken = created.chargeToken;
  return view;
}

/** `images`: the pending charge's QR or barcode image too; the page's periodic poll leaves them out (a PNG every 2 seconds). */
export async function hostedInvoiceStatus(ex: Executor, link: InvoiceLink, now: Date, baseUrl: string, options: { images: boolean } = { images: false }): Promise<CheckoutStatus> {
  const { account, invoice } = await findLinkedInvoice(ex, link);
  if (invoice.status === 'draft') throw notFound('invoice');
  const latest = await findLatestPayment(ex, invoice);
  const links = { baseUrl, accountSlug: account.slug, invoiceToken: invoice.access_token };
  return {
    invoiceStatus: invoice.status,
    amountDue: formatMoney(invoice.amount_due, invoice.currency),
    currency: invoice.currency,
    payment: latest ? await toCheckoutPayment(toPaymentView(latest, { tenant: tenantOf(invoice), now, baseUrl }, links), options) : null,
    successUrl: invoice.status === 'paid' ? usableReturnUrl(invoice.success_url, invoice.environment) : null,
  };
}

/** What a paid invoice's receipt shows: the paying charge and the download links granted so far. */
export interface Receipt {
  method: PaymentMethod | null;
  paidAt: Date | null;
  downloads: string[];
}

/** The download links are paths on this service: the receipt is a page of this service. */
export async function receiptOf(ex: Executor, invoice: InvoiceRow): Promise<Receipt> {
  const paying = await findConfirmedPayment(ex, invoice);
  const grants = await listLiveGrants(ex, invoice);
  return { method: paying?.method ?? null, paidAt: invoice.paid_at ?? paying?.confirmed_at ?? null, downloads: grants.map((token) => downloadUrlOf('', token)) };
}

/** The payments view cut to what the buyer's page shows: never the processor's ids, the invoice id or the payer. */
async function toCheckoutPayment(view: PaymentView, options: { images: boolean } = { images: true }): Promise<CheckoutPayment> {
  const shown: CheckoutPayment = {
    paymentId: view.id,
    method: view.method,
    status: view.status,
    amount: view.amount,
    currency: view.currency,
    failureCode: view.failureCode,
    createdAt: view.createdAt,
  };
  // Method details are shown while the charge can still be paid.
  if (view.status !== 'pending') return shown;
  const details: Partial<CheckoutPayment> = {
    pixPayload: view.pixPayload,
    pixQrImage: options.images ? view.pixQrImage : undefined,
    pixExpiresAt: view.pixExpiresAt,
    boletoLine: view.boletoLine,
    boletoBarcodeImage: options.images && view.boletoBarcode ? await itfBarcodePngBase64(view.boletoBarcode) : undefined,
    boletoDueDate: view.boletoDueDate,
    boletoUrl: view.boletoUrl,
    network: view.network,
    settlementAsset: view.settlementAsset,
    settlementNetwork: view.settlementNetwork,
    sandboxConfirmUrl: view.sandboxConfirmUrl,
  };
  for (const [key, value] of Object.entries(details)) if (value !== undefined) Object.assign(shown, { [key]: value });
  return shown;
}
