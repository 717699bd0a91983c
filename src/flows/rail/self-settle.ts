// Settlement elsewhere than in the request's transaction: on chain by the service
// (`facilitator.provider: "self"`) or by a remote x402 facilitator (`"remote"`, remote.ts), see
// docs/rail.md. No database transaction is open while the chain or the facilitator is waited for:
//   1. checks (verify-exact.ts) and, in a short transaction, the reservation: the settlement row
//      inserted `submitting` under the unique (network, asset, payer, nonce) index, so no other
//      process submits the same authorization;
//   2. transferWithAuthorization sent by the relayer (gas estimated first: a transfer the token
//      would refuse is never sent) and its hash written on the reservation; then the receipt,
//      waited for with RAIL_CONFIRMATIONS confirmations;
//   3. on success, a second transaction marks the row settled with the real hash and records the
//      usage, receipt and ledger entries (recordSettlement), with the relayer's balance watch.
// With `remote`, step 2 is the facilitator's settle; its success answers the hash recorded in 3,
// its refusal frees the reservation and is answered as it came; no answer at all (unreachable, a
// timeout) is indeterminate: the chain is asked by the nonce (settleIndeterminate).
// Refused before sending or reverted: the reservation is freed (the token did not use the nonce)
// and the answer is a failed settlement, nothing recorded; when the refusal is a nonce already
// used, or the transaction reverted, the chain is asked first whether another transaction of the
// same authorization paid this settlement (then that one is recorded). Not confirmed in time: the
// row stays `submitting` with its hash, the answer is a failed settlement
// (`invalid_transaction_state`), and a later settle of the same authorization (the middleware
// retries its queue) looks the receipt up and records it then, once.
// Recovery (docs/rail.md): a reservation left `submitting` past STUCK_AFTER_MS (its settler died
// before sending, or the remote facilitator's answer was lost) is looked up on chain by the
// token's AuthorizationUsed(authorizer, nonce) event, by the next settle of that payment or the
// recovery job (recovery.ts): recorded with the hash found, released when expired unused or used
// otherwise, submitted again while still valid.
import { realNowOf, type UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import { findAuthorizationUse } from './authorization-use.ts';
import { publicClientOf, receiptOf, rpcUrlOf, submitTransferWithAuthorization, waitForSettlement } from './chain.ts';
import { check, type Checked, type FacilitatorInput, type SettleResult } from './facilitator.ts';
import { settledBefore } from './settled-before.ts';
import { providerOf, remoteSettlementProblem, selfSettlementProblem, type RailProviderDeps } from './providers.ts';
import { forRemote, remoteClientOf } from './remote.ts';
import { namespaceOf } from './networks.ts';
import { recordOnChain } from './record-on-chain.ts';
import { routeSettlementRow } from './record-settlement.ts';
import { settleSolana } from './solana-settle.ts';
import { openRelayerKey } from './relayer.ts';
import { RELAYER_LOW_BALANCE_EVENT } from './relayer-watch.ts';
import * as repo from './repository.ts';
import { requireSettings } from './settings.ts';
import type { RailRelayerRow, RailSettingsRow, RailSettlementRow } from './tables.ts';
import { REASONS } from './verify-exact.ts';

// Defined beside the watch that raises it too; exported here where callers found it before.
export { RELAYER_LOW_BALANCE_EVENT };

/**
 * Age after which a reservation still `submitting` is taken for stuck: a settler sends within
 * seconds of its reservation, so one this old without a hash died (or lost its answer).
 */
export const STUCK_AFTER_MS = 60_000;

/** Reasons of @x402/evm's exact facilitator for what the chain refused. */
export const CHAIN_REASONS = {
  simulationFailed: 'invalid_exact_evm_transaction_simulation_failed',
  insufficientBalance: 'invalid_exact_evm_insufficient_balance',
  transactionFailed: 'invalid_exact_evm_transaction_failed',
  unconfirmed: 'invalid_transaction_state',
} as const;

export interface Plan {
  settings: RailSettingsRow;
  /** self: the relayer and the RPC URL; remote: neither. */
  relayer: RailRelayerRow | null;
  url: string;
  checked: Checked;
  input: FacilitatorInput;
}

const failed = (network: string, payer: string | undefined, reason: string, message: string): SettleResult => ({ success: false, errorReason: reason, errorMessage: message, ...(payer ? { payer } : {}), transaction: '', network });

/** What the token's revert says, as the facilitator's reason (FiatToken's require messages). */
export function refusalOf(error: unknown): { reason: string; message: string } {
  const text = error instanceof Error ? error.message : String(error);
  const first = text.split('\n')[0]!;
  if (/authorization is used or canceled/i.test(text)) return { reason: REASONS.nonceUsed, message: 'the token has used this authorization already (on chain)' };
  if (/exceeds balance/i.test(text)) return { reason: CHAIN_REASONS.insufficientBalance, message: 'the payer does not hold the amount' };
  return { reason: CHAIN_REASONS.simulationFailed, message: `the token refused the transfer: ${first}` };
}

export async function settleElsewhere(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, input: FacilitatorInput, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const settings = await requireSettings(db, ctx);
  const remote = providerOf(settings) === 'remote';
  const problem = await settlementProblem(db, ctx, deps, settings);
  if (problem) throw new AppError('provider_not_configured', problem);
  if (namespaceOf(settings.network) === 'solana') return settleSolana(db, ctx, deps, settings, input, usageKeyExpiresAt);
  const outcome = await check(db, ctx, settings, input);
  if (!outcome.ok) return failed(settings.network, outcome.payer, outcome.reason, outcome.message);
  const plan = await planFor(db, ctx, deps, settings, outcome.value, input);

  const id = newId();
  const reserved = await db.transaction().execute((tx) =>
    repo.claimSettlement(
      tx,
      routeSettlementRow(ctx, settings, plan.checked, {
        id,
        transaction: '',
        state: 'submitting',
        // Kept for recovery: a process finding this reservation stuck can submit it again.
        payment: { x402Version: input.x402Version ?? 2, paymentPayload: input.paymentPayload, paymentRequirements: input.paymentRequirements },
      }),
    ),
  );
  if (!reserved) return resume(db, ctx, deps, plan, usageKeyExpiresAt);
  return remote ? settleRemotely(db, ctx, deps, plan, id, usageKeyExpiresAt) : sendAndConfirm(db, ctx, deps, plan, id, usageKeyExpiresAt);
}

/** Steps 2 and 3 with `self`: the relayer sends, the receipt is awaited, the settlement recorded. */
async function sendAndConfirm(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, id: string, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const { settings, checked } = plan;
  const payer = checked.payer;
  let hash: `0x${string}`;
  try {
    hash = await submitTransferWithAuthorization({
      network: settings.network,
      url: plan.url,
      asset: settings.asset,
      relayerKey: openRelayerKey(keyringOf(deps.config)!, plan.relayer!),
      authorization: checked.payment.authorization,
      signature: checked.payment.signature,
    });
  } catch (error) {
    const refusal = refusalOf(error);
    const answer = failed(settings.network, payer, refusal.reason, refusal.message);
    // Used already: perhaps by another submission of this very reservation (a recovery racing it).
    if (refusal.reason === REASONS.nonceUsed) return releaseUnlessPaid(db, ctx, deps, plan, id, usageKeyExpiresAt, answer);
    await repo.releaseReservation(db, id);
    return answer;
  }
  await repo.setSubmittedTransaction(db, id, hash);
  const client = await publicClientOf(settings.network, plan.url);
  const receipt = await waitForSettlement(client, hash, deps.config.rail);
  if (receipt.kind === 'reverted') {
    return releaseUnlessPaid(db, ctx, deps, plan, id, usageKeyExpiresAt, failed(settings.network, payer, CHAIN_REASONS.transactionFailed, `transaction ${hash} reverted; nothing was charged`));
  }
  if (receipt.kind === 'unconfirmed') {
    return failed(settings.network, payer, CHAIN_REASONS.unconfirmed, `transaction ${hash} was not confirmed in time (${receipt.reason}); settle the same payment again to record it once it is`);
  }
  return record(db, ctx, deps, plan, id, hash, usageKeyExpiresAt);
}

/** What a settle of this tenant's provider works with (its problems were asked first: settlementProblem). */
export async function planFor(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow, checked: Checked, input: FacilitatorInput): Promise<Plan> {
  const remote = providerOf(settings) === 'remote';
  return {
    settings,
    relayer: remote ? null : (await repo.findRelayer(db, ctx.tenant))!,
    url: remote ? '' : rpcUrlOf(deps.config.rail, settings.network)!,
    checked,
    input,
  };
}

/** Why this tenant's provider cannot settle now (null: it can). */
export async function settlementProblem(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow): Promise<string | null> {
  return providerOf(settings) === 'remote' ? remoteSettlementProblem(db, ctx, deps) : selfSettlementProblem(db, ctx, deps, settings);
}

/** Step 2 with a remote facilitator: its settle, through the official client. */
async function settleRemotely(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, id: string, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const { settings, checked } = plan;
  const row = (await repo.findRemoteFacilitator(db, ctx.tenant))!;
  const refused = async (reason: string, message: string) => {
    const answer = failed(settings.network, checked.payer, reason, message);
    // Used already: the facilitator may have settled it before (an answer that was lost).
    if (reason === REASONS.nonceUsed) return releaseUnlessPaid(db, ctx, deps, plan, id, usageKeyExpiresAt, answer);
    await repo.releaseReservation(db, id);
    return answer;
  };
  let answer: Awaited<ReturnType<Awaited<ReturnType<typeof remoteClientOf>>['settle']>>;
  try {
    const client = await remoteClientOf(keyringOf(deps.config)!, row, deps.webhookPolicy);
    answer = await client.settle(forRemote(settings, plan.input.paymentPayload) as never, plan.input.paymentRequirements as never);
  } catch (error) {
    // SettleError (a non-2xx answer with a settle response) carries the facilitator's reason.
    const response = error as { errorReason?: string; errorMessage?: string };
    if (typeof response.errorReason === 'string') return refused(response.errorReason, response.errorMessage ?? 'the remote facilitator refused the settlement');
    return settleIndeterminate(db, ctx, deps, plan, id, usageKeyExpiresAt, `the remote facilitator did not settle: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (!answer.success || !answer.transaction) return refused(answer.errorReason ?? 'unexpected_settle_error', answer.errorMessage ?? 'the remote facilitator did not settle');
  await repo.setSubmittedTransaction(db, id, answer.transaction);
  return record(db, ctx, deps, plan, id, answer.transaction, usageKeyExpiresAt);
}

/**
 * The facilitator could not be reached or timed out: it may have settled (the official client
 * says a timeout is indeterminate). The chain says: used for this payment, recorded now with that
 * hash; otherwise the reservation stays `submitting` for recovery (the facilitator may still land
 * it), unless no RPC URL lets the service ever look (then freed, as before: docs/rail.md).
 */
async function settleIndeterminate(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, id: string, usageKeyExpiresAt: Date, message: string): Promise<SettleResult> {
  const answer = failed(plan.settings.network, plan.checked.payer, 'unexpected_settle_error', message);
  const verdict = await verdictOf(deps, plan);
  if (verdict.kind === 'paid') return record(db, ctx, deps, plan, id, verdict.hash, usageKeyExpiresAt);
  if (verdict.kind === 'unused' && verdict.chainTime === null) {
    await repo.releaseReservation(db, id);
    return answer;
  }
  return { ...answer, errorMessage: `${message}; the reservation is kept and recovered by the nonce on chain` };
}

/** The authorization was reserved before: settled (answered as such), or submitted and not yet recorded. */
async function resume(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const { key, payer } = plan.checked;
  const network = plan.settings.network;
  const earlier = await repo.findSettlement(db, key);
  const mine = earlier && earlier.account_id === ctx.tenant.accountId && earlier.environment === ctx.tenant.environment;
  // Freed between our claim and this read (its transaction was refused or reverted): try again.
  if (!earlier) return failed(network, payer, CHAIN_REASONS.unconfirmed, 'this authorization was being settled by another request that did not settle it; retry');
  if (earlier.state === 'settled' || !mine) return settledBefore(ctx, earlier.state === 'settled' ? earlier : undefined, payer, network);
  return continueReservation(db, ctx, deps, plan, earlier, usageKeyExpiresAt);
}

/**
 * A reservation still `submitting`, taken up by a later settle of the same payment or by the
 * recovery job (recovery.ts). With a hash: its receipt decides. Without one, or with one the chain
 * does not know, once older than STUCK_AFTER_MS (its settler died, or its answer was lost): the
 * authorization is looked up on chain by its nonce (recover).
 */
export async function continueReservation(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, row: RailSettlementRow, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const { payer } = plan.checked;
  const network = plan.settings.network;
  const stale = realNowOf(ctx).getTime() - new Date(row.created_at).getTime() >= STUCK_AFTER_MS;
  if (row.transaction === '') {
    if (!stale) return failed(network, payer, CHAIN_REASONS.unconfirmed, 'this authorization is being submitted by another settle; retry in a moment');
    return recover(db, ctx, deps, plan, row.id, usageKeyExpiresAt);
  }
  // The remote facilitator answered this hash as settled; only its recording is left.
  if (!plan.relayer) return record(db, ctx, deps, plan, row.id, row.transaction, usageKeyExpiresAt);
  const status = await receiptOf(await publicClientOf(network, plan.url), row.transaction as `0x${string}`);
  if (status === 'success') return record(db, ctx, deps, plan, row.id, row.transaction, usageKeyExpiresAt);
  if (status === 'reverted') return releaseUnlessPaid(db, ctx, deps, plan, row.id, usageKeyExpiresAt, failed(network, payer, CHAIN_REASONS.transactionFailed, `transaction ${row.transaction} reverted; nothing was charged`));
  if (!stale) return failed(network, payer, CHAIN_REASONS.unconfirmed, `transaction ${row.transaction} is not mined yet; settle again later`);
  // Dropped, or still pending long after: the nonce decides.
  return recover(db, ctx, deps, plan, row.id, usageKeyExpiresAt);
}

/**
 * A stuck reservation, by what the chain says of its authorization: used by a transfer paying
 * this settlement, recorded with that transaction's hash (once); used otherwise (cancelled) or
 * expired unused, released as failed; unused and still valid, submitted again (the relayer, or
 * the remote facilitator).
 */
async function recover(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, id: string, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const { payer, payment } = plan.checked;
  const network = plan.settings.network;
  const verdict = await verdictOf(deps, plan);
  if (verdict.kind === 'paid') return record(db, ctx, deps, plan, id, verdict.hash, usageKeyExpiresAt);
  if (verdict.kind === 'unreadable') return failed(network, payer, CHAIN_REASONS.unconfirmed, `the chain could not be read to recover this settlement (${verdict.why}); settle again later`);
  if (verdict.kind === 'used_otherwise') {
    await repo.releaseReservation(db, id);
    return failed(network, payer, REASONS.nonceUsed, 'the token used this authorization otherwise (cancelled, or another transfer); nothing was charged');
  }
  const now = verdict.chainTime ?? Math.floor(realNowOf(ctx).getTime() / 1000);
  if (BigInt(payment.authorization.validBefore) <= BigInt(now)) {
    await repo.releaseReservation(db, id);
    return failed(network, payer, REASONS.validBefore, 'the authorization expired before it was settled; nothing was charged');
  }
  return plan.relayer ? sendAndConfirm(db, ctx, deps, plan, id, usageKeyExpiresAt) : settleRemotely(db, ctx, deps, plan, id, usageKeyExpiresAt);
}

/** A failure after which the reservation is freed, unless the chain shows the authorization paid this settlement (then it is recorded). */
async function releaseUnlessPaid(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, id: string, usageKeyExpiresAt: Date, failure: SettleResult): Promise<SettleResult> {
  const verdict = await verdictOf(deps, plan);
  if (verdict.kind === 'paid') return record(db, ctx, deps, plan, id, verdict.hash, usageKeyExpiresAt);
  if (verdict.kind === 'unreadable') {
    return failed(plan.settings.network, plan.checked.payer, CHAIN_REASONS.unconfirmed, `${failure.errorMessage}; the chain could not be read to confirm nothing moved (${verdict.why}): kept, settle again later`);
  }
  await repo.releaseReservation(db, id);
  return failure;
}

type Verdict = { kind: 'paid'; hash: string } | { kind: 'used_otherwise' } | { kind: 'unused'; chainTime: number | null } | { kind: 'unreadable'; why: string };

/**
 * What the chain says of the plan's authorization (authorization-use.ts). `unused` with no
 * chainTime: no RPC URL for the network (a remote facilitator's account may have none), so the
 * service cannot look; it acts as it did before recovery existed.
 */
async function verdictOf(deps: RailProviderDeps, plan: Plan): Promise<Verdict> {
  const { settings, checked } = plan;
  const url = rpcUrlOf(deps.config.rail, settings.network);
  if (!url) return { kind: 'unused', chainTime: null };
  const auth = checked.payment.authorization;
  try {
    const lookup = await findAuthorizationUse(await publicClientOf(settings.network, url), { asset: settings.asset, authorizer: auth.from, nonce: auth.nonce }, Number(auth.validAfter));
    if (!lookup.used) return { kind: 'unused', chainTime: lookup.chainTime };
    // Used, but its event is beyond the search: nothing is released on a guess; retried later.
    if (!lookup.use && !lookup.cancelled) return { kind: 'unreadable', why: 'the token used this authorization in a block the log search did not reach' };
    const transfer = lookup.use?.transfer;
    const paysThis = transfer && transfer.to.toLowerCase() === settings.pay_to.toLowerCase() && transfer.value === BigInt(auth.value) && auth.value === checked.route.amount;
    return paysThis ? { kind: 'paid', hash: lookup.use!.transaction } : { kind: 'used_otherwise' };
  } catch (error) {
    return { kind: 'unreadable', why: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

/** The second transaction: the settlement recorded once with its real hash, and the relayer's balance watched. */
async function record(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, id: string, hash: string, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const { settings, relayer, checked } = plan;
  // Read before the transaction opens (never a chain call inside one).
  const balance = relayer ? await (await publicClientOf(settings.network, plan.url)).getBalance({ address: relayer.address as `0x${string}` }).catch(() => null) : null;
  const watch = relayer && balance !== null ? { relayer, balance, threshold: BigInt(deps.config.rail.relayerMinBalanceWei) } : null;
  return recordOnChain(db, ctx, { settings, checked, id, transaction: hash, usageKeyExpiresAt, watch });
}
