// The relayer's gas: `rail.relayer_low_balance` {network, address, balance, threshold} is recorded
// once each time a relayer's native balance falls under RAIL_RELAYER_MIN_BALANCE_WEI (a Solana
// fee payer's SOL under RAIL_FEE_PAYER_MIN_BALANCE_LAMPORTS; rail_relayers.low_balance_since set), and again only after it was back over (cleared). Read
// after each settlement (self-settle.ts, wallet-onchain.ts) and by the job `rail.relayers.watch`
// every 10 minutes, so a relayer that settles nothing for a while, or is drained by someone else,
// is still reported before the next settlement fails for want of gas.
import type { Config } from '../../config.ts';
import type { Clock } from '../../core/clock.ts';
import type { UseCaseContext } from '../../core/context.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { BackgroundJob, BackgroundLog } from '../../jobs/start.ts';
import { recordEvent } from '../../modules/events/index.ts';
import { publicClientOf, rpcUrlOf } from './chain.ts';
import { namespaceOf } from './networks.ts';
import { providerOf } from './providers.ts';
import { isSolanaRelayer } from './relayer.ts';
import { lamportsOf } from './solana.ts';
import * as repo from './repository.ts';
import type { RailRelayerRow } from './tables.ts';

export const RELAYER_LOW_BALANCE_EVENT = 'rail.relayer_low_balance';

/** Notes the balance read outside this transaction; records the event when it just fell under the threshold. True when it did. */
export async function watchRelayerBalance(tx: Tx, ctx: UseCaseContext, relayer: RailRelayerRow, network: string, balance: bigint, threshold: bigint): Promise<boolean> {
  if (!(await repo.noteRelayerBalance(tx, relayer.id, balance < threshold, ctx.now))) return false;
  await recordEvent(tx, ctx, RELAYER_LOW_BALANCE_EVENT, { network, address: relayer.address, balance: balance.toString(), threshold: threshold.toString() });
  return true;
}

export interface WatchRun {
  /** Relayers whose balance was read. */
  read: number;
  /** Low-balance events recorded by this run. */
  low: number;
  failed: Array<{ address: string; error: string }>;
}

/**
 * One pass over the relayers of tenants that settle with `self` on a network with an RPC URL: each
 * balance read with no transaction open, then noted in a short one of its own (one failing stops
 * no other).
 */
export async function watchRelayers(db: Db, clock: Clock, config: Pick<Config, 'rail'>): Promise<WatchRun> {
  const run: WatchRun = { read: 0, low: 0, failed: [] };
  const threshold = BigInt(config.rail.relayerMinBalanceWei);
  for (const relayer of await repo.allRelayers(db)) {
    const tenant = { accountId: relayer.account_id, environment: relayer.environment };
    const settings = await repo.findSettings(db, tenant);
    const url = settings && providerOf(settings) === 'self' ? rpcUrlOf(config.rail, settings.network) : null;
    // A key of the other family settles nothing there (selfSettlementProblem): not watched.
    if (!settings || !url || isSolanaRelayer(relayer) !== (namespaceOf(settings.network) === 'solana')) continue;
    try {
      // A Solana fee payer's SOL in lamports, under its own threshold; an EVM relayer's gas in wei.
      const solana = namespaceOf(settings.network) === 'solana';
      const balance = solana ? await lamportsOf(url, relayer.address) : await (await publicClientOf(settings.network, url)).getBalance({ address: relayer.address as `0x${string}` });
      run.read += 1;
      const ctx: UseCaseContext = { tenant, now: clock.now() };
      const under = solana ? BigInt(config.rail.feePayerMinBalanceLamports) : threshold;
      if (await db.transaction().execute((tx) => watchRelayerBalance(tx, ctx, relayer, settings.network, balance, under))) run.low += 1;
    } catch (error) {
      run.failed.push({ address: relayer.address, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) });
    }
  }
  return run;
}

/** The watch as a recurring background job, every 10 minutes. */
export function railRelayerWatchJob(db: Db, clock: Clock, config: Pick<Config, 'rail'>, log: BackgroundLog): BackgroundJob {
  return {
    queue: 'rail.relayers.watch',
    everySeconds: 600,
    run: async () => {
      const run = await watchRelayers(db, clock, config);
      if (run.low > 0) log.info({ low: run.low }, 'Rail relayers under their gas threshold');
      for (const failed of run.failed) log.error(failed, "a Rail relayer's balance could not be read; read again next run");
    },
  };
}
