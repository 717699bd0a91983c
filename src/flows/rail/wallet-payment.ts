// The hosted checkout's USDC method paid from the buyer's own wallet (EIP-1193 in the browser):
// the page asks for the charge's payment requirements, the wallet signs an EIP-3009
// transferWithAuthorization for exactly the charge's amount to the seller's payTo (the account's
// Rail settings), and the service verifies it as it verifies any Rail payment (verify-exact.ts),
// claims its nonce in the Rail's nonce memory (an authorization pays once, here or on the Rail),
// settles it through the account's facilitator and confirms the charge: simulated (`sandbox`) here,
// in one transaction; on chain (`self`, `remote`) in wallet-onchain.ts, with the checks and rows
// below. The charge token is the credential and is spent by the payment. Decisions: docs/rail.md,
// "USDC at the hosted checkout". On Solana the requirements name the Rail's fee payer and the
// charge's memo, and the wallet signs a transaction instead (wallet-solana.ts).
import type { UseCaseContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { isUuid, newId } from '../../core/ids.ts';
import { Money, toAmount } from '../../core/money.ts';
import type { Executor, Tx } from '../../db/database.ts';
import { contextAsOfClock } from '../../modules/accounts/index.ts';
import { findPaymentById, matchesDigest, updatePayment, type PaymentRow } from '../../modules/payments/index.ts';
import { confirmPayment } from '../payment-confirmation/index.ts';
import { simulatedTransaction, simulatesHere } from './facilitator.ts';
import { namespaceOf } from './networks.ts';
import { providerOf, remoteSettlementProblem, selfSettlementProblem, type RailProviderDeps } from './providers.ts';
import * as repo from './repository.ts';
import { assetDomainOf } from './settings.ts';
import type { RailSettingsRow } from './tables.ts';
import { solanaChargeExtra, unsignedTransactionFor, withRecentBlockhash } from './wallet-solana-offer.ts';
import { checkExactPayment, parsePayment, REASONS, type ParsedPayment } from './verify-exact.ts';

/** Seconds the buyer's authorization may stay valid: time to sign in the wallet, as the Rail's routes allow. */
const WALLET_MAX_TIMEOUT_SECONDS = 600;

/** USDC is a US dollar token: only charges in USD are priced in it, one for one. */
const WALLET_CURRENCY = 'USD';

export interface WalletCharge {
  payment: PaymentRow;
  settings: RailSettingsRow;
  ctx: UseCaseContext;
  requirements: ExactRequirements;
}

/** x402 v2 PaymentRequirements of the one option a wallet is offered. */
export interface ExactRequirements {
  scheme: 'exact';
  network: string;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: Record<string, unknown>;
}

/** x402 v2 PaymentRequired as the wallet page reads it: one `exact` option. */
export interface WalletPaymentRequired {
  x402Version: 2;
  resource: { url: string; description: string; mimeType: string };
  accepts: ExactRequirements[];
  /** Solana, given the buyer's address: the unsigned transaction (base64) its wallet signs. */
  transaction?: string;
}

export interface WalletPaymentResult {
  paymentId: string;
  status: PaymentRow['status'];
  payer: string;
  transaction: string;
  network: string;
}

/**
 * The pending crypto charge the token opens, priced for the seller's wallet. A wrong id or token
 * answers 404 like a charge that does not exist; a spent token or a charge no longer pending 409.
 */
export async function walletCharge(ex: Executor, deps: RailProviderDeps, paymentId: string, chargeToken: string, now: Date, baseUrl: string): Promise<WalletCharge> {
  const payment = isUuid(paymentId) ? await findPaymentById(ex, paymentId.toLowerCase()) : undefined;
  if (!payment || payment.method !== 'crypto' || !matchesDigest(chargeToken, payment.charge_token_hash)) throw notFound('payment');
  if (payment.charge_token_used_at) throw new AppError('conflict', 'This charge token was used already; a charge token pays once.');
  if (payment.status !== 'pending') throw new AppError('invalid_payment_state', `The charge is ${payment.status}; only a pending charge can be paid.`);
  // The charge is confirmed on the seller's billing time (a sandbox test clock); the authorization's window is checked on `now`, the real time.
  const ctx = await contextAsOfClock(ex, { accountId: payment.account_id, environment: payment.environment }, now, baseUrl);
  const settings = await repo.findSettings(ex, ctx.tenant);
  if (!settings) throw new AppError('rail_not_configured', 'The seller has not set the wallet that receives USDC (Rail settings): this charge cannot be paid from a wallet.');
  if (payment.currency !== WALLET_CURRENCY) {
    throw new AppError('conflict', `A wallet pays USDC, one for one with the US dollar; this charge is in ${payment.currency}. Pay it by another method.`);
  }
  const provider = providerOf(settings);
  if (provider === 'sandbox' && !simulatesHere(ctx, settings)) {
    throw new AppError(
      'provider_not_configured',
      `The sandbox provider settles wallet payments (simulated) in the sandbox on EVM test networks such as eip155:84532; ${settings.network} in ${ctx.tenant.environment} needs facilitator.provider "self" or "remote" (docs/rail.md).`,
    );
  }
  // On chain: asked before the buyer signs, so a charge nobody can settle is not offered.
  const problem = provider === 'self' ? await selfSettlementProblem(ex, ctx, deps, settings) : provider === 'remote' ? await remoteSettlementProblem(ex, ctx, deps) : null;
  if (problem) throw new AppError('provider_not_configured', problem);
  const atomic = toAmount(payment.amount).mul(new Money(10).pow(settings.asset_decimals));
  if (!atomic.isInteger()) throw new AppError('conflict', `${payment.amount} ${payment.currency} is not a whole number of the token's atomic units.`);
  const requirements: ExactRequirements = {
    scheme: 'exact',
    network: settings.network,
    amount: atomic.toFixed(0),
    asset: settings.asset,
    payTo: settings.pay_to,
    maxTimeoutSeconds: WALLET_MAX_TIMEOUT_SECONDS,
    extra: namespaceOf(settings.network) === 'solana' ? await solanaChargeExtra(ex, ctx, deps, settings, payment.id) : await evmChargeExtra(settings),
  };
  return { payment, settings, ctx, requirements };
}

/** EVM: the token's EIP-712 domain the authorization is signed under. */
async function evmChargeExtra(settings: RailSettingsRow): Promise<Record<string, unknown>> {
  const domain = await assetDomainOf(settings);
  return domain ? { name: domain.name, version: domain.version } : {};
}

/**
 * What the wallet signs: the x402 v2 payment requirements of the charge (one `exact` option). On
 * Solana with a recent blockhash, and, given the buyer's address, the unsigned transaction to sign.
 */
export async function walletRequirements(ex: Executor, deps: RailProviderDeps, paymentId: string, chargeToken: string, now: Date, baseUrl: string, payer?: string): Promise<WalletPaymentRequired> {
  const { payment, requirements } = await walletCharge(ex, deps, paymentId, chargeToken, now, baseUrl);
  const resource = { url: `${baseUrl}/pay/crypto/${payment.id}`, description: `Invoice payment ${payment.amount} ${payment.currency}`, mimeType: 'application/json' };
  if (namespaceOf(requirements.network) !== 'solana') return { x402Version: 2, resource, accepts: [requirements] };
  const offered = await withRecentBlockhash(deps, requirements);
  const transaction = payer === undefined ? undefined : await unsignedTransactionFor(deps, offered, payer);
  return { x402Version: 2, resource, accepts: [offered], ...(transaction ? { transaction } : {}) };
}

/** A refused authorization: 422 naming the part of the payload, the x402 reason as the constraint. */
export function refused(reason: string, message: string, value: string): AppError {
  const field = reason === REASONS.invalidSignature ? 'paymentPayload.payload.signature' : reason === REASONS.invalidPayload ? 'paymentPayload' : 'paymentPayload.payload.authorization';
  return new AppError('validation_failed', message, { errors: [{ field, value, constraint: reason, description: message }] });
}

export interface WalletAuthorization {
  parsed: ParsedPayment;
  /** Checksummed. */
  payer: string;
  key: repo.AuthorizationKey;
}

/** The buyer's authorization checked against the charge's requirements (422 naming what is wrong). */
export async function checkWalletAuthorization(charge: WalletCharge, paymentPayload: unknown, now: Date): Promise<WalletAuthorization> {
  const { settings, requirements } = charge;
  const parsed = await parsePayment(paymentPayload, requirements);
  if (!parsed.ok) throw refused(parsed.reason, parsed.message, '');
  const checked = await checkExactPayment(parsed.value, {
    network: settings.network,
    asset: settings.asset,
    payTo: settings.pay_to,
    price: requirements.amount,
    domain: await assetDomainOf(settings),
    now: Math.floor(now.getTime() / 1000),
  });
  if (!checked.ok) throw refused(checked.reason, checked.message, parsed.value.authorization.value);
  const payer = checked.value;
  return { parsed: parsed.value, payer, key: { network: settings.network, asset: settings.asset.toLowerCase(), payer: payer.toLowerCase(), nonce: parsed.value.authorization.nonce } };
}

/** The charge's settlement row, reserved (`submitting`, on chain) or settled at once (simulated). */
export function walletSettlementRow(charge: WalletCharge, key: repo.AuthorizationKey, id: string, transaction: string, state: 'submitting' | 'settled', now: Date) {
  const { payment, settings, requirements } = charge;
  return {
    id,
    account_id: payment.account_id,
    environment: payment.environment,
    ...key,
    // EVM addresses are kept lowercase; Solana's base58 is case-sensitive.
    pay_to: namespaceOf(settings.network) === 'eip155' ? settings.pay_to.toLowerCase() : settings.pay_to,
    amount: requirements.amount,
    transaction,
    product_id: null,
    meter_id: null,
    customer_id: null,
    enrollment_id: null,
    usage_event_id: null,
    invoice_id: payment.invoice_id,
    payment_id: payment.id,
    state,
    created_at: now,
  };
}

/** Why a charge's settlement could not be claimed: its nonce spent (here or on the Rail), or the charge paid by another authorization. */
export async function unclaimedWhy(ex: Executor, key: repo.AuthorizationKey): Promise<AppError> {
  if (await repo.findSettlement(ex, key)) return new AppError('conflict', 'This authorization was used already (its nonce is spent); sign a new one.');
  return new AppError('conflict', 'Another authorization of this charge is being settled or was settled; a charge is paid once.');
}

/** The wallet's signed authorization pays the charge (simulated settlement): verified, its nonce claimed, settled, the charge confirmed. */
export async function payByWallet(tx: Tx, deps: RailProviderDeps, paymentId: string, chargeToken: string, paymentPayload: unknown, now: Date, baseUrl: string): Promise<WalletPaymentResult> {
  const charge = await walletCharge(tx, deps, paymentId, chargeToken, now, baseUrl);
  const { payment, settings, ctx } = charge;
  const { payer, key } = await checkWalletAuthorization(charge, paymentPayload, now);
  const id = newId();
  const transaction = simulatedTransaction(id, key);
  if (!(await repo.claimWalletSettlement(tx, walletSettlementRow(charge, key, id, transaction, 'settled', now)))) throw await unclaimedWhy(tx, key);
  const view = await confirmPayment(tx, ctx, payment.id);
  await updatePayment(tx, ctx.tenant, payment.id, { charge_token_used_at: ctx.now, provider_id: transaction, updated_at: ctx.now });
  return { paymentId: view.id, status: view.status, payer, transaction, network: settings.network };
}
