// The hosted checkout's wallet payment settled on chain: `facilitator.provider` `self` (the
// account's relayer submits transferWithAuthorization) or `remote` (its x402 facilitator settles),
// in either environment. The same steps as a Rail route's settle (self-settle.ts), so no database
// transaction is open while the chain or the facilitator works:
//   1. the charge and the authorization checked (wallet-payment.ts), then in a short transaction
//      the reservation: the settlement row `submitting`, its nonce taken (unique index) and the
//      charge taken (rail_settlements_one_per_charge: two authorizations of one charge never both
//      move money);
//   2. sent (self: gas estimated first, a transfer the token refuses is never sent) and its hash
//      written; the receipt awaited with RAIL_CONFIRMATIONS; a refusal or a revert frees the
//      reservation and answers 422 with the reason, the charge still payable;
//   3. a second transaction marks the row settled and confirms the charge with the real hash as
//      its providerId, spending the charge token.
// Not confirmed in time: 503, the row stays `submitting` with its hash, and the same request sent
// again looks the receipt up and records it then, once. A repeat of a paid request answers the
// payment again (idempotent by the authorization, as /rail/settle on chain: no Idempotency-Key is
// stored, that would hold a transaction open across the chain's wait).
import { AppError } from '../../core/errors.ts';
import { newId, isUuid } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import { findPaymentById, matchesDigest, updatePayment, type PaymentRow } from '../../modules/payments/index.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import { confirmPayment } from '../payment-confirmation/index.ts';
import { publicClientOf, receiptOf, rpcUrlOf, submitTransferWithAuthorization, waitForSettlement } from './chain.ts';
import { namespaceOf, type Namespace } from './networks.ts';
import { providerOf, settlesElsewhere, type RailProviderDeps } from './providers.ts';
import { openRelayerKey } from './relayer.ts';
import { watchRelayerBalance } from './relayer-watch.ts';
import { forRemote, remoteClientOf } from './remote.ts';
import * as repo from './repository.ts';
import { CHAIN_REASONS, refusalOf } from './self-settle.ts';
import type { RailSettlementRow } from './tables.ts';
import { checkWalletAuthorization, refused, unclaimedWhy, walletCharge, walletSettlementRow, type WalletAuthorization, type WalletCharge, type WalletPaymentResult } from './wallet-payment.ts';

/**
 * Where the charge's seller settles wallet payments when not in the request's transaction: on an
 * EVM chain (payByWalletOnChain) or on Solana (wallet-solana.ts); null when simulated here.
 */
export async function walletSettlesOn(db: Db, paymentId: string): Promise<Namespace | null> {
  const payment = isUuid(paymentId) ? await findPaymentById(db, paymentId.toLowerCase()) : undefined;
  if (!payment || payment.method !== 'crypto') return null;
  const settings = await repo.findSettings(db, { accountId: payment.account_id, environment: payment.environment });
  return settings !== undefined && settlesElsewhere(settings) ? namespaceOf(settings.network) : null;
}

const resultOf = (payment: Pick<PaymentRow, 'id' | 'status'>, payer: string, transaction: string, network: string): WalletPaymentResult => ({ paymentId: payment.id, status: payment.status, payer, transaction, network });

/** The earlier answer of this same request, when its authorization paid the charge already (a retry whose answer was lost). */
async function paidBefore(db: Db, paymentId: string, chargeToken: string, paymentPayload: unknown): Promise<WalletPaymentResult | null> {
  const payment = isUuid(paymentId) ? await findPaymentById(db, paymentId.toLowerCase()) : undefined;
  if (!payment || !payment.charge_token_used_at || !matchesDigest(chargeToken, payment.charge_token_hash)) return null;
  const authorization = (paymentPayload as { payload?: { authorization?: { from?: unknown; nonce?: unknown } } } | null)?.payload?.authorization;
  const settled = await repo.findWalletSettlement(db, { accountId: payment.account_id, environment: payment.environment }, payment.id);
  if (!settled || settled.state !== 'settled' || typeof authorization?.from !== 'string' || authorization.nonce !== settled.nonce || authorization.from.toLowerCase() !== settled.payer) return null;
  return resultOf(payment, authorization.from, settled.transaction, settled.network);
}

