// Charge creation: POST /billing/invoices/{invoiceID}/payments.
// Invariants: only an open invoice is charged, for its whole amountDue in its currency; at most one
// pending charge per invoice — the invoice row is locked first (every payment use case locks the
// invoice before its payments), a pending charge is moved to failed/`superseded` in the same
// transaction, and the unique index payments_one_pending backs the rule in the database.
// Statements are few (issue #30): the superseded charge is failed in one update, its view is built
// from the invoice and account already read, and its `payment.failed` and this `payment.created`
// go in one insert.
// Without a connection serving the method, a production charge answers 409 `provider_not_configured`
// and writes nothing. A live charge is reserved, sent and recorded in steps (live-charge-steps.ts):
// POST /billing/invoices/{id}/payments holds no transaction while its processor answers, and a
// processor failure (502/504) undoes the reservation, so nothing is recorded.
// Idempotency: the HTTP layer stores the answer (with its one-time credentials) with the record.
import { realNowOf, type UseCaseContext } from '../../core/context.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { formatMoney, toMinorUnits } from '../../core/money.ts';
import type { Tx } from '../../db/database.ts';
import { getTenant, cardProcessorOf } from '../accounts/index.ts';
import { findCustomerOrThrow, findEnrollmentOrThrow, normaliseDocument, type PostalAddress } from '../customers/index.ts';
import { lockInvoice, type InvoiceRow } from '../invoices/index.ts';
import { newClientSecret } from './card-action.ts';
import { announceCharge, newPendingRow } from './charge-rows.ts';
import type { PaymentView } from './payment-view.ts';
import { cryptoSettlerOf, type CryptoSettler } from './crypto-settlement.ts';
import {
  cardProcessorNamed,
  PIX_DEFAULT_EXPIRY_SECONDS,
  recordLiveCharge,
  reserveLiveCharge,
  sendLiveCharge,
  type ReservedCharge,
} from './live-charge-steps.ts';
import { providerFor, type ProviderCharge } from './provider.ts';
import { connectionSource, type LiveConnection } from './processors/connections.ts';
import { chargeIdFor, unsentCharge } from './processors/live-charge.ts';
import { sandboxProvider } from './sandbox-provider.ts';
import * as repo from './repository.ts';
import { digestOf, newChargeToken } from './secrets.ts';
import type { OffSessionCharge, PaymentMethod } from './tables.ts';

export { PIX_DEFAULT_EXPIRY_SECONDS } from './live-charge-steps.ts';

export interface ChargeInput {
  method: PaymentMethod;
  payer?: { name?: string; email?: string; document?: string; address?: PostalAddress };
  settlementNetwork?: 'base' | 'solana';
  expiresInSeconds?: number;
}

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
  /**
   * Without requestKey (a keyless route, whose stored answer is not the tenant's): what the processor
   * reference derives from instead, so a retry after a failed call (a timeout: the processor may
   * have made the object) sends the same processor idempotency key. The hosted page's: its
   * Idempotency-Key scoped to the invoice.
   */
  referenceKey?: string;
  /** Off-session charge of a payment method saved at the processor (charge_automatically). */
  savedMethod?: { customerRef: string | null; methodRef: string };
  /** With savedMethod: the cycle runner's charge, kept on the reservation for its record (live-charge-steps.ts). */
  offSession?: OffSessionCharge;
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
  /** From a live charge's record: false when another hand recorded it first (its outcome was settled there). */
  recorded?: boolean;
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

/**
 * The first step of every charge. A live one through a connection is only reserved here (a row in
 * flight, live-charge-steps.ts): its processor is called after this transaction, and its answer
 * recorded in another. Every other charge (sandbox, crypto, a live one refused before sending) is
 * made here whole: `done`.
 */
export type PreparedCharge = { kind: 'done'; outcome: ChargeOutcome } | { kind: 'reserved'; reserved: ReservedCharge };

