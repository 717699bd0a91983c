// The seller's facilitator: GET /rail/supported, POST /rail/verify, POST /rail/settle (x402 v2).
// Verification is real everywhere (verify-exact.ts, plus the nonce's history here). Who settles is
// the settings' `facilitator.provider` (providers.ts): `sandbox` (or the older `service`) settles
// by simulation on EVM test networks in the sandbox (a transaction hash made here), recorded in
// the caller's transaction with the agent's usage and payment (record-settlement.ts); `self`
// settles on chain (self-settle.ts, its own transactions around the chain's). Anything else: 409
// provider_not_configured.
import { createHash } from 'node:crypto';
import type { Db, Executor, Tx } from '../../db/database.ts';
import { realNowOf, type UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { RailRoute } from './config.ts';
import { isSimulatedNetwork, namespaceOf } from './networks.ts';
import { verifySolana } from './solana-settle.ts';
import { providerOf, remoteSettlementProblem, type RailProviderDeps, selfSettlementProblem } from './providers.ts';
import { forRemote, remoteClientOf } from './remote.ts';
import { keyringOf } from '../../modules/providers/index.ts';
import { recordSettlement, routeSettlementRow } from './record-settlement.ts';
import * as repo from './repository.ts';
import { matchRoute } from './route-match.ts';
import { assetDomainOf, requireSettings, settingsOrThrow } from './settings.ts';
import type { RailSettingsRow } from './tables.ts';
import { settledBefore } from './settled-before.ts';
import { checkExactPayment, parsePayment, REASONS, signatureRecoversToFrom, type ParsedPayment } from './verify-exact.ts';

export interface FacilitatorInput {
  x402Version?: number;
  paymentPayload: Record<string, unknown>;
  paymentRequirements: Record<string, unknown>;
}

export interface VerifyResult {
  isValid: boolean;
  invalidReason?: string;
  invalidMessage?: string;
  payer?: string;
}

export interface SettleResult {
  success: boolean;
  errorReason?: string;
  errorMessage?: string;
  payer?: string;
  transaction: string;
  network: string;
  amount?: string;
  extra?: { alreadySettled: boolean; paymentId: string | null; usageEventId: string | null };
}

/** Whether the simulator settles for this tenant (GET /rail/supported lists the same). */
export function simulatesHere(ctx: UseCaseContext, settings: RailSettingsRow): boolean {
  return providerOf(settings) === 'sandbox' && ctx.tenant.environment === 'sandbox' && isSimulatedNetwork(settings.network);
}

/** Throws 409 provider_not_configured unless this tenant's provider can settle its settings' network. */
async function assertSettles(ex: Executor, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow): Promise<void> {
  const provider = providerOf(settings);
  if (provider !== 'sandbox') {
    const problem = provider === 'self' ? await selfSettlementProblem(ex, ctx, deps, settings) : await remoteSettlementProblem(ex, ctx, deps);
    if (problem) throw new AppError('provider_not_configured', problem);
    return;
  }
  if (!simulatesHere(ctx, settings)) {
    throw new AppError(
      'provider_not_configured',
      `The sandbox provider settles (simulated) on EVM test networks such as eip155:84532 in the sandbox only; ${settings.network} in ${ctx.tenant.environment} needs facilitator.provider "self" with a relayer and an RPC URL (docs/rail.md).`,
    );
  }
}

export interface Checked {
  payment: ParsedPayment;
  payer: string;
  route: RailRoute;
  productId: string;
  productKey: string;
  key: repo.AuthorizationKey;
}

export type Outcome = { ok: true; value: Checked } | { ok: false; reason: string; message: string; payer?: string };

/** The route the requirements mean (route-match.ts), priced by the catalog now, and the payment checked against it. */
export async function check(ex: Executor, ctx: UseCaseContext, settings: RailSettingsRow, input: FacilitatorInput): Promise<Outcome> {
  const parsed = await parsePayment(input.paymentPayload, input.paymentRequirements);
  if (!parsed.ok) return parsed;
  const payment = parsed.value;
  const domain = await assetDomainOf(settings);
  // The signature's recovery and the route's query need nothing of each other: the recovery (about
  // 2 ms of CPU, after viem's import of its curve, a hop to the loader thread on every call under
  // tsx) is begun first, and the query goes out while it waits and computes.
  const signatureValid = signatureRecoversToFrom(payment, { network: settings.network, asset: settings.asset, domain });
  const matched = await matchRoute(ex, ctx, settings, payment.requirements, payment.payload.resource?.url);
  if (!matched.ok) return matched;
  const { route } = matched.value;
  const checked = await checkExactPayment(payment, {
    network: settings.network,
    asset: settings.asset,
    payTo: settings.pay_to,
    price: route.amount,
    domain,
    // An authorization's window is the chain's real time, never a sandbox test clock.
    now: Math.floor(realNowOf(ctx).getTime() / 1000),
    signatureValid,
  });
  if (!checked.ok) return checked;
  const key = { network: settings.network, asset: settings.asset.toLowerCase(), payer: checked.value.toLowerCase(), nonce: payment.authorization.nonce };
  return { ok: true, value: { payment, payer: checked.value, route, productId: matched.value.productId, productKey: matched.value.productKey, key } };
}

/** The settings POST /rail/settle reads once: they say which path settles, and the simulated one uses them. */
export async function settleSettings(db: Db, ctx: UseCaseContext): Promise<RailSettingsRow | null> {
  return (await repo.findSettings(db, ctx.tenant)) ?? null;
}

export async function verifyPayment(ex: Executor, ctx: UseCaseContext, deps: RailProviderDeps, input: FacilitatorInput): Promise<VerifyResult> {
  const settings = await requireSettings(ex, ctx);
  await assertSettles(ex, ctx, deps, settings);
  if (namespaceOf(settings.network) === 'solana') return verifySolana(ex, ctx, deps, settings, input);
  const outcome = await check(ex, ctx, settings, input);
  if (!outcome.ok) return { isValid: false, invalidReason: outcome.reason, invalidMessage: outcome.message, ...(outcome.payer ? { payer: outcome.payer } : {}) };
  if (await repo.findSettlement(ex, outcome.value.key)) {
    return { isValid: false, invalidReason: REASONS.nonceUsed, invalidMessage: 'this authorization was settled already', payer: outcome.value.payer };
  }
  if (providerOf(settings) === 'remote') return verifyRemotely(ex, ctx, deps, settings, input);
  return { isValid: true, payer: outcome.value.payer };
}

/** The remote facilitator's own verify (it may know more: balances, simulation), after ours. */
async function verifyRemotely(ex: Executor, ctx: UseCaseContext, deps: RailProviderDeps, settings: RailSettingsRow, input: FacilitatorInput): Promise<VerifyResult> {
  const client = await remoteClientOf(keyringOf(deps.config)!, (await repo.findRemoteFacilitator(ex, ctx.tenant))!, deps.webhookPolicy);
  try {
    const answer = await client.verify(forRemote(settings, input.paymentPayload) as never, input.paymentRequirements as never);
    return { isValid: answer.isValid, ...(answer.invalidReason ? { invalidReason: answer.invalidReason } : {}), ...(answer.invalidMessage ? { invalidMessage: answer.invalidMessage } : {}), ...(answer.payer ? { payer: answer.payer } : {}) };
  } catch (error) {
    const refused = error as { invalidReason?: string; invalidMessage?: string; payer?: string };
    if (typeof refused.invalidReason === 'string') return { isValid: false, invalidReason: refused.invalidReason, ...(refused.invalidMessage ? { invalidMessage: refused.invalidMessage } : {}), ...(refused.payer ? { payer: refused.payer } : {}) };
    // Unreachable or a malformed answer: x402's reason for a verify that could not run.
    return { isValid: false, invalidReason: 'unexpected_verify_error', invalidMessage: `the remote facilitator did not answer verify: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}


/** A transaction hash for a simulated settlement: 32 bytes, unique per settlement, traceable to it. */
export function simulatedTransaction(settlementId: string, key: repo.AuthorizationKey): string {
  return `0x${createHash('sha256').update(`rail-sandbox:${settlementId}:${key.network}:${key.asset}:${key.payer}:${key.nonce}`).digest('hex')}`;
}

/**
 * The simulated settlement, in the caller's transaction (the provider is `sandbox`). `known` is the
 * settings row the route read to choose the path (null: none), so a settle reads it once.
 */
export async function settlePayment(tx: Tx, ctx: UseCaseContext, deps: RailProviderDeps, input: FacilitatorInput, usageKeyExpiresAt: Date, known?: RailSettingsRow | null): Promise<SettleResult> {
  const settings = known === undefined ? await requireSettings(tx, ctx) : settingsOrThrow(known);
  await assertSettles(tx, ctx, deps, settings);
  const outcome = await check(tx, ctx, settings, input);
  if (!outcome.ok) {
    return { success: false, errorReason: outcome.reason, errorMessage: outcome.message, transaction: '', network: settings.network, ...(outcome.payer ? { payer: outcome.payer } : {}) };
  }
  const { key, payer, route } = outcome.value;
  const id = newId();
  const transaction = simulatedTransaction(id, key);
  const claimed = await repo.claimSettlement(tx, routeSettlementRow(ctx, settings, outcome.value, { id, transaction, state: 'settled' }));
  if (!claimed) return settledBefore(ctx, await repo.findSettlement(tx, key), payer, settings.network);
  const recorded = await recordSettlement(tx, ctx, {
    settlementId: id,
    network: settings.network,
    payer,
    productId: outcome.value.productId,
    route,
    transaction,
    nonce: key.nonce,
    usageKeyExpiresAt,
  });
  await repo.completeSettlement(tx, id, recorded);
  return {
    success: true,
    payer,
    transaction,
    network: settings.network,
    amount: route.amount,
    extra: { alreadySettled: false, paymentId: recorded.payment_id, usageEventId: recorded.usage_event_id },
  };
}