export async function payByWalletOnChain(db: Db, deps: RailProviderDeps, paymentId: string, chargeToken: string, paymentPayload: unknown, now: Date, baseUrl: string): Promise<WalletPaymentResult> {
  const replay = await paidBefore(db, paymentId, chargeToken, paymentPayload);
  if (replay) return replay;
  const charge = await walletCharge(db, deps, paymentId, chargeToken, now, baseUrl);
  const authorization = await checkWalletAuthorization(charge, paymentPayload, now);
  const id = newId();
  const reserved = await db.transaction().execute((tx) => repo.claimWalletSettlement(tx, walletSettlementRow(charge, authorization.key, id, '', 'submitting', now)));
  if (!reserved) return resume(db, deps, charge, authorization);
  if (providerOf(charge.settings) === 'remote') return settleRemotely(db, deps, charge, authorization, id);

  const { settings } = charge;
  const url = rpcUrlOf(deps.config.rail, settings.network)!;
  const relayer = (await repo.findRelayer(db, charge.ctx.tenant))!;
  let hash: `0x${string}`;
  try {
    hash = await submitTransferWithAuthorization({
      network: settings.network,
      url,
      asset: settings.asset,
      relayerKey: openRelayerKey(keyringOf(deps.config)!, relayer),
      authorization: authorization.parsed.authorization,
      signature: authorization.parsed.signature,
    });
  } catch (error) {
    await repo.releaseReservation(db, id);
    const refusal = refusalOf(error);
    throw refused(refusal.reason, `The token refused the transfer: ${refusal.message}. Nothing was charged.`, authorization.parsed.authorization.value);
  }
  await repo.setSubmittedTransaction(db, id, hash);
  return awaitAndRecord(db, deps, charge, authorization, id, hash);
}

/** Self: the receipt awaited, then the charge confirmed; reverted frees the reservation (422), not confirmed in time is a 503 to send again. */
async function awaitAndRecord(db: Db, deps: RailProviderDeps, charge: WalletCharge, authorization: WalletAuthorization, id: string, hash: `0x${string}`): Promise<WalletPaymentResult> {
  const client = await publicClientOf(charge.settings.network, rpcUrlOf(deps.config.rail, charge.settings.network)!);
  const receipt = await waitForSettlement(client, hash, deps.config.rail);
  if (receipt.kind === 'reverted') return reverted(db, authorization, id, hash);
  if (receipt.kind === 'unconfirmed') throw unconfirmed(hash, receipt.reason);
  return record(db, deps, charge, authorization, id, hash);
}

/** Reverted on chain: the token did not use the nonce, so the reservation is freed and the charge stays payable. */
async function reverted(db: Db, authorization: WalletAuthorization, id: string, hash: string): Promise<never> {
  await repo.releaseReservation(db, id);
  throw refused(CHAIN_REASONS.transactionFailed, `Transaction ${hash} reverted; nothing was charged. Sign a new authorization.`, authorization.parsed.authorization.value);
}

const unconfirmed = (hash: string, why: string) =>
  new AppError('service_unavailable', `Transaction ${hash} was sent and is not confirmed yet (${why}); send the same request again to record it once it is.`, { retryAfterSeconds: 5 });

