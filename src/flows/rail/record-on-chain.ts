// The second transaction of a settle that went on chain (EVM's self and remote, Solana's): the
// reservation marked settled once, the settlement recorded with the transaction the chain gave,
// and the relayer's (or fee payer's) balance, read before the transaction opened, watched.
import type { UseCaseContext } from '../../core/context.ts';
import type { Db } from '../../db/database.ts';
import type { RailRoute } from './config.ts';
import type { SettleResult } from './facilitator.ts';
import { settledBefore, type DuplicateAnswer } from './settled-before.ts';
import { providerOf, receiptProviderOf } from './providers.ts';
import { recordSettlement } from './record-settlement.ts';
import { watchRelayerBalance } from './relayer-watch.ts';
import * as repo from './repository.ts';
import type { RailRelayerRow, RailSettingsRow } from './tables.ts';

export interface OnChainSettlement {
  settings: RailSettingsRow;
  checked: { payer: string; route: RailRoute; productId: string; key: repo.AuthorizationKey };
  /** The reservation's id. */
  id: string;
  /** The transaction hash (EVM) or signature (Solana). */
  transaction: string;
  usageKeyExpiresAt: Date;
  /** The balance to watch, or null (remote, or the read failed). */
  watch: { relayer: RailRelayerRow; balance: bigint; threshold: bigint } | null;
  /** What a settlement found settled already answers (the scheme's reason; EVM's by default). */
  duplicate?: DuplicateAnswer;
}

export async function recordOnChain(db: Db, ctx: UseCaseContext, settled: OnChainSettlement): Promise<SettleResult> {
  const { settings, checked, id, transaction, watch } = settled;
  return db.transaction().execute(async (tx) => {
    if (!(await repo.markSettled(tx, id, transaction))) return settledBefore(ctx, await repo.findSettlement(tx, checked.key), checked.payer, settings.network, settled.duplicate);
    const recorded = await recordSettlement(tx, ctx, {
      settlementId: id,
      network: settings.network,
      payer: checked.payer,
      productId: checked.productId,
      route: checked.route,
      transaction,
      nonce: checked.key.nonce,
      usageKeyExpiresAt: settled.usageKeyExpiresAt,
      provider: receiptProviderOf(ctx, providerOf(settings)),
    });
    await repo.completeSettlement(tx, id, recorded);
    if (watch) await watchRelayerBalance(tx, ctx, watch.relayer, settings.network, watch.balance, watch.threshold);
    return {
      success: true,
      payer: checked.payer,
      transaction,
      network: settings.network,
      amount: checked.route.amount,
      extra: { alreadySettled: false, paymentId: recorded.payment_id, usageEventId: recorded.usage_event_id },
    };
  });
}
