// The hosted checkout's USDC paid from a Solana wallet (docs/rail-solana.md, "USDC at the hosted
// checkout"): the buyer's wallet signed the charge's transaction (wallet-solana-offer.ts: its fee
// payer the Rail's, a TransferChecked of exactly the charge's amount to payTo's token account, the
// charge's memo); the official @x402/svm exact scheme verifies it, co-signs it as fee payer and
// sends it (`self`), or the remote facilitator does (`remote`). The steps of wallet-onchain.ts:
//   1. the charge and the payload checked, then in a short transaction the reservation: the
//      settlement row `submitting`, keyed by the transaction's message hash (one per signed
//      transaction: a resend of it is the same payment) and taking the charge
//      (rail_settlements_one_per_charge); with `self` the row carries the signature the chain will
//      know the transaction by (the fee payer's deterministic signature), before anything is sent;
//   2. settled; a refusal frees the reservation (422 with the official reason, the charge still
//      payable); an unknown outcome keeps it (503: the same request again looks the signature up);
//   3. a second transaction marks the row settled and confirms the charge with the signature as its
//      providerId, spending the charge token, and watches the fee payer's SOL.
import { AppError } from '../../core/errors.ts';
import { isUuid, newId } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import { findPaymentById, matchesDigest, updatePayment } from '../../modules/payments/index.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import { confirmPayment } from '../payment-confirmation/index.ts';
import { rpcUrlOf } from './chain.ts';
import { providerOf, type RailProviderDeps } from './providers.ts';
import { watchRelayerBalance } from './relayer-watch.ts';
import { forRemote, remoteClientOf } from './remote.ts';
import * as repo from './repository.ts';
import { feePayerOf, SVM_REASONS } from './solana-settle.ts';
import { feePayerSignatureOf, lamportsOf, signatureStatusOf, svmPaymentFacts, type SvmPaymentFacts } from './solana.ts';
import { unclaimedWhy, walletCharge, walletSettlementRow, type WalletCharge, type WalletPaymentResult } from './wallet-payment.ts';

interface CheckedTransaction {
  payer: string;
  key: repo.AuthorizationKey;
  facts: SvmPaymentFacts;
}

type SettleAnswer = { success: boolean; transaction?: string; errorReason?: string; errorMessage?: string };

/** A refused payment: 422 naming the part of the payload, the x402 reason as the constraint. */
function refusedSvm(reason: string, message: string, field = 'paymentPayload.payload.transaction'): AppError {
  return new AppError('validation_failed', message, { errors: [{ field, value: '', constraint: reason, description: message }] });
}

const resultOf = (charge: WalletCharge, payer: string, transaction: string): WalletPaymentResult => ({ paymentId: charge.payment.id, status: 'confirmed', payer, transaction, network: charge.settings.network });

/** The earlier answer of this same signed transaction, when it paid the charge already (a resend whose answer was lost). */
async function paidBefore(db: Db, paymentId: string, chargeToken: string, facts: SvmPaymentFacts): Promise<WalletPaymentResult | null> {
  const payment = isUuid(paymentId) ? await findPaymentById(db, paymentId.toLowerCase()) : undefined;
  if (!payment || !payment.charge_token_used_at || !matchesDigest(chargeToken, payment.charge_token_hash)) return null;
  const settled = await repo.findWalletSettlement(db, { accountId: payment.account_id, environment: payment.environment }, payment.id);
  if (!settled || settled.state !== 'settled' || settled.nonce !== facts.messageHash || settled.payer !== facts.payer) return null;
  return { paymentId: payment.id, status: payment.status, payer: facts.payer, transaction: settled.transaction, network: settled.network };
}

/** The service's checks before the official scheme's: a decodable transaction, and what it was signed for equal to the charge's requirements. */
function checkTransaction(charge: WalletCharge, paymentPayload: unknown, facts: SvmPaymentFacts | null): CheckedTransaction {
  if (!facts || !facts.payer) throw refusedSvm(SVM_REASONS.undecodable, 'payload.transaction must be a base64 Solana transaction holding the TransferChecked that pays the charge.');
  const accepted = (paymentPayload as { accepted?: Record<string, unknown> }).accepted ?? {};
  const { requirements } = charge;
  const mismatch: Array<[string, string, string]> = [
    ['network', SVM_REASONS.networkMismatch, `the charge settles on ${requirements.network}`],
    ['asset', SVM_REASONS.mintMismatch, `the charge is paid in ${requirements.asset}`],
    ['payTo', SVM_REASONS.recipientMismatch, `the charge pays ${requirements.payTo}`],
    ['amount', SVM_REASONS.amountMismatch, `the charge is ${requirements.amount} atomic units`],
  ];
  for (const [field, reason, message] of mismatch) {
    if (accepted[field] !== requirements[field as 'network']) throw refusedSvm(reason, `paymentPayload.accepted.${field} is not the charge's: ${message}.`, `paymentPayload.accepted.${field}`);
  }
  return { payer: facts.payer, key: { network: requirements.network, asset: requirements.asset, payer: facts.payer, nonce: facts.messageHash }, facts };
}

