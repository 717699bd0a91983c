// Who settles a production crypto charge. USDC moves on chain from the payer's wallet straight to
// the seller's: what settles it is the account's own x402 facilitator on the Rail (`self`, its
// relayer; `remote`, a facilitator it named), not a processor connection. That facilitator IS the
// provider of such a payment, and its name is the payment's `provider` (docs/decisions/payments.md,
// "Crypto in production"). The Rail hands its lookup over at start (app.ts), as modules/providers
// hands the connection source: payments cannot import a flow. Without it, or when the account's
// facilitator cannot settle, a production crypto charge answers 409 provider_not_configured as
// before. The sandbox never asks: its crypto payments are the sandbox provider's.
import type { Tenant } from '../../core/context.ts';
import type { Executor } from '../../db/database.ts';

/** The facilitator kinds whose settlements are real payments in production (the Rail's `facilitator.provider`). */
export const ON_CHAIN_PROVIDERS = ['self', 'remote'] as const;
export type OnChainProvider = (typeof ON_CHAIN_PROVIDERS)[number];

export const isOnChainProvider = (provider: string): provider is OnChainProvider => (ON_CHAIN_PROVIDERS as readonly string[]).includes(provider);

export interface CryptoSettler {
  provider: OnChainProvider;
  /** The charge's widget environment: `test` on a test network, `main` otherwise. */
  network: 'main' | 'test';
  settlementNetwork: 'base' | 'solana';
}

export interface CryptoSettlementSource {
  /** The facilitator that can settle the tenant's crypto now, or null (none configured, or not able to). */
  settlerOf(ex: Executor, tenant: Tenant): Promise<CryptoSettler | null>;
}

let source: CryptoSettlementSource | null = null;

export function useCryptoSettlement(next: CryptoSettlementSource | null): void {
  source = next;
}

/** Production only: the tenant's facilitator for crypto, or null. */
export async function cryptoSettlerOf(ex: Executor, tenant: Tenant): Promise<CryptoSettler | null> {
  if (tenant.environment !== 'production' || !source) return null;
  return source.settlerOf(ex, tenant);
}

/**
 * Whether a settled crypto payment may be recorded under `provider` in the tenant's environment:
 * `sandbox` in the sandbox only (simulated, or on a test chain: the sandbox's payments are the
 * sandbox's), `self` or `remote` in production. Null when it may, else why not.
 */
export function settledProviderProblem(environment: Tenant['environment'], provider: string): string | null {
  if (environment === 'sandbox') return provider === 'sandbox' ? null : `A sandbox crypto payment is recorded under provider "sandbox", not "${provider}".`;
  return isOnChainProvider(provider)
    ? null
    : `A production crypto payment is settled by the account's own facilitator ("self" or "remote"); "${provider}" settles nothing in production.`;
}
