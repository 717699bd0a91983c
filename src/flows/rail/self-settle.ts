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
// its failure frees the reservation and is answered as it came.
// Refused before sending or reverted: the reservation is freed (the token did not use the nonce)
// and the answer is a failed settlement, nothing recorded. Not confirmed in time: the row stays
// `submitting` with its hash, the answer is a failed settlement (`invalid_transaction_state`),
// and a later settle of the same authorization (the middleware retries its queue) looks the
// receipt up and records it then, once.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import { publicClientOf, receiptOf, rpcUrlOf, submitTransferWithAuthorization, waitForSettlement } from './chain.ts';
import { check, settledBefore, type Checked, type FacilitatorInput, type SettleResult } from './facilitator.ts';
import { providerOf, receiptProviderOf, remoteSettlementProblem, selfSettlementProblem, settlesElsewhere, type RailProviderDeps } from './providers.ts';
import { forRemote, remoteClientOf } from './remote.ts';
import { recordSettlement } from './record-settlement.ts';
import { openRelayerKey } from './relayer.ts';
import * as repo from './repository.ts';
import { requireSettings } from './settings.ts';
import type { RailRelayerRow, RailSettingsRow } from './tables.ts';
import { REASONS } from './verify-exact.ts';

export const RELAYER_LOW_BALANCE_EVENT = 'rail.relayer_low_balance';

/** Reasons of @x402/evm's exact facilitator for what the chain refused. */
export const CHAIN_REASONS = {
  simulationFailed: 'invalid_exact_evm_transaction_simulation_failed',
  insufficientBalance: 'invalid_exact_evm_insufficient_balance',
  transactionFailed: 'invalid_exact_evm_transaction_failed',
  unconfirmed: 'invalid_transaction_state',
} as const;