/** The buyer's signed transaction pays the charge: verified and settled by the official scheme, recorded once. */
export async function payByWalletOnSolana(db: Db, deps: RailProviderDeps, paymentId: string, chargeToken: string, paymentPayload: unknown, now: Date, baseUrl: string): Promise<WalletPaymentResult> {
  const facts = await svmPaymentFacts(paymentPayload);
  const replay = facts ? await paidBefore(db, paymentId, chargeToken, facts) : null;
  if (replay) return replay;
  const charge = await walletCharge(db, deps, paymentId, chargeToken, now, baseUrl);
  const checked = checkTransaction(charge, paymentPayload, facts);
  const { settings, ctx } = charge;
  const self = providerOf(settings) === 'remote' ? null : await feePayerOf(db, ctx, deps, rpcUrlOf(deps.config.rail, settings.network)!);
  const signature = self ? await feePayerSignatureOf(self.signer, checked.facts.messageBytes) : '';
  const id = newId();
  const reserved = await db.transaction().execute((tx) => repo.claimWalletSettlement(tx, walletSettlementRow(charge, checked.key, id, signature, 'submitting', now)));
  if (!reserved) return resume(db, deps, charge, checked);

  let answer: SettleAnswer;
  try {
    answer = self
      ? await self.scheme.settle(paymentPayload as never, charge.requirements as never)
      : await (await remoteClientOf(keyringOf(deps.config)!, (await repo.findRemoteFacilitator(db, ctx.tenant))!, deps.webhookPolicy)).settle(forRemote(settings, paymentPayload as Record<string, unknown>) as never, charge.requirements as never);
  } catch (error) {
    const response = error as { errorReason?: string; errorMessage?: string };
    // A settle answer with an error status carries its reason (nothing sent); anything else is indeterminate.
    if (typeof response.errorReason !== 'string') throw pending(`the settlement's outcome is unknown (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    answer = { success: false, errorReason: response.errorReason, errorMessage: response.errorMessage };
  }
  if (answer.success && answer.transaction) {
    await repo.setSubmittedTransaction(db, id, answer.transaction);
    return record(db, deps, charge, checked, id, answer.transaction);
  }
  if (answer.errorReason === SVM_REASONS.pending) throw pending(answer.errorMessage ?? 'sent, not confirmed yet');
  await repo.releaseReservation(db, id);
  throw refusedSvm(answer.errorReason ?? SVM_REASONS.transactionFailed, `The payment was refused (${answer.errorReason ?? 'not settled'}${answer.errorMessage ? `: ${answer.errorMessage}` : ''}). Nothing was charged.`);
}

const pending = (why: string) => new AppError('service_unavailable', `This payment was sent and is not confirmed yet (${why}); send the same request again to record it once it is.`, { retryAfterSeconds: 5 });

/** The transaction was reserved before: settled (answered again), or sent and not yet recorded (its signature's status decides). */
async function resume(db: Db, deps: RailProviderDeps, charge: WalletCharge, checked: CheckedTransaction): Promise<WalletPaymentResult> {
  const earlier = await repo.findSettlement(db, checked.key);
  if (!earlier || earlier.payment_id !== charge.payment.id) throw await unclaimedWhy(db, checked.key);
  if (earlier.state === 'settled') return resultOf(charge, checked.payer, earlier.transaction);
  if (earlier.transaction === '') throw new AppError('service_unavailable', 'This payment is being settled by another request; send it again in a moment.', { retryAfterSeconds: 2 });
  // The remote facilitator answered this signature as settled; only the recording is left.
  if (providerOf(charge.settings) === 'remote') return record(db, deps, charge, checked, earlier.id, earlier.transaction);
  const url = rpcUrlOf(deps.config.rail, charge.settings.network)!;
  const status = await signatureStatusOf(url, earlier.transaction).catch(() => null);
  if (status === 'success') return record(db, deps, charge, checked, earlier.id, earlier.transaction);
  if (status === 'failed') {
    await repo.releaseReservation(db, earlier.id);
    throw refusedSvm(SVM_REASONS.transactionFailed, `Transaction ${earlier.transaction} failed on chain; nothing was charged. Sign a new one.`);
  }
  throw pending('not confirmed by the chain yet');
}

/** The second transaction: the settlement marked settled, the charge confirmed with the signature, its token spent; the fee payer's SOL watched. */
async function record(db: Db, deps: RailProviderDeps, charge: WalletCharge, checked: CheckedTransaction, id: string, signature: string): Promise<WalletPaymentResult> {
  const { settings, ctx, payment } = charge;
  const relayer = providerOf(settings) === 'self' ? await repo.findRelayer(db, ctx.tenant) : undefined;
  // Read before the transaction opens (never a chain call inside one).
  const url = rpcUrlOf(deps.config.rail, settings.network);
  const balance = relayer && url ? await lamportsOf(url, relayer.address).catch(() => null) : null;
  return db.transaction().execute(async (tx) => {
    if (!(await repo.markSettled(tx, id, signature))) {
      const earlier = await repo.findSettlement(tx, checked.key);
      return resultOf(charge, checked.payer, earlier?.transaction ?? signature);
    }
    // A charge superseded meanwhile is still confirmed: the money moved (wallet-onchain.ts, record).
    const view = await confirmPayment(tx, ctx, payment.id);
    await updatePayment(tx, ctx.tenant, payment.id, { charge_token_used_at: ctx.now, provider_id: signature, updated_at: ctx.now });
    if (relayer && balance !== null) await watchRelayerBalance(tx, ctx, relayer, settings.network, balance, BigInt(deps.config.rail.feePayerMinBalanceLamports));
    return { paymentId: view.id, status: view.status, payer: checked.payer, transaction: signature, network: settings.network };
  });
}
