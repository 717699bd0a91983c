// The payment as the API shows it. Fields that belong to one method appear on that method's
// payments only; the sandbox-only fields on sandbox payments only; the charge-creation-only fields
// (invoiceUrl, switchable, clientSecret, publishableKey, nextAction, chargeToken) only on the
// response of POST /billing/invoices/{invoiceID}/payments; `payer` only on the payment reads.
import type { UseCaseContext } from '../../core/context.ts';
import { formatMoney, toAmount } from '../../core/money.ts';
import type { PaymentRow } from './tables.ts';
import type { CardNextAction } from './card-action.ts';

export interface PayerView {
  id: string;
  name: string | null;
  email: string | null;
}

export interface CreationFields {
  invoiceUrl: string;
  switchable: boolean;
  clientSecret?: string;
  publishableKey?: string;
  nextAction?: CardNextAction;
  chargeToken?: string;
}

export interface PaymentView extends Partial<CreationFields> {
  id: string;
  invoiceId: string;
  provider: string;
  providerId: string | null;
  method: PaymentRow['method'];
  amount: string;
  currency: string;
  status: PaymentRow['status'];
  refundedAmount?: string;
  failureCode: string | null;
  failedAt: Date | null;
  confirmedAt: Date | null;
  createdAt: Date;
  payer?: PayerView | null;
  pixPayload?: string;
  pixQrImage?: string;
  providerPixPayload?: string;
  pixExpiresAt?: Date | null;
  sandboxConfirmUrl?: string;
  boletoLine?: string;
  boletoBarcode?: string;
  boletoUrl?: string;
  boletoDueDate?: Date;
  network?: 'main' | 'test';
  settlementAsset?: 'USDC';
  settlementNetwork?: 'base' | 'solana';
}

/** `{BASE_URL}/pay/sandbox/confirm/{paymentID}?token=...`: the page whose button confirms a sandbox charge. */
export function sandboxConfirmUrl(baseUrl: string, paymentId: string, token: string): string {
  return `${baseUrl}/pay/sandbox/confirm/${paymentId}?token=${encodeURIComponent(token)}`;
}

/** `{BASE_URL}/pay/{slug}/boletos/{paymentID}?token=...`: the printable boleto, opened with the invoice link's token. */
export function boletoPageUrl(baseUrl: string, accountSlug: string, paymentId: string, invoiceToken: string): string {
  return `${baseUrl}/pay/${encodeURIComponent(accountSlug)}/boletos/${paymentId}?token=${encodeURIComponent(invoiceToken)}`;
}

export interface ViewLinks {
  baseUrl: string;
  accountSlug: string;
  /** The access token of the payment's invoice (hosted page and boleto page links). */
  invoiceToken: string;
}

/** `links: null` for a payment that has none (a crypto payment born confirmed: no boleto page, no sandbox confirmation page). */
export function toPaymentView(row: PaymentRow, ctx: UseCaseContext, links: ViewLinks | null): PaymentView {
  const refunded = toAmount(row.refunded_amount);
  const view: PaymentView = {
    id: row.id,
    invoiceId: row.invoice_id,
    provider: row.provider,
    providerId: row.provider_id,
    method: row.method,
    amount: formatMoney(row.amount, row.currency),
    currency: row.currency,
    status: row.status,
    ...(!refunded.isZero() && { refundedAmount: formatMoney(refunded, row.currency) }),
    failureCode: row.failure_code,
    failedAt: row.failed_at,
    confirmedAt: row.confirmed_at,
    createdAt: row.created_at,
  };
  if (row.method === 'pix' && row.pix_payload) {
    view.pixPayload = row.pix_payload;
    view.pixQrImage = row.pix_qr_image ?? undefined;
    view.pixExpiresAt = row.expires_at;
    if (row.provider_pix_payload) view.providerPixPayload = row.provider_pix_payload;
  }
  if (links && row.method === 'boleto' && row.boleto_line && row.boleto_barcode && row.boleto_due_date) {
    view.boletoLine = row.boleto_line;
    view.boletoBarcode = row.boleto_barcode;
    view.boletoUrl = row.boleto_url ?? boletoPageUrl(links.baseUrl, links.accountSlug, row.id, links.invoiceToken);
    view.boletoDueDate = row.boleto_due_date;
  }
  if (row.method === 'crypto' && row.network && row.settlement_network) {
    view.network = row.network;
    view.settlementAsset = 'USDC';
    view.settlementNetwork = row.settlement_network;
  }
  if (links && ctx.tenant.environment === 'sandbox' && row.confirm_token) view.sandboxConfirmUrl = sandboxConfirmUrl(links.baseUrl, row.id, row.confirm_token);
  return view;
}