/** Remote: the facilitator's settle through the official client; a refusal frees the reservation (422 with its reason). */
async function settleRemotely(db: Db, deps: RailProviderDeps, charge: WalletCharge, authorization: WalletAuthorization, id: string): Promise<WalletPaymentResult> {
  const row = (await repo.findRemoteFacilitator(db, charge.ctx.tenant))!;
  const value = authorization.parsed.authorization.value;
  let answer: { success: boolean; transaction?: string; errorReason?: string; errorMessage?: string };
  try {
    const client = await remoteClientOf(keyringOf(deps.config)!, row, deps.webhookPolicy);
    answer = await client.settle(forRemote(charge.settings, authorization.parsed.payload as unknown as Record<string, unknown>) as never, charge.requirements as never);
  } catch (error) {
    // Refused (the client throws on a failed settle) or unreachable: as a Rail route's remote settle, the reservation is freed.
    await repo.releaseReservation(db, id);
    const response = error as { errorReason?: string; errorMessage?: string };
    if (typeof response.errorReason === 'string') throw refused(response.errorReason, response.errorMessage ?? 'the remote facilitator refused the settlement', value);
    throw new AppError('service_unavailable', `The seller's facilitator did not settle: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}. Nothing was recorded; try again.`, { retryAfterSeconds: 5 });
  }
  if (!answer.success || !answer.transaction) {
    await repo.releaseReservation(db, id);
    throw refused(answer.errorReason ?? 'unexpected_settle_error', answer.errorMessage ?? 'the remote facilitator did not settle', value);
  }
  await repo.setSubmittedTransaction(db, id, answer.transaction);
  return record(db, deps, charge, authorization, id, answer.transaction);
}

/** The authorization was reserved before for this charge: settled (answered again), or submitted and not yet recorded (looked up). */
async function resume(db: Db, deps: RailProviderDeps, charge: WalletCharge, authorization: WalletAuthorization): Promise<WalletPaymentResult> {
  const earlier: RailSettlementRow | undefined = await repo.findSettlement(db, authorization.key);
  if (!earlier || earlier.payment_id !== charge.payment.id) throw await unclaimedWhy(db, authorization.key);
  if (earlier.state === 'settled') return resultOf(charge.payment, authorization.payer, earlier.transaction, earlier.network);
  if (earlier.transaction === '') throw new AppError('service_unavailable', 'This authorization is being submitted by another request; send it again in a moment.', { retryAfterSeconds: 2 });
  // The remote facilitator answered this hash as settled; only the recording is left.
  if (providerOf(charge.settings) === 'remote') return record(db, deps, charge, authorization, earlier.id, earlier.transaction);
  const status = await receiptOf(await publicClientOf(charge.settings.network, rpcUrlOf(deps.config.rail, charge.settings.network)!), earlier.transaction as `0x${string}`);
  if (status === 'success') return record(db, deps, charge, authorization, earlier.id, earlier.transaction);
  if (status === 'reverted') return reverted(db, authorization, earlier.id, earlier.transaction);
  throw unconfirmed(earlier.transaction, 'not mined yet');
}

/** The second transaction: the settlement marked settled, the charge confirmed with the real hash, its token spent; the relayer's gas noted. */
async function record(db: Db, deps: RailProviderDeps, charge: WalletCharge, authorization: WalletAuthorization, id: string, hash: string): Promise<WalletPaymentResult> {
  const { settings, ctx, payment } = charge;
  const relayer = providerOf(settings) === 'self' ? await repo.findRelayer(db, ctx.tenant) : undefined;
  // Read before the transaction opens (never a chain call inside one).
  const url = rpcUrlOf(deps.config.rail, settings.network);
  const balance = relayer && url ? await (await publicClientOf(settings.network, url)).getBalance({ address: relayer.address as `0x${string}` }).catch(() => null) : null;
  return db.transaction().execute(async (tx) => {
    if (!(await repo.markSettled(tx, id, hash))) {
      const earlier = await repo.findSettlement(tx, authorization.key);
      return resultOf(payment, authorization.payer, earlier?.transaction ?? hash, settings.network);
    }
    // A charge superseded meanwhile (the buyer chose another method) is still confirmed: the money
    // moved; the payment-confirmation flow sends it back when the invoice was paid otherwise.
    const view = await confirmPayment(tx, ctx, payment.id);
    await updatePayment(tx, ctx.tenant, payment.id, { charge_token_used_at: ctx.now, provider_id: hash, updated_at: ctx.now });
    if (relayer && balance !== null) await watchRelayerBalance(tx, ctx, relayer, settings.network, balance, BigInt(deps.config.rail.relayerMinBalanceWei));
    return { paymentId: view.id, status: view.status, payer: authorization.payer, transaction: hash, network: settings.network };
  });
}
