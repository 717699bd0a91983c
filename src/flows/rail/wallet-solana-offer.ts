// What a Solana wallet at the hosted checkout signs (docs/rail-solana.md, "USDC at the hosted
// checkout"): the charge's x402 `exact` SVM requirements name the Rail's fee payer (what
// /rail/supported lists as extra.feePayer) and a memo binding the transaction to the charge, which
// the official facilitator checks (its extra.memo rule). The service fetches the recent blockhash
// (the page cannot reach the RPC: its CSP allows the service only) and writes it where the official
// client scheme reads it (extra.recentBlockhash, extra.lastValidBlockHeight). Given the buyer's
// address, it also builds the unsigned transaction with that official client scheme, so the page
// ships no Solana library: the wallet signs those bytes (it shows what they do), and the payment
// is verified from what was signed whatever built it.
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Executor } from '../../db/database.ts';
import { rpcUrlOf } from './chain.ts';
import { loadSolanaKit, loadX402Svm, loadX402SvmClient } from './lazy.ts';
import type { RailProviderDeps } from './providers.ts';
import { feePayerFor } from './supported.ts';
import type { RailSettingsRow } from './tables.ts';
import type { ExactRequirements } from './wallet-payment.ts';

/** The memo of a charge's transaction: the charge it pays (the facilitator refuses any other memo). */
export const checkoutMemo = (paymentId: string): string => `checkout:${paymentId}`;

/** The Solana part of a charge's requirements: the fee payer that co-signs and the charge's memo. */
export async function solanaChargeExtra(ex: Executor, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow, paymentId: string): Promise<Record<string, unknown>> {
  const feePayer = await feePayerFor(ex, ctx, deps, settings);
  if (!feePayer) throw new AppError('provider_not_configured', `The seller's facilitator names no fee payer on ${settings.network} now (GET /rail/supported): this charge cannot be paid from a Solana wallet yet.`);
  return { feePayer, memo: checkoutMemo(paymentId) };
}

/** The RPC the service reads the network through: RAIL_RPC_URLS, else the official client's public endpoint. */
async function rpcOf(deps: RailProviderDeps, network: string) {
  const { createRpcClient } = await loadX402Svm();
  return createRpcClient(network as `${string}:${string}`, rpcUrlOf(deps.config.rail, network) ?? undefined);
}

/** The requirements with a recent blockhash (a transaction is valid about a minute past it). */
export async function withRecentBlockhash(deps: RailProviderDeps, requirements: ExactRequirements): Promise<ExactRequirements> {
  let latest;
  try {
    latest = (await (await rpcOf(deps, requirements.network)).getLatestBlockhash().send()).value;
  } catch (error) {
    throw new AppError('service_unavailable', `The ${requirements.network} RPC did not answer a recent blockhash (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); try again.`, { retryAfterSeconds: 5 });
  }
  return { ...requirements, extra: { ...requirements.extra, recentBlockhash: latest.blockhash, lastValidBlockHeight: latest.lastValidBlockHeight.toString() } };
}

/**
 * The charge's transaction for `payer` to sign, built by the official client scheme (compute-unit
 * limit and price, TransferChecked of the amount from payer's token account to payTo's, the memo),
 * base64 wire format with every signature empty: the wallet adds the payer's, the fee payer's is
 * added at settlement. 422 when payer is not a Solana address.
 */
export async function unsignedTransactionFor(deps: RailProviderDeps, requirements: ExactRequirements, payer: string): Promise<string> {
  const [{ isAddress, address }, { ExactSvmScheme }] = await Promise.all([loadSolanaKit(), loadX402SvmClient()]);
  if (!isAddress(payer)) throw new AppError('validation_failed', 'payer must be a Solana address (base58).', { errors: [{ field: 'payer', value: payer, constraint: 'solana_address', description: 'The wallet address that pays.' }] });
  // A partial signer that signs nothing: the client scheme builds and encodes, the wallet signs.
  const buyer = { address: address(payer), signTransactions: async (transactions: readonly unknown[]) => transactions.map(() => ({})) };
  const url = rpcUrlOf(deps.config.rail, requirements.network);
  try {
    const built = await new ExactSvmScheme(buyer as never, url ? { rpcUrl: url } : undefined).createPaymentPayload(2, requirements as never);
    return (built.payload as { transaction: string }).transaction;
  } catch (error) {
    throw new AppError('service_unavailable', `The transaction could not be built (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); try again.`, { retryAfterSeconds: 5 });
  }
}
