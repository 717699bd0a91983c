// Rail settings: PUT/GET /rail/settings, one row per account and environment.
// Validation collects one error per field (network, asset, payTo, assetDecimals, grace.*,
// facilitator.provider, assetDomain) so a seller fixes everything in one round.
import type { Executor, Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import type { Config } from '../../config.ts';
import { AppError, fieldError, validationError, type FieldError } from '../../core/errors.ts';
import { rpcUrlOf } from './chain.ts';
import { tokenAccountProblem } from './solana.ts';
import { loadViem, loadX402Evm } from './lazy.ts';
import { checkEvmAddress, checkSolanaAddress, namespaceOf, windowSeconds, type AddressCheck, type Namespace } from './networks.ts';
import { PROVIDERS } from './providers.ts';
import * as repo from './repository.ts';
import type { RailAssetDomain, RailFacilitator, RailGrace, RailSettingsRow } from './tables.ts';

export interface RailSettingsInput {
  network: string;
  asset: string;
  assetDecimals: number;
  payTo: string;
  grace: RailGrace;
  facilitator: RailFacilitator;
  assetDomain?: RailAssetDomain;
}

export interface RailSettingsView {
  network: string;
  asset: string;
  assetDecimals: number;
  payTo: string;
  grace: RailGrace;
  facilitator: RailFacilitator;
  assetDomain: RailAssetDomain | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toSettingsView(row: RailSettingsRow): RailSettingsView {
  return {
    network: row.network,
    asset: row.asset,
    assetDecimals: row.asset_decimals,
    payTo: row.pay_to,
    grace: row.grace,
    facilitator: row.facilitator,
    assetDomain: row.asset_domain,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const DIGITS = /^[0-9]{1,78}$/;
export const MAX_QUEUE_LIMIT = 1_000_000;
export const MAX_CLOCK_SKEW_SECONDS = 3600;

async function checkAddress(namespace: Namespace, value: string): Promise<AddressCheck> {
  if (namespace === 'solana') return checkSolanaAddress(value);
  const { getAddress } = await loadViem();
  return checkEvmAddress(value, (address) => {
    try {
      return getAddress(address);
    } catch {
      return '';
    }
  });
}

/** Every field problem of a settings body, one per field. */
export async function settingsErrors(input: RailSettingsInput): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const push = (field: string, value: unknown, constraint: string, description: string) => errors.push({ field, value: typeof value === 'string' ? value : JSON.stringify(value) ?? '', constraint, description });
  const namespace = namespaceOf(input.network);
  if (!namespace) {
    push('network', input.network, 'caip2', 'must be a CAIP-2 network id: eip155:<chain id> (e.g. eip155:8453 for Base, eip155:84532 for Base Sepolia) or solana:<genesis reference>; short names such as base or solana are not accepted');
  }
  if (namespace) {
    const asset = await checkAddress(namespace, input.asset);
    if (!asset.ok) push('asset', input.asset, asset.constraint!, `${namespace === 'eip155' ? 'a token contract address' : 'a token mint'} ${asset.description}; never a ticker such as USDC`);
    const payTo = await checkAddress(namespace, input.payTo);
    if (!payTo.ok) push('payTo', input.payTo, payTo.constraint!, `the seller wallet on ${input.network} ${payTo.description}`);
    if (namespace === 'eip155' && asset.ok && input.assetDomain === undefined) {
      const { findDefaultAsset } = await loadX402Evm();
      if (!findDefaultAsset(input.asset, input.network as `${string}:${string}`)) {
        push('assetDomain', '', 'required', 'the token EIP-712 domain {name, version} is needed for this asset (agents sign transferWithAuthorization against it); it is known only for the default assets of @x402/evm');
      }
    }
  } else {
    // Without a namespace the addresses cannot be read; say only what is certainly wrong.
    if (input.asset.trim() === '' || /^[A-Za-z]{2,10}$/.test(input.asset)) push('asset', input.asset, 'address', 'must be a token contract address or mint, never a ticker');
  }
  if (!Number.isInteger(input.assetDecimals) || input.assetDecimals < 0 || input.assetDecimals > 36) push('assetDecimals', input.assetDecimals, 'range', 'must be an integer from 0 to 36');
  if (windowSeconds(input.grace.window) === null) push('grace.window', input.grace.window, 'duration', 'must be an ISO 8601 duration (PT10M, P1D; weeks, days, hours, minutes, seconds) or <n>s, <n>m, <n>h, more than zero');
  for (const field of ['maxPerAgent', 'maxTotal'] as const) {
    if (!DIGITS.test(input.grace[field])) push(`grace.${field}`, input.grace[field], 'atomic_units', 'must be a whole number of the asset atomic units, digits only (e.g. "50000" for 0.05 USDC)');
  }
  if (!Number.isInteger(input.grace.queueLimit) || input.grace.queueLimit < 0 || input.grace.queueLimit > MAX_QUEUE_LIMIT) push('grace.queueLimit', input.grace.queueLimit, 'range', `must be an integer from 0 to ${MAX_QUEUE_LIMIT}`);
  if (!Number.isInteger(input.grace.clockSkewSeconds) || input.grace.clockSkewSeconds < 0 || input.grace.clockSkewSeconds > MAX_CLOCK_SKEW_SECONDS) {
    push('grace.clockSkewSeconds', input.grace.clockSkewSeconds, 'range', `must be an integer from 0 to ${MAX_CLOCK_SKEW_SECONDS}`);
  }
  if (!(PROVIDERS as readonly string[]).includes(input.facilitator.provider)) {
    push('facilitator.provider', input.facilitator.provider, 'enum', `must be one of ${PROVIDERS.join(', ')} (service is the earlier name of sandbox)`);
  }
  return errors;
}

/**
 * Solana settings whose network has an RPC URL: payTo must hold a token account for the asset (the
 * exact scheme's transfer pays into payTo's associated token account and creates none, so a
 * payment to a wallet without one would fail on chain). Read before the settings' transaction
 * opens; an RPC that does not answer leaves it unchecked (docs/rail.md).
 */
export async function validateSolanaPayTo(config: Pick<Config, 'rail'>, input: Pick<RailSettingsInput, 'network' | 'asset' | 'payTo'>): Promise<void> {
  if (namespaceOf(input.network) !== 'solana' || !checkSolanaAddress(input.payTo).ok || !checkSolanaAddress(input.asset).ok) return;
  const url = rpcUrlOf(config.rail, input.network);
  if (!url) return;
  const problem = await tokenAccountProblem(url, input.payTo, input.asset).catch(() => null);
  if (!problem) return;
  if (problem.startsWith('the asset')) throw fieldError('asset', input.asset, 'token_mint', `${problem} (${input.network})`);
  throw fieldError('payTo', input.payTo, 'token_account', `the seller wallet ${problem}`);
}

const canonicalAtomic = (value: string) => BigInt(value).toString();

export async function putSettings(tx: Tx, ctx: UseCaseContext, input: RailSettingsInput): Promise<RailSettingsView> {
  const errors = await settingsErrors(input);
  if (errors.length > 0) throw validationError(errors);
  const row = await repo.upsertSettings(tx, {
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    network: input.network,
    asset: input.asset,
    asset_decimals: input.assetDecimals,
    pay_to: input.payTo,
    grace: {
      window: input.grace.window,
      maxPerAgent: canonicalAtomic(input.grace.maxPerAgent),
      maxTotal: canonicalAtomic(input.grace.maxTotal),
      queueLimit: input.grace.queueLimit,
      clockSkewSeconds: input.grace.clockSkewSeconds,
    },
    facilitator: { provider: input.facilitator.provider, indexesForDiscovery: input.facilitator.indexesForDiscovery },
    asset_domain: input.assetDomain ?? null,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  return toSettingsView(row);
}

/** The tenant's settings row, or 409 `rail_not_configured`. */
export async function requireSettings(ex: Executor, ctx: UseCaseContext): Promise<RailSettingsRow> {
  return settingsOrThrow(await repo.findSettings(ex, ctx.tenant));
}

/** A settings row read before, or 409 `rail_not_configured` when there was none. */
export function settingsOrThrow(row: RailSettingsRow | null | undefined): RailSettingsRow {
  if (!row) throw new AppError('rail_not_configured', 'The Rail is not configured for this account and environment: set it with PUT /rail/settings first.');
  return row;
}

export async function getSettings(ex: Executor, ctx: UseCaseContext): Promise<RailSettingsView> {
  return toSettingsView(await requireSettings(ex, ctx));
}

/** The EIP-712 domain agents sign against: the settings' own, else the one @x402/evm knows for the asset. */
export async function assetDomainOf(settings: RailSettingsRow): Promise<RailAssetDomain | null> {
  if (settings.asset_domain) return settings.asset_domain;
  if (namespaceOf(settings.network) !== 'eip155') return null;
  const { findDefaultAsset } = await loadX402Evm();
  const known = findDefaultAsset(settings.asset, settings.network as `${string}:${string}`);
  return known ? { name: known.name, version: known.version } : null;
}
