// The Rail as the provider of production crypto charges (modules/payments crypto-settlement.ts):
// an account whose Rail settings settle on chain with its own facilitator (`self`: relayer and RPC
// URL; `remote`: its facilitator) in production can be charged in crypto, the buyer's wallet paying
// at the hosted page (wallet-payment.ts; on Solana wallet-solana.ts). Handed to payments at start (app.ts).
import type { CryptoSettlementSource } from '../../modules/payments/index.ts';
import { namespaceOf, TEST_NETWORKS } from './networks.ts';
import { providerOf, remoteSettlementProblem, selfSettlementProblem, type RailProviderDeps } from './providers.ts';
import * as repo from './repository.ts';

export function railCryptoSettlement(deps: RailProviderDeps): CryptoSettlementSource {
  return {
    async settlerOf(ex, tenant) {
      const settings = await repo.findSettings(ex, tenant);
      if (!settings) return null;
      const provider = providerOf(settings);
      if (provider === 'sandbox') return null;
      // The problems read the tenant and the configuration only, not the time.
      const ctx = { tenant, now: new Date(0) };
      const problem = provider === 'self' ? await selfSettlementProblem(ex, ctx, deps, settings) : await remoteSettlementProblem(ex, ctx, deps);
      if (problem) return null;
      return { provider, network: TEST_NETWORKS.has(settings.network) ? 'test' : 'main', settlementNetwork: namespaceOf(settings.network) === 'solana' ? 'solana' : 'base' };
    },
  };
}
