// Verify and settle on Solana (docs/rail-solana.md): the x402 `exact` scheme of @x402/svm,
// where the agent signs an SPL TransferChecked to payTo's token account and the facilitator,
// named by `extra.feePayer`, co-signs as fee payer and sends it.
//   self    the official ExactSvmScheme facilitator with the account's fee payer (its relayer on
//           this network) and the network's RPC URL (solana.ts) verifies and settles;
//   remote  the remote facilitator does, through the official HTTPFacilitatorClient.
// Before either, the service's own checks: the route the requirements mean (route-match.ts), the
// requirements equal to the settings and the route's price. Settled once per signed transaction:
// its message hash is the settlement's nonce under the unique (network, asset, payer, nonce)
// index, reserved `submitting` in a short transaction before anything is sent (so two processes
// cannot both send it), with the transaction's signature, known before sending (the fee payer's
// deterministic signature), written on the reservation. Then the settlement is recorded as every
// Rail settlement is (record-settlement.ts) in a second transaction, with the fee payer's SOL
// balance watched. A payment that fails is released (nothing moved); one whose outcome is unknown
// stays reserved, and a later settle of the same payment looks its signature up on chain.
import type { UseCaseContext } from '../../core/context.ts';
import type { Db, Executor } from '../../db/database.ts';
import { newId } from '../../core/ids.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import { rpcUrlOf } from './chain.ts';
import type { FacilitatorInput, SettleResult, VerifyResult } from './facilitator.ts';
import { settledBefore, type DuplicateAnswer } from './settled-before.ts';
import { loadX402Schemas } from './lazy.ts';
import { providerOf, type RailProviderDeps } from './providers.ts';
import { recordOnChain } from './record-on-chain.ts';
import { routeSettlementRow } from './record-settlement.ts';
import { openFeePayerKey } from './relayer.ts';
import { forRemote, remoteClientOf } from './remote.ts';
import * as repo from './repository.ts';
import { matchRoute } from './route-match.ts';
import { blockhashOf, blockhashStillValid, feePayerSignatureOf, lamportsOf, signatureStatusOf, svmPaymentFacts, svmSchemeOf } from './solana.ts';
import type { RailSettingsRow, RailSettlementRow } from './tables.ts';
import type { RailRoute } from './config.ts';

/** Reasons of @x402/svm's exact facilitator (and the service's own for the route). */
export const SVM_REASONS = {
  invalidPayload: 'invalid_payload',
  undecodable: 'invalid_exact_svm_payload_transaction_could_not_be_decoded',
  networkMismatch: 'invalid_exact_svm_network_mismatch',
  mintMismatch: 'invalid_exact_svm_payload_mint_mismatch',
  recipientMismatch: 'invalid_exact_svm_payload_recipient_mismatch',
  amountMismatch: 'invalid_exact_svm_payload_amount_mismatch',
  duplicate: 'duplicate_settlement',
  transactionFailed: 'invalid_exact_svm_transaction_failed',
  pending: 'settlement_pending',
  price: 'invalid_rail_route_price',
} as const;

interface SvmChecked {
  payer: string;
  route: RailRoute;
  productId: string;
  key: repo.AuthorizationKey;
  messageBytes: Uint8Array;
}

type SvmOutcome = { ok: true; value: SvmChecked } | { ok: false; reason: string; message: string; payer?: string };

const fail = (reason: string, message: string, payer?: string): SvmOutcome => ({ ok: false, reason, message, ...(payer ? { payer } : {}) });

