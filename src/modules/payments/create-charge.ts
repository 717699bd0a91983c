// Charge creation: POST /billing/invoices/{invoiceID}/payments.
// Invariants: only an open invoice is charged, for its whole amountDue in its currency; at most one
// pending charge per invoice — the invoice row is locked first (every payment use case locks the
// invoice before its payments), a pending charge is moved to failed/`superseded` in the same
// transaction, and the unique index payments_one_pending backs the rule in the database.
// Statements are few (issue #30): the superseded charge is failed in one update, its view is built
// from the invoice and account already read, and its `payment.failed` and this `payment.created`
// go in one insert.
// Without a connection serving the method, a production charge answers 409 `provider_not_configured`
// and writes nothing; a processor failure (502/504) rolls the whole request back (processors/calls.ts).
// Idempotency: the HTTP layer stores the answer (with its one-time credentials) in this transaction.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { formatMoney, toMinorUnits } from '../../core/money.ts';
import type { Tx } from '../../db/database.ts';
import { getTenant, cardProcessorOf, publishableKeyFor } from '../accounts/index.ts';
import { findCustomerOrThrow, findEnrollmentOrThrow, normaliseDocument, type PostalAddress } from '../customers/index.ts';
import { recordEvents } from '../events/index.ts';
import { hostedInvoiceUrl, lockInvoice, type InvoiceRow } from '../invoices/index.ts';
import { cardNextAction, newClientSecret } from './card-action.ts';
import { toPaymentView, type PaymentView } from './payment-view.ts';
import { cryptoSettlerOf, type CryptoSettler } from './crypto-settlement.ts';
import { providerFor, type ProviderCharge } from './provider.ts';
import { connectionSource, type LiveConnection } from './processors/connections.ts';
import { chargeIdFor, chargeLive, unsentCharge } from './processors/live-charge.ts';
import { sandboxProvider } from './sandbox-provider.ts';
import * as repo from './repository.ts';
import { digestOf, newChargeToken } from './secrets.ts';
import type { CardProcessor, PaymentMethod, PaymentRow } from './tables.ts';