export async function prepareCharge(tx: Tx, ctx: UseCaseContext, invoiceId: string, input: ChargeInput, options: ChargeOptions = {}): Promise<PreparedCharge> {
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
  const account = await getTenant(tx, ctx);
  if (live && !options.refusedBeforeSending) {
    // The processor is told who pays: the payer given, else the invoice's customer (a Pix or boleto
    // at a processor needs a name and a CPF/CNPJ; the hosted page sends none of its own).
    const customer = await customerOfInvoice(tx, ctx, invoice);
    const payer = {
      name: input.payer?.name ?? customer?.name ?? null,
      email: input.payer?.email ?? customer?.email ?? null,
      document: payerDocument ?? customer?.document ?? null,
      address: input.payer?.address ?? null,
    };
    const reserved = await reserveLiveCharge(tx, ctx, { live, invoice, amount, input, payerDocument, payer, accountName: account.name, options });
    return { kind: 'reserved', reserved };
  }

  const superseded = await repo.supersedePendingPayment(tx, ctx.tenant, invoice.id, ctx.now);
  const id = newId();
  const unsent = live ? unsentCharge(live) : null;
  const charge = onChain
    ? onChainCharge(onChain)
    : unsent
    ? null
    : await sandboxProvider.createCharge({
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
        realNow: realNowOf(ctx),
      });
  // The sandbox's card secret is the service's own (a live card's is the processor's, never stored).
  const clientSecret = input.method === 'card' && !unsent ? newClientSecret(id) : null;
  const chargeToken = input.method === 'crypto' ? newChargeToken() : null;
  const cardProcessor = input.method === 'card' ? (unsent ? cardProcessorNamed(unsent.provider) : await cardProcessorOf(tx, ctx.tenant.accountId)) : null;
  const row = newPendingRow(ctx, id, invoice, amount, input, payerDocument, {
    provider: unsent?.provider ?? charge!.provider,
    provider_id: charge?.providerId || null,
    pix_payload: charge?.pix?.payload ?? null,
    pix_qr_image: charge?.pix?.qrImage ?? null,
    provider_pix_payload: charge?.pix?.providerPayload ?? null,
    boleto_line: charge?.boleto?.line ?? null,
    boleto_barcode: charge?.boleto?.barcode ?? null,
    boleto_due_date: charge?.boleto?.dueDate ?? null,
    boleto_url: null,
    expires_at: charge?.expiresAt ?? null,
    network: charge?.crypto?.network ?? null,
    settlement_asset: charge?.crypto?.settlementAsset ?? null,
    settlement_network: charge?.crypto?.settlementNetwork ?? null,
    client_secret_hash: clientSecret ? digestOf(clientSecret) : null,
    charge_token_hash: chargeToken ? digestOf(chargeToken) : null,
    confirm_token: charge?.confirmToken ?? null,
    card_processor: cardProcessor,
    connection_id: unsent?.connectionId ?? null,
    // A charge never sent still has the reference it would have been sent under.
    processor_reference: unsent ? (options.requestKey ? chargeIdFor(ctx.tenant, options.requestKey) : id) : null,
    charge_in_flight: null,
  });
  await repo.insertPayment(tx, row);
  const view = await announceCharge(tx, ctx, { row, invoice, account, superseded, live: null, clientSecret, chargeToken });
  return { kind: 'done', outcome: { view, status: unsent ? 'failed' : 'pending', failureCode: null } };
}

/**
 * The whole charge in the caller's transaction, the processor's call included: for callers already
 * inside one (the cycle runner's saved methods). The charge routes (POST /billing/invoices/{id}/payments,
 * the hosted page's) run the steps apart instead, with no transaction open during the call.
 */
export async function createChargeWithOutcome(tx: Tx, ctx: UseCaseContext, invoiceId: string, input: ChargeInput, options: ChargeOptions = {}): Promise<ChargeOutcome> {
  const prepared = await prepareCharge(tx, ctx, invoiceId, input, options);
  if (prepared.kind === 'done') return prepared.outcome;
  const sent = await sendLiveCharge(prepared.reserved);
  return recordLiveCharge(tx, ctx, prepared.reserved, sent);
}

/** Who an invoice bills: its payer (one-off invoices), else the customer of its enrollment (subscriptions, usage). */
async function customerOfInvoice(tx: Tx, ctx: UseCaseContext, invoice: InvoiceRow) {
  const customerId = invoice.payer_id ?? (invoice.customer_id ? (await findEnrollmentOrThrow(tx, ctx.tenant, invoice.customer_id)).customer_id : null);
  return customerId ? findCustomerOrThrow(tx, ctx.tenant, customerId) : null;
}
