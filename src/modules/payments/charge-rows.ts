// What a new charge stores and answers, shared by the one-transaction path (sandbox, crypto, a
// charge refused before sending) and a live charge's record after its processor call
// (live-charge-steps.ts): the same row, the same events, the same answer either way.
import type { UseCaseContext } from '../../core/context.ts';
import type { Tx } from '../../db/database.ts';
import { publishableKeyFor } from '../accounts/index.ts';
import { recordEvents } from '../events/index.ts';
import { hostedInvoiceUrl, type InvoiceRow } from '../invoices/index.ts';
import { cardNextAction } from './card-action.ts';
import type { ChargeInput } from './create-charge.ts';
import type { LiveChargeResult } from './processors/live-charge.ts';
import { toPaymentView, type PaymentView } from './payment-view.ts';
import type { SentChargePatch } from './repository.ts';
import type { PaymentRow } from './tables.ts';

/** What the provider (or the reservation) decides of a new row; the rest comes from the invoice and the request. */
export type ChargeFields = SentChargePatch &
  Pick<PaymentRow, 'provider' | 'network' | 'settlement_asset' | 'settlement_network' | 'client_secret_hash' | 'charge_token_hash' | 'confirm_token' | 'card_processor' | 'connection_id' | 'processor_reference' | 'charge_in_flight'>;

export function newPendingRow(ctx: UseCaseContext, id: string, invoice: InvoiceRow, amount: string, input: ChargeInput, payerDocument: string | null, fields: ChargeFields): PaymentRow {
  return {
    id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    invoice_id: invoice.id,
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
    charge_token_used_at: null,
    ...fields,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
}

/** The row's fields a live processor's answer fills (the Pix code's QR is rendered from its payload). */
export function sentChargeFields(charge: LiveChargeResult | null): SentChargePatch {
  return {
    provider_id: charge?.providerId || null,
    pix_payload: charge?.pix?.payload ?? null,
    pix_qr_image: charge?.pix?.qrImage ?? null,
    provider_pix_payload: null,
    boleto_line: charge?.boleto?.line ?? null,
    boleto_barcode: charge?.boleto?.barcode ?? null,
    boleto_due_date: charge?.boleto?.dueDate ?? null,
    boleto_url: charge?.boleto?.url ?? null,
    expires_at: charge?.expiresAt ?? null,
  };
}

export interface AnnouncedCharge {
  row: PaymentRow;
  invoice: InvoiceRow;
  account: { slug: string };
  /** The invoice's earlier pending charge, failed as `superseded` by this one. */
  superseded: PaymentRow | undefined;
  /** This charge itself, failed as `superseded` at once (a later charge of the invoice was recorded first). */
  outranked?: PaymentRow;
  live: LiveChargeResult | null;
  /** Sandbox card: the service's own client secret (shown once); crypto: the widget's token. */
  clientSecret: string | null;
  chargeToken: string | null;
}

/** Records the charge's events (in the order the moves happened) and answers it with its charge-creation-only fields. */
export async function announceCharge(tx: Tx, ctx: UseCaseContext, charge: AnnouncedCharge): Promise<PaymentView> {
  const { row, invoice, account } = charge;
  const links = { baseUrl: ctx.baseUrl!, accountSlug: account.slug, invoiceToken: invoice.access_token };
  const view = toPaymentView(row, ctx, links);
  await recordEvents(tx, ctx, [
    ...(charge.superseded ? [{ type: 'payment.failed', data: toPaymentView(charge.superseded, ctx, links) }] : []),
    { type: 'payment.created', data: view },
    ...(charge.outranked ? [{ type: 'payment.failed', data: toPaymentView(charge.outranked, ctx, links) }] : []),
  ]);
  const answered = charge.outranked ? toPaymentView(charge.outranked, ctx, links) : view;
  const created: PaymentView = { ...answered, invoiceUrl: hostedInvoiceUrl(ctx.baseUrl!, account.slug, invoice.id, invoice.access_token), switchable: !charge.outranked };
  const card = charge.live?.card;
  if (card) {
    if (card.clientSecret) created.clientSecret = card.clientSecret;
    created.publishableKey = card.publishableKey;
    created.nextAction = card.nextAction;
  } else if (charge.clientSecret && row.card_processor) {
    const publishableKey = await publishableKeyFor(tx, ctx);
    created.clientSecret = charge.clientSecret;
    created.publishableKey = publishableKey;
    created.nextAction = cardNextAction({ processor: row.card_processor, clientSecret: charge.clientSecret, publishableKey, amount: row.amount, currency: row.currency });
  }
  if (charge.chargeToken) created.chargeToken = charge.chargeToken;
  return created;
}
