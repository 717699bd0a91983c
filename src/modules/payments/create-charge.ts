// Charge creation: POST /billing/invoices/{invoiceID}/payments.
// Invariants: only an open invoice is charged, for its whole amountDue in its currency; at most one
// pending charge per invoice — the invoice row is locked first (every payment use case locks the
// invoice before its payments), a pending charge is moved to failed/`superseded` in the same
// transaction, and the unique index payments_one_pending backs the rule in the database.
// Production tenants have no connected provider yet: 409 `provider_not_configured`, nothing written.
// Idempotency: the HTTP layer stores the answer (with its one-time credentials) in this transaction.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { formatMoney, toMinorUnits } from '../../core/money.ts';
import type { Tx } from '../../db/database.ts';
import { getTenant, cardProcessorOf, publishableKeyFor } from '../accounts/index.ts';
import { normaliseDocument } from '../customers/index.ts';
import { recordEvent } from '../events/index.ts';
import { hostedInvoiceUrl, lockInvoice } from '../invoices/index.ts';
import { cardNextAction, newClientSecret } from './card-action.ts';
import { failPendingAsSuperseded } from './payment-transitions.ts';
import { toPaymentView, type PaymentView } from './payment-view.ts';
import { providerFor } from './provider.ts';
import * as repo from './repository.ts';
import { digestOf, newChargeToken } from './secrets.ts';
import type { PaymentMethod, PaymentRow } from './tables.ts';

export interface ChargeInput {
  method: PaymentMethod;
  payer?: { name?: string; email?: string; document?: string };
  settlementNetwork?: 'base' | 'solana';
  expiresInSeconds?: number;
}

export const PIX_DEFAULT_EXPIRY_SECONDS = 3600;
/** Largest amount a boleto barcode holds: ten digits of cents. */
const BOLETO_MAX_CENTS = 9_999_999_999n;
/** Largest Pix amount: the BR Code amount field holds 13 characters ("9999999999.99"). */
const PIX_MAX_CENTS = 999_999_999_999n;

function assertChargeable(input: ChargeInput, currency: string, amount: string): void {
  if ((input.method === 'pix' || input.method === 'boleto') && currency !== 'BRL') {
    throw fieldError('method', input.method, 'currency', `${input.method} charges BRL invoices only; this invoice is in ${currency}. Use card or crypto.`);
  }
  if (input.settlementNetwork !== undefined && input.method !== 'crypto') {
    throw fieldError('settlementNetwork', input.settlementNetwork, 'method', 'settlementNetwork applies to crypto charges only.');
  }
  if (input.expiresInSeconds !== undefined && input.method !== 'pix') {
    throw fieldError('expiresInSeconds', String(input.expiresInSeconds), 'method', 'expiresInSeconds applies to pix charges only.');
  }
  const cents = toMinorUnits(amount, currency);
  const limit = input.method === 'boleto' ? BOLETO_MAX_CENTS : input.method === 'pix' ? PIX_MAX_CENTS : BigInt(Number.MAX_SAFE_INTEGER);
  if (cents > limit) throw new AppError('amount_too_large', `The amount due, ${amount} ${currency}, is more than one ${input.method} charge can carry.`);
}

export async function createCharge(tx: Tx, ctx: UseCaseContext, invoiceId: string, input: ChargeInput): Promise<PaymentView> {
  if (!ctx.baseUrl) throw new Error('UseCaseContext.baseUrl is required to build payment links');
  const invoice = await lockInvoice(tx, ctx, invoiceId);
  if (invoice.status !== 'open') {
    throw new AppError('invoice_not_payable', `The invoice is ${invoice.status}; only an open invoice can be charged.`);
  }
  const provider = providerFor(ctx.tenant);
  const amount = formatMoney(invoice.amount_due, invoice.currency);
  assertChargeable(input, invoice.currency, amount);
  const payerDocument = input.payer?.document === undefined ? null : normaliseDocument(input.payer.document, 'payer.document').document;

  await failPendingAsSuperseded(tx, ctx, invoice.id);
  const account = await getTenant(tx, ctx);
  const id = newId();
  const charge = await provider.createCharge({
    paymentId: id,
    method: input.method,
    amount,
    currency: invoice.currency,
    account: { name: account.name },
    invoice: { id: invoice.id, dueDate: invoice.due_date },
    pixExpiresInSeconds: input.expiresInSeconds ?? PIX_DEFAULT_EXPIRY_SECONDS,
    settlementNetwork: input.settlementNetwork ?? 'base',
    baseUrl: ctx.baseUrl,
    now: ctx.now,
  });
  const clientSecret = input.method === 'card' ? newClientSecret(id) : null;
  const chargeToken = input.method === 'crypto' ? newChargeToken() : null;
  const cardProcessor = input.method === 'card' ? await cardProcessorOf(tx, ctx.tenant.accountId) : null;
  const row: PaymentRow = {
    id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    invoice_id: invoice.id,
    provider: charge.provider,
    provider_id: charge.providerId,
    method: input.method,
    amount,
    currency: invoice.currency,
    status: 'pending',
    refunded_amount: '0',
    failure_code: null,
    failed_at: null,
    confirmed_at: null,
    charged_back_at: null,
    payer_name: input.payer?.name ?? null,
    payer_email: input.payer?.email ?? null,
    payer_document: payerDocument,
    pix_payload: charge.pix?.payload ?? null,
    pix_qr_image: charge.pix?.qrImage ?? null,
    provider_pix_payload: charge.pix?.providerPayload ?? null,
    boleto_line: charge.boleto?.line ?? null,
    boleto_barcode: charge.boleto?.barcode ?? null,
    boleto_due_date: charge.boleto?.dueDate ?? null,
    expires_at: charge.expiresAt,
    network: charge.crypto?.network ?? null,
    settlement_asset: charge.crypto?.settlementAsset ?? null,
    settlement_network: charge.crypto?.settlementNetwork ?? null,
    client_secret_hash: clientSecret ? digestOf(clientSecret) : null,
    charge_token_hash: chargeToken ? digestOf(chargeToken) : null,
    charge_token_used_at: null,
    confirm_token: charge.confirmToken,
    card_processor: cardProcessor,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await repo.insertPayment(tx, row);

  const links = { baseUrl: ctx.baseUrl, accountSlug: account.slug, invoiceToken: invoice.access_token };
  const view = toPaymentView(row, ctx, links);
  await recordEvent(tx, ctx, 'payment.created', view);
  const created: PaymentView = { ...view, invoiceUrl: hostedInvoiceUrl(ctx.baseUrl, account.slug, invoice.id, invoice.access_token), switchable: true };
  if (clientSecret && cardProcessor) {
    const publishableKey = await publishableKeyFor(tx, ctx);
    created.clientSecret = clientSecret;
    created.publishableKey = publishableKey;
    created.nextAction = cardNextAction({ processor: cardProcessor, clientSecret, publishableKey, amount, currency: invoice.currency });
  }
  if (chargeToken) created.chargeToken = chargeToken;
  return created;
}
