// GET /rail/supported (x402 v2 §7.3): the payment kinds the caller can actually get settled.
// With a key: its account and environment's Rail settings, the one network it settles on when its
// provider can settle there (providers.ts), else none: a production key on the simulator or an
// account without settings gets no kinds, as its verify and settle answer 409. Without a key (the
// official HTTPFacilitatorClient reads /supported at start, and some sellers set no auth header
// for it): what the service settles for anyone, the exact scheme on the EVM test networks
// (simulated) and on the networks with an RPC URL (self).
// `signers` (the addresses that submit settlement transactions, by CAIP family as the official
// facilitator lists them): the account's relayer for `self`, the remote facilitator's for
// `remote`; none for the simulator, whose settlements submit nothing.
import type { Executor } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { simulatesHere } from './facilitator.ts';
import { isSimulatedNetwork, TEST_NETWORKS } from './networks.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import { providerOf, remoteSettlementProblem, selfSettlementProblem, type RailProviderDeps } from './providers.ts';
import { remoteClientOf } from './remote.ts';
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

const NONE: Supported = { kinds: [], extensions: [], signers: {} };

export async function supportedKinds(ex: Executor, ctx: UseCaseContext | null, deps: RailProviderDeps): Promise<Supported> {
  if (!ctx) {
    const networks = new Set([...[...TEST_NETWORKS].filter(isSimulatedNetwork), ...Object.keys(deps.config.rail.rpcUrls)]);
    return { kinds: [...networks].map((network) => ({ x402Version: 2, scheme: 'exact', network })), extensions: [], signers: {} };
  }
  const settings = await repo.findSettings(ex, ctx.tenant);
  if (!settings) return NONE;
  // extra names the asset and wallet the settings settle to: a seller checks its own config against them.
  const kinds = [{ x402Version: 2, scheme: 'exact', network: settings.network, extra: { asset: settings.asset, payTo: settings.pay_to } }];
  if (providerOf(settings) === 'self') {
    if (await selfSettlementProblem(ex, ctx, deps, settings)) return NONE;
    const relayer = (await repo.findRelayer(ex, ctx.tenant))!;
    return { kinds, extensions: [], signers: { 'eip155:*': [relayer.address] } };
  }
  if (providerOf(settings) === 'remote') {
    if (await remoteSettlementProblem(ex, ctx, deps)) return NONE;
    // The remote facilitator's signers for the family (its own /supported; none if it is not answering now).
    const client = await remoteClientOf(keyringOf(deps.config)!, (await repo.findRemoteFacilitator(ex, ctx.tenant))!, deps.webhookPolicy);
    const remote = await client.getSupported().catch(() => null);
    return { kinds, extensions: [], signers: remote?.signers?.['eip155:*'] ? { 'eip155:*': remote.signers['eip155:*'] } : {} };
  }
  return simulatesHere(ctx, settings) ? { kinds, extensions: [], signers: {} } : NONE;
}