/** The service's checks: shapes, the route, the requirements against the settings and the route's price. */
async function checkSvm(ex: Executor, ctx: UseCaseContext, settings: RailSettingsRow, input: FacilitatorInput): Promise<SvmOutcome> {
  const { PaymentPayloadV2Schema, PaymentRequirementsV2Schema } = await loadX402Schemas();
  const payload = PaymentPayloadV2Schema.safeParse(input.paymentPayload);
  const requirements = PaymentRequirementsV2Schema.safeParse(input.paymentRequirements);
  if (!payload.success || !requirements.success) return fail(SVM_REASONS.invalidPayload, 'paymentPayload and paymentRequirements must be x402 v2 objects');
  const facts = await svmPaymentFacts(payload.data);
  if (!facts) return fail(SVM_REASONS.undecodable, 'payload.transaction is not a base64 Solana transaction with a token transfer');
  const payer = facts.payer;
  const req = requirements.data;
  const accepted = payload.data.accepted;
  if (req.network !== settings.network || accepted.network !== settings.network) return fail(SVM_REASONS.networkMismatch, `the Rail settles on ${settings.network}`, payer);
  if (req.asset !== settings.asset || accepted.asset !== settings.asset) return fail(SVM_REASONS.mintMismatch, `the Rail settles in ${settings.asset}`, payer);
  if (req.payTo !== settings.pay_to || accepted.payTo !== settings.pay_to) return fail(SVM_REASONS.recipientMismatch, 'the payment does not pay the seller wallet', payer);
  const matched = await matchRoute(ex, ctx, settings, { amount: req.amount, ...(req.extra ? { extra: req.extra } : {}) }, payload.data.resource?.url);
  if (!matched.ok) return { ...matched, ...(payer ? { payer } : {}) };
  const { route } = matched.value;
  if (req.amount !== route.amount || accepted.amount !== route.amount) return fail(SVM_REASONS.price, `the route costs ${route.amount} atomic units; the requirements say ${req.amount}`, payer);
  if (!payer) return fail(SVM_REASONS.undecodable, 'the transaction holds no TransferChecked naming its payer');
  const key = { network: settings.network, asset: settings.asset, payer, nonce: facts.messageHash };
  return { ok: true, value: { payer, route, productId: matched.value.productId, key, messageBytes: facts.messageBytes } };
}

/** The account's fee payer (its relayer on this network) and the official facilitator scheme built on it. */
export async function feePayerOf(ex: Executor, ctx: UseCaseContext, deps: RailProviderDeps, url: string) {
  const relayer = (await repo.findRelayer(ex, ctx.tenant))!;
  return { relayer, ...(await svmSchemeOf(openFeePayerKey(keyringOf(deps.config)!, relayer), url)) };
}

