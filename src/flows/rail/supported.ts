// GET /rail/supported (x402 v2 §7.3): the payment kinds the caller can actually get settled.
// With a key: its account and environment's Rail settings, the one network it settles on when the
// service settles there (sandbox, EVM test network), else none: a production key or an account
// without settings gets no kinds, as its verify and settle answer 409. Without a key (the official
// HTTPFacilitatorClient reads /supported at start, and some sellers set no auth header for it):
// what the service settles for anyone, the exact scheme on the EVM test networks.
// `signers` stays empty: sandbox settlement is simulated, so no facilitator address submits a
// transaction (the spec's signers are those addresses, not the seller's payTo).
import type { Executor } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { settlesHere } from './facilitator.ts';
import { isSimulatedNetwork, TEST_NETWORKS } from './networks.ts';
import * as repo from './repository.ts';

export interface SupportedKind {
  x402Version: number;
  scheme: string;
  network: string;
  extra?: { asset: string; payTo: string };
}

export interface Supported {
  kinds: SupportedKind[];
  extensions: string[];
  signers: Record<string, string[]>;
}

export async function supportedKinds(ex: Executor, ctx: UseCaseContext | null): Promise<Supported> {
  if (!ctx) {
    const kinds = [...TEST_NETWORKS].filter(isSimulatedNetwork).map((network) => ({ x402Version: 2, scheme: 'exact', network }));
    return { kinds, extensions: [], signers: {} };
  }
  const settings = await repo.findSettings(ex, ctx.tenant);
  if (!settings || !settlesHere(ctx, settings)) return { kinds: [], extensions: [], signers: {} };
  // extra names the asset and wallet the settings settle to: a seller checks its own config against them.
  return { kinds: [{ x402Version: 2, scheme: 'exact', network: settings.network, extra: { asset: settings.asset, payTo: settings.pay_to } }], extensions: [], signers: {} };
}
