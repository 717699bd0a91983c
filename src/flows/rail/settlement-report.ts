// POST /rail/settlements/report: a settlement the seller's middleware made directly with the
// remote facilitator while this service was unreachable (packages/rail-middleware, "Grace"),
// reported when the service is back. Nothing is taken on trust: the transaction is read on chain
// (the network's RPC URL) and must hold the token's AuthorizationUsed(payer, nonce) and the
// Transfer it made, payer to payTo, exactly the route's amount; the payment is checked as a settle
// checks it, as of the block's time (it was valid when the chain took it). Then it is recorded
// once under the nonce's unique index, in one transaction; a second report answers the same
// settlement. The chain is read before the transaction opens.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Db } from '../../db/database.ts';
import { useInTransaction } from './authorization-use.ts';
import { publicClientOf, rpcUrlOf } from './chain.ts';
import { check, type FacilitatorInput, type SettleResult } from './facilitator.ts';
import { providerOf, remoteSettlementProblem, type RailProviderDeps } from './providers.ts';
import { recordSettlement, routeSettlementRow } from './record-settlement.ts';
import { namespaceOf } from './networks.ts';
import * as repo from './repository.ts';
import { requireSettings } from './settings.ts';
import { parsePayment } from './verify-exact.ts';

export interface SettlementReport extends FacilitatorInput {
  /** The hash of the transaction the remote facilitator answered. */
  transaction: string;
}

/** Reasons of a report the service cannot record (besides a settle's own). */
export const REPORT_REASONS = {
  /** Not mined (yet), or unknown to the chain: report again later. */
  unconfirmed: 'invalid_transaction_state',
  /** Mined, but it did not use this authorization to pay these requirements. */
  mismatch: 'invalid_rail_report_transaction',
} as const;

export async function reportSettlement(db: Db, ctx: UseCaseContext, deps: RailProviderDeps, input: SettlementReport, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const settings = await requireSettings(db, ctx);
  const network = settings.network;
  if (providerOf(settings) !== 'remote') throw new AppError('conflict', 'Settlements are reported by a seller whose facilitator.provider is "remote" (its middleware settles with that facilitator while the service is unreachable).');
  const problem = await remoteSettlementProblem(db, ctx, deps);
  if (problem) throw new AppError('provider_not_configured', problem);
  // The report is checked against the token's EVM logs; nothing reads a Solana transaction for it yet (docs/rail.md, "Left").
  if (namespaceOf(network) === 'solana') throw new AppError('provider_not_configured', `Reported settlements are verified on EVM networks only; ${network} is a Solana network.`);
  const url = rpcUrlOf(deps.config.rail, network);
  if (!url) throw new AppError('provider_not_configured', `A reported settlement is verified on chain: no RPC URL is configured for ${network}; the operator sets it in RAIL_RPC_URLS (docs/rail.md).`);
  const failed = (reason: string, message: string, payer?: string): SettleResult => ({ success: false, errorReason: reason, errorMessage: message, ...(payer ? { payer } : {}), transaction: '', network });

  const parsed = await parsePayment(input.paymentPayload, input.paymentRequirements);
  if (!parsed.ok) return failed(parsed.reason, parsed.message, parsed.payer);
  const auth = parsed.value.authorization;
  const use = await useInTransaction(await publicClientOf(network, url), { asset: settings.asset, authorizer: auth.from, nonce: auth.nonce }, input.transaction as `0x${string}`);
  if (!use) {
    const receipt = await (await publicClientOf(network, url)).getTransactionReceipt({ hash: input.transaction as `0x${string}` }).catch(() => null);
    if (!receipt) return failed(REPORT_REASONS.unconfirmed, `transaction ${input.transaction} is not mined; report it again later`, auth.from);
    return failed(REPORT_REASONS.mismatch, `transaction ${input.transaction} did not use this authorization (${receipt.status === 'success' ? 'no AuthorizationUsed of this payer and nonce' : 'it reverted'})`, auth.from);
  }
  // The payment as a settle checks it, as of the block that took it.
  const outcome = await check(db, { ...ctx, now: new Date(use.blockTime * 1000), realNow: new Date(use.blockTime * 1000) }, settings, input);
  if (!outcome.ok) return failed(outcome.reason, outcome.message, outcome.payer);
  const { key, payer, route, productId } = outcome.value;
  const transfer = use.transfer;
  if (!transfer || transfer.to.toLowerCase() !== settings.pay_to.toLowerCase() || transfer.value !== BigInt(route.amount)) {
    return failed(REPORT_REASONS.mismatch, `transaction ${input.transaction} did not transfer ${route.amount} from the payer to the seller's payTo`, payer);
  }
  const hash = use.transaction;

  return db.transaction().execute(async (tx) => {
    const id = newId();
    const row = routeSettlementRow(ctx, settings, { key, route, productId }, { id, transaction: hash, state: 'settled' });
    let settlementId = id;
    if (!(await repo.claimSettlement(tx, row))) {
      const earlier = (await repo.findSettlement(tx, key))!;
      const mine = earlier.account_id === ctx.tenant.accountId && earlier.environment === ctx.tenant.environment;
      if (!mine) return failed(REPORT_REASONS.mismatch, 'this authorization was settled by another seller', payer);
      if (earlier.state === 'settled') {
        // Reported before, or settled through the service: the same settlement, nothing recorded again.
        return { success: true, payer, transaction: earlier.transaction, network, amount: route.amount, extra: { alreadySettled: true, paymentId: earlier.payment_id, usageEventId: earlier.usage_event_id } };
      }
      // A reservation of this payment (a settle through the service that did not finish): the chain settles it.
      if (!(await repo.markSettled(tx, earlier.id, hash))) throw new AppError('conflict', 'this settlement is being recorded by another request; report it again');
      settlementId = earlier.id;
    }
    const recorded = await recordSettlement(tx, ctx, { settlementId, network, payer, productId, route, transaction: hash, nonce: key.nonce, usageKeyExpiresAt });
    await repo.completeSettlement(tx, settlementId, recorded);
    return { success: true, payer, transaction: hash, network, amount: route.amount, extra: { alreadySettled: false, paymentId: recorded.payment_id, usageEventId: recorded.usage_event_id } };
  });
}