/** POST /rail/verify on Solana (its provider's problems were asked by the caller). */
export async function verifySolana(ex: Executor, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow, input: FacilitatorInput): Promise<VerifyResult> {
  const outcome = await checkSvm(ex, ctx, settings, input);
  if (!outcome.ok) return { isValid: false, invalidReason: outcome.reason, invalidMessage: outcome.message, ...(outcome.payer ? { payer: outcome.payer } : {}) };
  if (await repo.findSettlement(ex, outcome.value.key)) return { isValid: false, invalidReason: SVM_REASONS.duplicate, invalidMessage: 'this transaction was settled already', payer: outcome.value.payer };
  try {
    const answer =
      providerOf(settings) === 'remote'
        ? await (await remoteClientOf(keyringOf(deps.config)!, (await repo.findRemoteFacilitator(ex, ctx.tenant))!, deps.webhookPolicy)).verify(forRemote(settings, input.paymentPayload) as never, input.paymentRequirements as never)
        : await (await feePayerOf(ex, ctx, deps, rpcUrlOf(deps.config.rail, settings.network)!)).scheme.verify(input.paymentPayload as never, input.paymentRequirements as never);
    return { isValid: answer.isValid, ...(answer.invalidReason ? { invalidReason: answer.invalidReason } : {}), ...(answer.invalidMessage ? { invalidMessage: answer.invalidMessage } : {}), payer: answer.payer || outcome.value.payer };
  } catch (error) {
    const refused = error as { invalidReason?: string; invalidMessage?: string };
    if (typeof refused.invalidReason === 'string') return { isValid: false, invalidReason: refused.invalidReason, ...(refused.invalidMessage ? { invalidMessage: refused.invalidMessage } : {}), payer: outcome.value.payer };
    return { isValid: false, invalidReason: 'unexpected_verify_error', invalidMessage: `the payment could not be verified: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, payer: outcome.value.payer };
  }
}

/** Settled before, with @x402/svm's reason (facilitator.ts settledBefore): extra names the earlier settlement when it was this seller's. */
const SVM_DUPLICATE: DuplicateAnswer = { reason: SVM_REASONS.duplicate, message: 'this payment was settled already; it is not charged again' };

const failed = (network: string, payer: string | undefined, reason: string, message: string): SettleResult => ({ success: false, errorReason: reason, errorMessage: message, ...(payer ? { payer } : {}), transaction: '', network });

/** POST /rail/settle on Solana (its provider's problems were asked by the caller). */
export async function settleSolana(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow, input: FacilitatorInput, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const network = settings.network;
  const outcome = await checkSvm(db, ctx, settings, input);
  if (!outcome.ok) return failed(network, outcome.payer, outcome.reason, outcome.message);
  const checked = outcome.value;
  const remote = providerOf(settings) === 'remote';
  const url = rpcUrlOf(deps.config.rail, network);
  const self = remote ? null : await feePayerOf(db, ctx, deps, url!);
  // The signature the chain will know the transaction by (self: the fee payer's own, computed now).
  const signature = self ? await feePayerSignatureOf(self.signer, checked.messageBytes) : '';
  const id = newId();
  const reserved = await db.transaction().execute((tx) =>
    repo.claimSettlement(
      tx,
      routeSettlementRow(ctx, settings, checked, {
        id,
        transaction: signature,
        state: 'submitting',
        payment: { x402Version: input.x402Version ?? 2, paymentPayload: input.paymentPayload, paymentRequirements: input.paymentRequirements },
      }),
    ),
  );
  if (!reserved) return resumeSolana(db, ctx, deps, settings, checked, usageKeyExpiresAt);

  let answer: { success: boolean; transaction?: string; errorReason?: string; errorMessage?: string };
  try {
    answer = self
      ? await self.scheme.settle(input.paymentPayload as never, input.paymentRequirements as never)
      : await (await remoteClientOf(keyringOf(deps.config)!, (await repo.findRemoteFacilitator(db, ctx.tenant))!, deps.webhookPolicy)).settle(forRemote(settings, input.paymentPayload) as never, input.paymentRequirements as never);
  } catch (error) {
    const refused = error as { errorReason?: string; errorMessage?: string };
    // A settle answer with an error status carries its reason (nothing sent); anything else is indeterminate.
    if (typeof refused.errorReason === 'string') answer = { success: false, errorReason: refused.errorReason, errorMessage: refused.errorMessage };
    else return failed(network, checked.payer, SVM_REASONS.pending, `the settlement's outcome is unknown (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); the reservation is kept: settle the same payment again to record it once it lands`);
  }
  if (answer.success && answer.transaction) {
    await repo.setSubmittedTransaction(db, id, answer.transaction);
    return recordSolana(db, ctx, deps, settings, checked, id, answer.transaction, usageKeyExpiresAt);
  }
  // Sent but not confirmed yet: kept, its signature decides later.
  if (answer.errorReason === SVM_REASONS.pending) return failed(network, checked.payer, SVM_REASONS.pending, answer.errorMessage ?? 'sent, not confirmed yet: settle the same payment again to record it once it lands');
  await repo.releaseReservation(db, id);
  return failed(network, checked.payer, answer.errorReason ?? SVM_REASONS.transactionFailed, answer.errorMessage ?? 'the facilitator did not settle this payment; nothing was charged');
}

/** The payment was reserved before: settled (answered as such), or sent and not yet recorded (its signature's status decides). */
async function resumeSolana(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow, checked: SvmChecked, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const network = settings.network;
  const earlier = await repo.findSettlement(db, checked.key);
  const mine = earlier && earlier.account_id === ctx.tenant.accountId && earlier.environment === ctx.tenant.environment;
  if (!earlier) return failed(network, checked.payer, SVM_REASONS.pending, 'this payment was being settled by another request that did not settle it; retry');
  if (earlier.state === 'settled' || !mine) return settledBefore(ctx, earlier, checked.payer, network, SVM_DUPLICATE);
  const url = rpcUrlOf(deps.config.rail, network);
  const status = url && earlier.transaction ? await signatureStatusOf(url, earlier.transaction).catch(() => null) : null;
  if (status === 'success') return recordSolana(db, ctx, deps, settings, checked, earlier.id, earlier.transaction, usageKeyExpiresAt);
  return failed(network, checked.payer, SVM_REASONS.pending, 'this payment is being settled by another request; settle again in a moment');
}

/** The second transaction: the settlement recorded once with its signature, and the fee payer's SOL watched. */
async function recordSolana(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow, checked: SvmChecked, id: string, signature: string, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const url = rpcUrlOf(deps.config.rail, settings.network);
  const relayer = providerOf(settings) === 'self' ? await repo.findRelayer(db, ctx.tenant) : undefined;
  // Read before the transaction opens (never a chain call inside one).
  const balance = relayer && url ? await lamportsOf(url, relayer.address).catch(() => null) : null;
  const watch = relayer && balance !== null ? { relayer, balance, threshold: BigInt(deps.config.rail.feePayerMinBalanceLamports) } : null;
  return recordOnChain(db, ctx, { settings, checked, id, transaction: signature, usageKeyExpiresAt, watch, duplicate: SVM_DUPLICATE });
}

/**
 * The recovery job's take on a Solana reservation left `submitting` (recovery.ts): checked as of its
 * reservation, then its transaction's signature decides: confirmed, recorded once; failed on chain,
 * released (nothing moved); unknown to the chain, left while its blockhash is still valid (it may
 * still land) and released once the blockhash expired (it never can).
 */
export async function recoverSolanaReservation(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow, row: RailSettlementRow, usageKeyExpiresAt: Date): Promise<'recorded' | 'released' | 'left' | { skip: string }> {
  const url = rpcUrlOf(deps.config.rail, settings.network);
  if (!url) return { skip: `no RPC URL for ${settings.network}: its signature cannot be looked up` };
  const outcome = await checkSvm(db, { ...ctx, now: new Date(row.created_at), realNow: new Date(row.created_at) }, settings, row.payment!);
  if (!outcome.ok) return { skip: `its payment no longer matches a route (${outcome.reason})` };
  if (row.transaction === '') return 'left';
  const status = await signatureStatusOf(url, row.transaction);
  if (status === 'success') {
    const answer = await recordSolana(db, ctx, deps, settings, outcome.value, row.id, row.transaction, usageKeyExpiresAt);
    return answer.success ? 'recorded' : 'left';
  }
  if (status === 'failed') {
    await repo.releaseReservation(db, row.id);
    return 'released';
  }
  // Unknown to the chain: it may still land while its blockhash is valid. Once the blockhash
  // expired it never can, so a last look through the whole history (a status cache forgets old
  // signatures) that still finds nothing releases it: nothing moved, the agent may pay again.
  if (await blockhashStillValid(url, await blockhashOf(outcome.value.messageBytes))) return 'left';
  const landed = await signatureStatusOf(url, row.transaction, { searchTransactionHistory: true });
  if (landed === 'success') {
    const answer = await recordSolana(db, ctx, deps, settings, outcome.value, row.id, row.transaction, usageKeyExpiresAt);
    return answer.success ? 'recorded' : 'left';
  }
  await repo.releaseReservation(db, row.id);
  return 'released';
}