interface Plan {
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

/** Whether this tenant's settlements happen elsewhere (then the route calls settleElsewhere, outside any transaction). */
export async function settlesOutside(db: Db, ctx: UseCaseContext): Promise<boolean> {
  const settings = await repo.findSettings(db, ctx.tenant);
  return settings !== undefined && settlesElsewhere(settings);
}

export async function settleElsewhere(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, input: FacilitatorInput, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const settings = await requireSettings(db, ctx);
  const remote = providerOf(settings) === 'remote';
  const problem = remote ? await remoteSettlementProblem(db, ctx, deps) : await selfSettlementProblem(db, ctx, deps, settings);
  if (problem) throw new AppError('provider_not_configured', problem);
  const outcome = await check(db, ctx, settings, input);
  if (!outcome.ok) return failed(settings.network, outcome.payer, outcome.reason, outcome.message);
  const plan: Plan = {
    settings,
    relayer: remote ? null : (await repo.findRelayer(db, ctx.tenant))!,
    url: remote ? '' : rpcUrlOf(deps.config.rail, settings.network)!,
    checked: outcome.value,
    input,
  };
  const { key, payer, route } = plan.checked;

  const id = newId();
  const reserved = await db.transaction().execute((tx) =>
    repo.claimSettlement(tx, {
      id,
      account_id: ctx.tenant.accountId,
      environment: ctx.tenant.environment,
      ...key,
      pay_to: settings.pay_to.toLowerCase(),
      amount: route.amount,
      transaction: '',
      product_id: plan.checked.productId,
      meter_id: route.meterId,
      customer_id: null,
      enrollment_id: null,
      usage_event_id: null,
      invoice_id: null,
      payment_id: null,
      state: 'submitting',
      created_at: ctx.now,
    }),
  );
  if (!reserved) return resume(db, ctx, deps, plan, usageKeyExpiresAt);
  if (remote) return settleRemotely(db, ctx, deps, plan, id, usageKeyExpiresAt);

  let hash: `0x${string}`;
  try {
    hash = await submitTransferWithAuthorization({
      network: settings.network,
      url: plan.url,
      asset: settings.asset,
      relayerKey: openRelayerKey(keyringOf(deps.config)!, plan.relayer!),
      authorization: plan.checked.payment.authorization,
      signature: plan.checked.payment.signature,
    });
  } catch (error) {
    await repo.releaseReservation(db, id);
    const refusal = refusalOf(error);
    return failed(settings.network, payer, refusal.reason, refusal.message);
  }
  await repo.setSubmittedTransaction(db, id, hash);
  const client = await publicClientOf(settings.network, plan.url);
  const receipt = await waitForSettlement(client, hash, deps.config.rail);
  if (receipt.kind === 'reverted') {
    await repo.releaseReservation(db, id);
    return failed(settings.network, payer, CHAIN_REASONS.transactionFailed, `transaction ${hash} reverted; nothing was charged`);
  }
  if (receipt.kind === 'unconfirmed') {
    return failed(settings.network, payer, CHAIN_REASONS.unconfirmed, `transaction ${hash} was not confirmed in time (${receipt.reason}); settle the same payment again to record it once it is`);
  }
  return record(db, ctx, deps, plan, id, hash, usageKeyExpiresAt);
}

/** Step 2 with a remote facilitator: its settle, through the official client. */
async function settleRemotely(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, id: string, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const { settings, checked } = plan;
  const row = (await repo.findRemoteFacilitator(db, ctx.tenant))!;
  let answer: Awaited<ReturnType<Awaited<ReturnType<typeof remoteClientOf>>['settle']>>;
  try {
    const client = await remoteClientOf(keyringOf(deps.config)!, row);
    answer = await client.settle(forRemote(settings, plan.input.paymentPayload) as never, plan.input.paymentRequirements as never);
  } catch (error) {
    // Refused (the client throws on a failed settle) or unreachable; a timeout is indeterminate
    // (docs/rail.md): the facilitator may still settle, and a later settle answers its nonce used.
    await repo.releaseReservation(db, id);
    // SettleError (a non-2xx answer with a settle response) carries the facilitator's reason.
    const response = error as { errorReason?: string; errorMessage?: string };
    if (typeof response.errorReason === 'string') return failed(settings.network, checked.payer, response.errorReason, response.errorMessage ?? 'the remote facilitator refused the settlement');
    return failed(settings.network, checked.payer, 'unexpected_settle_error', `the remote facilitator did not settle: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (!answer.success || !answer.transaction) {
    await repo.releaseReservation(db, id);
    return failed(settings.network, checked.payer, answer.errorReason ?? 'unexpected_settle_error', answer.errorMessage ?? 'the remote facilitator did not settle');
  }
  await repo.setSubmittedTransaction(db, id, answer.transaction);
  return record(db, ctx, deps, plan, id, answer.transaction, usageKeyExpiresAt);
}

/** The authorization was reserved before: settled (answered as such), or submitted and not yet recorded (looked up on chain). */
async function resume(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const { key, payer } = plan.checked;
  const network = plan.settings.network;
  const earlier = await repo.findSettlement(db, key);
  const mine = earlier && earlier.account_id === ctx.tenant.accountId && earlier.environment === ctx.tenant.environment;
  // Freed between our claim and this read (its transaction was refused or reverted): try again.
  if (!earlier) return failed(network, payer, CHAIN_REASONS.unconfirmed, 'this authorization was being settled by another request that did not settle it; retry');
  if (earlier.state === 'settled' || !mine) return settledBefore(ctx, earlier.state === 'settled' ? earlier : undefined, payer, network);
  if (earlier.transaction === '') return failed(network, payer, CHAIN_REASONS.unconfirmed, 'this authorization is being submitted by another settle; retry in a moment');
  // The remote facilitator answered this hash as settled; only its recording is left.
  if (!plan.relayer) return record(db, ctx, deps, plan, earlier.id, earlier.transaction, usageKeyExpiresAt);
  const status = await receiptOf(await publicClientOf(network, plan.url), earlier.transaction as `0x${string}`);
  if (status === 'success') return record(db, ctx, deps, plan, earlier.id, earlier.transaction, usageKeyExpiresAt);
  if (status === 'reverted') {
    await repo.releaseReservation(db, earlier.id);
    return failed(network, payer, CHAIN_REASONS.transactionFailed, `transaction ${earlier.transaction} reverted; nothing was charged`);
  }
  return failed(network, payer, CHAIN_REASONS.unconfirmed, `transaction ${earlier.transaction} is not mined yet; settle again later`);
}

/** The second transaction: the settlement recorded once with its real hash, and the relayer's balance watched. */
async function record(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, plan: Plan, id: string, hash: string, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const { settings, relayer, checked } = plan;
  // Read before the transaction opens (never a chain call inside one).
  const balance = relayer ? await (await publicClientOf(settings.network, plan.url)).getBalance({ address: relayer.address as `0x${string}` }).catch(() => null) : null;
  const threshold = BigInt(deps.config.rail.relayerMinBalanceWei);
  return db.transaction().execute(async (tx) => {
    if (!(await repo.markSettled(tx, id, hash))) return settledBefore(ctx, await repo.findSettlement(tx, checked.key), checked.payer, settings.network);
    const recorded = await recordSettlement(tx, ctx, {
      settlementId: id,
      network: settings.network,
      payer: checked.payer,
      productId: checked.productId,
      route: checked.route,
      transaction: hash,
      nonce: checked.key.nonce,
      usageKeyExpiresAt,
      provider: receiptProviderOf(ctx, providerOf(settings)),
    });
    await repo.completeSettlement(tx, id, recorded);
    if (relayer && balance !== null && (await repo.noteRelayerBalance(tx, relayer.id, balance < threshold, ctx.now))) {
      await recordEvent(tx, ctx, RELAYER_LOW_BALANCE_EVENT, { network: settings.network, address: relayer.address, balance: balance.toString(), threshold: threshold.toString() });
    }
    return {
      success: true,
      payer: checked.payer,
      transaction: hash,
      network: settings.network,
      amount: checked.route.amount,
      extra: { alreadySettled: false, paymentId: recorded.payment_id, usageEventId: recorded.usage_event_id },
    };
  });
}
