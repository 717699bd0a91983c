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
import { isSimulatedNetwork, namespaceOf, TEST_NETWORKS } from './networks.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import { providerOf, remoteSettlementProblem, selfSettlementProblem, type RailProviderDeps } from './providers.ts';
import { remoteClientOf } from './remote.ts';
import * as repo from './repository.ts';

export interface SupportedKind {
  x402Version: number;
  scheme: string;
  network: string;
  extra?: { asset: string; payTo: string; feePayer?: string };
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
  const family = namespaceOf(settings.network) === 'solana' ? 'solana:*' : 'eip155:*';
  // extra names the asset and wallet the settings settle to: a seller checks its own config against them.
  const kindWith = (feePayer?: string) => [{ x402Version: 2, scheme: 'exact', network: settings.network, extra: { asset: settings.asset, payTo: settings.pay_to, ...(feePayer ? { feePayer } : {}) } }];
  if (providerOf(settings) === 'self') {
    if (await selfSettlementProblem(ex, ctx, deps, settings)) return NONE;
    const relayer = (await repo.findRelayer(ex, ctx.tenant))!;
    // On Solana the relayer is the fee payer the agent's transaction names (the official scheme's extra.feePayer).
    return { kinds: kindWith(family === 'solana:*' ? relayer.address : undefined), extensions: [], signers: { [family]: [relayer.address] } };
  }
  if (providerOf(settings) === 'remote') {
    if (await remoteSettlementProblem(ex, ctx, deps)) return NONE;
    // The remote facilitator's signers for the family (its own /supported; none if it is not answering now).
    const client = await remoteClientOf(keyringOf(deps.config)!, (await repo.findRemoteFacilitator(ex, ctx.tenant))!, deps.webhookPolicy);
    const remote = await client.getSupported().catch(() => null);
    const feePayer = remote?.kinds.find((kind) => kind.network === settings.network && kind.scheme === 'exact')?.extra?.feePayer;
    const signers = remote?.signers?.[family];
    return { kinds: kindWith(family === 'solana:*' && typeof feePayer === 'string' ? feePayer : undefined), extensions: [], signers: signers ? { [family]: signers } : {} };
  }
  return simulatesHere(ctx, settings) ? { kinds: kindWith(), extensions: [], signers: {} } : NONE;
}

/** The Solana fee payer agents name in their transaction (requirements extra.feePayer): the one /rail/supported lists; null on EVM or when none can settle. */
export async function feePayerFor(ex: Executor, ctx: UseCaseContext, deps: RailProviderDeps, settings: { network: string }): Promise<string | null> {
  if (namespaceOf(settings.network) !== 'solana') return null;
  const supported = await supportedKinds(ex, ctx, deps);
  return supported.kinds[0]?.extra?.feePayer ?? null;
}
