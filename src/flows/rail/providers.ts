// Who settles a tenant's Rail payments: the settings' `facilitator.provider` (docs/rail.md,
// "Settlement providers"):
//   sandbox  the simulator (sandbox environment, EVM test networks; a made transaction hash)
//   service  the name the settings had before providers existed: read as `sandbox`
//   self     the service settles on chain with the account's relayer (PUT /rail/relayer; on Solana
//            the fee payer) through the network's RPC URL (RAIL_RPC_URLS), in either environment
//   remote   any x402 v2 facilitator settles (PUT /rail/remote-facilitator: URL and auth headers)
// Names stored before this list was closed read as `sandbox`, as they did then.
import type { Config } from '../../config.ts';
import type { UseCaseContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { settledProviderProblem } from '../../modules/payments/index.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import type { TargetPolicy } from '../../modules/webhooks/index.ts';
import { rpcUrlOf } from './chain.ts';
import { namespaceOf } from './networks.ts';
import { isSolanaRelayer } from './relayer.ts';
import * as repo from './repository.ts';
import type { RailSettingsRow } from './tables.ts';

export const PROVIDERS = ['sandbox', 'service', 'self', 'remote'] as const;
export type RailProvider = 'sandbox' | 'self' | 'remote';

/** `webhookPolicy`: the rules a remote facilitator's URL is called under (seller input, as a webhook URL). */
export type RailProviderDeps = { config: Pick<Config, 'rail' | 'secrets' | 'databaseUrl' | 'dataDir'>; webhookPolicy: TargetPolicy };

export function providerOf(settings: Pick<RailSettingsRow, 'facilitator'>): RailProvider {
  const name = settings.facilitator.provider;
  return name === 'self' || name === 'remote' ? name : 'sandbox';
}

/** Whether the settle runs outside the request's transaction (a chain or a facilitator is waited for). */
export const settlesElsewhere = (settings: Pick<RailSettingsRow, 'facilitator'>): boolean => providerOf(settings) !== 'sandbox';

/** Why `remote` cannot settle now (null: it can). */
export async function remoteSettlementProblem(ex: Executor, ctx: UseCaseContext, deps: RailProviderDeps): Promise<string | null> {
  if (!(await repo.findRemoteFacilitator(ex, ctx.tenant))) return `facilitator.provider "remote" needs its facilitator in ${ctx.tenant.environment}: PUT /rail/remote-facilitator with its URL and auth headers.`;
  if (!keyringOf(deps.config)) return 'The remote facilitator headers cannot be opened: the operator has not set SECRETS_KEY (or SECRETS_KEY_FILE).';
  return receiptProblem(ctx, 'remote');
}

/** Why `self` cannot settle these settings now (null: it can). */
export async function selfSettlementProblem(ex: Executor, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow): Promise<string | null> {
  const solana = namespaceOf(settings.network) === 'solana';
  if (!rpcUrlOf(deps.config.rail, settings.network)) return `No RPC URL is configured for ${settings.network}: the operator sets it in RAIL_RPC_URLS (docs/rail.md).`;
  const relayer = await repo.findRelayer(ex, ctx.tenant);
  const kind = solana ? 'a Solana fee payer (its secret key)' : 'an EVM relayer (its private key)';
  if (!relayer) return `facilitator.provider "self" needs ${kind} in ${ctx.tenant.environment}: PUT /rail/relayer with it.`;
  if (isSolanaRelayer(relayer) !== solana) return `facilitator.provider "self" on ${settings.network} needs ${kind}; the relayer set in ${ctx.tenant.environment} (${relayer.address}) is not one: PUT /rail/relayer with it.`;
  if (!keyringOf(deps.config)) return 'The relayer key cannot be opened: the operator has not set SECRETS_KEY (or SECRETS_KEY_FILE).';
  return receiptProblem(ctx, 'self');
}

/**
 * The provider a settlement's payment is recorded under: `sandbox` in the sandbox (the interface's
 * Payment.provider there, whoever settled), else the facilitator that settled it (`self`, `remote`:
 * the account's own facilitator is the provider of a production crypto payment).
 */
export function receiptProviderOf(ctx: UseCaseContext, provider: RailProvider): string {
  return ctx.tenant.environment === 'sandbox' ? 'sandbox' : provider;
}

/**
 * The receipt of a settlement is a crypto payment recorded by the payments module, which says
 * under which provider it may be: asked before anything is sent, so money never moves on chain
 * without a receipt the service can record.
 */
function receiptProblem(ctx: UseCaseContext, provider: RailProvider): string | null {
  const problem = settledProviderProblem(ctx.tenant.environment, receiptProviderOf(ctx, provider));
  return problem && `Settlements cannot be receipted in ${ctx.tenant.environment}, so none is sent: ${problem}`;
}