export interface ChargeInput {
  method: PaymentMethod;
  payer?: { name?: string; email?: string; document?: string; address?: PostalAddress };
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

export interface ChargeOptions {
  /** The request's Idempotency-Key: a live charge's payment id and processor idempotency key derive from it. */
  requestKey?: string;
  /** Off-session charge of a payment method saved at the processor (charge_automatically). */
  savedMethod?: { customerRef: string | null; methodRef: string };
  /** Sandbox only: the sandbox simulator even when a sandbox connection serves the method (a saved test card). */
  simulated?: boolean;
  /**
   * A live charge known to fail before any call (a Pix Automático mandate the payer revoked): the
   * payment is recorded under the connection, never sent, and answered `failed` for the caller to fail it.
   */
  refusedBeforeSending?: boolean;
}

/** What a live processor answered at once (an off-session card may be confirmed or declined already). */
export interface ChargeOutcome {
  view: PaymentView;
  status: 'pending' | 'confirmed' | 'failed';
  failureCode: string | null;
}

export async function createCharge(tx: Tx, ctx: UseCaseContext, invoiceId: string, input: ChargeInput, options: ChargeOptions = {}): Promise<PaymentView> {
  return (await createChargeWithOutcome(tx, ctx, invoiceId, input, options)).view;
}

/**
 * A sandbox tenant charges through the sandbox processor unless it connected a processor serving
 * the method in sandbox (the processor's own test mode); a production tenant through the connection
 * serving the method (the operator's when collectionMode is managed), else 409
 * provider_not_configured with nothing written.
 */
async function liveConnectionFor(tx: Tx, ctx: UseCaseContext, method: PaymentMethod): Promise<LiveConnection | null> {
  const source = connectionSource();
  const live = method === 'crypto' || !source ? null : await source.serving(tx, ctx.tenant, method);
  if (!live) providerFor(ctx.tenant);
  return live;
}

/**
 * A production crypto charge: settled by the account's own facilitator on the Rail (the buyer's
 * wallet signs at the hosted page, POST /pay/crypto/{id}), which is its provider. Null in the
 * sandbox; 409 provider_not_configured in production without a facilitator that can settle.
 */
async function onChainSettlerFor(tx: Tx, ctx: UseCaseContext, input: ChargeInput, currency: string): Promise<CryptoSettler | null> {
  if (input.method !== 'crypto' || ctx.tenant.environment === 'sandbox') return null;
  const settler = await cryptoSettlerOf(tx, ctx.tenant);
  if (!settler) providerFor(ctx.tenant);
  if (currency !== 'USD') throw fieldError('method', input.method, 'currency', `A crypto charge is paid in USDC, one for one with the US dollar; this invoice is in ${currency}.`);
  if (input.settlementNetwork !== undefined && input.settlementNetwork !== settler!.settlementNetwork) {
    throw fieldError('settlementNetwork', input.settlementNetwork, 'rail_network', `This account settles crypto on ${settler!.settlementNetwork} (its Rail settings).`);
  }
  return settler;
}

/** What an on-chain charge is before it is paid: no reference yet (the transaction hash, once settled). */
function onChainCharge(settler: CryptoSettler): ProviderCharge {
  return { provider: settler.provider, providerId: '', crypto: { network: settler.network, settlementAsset: 'USDC', settlementNetwork: settler.settlementNetwork }, expiresAt: null, confirmToken: null };
}

export async function createChargeWithOutcome(tx: Tx, ctx: UseCaseContext, invoiceId: string, input: ChargeInput, options: ChargeOptions = {}): Promise<ChargeOutcome> {
  if (!ctx.baseUrl) throw new Error('UseCaseContext.baseUrl is required to build payment links');
  const invoice = await lockInvoice(tx, ctx, invoiceId);
  if (invoice.status !== 'open') {
    throw new AppError('invoice_not_payable', `The invoice is ${invoice.status}; only an open invoice can be charged.`);
  }
  const onChain = await onChainSettlerFor(tx, ctx, input, invoice.currency);
  const live = (options.simulated && ctx.tenant.environment === 'sandbox') || onChain ? null : await liveConnectionFor(tx, ctx, input.method);
  const amount = formatMoney(invoice.amount_due, invoice.currency);
  assertChargeable(input, invoice.currency, amount);
  const payerDocument = input.payer?.document === undefined ? null : normaliseDocument(input.payer.document, 'payer.document').document;

  const superseded = await repo.supersedePendingPayment(tx, ctx.tenant, invoice.id, ctx.now);
  const account = await getTenant(tx, ctx);
  const id = newId();
  // What the processor knows the charge by: the same for every retry of this request.
  const reference = live ? (options.requestKey ? chargeIdFor(ctx.tenant, options.requestKey) : id) : null;
  const pixExpiresInSeconds = input.expiresInSeconds ?? PIX_DEFAULT_EXPIRY_SECONDS;
  // The processor is told who pays: the payer given, else the invoice's customer (a Pix or boleto
  // at a processor needs a name and a CPF/CNPJ; the hosted page sends none of its own).
  const customer = live && !options.refusedBeforeSending ? await customerOfInvoice(tx, ctx, invoice) : null;
  const liveCharge = live && options.refusedBeforeSending
    ? unsentCharge(live)
    : live
    ? await chargeLive(live, connectionSource()!.settings.timeoutMs, {
        paymentId: reference!,
        idempotencyKey: `charge_${reference}`,
        method: input.method,
        amount,
        currency: invoice.currency,
        description: `Invoice ${invoice.invoice_number ?? invoice.id} (${account.name})`,
        invoice: { id: invoice.id, dueDate: invoice.due_date },
        payer: {
          name: input.payer?.name ?? customer?.name ?? null,
          email: input.payer?.email ?? customer?.email ?? null,
          document: payerDocument ?? customer?.document ?? null,
          address: input.payer?.address ?? null,
        },
        pixExpiresInSeconds,
        savedMethod: options.savedMethod ?? null,
        now: ctx.now,
      })
    : null;
  const charge = liveCharge
    ? { ...liveCharge, pix: liveCharge.pix && { ...liveCharge.pix, providerPayload: null }, crypto: undefined, confirmToken: null }
    : onChain
    ? onChainCharge(onChain)
    : await sandboxProvider.createCharge({
        paymentId: id,
        method: input.method,
        amount,
        currency: invoice.currency,
        account: { name: account.name },
        invoice: { id: invoice.id, dueDate: invoice.due_date },
        pixExpiresInSeconds,
        settlementNetwork: input.settlementNetwork ?? 'base',
        baseUrl: ctx.baseUrl,
        now: ctx.now,
      });
  // A live card charge's secret is the processor's (shown once, never stored); the sandbox's is the service's own.
  const clientSecret = input.method === 'card' && !liveCharge ? newClientSecret(id) : null;
  const chargeToken = input.method === 'crypto' ? newChargeToken() : null;
  const cardProcessor = input.method === 'card' ? (liveCharge ? cardProcessorNamed(liveCharge.provider) : await cardProcessorOf(tx, ctx.tenant.accountId)) : null;
  const row: PaymentRow = {
    id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    invoice_id: invoice.id,
    provider: charge.provider,
    provider_id: charge.providerId === '' ? null : charge.providerId,
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
    boleto_url: liveCharge?.boleto?.url ?? null,
    expires_at: charge.expiresAt,
    network: charge.crypto?.network ?? null,
    settlement_asset: charge.crypto?.settlementAsset ?? null,
    settlement_network: charge.crypto?.settlementNetwork ?? null,
    client_secret_hash: clientSecret ? digestOf(clientSecret) : null,
    charge_token_hash: chargeToken ? digestOf(chargeToken) : null,
    charge_token_used_at: null,
    confirm_token: charge.confirmToken,
    card_processor: cardProcessor,
    connection_id: liveCharge?.connectionId ?? null,
    processor_reference: reference,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await repo.insertPayment(tx, row);

  const links = { baseUrl: ctx.baseUrl, accountSlug: account.slug, invoiceToken: invoice.access_token };
  const view = toPaymentView(row, ctx, links);
  // In this order, as the moves happened: the old charge failed, then this one was created.
  await recordEvents(tx, ctx, [
    ...(superseded ? [{ type: 'payment.failed', data: toPaymentView(superseded, ctx, links) }] : []),
    { type: 'payment.created', data: view },
  ]);
  const created: PaymentView = { ...view, invoiceUrl: hostedInvoiceUrl(ctx.baseUrl, account.slug, invoice.id, invoice.access_token), switchable: true };
  if (liveCharge?.card) {
    if (liveCharge.card.clientSecret) created.clientSecret = liveCharge.card.clientSecret;
    created.publishableKey = liveCharge.card.publishableKey;
    created.nextAction = liveCharge.card.nextAction;
  } else if (clientSecret && cardProcessor) {
    const publishableKey = await publishableKeyFor(tx, ctx);
    created.clientSecret = clientSecret;
    created.publishableKey = publishableKey;
    created.nextAction = cardNextAction({ processor: cardProcessor, clientSecret, publishableKey, amount, currency: invoice.currency });
  }
  if (chargeToken) created.chargeToken = chargeToken;
  return { view: created, status: liveCharge?.status ?? 'pending', failureCode: liveCharge?.failureCode ?? null };
}

/** Who an invoice bills: its payer (one-off invoices), else the customer of its enrollment (subscriptions, usage). */
async function customerOfInvoice(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow) {
  const customerId = invoice.payer_id ?? (invoice.customer_id ? (await findEnrollmentOrThrow(tx, ctx.tenant, invoice.customer_id)).customer_id : null);
  return customerId ? findCustomerOrThrow(tx, ctx.tenant, customerId) : null;
}

/** The card processor shape of a live card charge: its processor's (pix_api serves no card). */
function cardProcessorNamed(provider: string): CardProcessor | null {
  return provider === 'processor_a' || provider === 'processor_b' ? provider : null;
}
