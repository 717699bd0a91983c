// Who settles a tenant's Rail payments: the settings' `facilitator.provider` (docs/rail.md,
// "Settlement providers"):
//   sandbox  the simulator (sandbox environment, EVM test networks; a made transaction hash)
//   service  the name the settings had before providers existed: read as `sandbox`
//   self     the service settles on chain with the account's relayer (PUT /rail/relayer) through
//            the network's RPC URL (RAIL_RPC_URLS), in either environment
//   remote   any x402 v2 facilitator settles (PUT /rail/remote-facilitator: URL and auth headers)
// Names stored before this list was closed read as `sandbox`, as they did then.
import type { Config } from '../../config.ts';
import type { UseCaseContext } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../core/errors.ts';
import { providerFor } from '../../modules/payments/index.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import { rpcUrlOf } from './chain.ts';
import { namespaceOf } from './networks.ts';
import * as repo from './repository.ts';
import type { RailSettingsRow } from './tables.ts';

export const PROVIDERS = ['sandbox', 'service', 'self', 'remote'] as const;
export type RailProvider = 'sandbox' | 'self' | 'remote';

export type RailProviderDeps = { config: Pick<Config, 'rail' | 'secrets' | 'databaseUrl' | 'dataDir'> };

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
  return receiptProblem(ctx);
}

/** Why `self` cannot settle these settings now (null: it can). */
export async function selfSettlementProblem(ex: Executor, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow): Promise<string | null> {
  if (namespaceOf(settings.network) !== 'eip155') return `facilitator.provider "self" settles on EVM networks only; ${settings.network} is not one.`;
  if (!rpcUrlOf(deps.config.rail, settings.network)) return `No RPC URL is configured for ${settings.network}: the operator sets it in RAIL_RPC_URLS (docs/rail.md).`;
  if (!(await repo.findRelayer(ex, ctx.tenant))) return `facilitator.provider "self" needs a relayer in ${ctx.tenant.environment}: PUT /rail/relayer with its private key.`;
  if (!keyringOf(deps.config)) return 'The relayer key cannot be opened: the operator has not set SECRETS_KEY (or SECRETS_KEY_FILE).';
  return receiptProblem(ctx);
}

/**
 * The receipt of a settlement is a crypto payment made through the payments module, which asks
 * the same question: asked before anything is sent, money never moves on chain without a receipt
 * the service can record (production crypto receipts: docs/rail.md).
 */
function receiptProblem(ctx: UseCaseContext): string | null {
  try {
    providerFor(ctx.tenant);
  } catch (error) {
    if (error instanceof AppError) return `Settlements on chain cannot be receipted in ${ctx.tenant.environment} yet, so none is sent: ${error.message}`;
    throw error;
  }
  return null;
}
