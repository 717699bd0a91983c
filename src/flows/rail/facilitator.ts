// The seller's facilitator: GET /rail/supported, POST /rail/verify, POST /rail/settle (x402 v2).
// Sandbox, test networks: verification is real (verify-exact.ts, plus the nonce's history here);
// settlement is simulated (a transaction hash made here) and recorded in the caller's transaction
// with the agent's usage and payment (record-settlement.ts). Anything else: 409
// provider_not_configured, as no on-chain settlement connection exists yet.
import { createHash } from 'node:crypto';
import type { Executor, Tx } from '../../db/database.ts';
import type { UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { productRoutes, type RailRoute } from './config.ts';
import { isSimulatedNetwork, TEST_NETWORKS } from './networks.ts';
import { recordSettlement } from './record-settlement.ts';
import * as repo from './repository.ts';
import { assetDomainOf, requireSettings } from './settings.ts';
import type { RailSettingsRow } from './tables.ts';
import { checkExactPayment, parsePayment, REASONS, type ParsedPayment } from './verify-exact.ts';

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

export function supportedKinds(): { kinds: Array<{ x402Version: number; scheme: string; network: string }>; extensions: string[]; signers: Record<string, string[]> } {
  const kinds = [...TEST_NETWORKS].filter(isSimulatedNetwork).map((network) => ({ x402Version: 2, scheme: 'exact', network }));
  return { kinds, extensions: [], signers: {} };
}

function assertSettlesHere(ctx: UseCaseContext, settings: RailSettingsRow): void {
  if (ctx.tenant.environment !== 'sandbox' || !isSimulatedNetwork(settings.network)) {
    throw new AppError(
      'provider_not_configured',
      `No on-chain settlement connection exists for ${settings.network} in ${ctx.tenant.environment}: the sandbox verifies and settles (simulated) on EVM test networks such as eip155:84532 only.`,
    );
  }
}

interface Checked {
  payment: ParsedPayment;
  payer: string;
  route: RailRoute;
  productId: string;
  productKey: string;
  key: repo.AuthorizationKey;
}

type Outcome = { ok: true; value: Checked } | { ok: false; reason: string; message: string; payer?: string };

/** The route the requirements name (extra.product, extra.meter), priced by the catalog now. */
async function check(ex: Executor, ctx: UseCaseContext, settings: RailSettingsRow, input: FacilitatorInput): Promise<Outcome> {
  const parsed = await parsePayment(input.paymentPayload, input.paymentRequirements);
  if (!parsed.ok) return parsed;
  const payment = parsed.value;
  const extra = (payment.requirements.extra ?? {}) as Record<string, unknown>;
  if (typeof extra.product !== 'string' || typeof extra.meter !== 'string') {
    return { ok: false, reason: REASONS.price, message: 'paymentRequirements.extra must name the Rail product and meter, as GET /rail/config gives them' };
  }
  const meter = extra.meter;
  const { product, routes } = await productRoutes(ex, ctx, extra.product, settings);
  const route = routes.find((r) => r.meter === meter);
  if (!route) return { ok: false, reason: REASONS.price, message: `the product's default version has no price on meter "${meter}"` };
  const checked = await checkExactPayment(payment, {
    network: settings.network,
    asset: settings.asset,
    payTo: settings.pay_to,
    price: route.amount,
    domain: await assetDomainOf(settings),
    clockSkewSeconds: settings.grace.clockSkewSeconds,
    now: Math.floor(ctx.now.getTime() / 1000),
  });
  if (!checked.ok) return checked;
  const key = { network: settings.network, asset: settings.asset.toLowerCase(), payer: checked.value.toLowerCase(), nonce: payment.authorization.nonce };
  return { ok: true, value: { payment, payer: checked.value, route, productId: product.id, productKey: product.key, key } };
}

export async function verifyPayment(ex: Executor, ctx: UseCaseContext, input: FacilitatorInput): Promise<VerifyResult> {
  const settings = await requireSettings(ex, ctx);
  assertSettlesHere(ctx, settings);
  const outcome = await check(ex, ctx, settings, input);
  if (!outcome.ok) return { isValid: false, invalidReason: outcome.reason, invalidMessage: outcome.message, ...(outcome.payer ? { payer: outcome.payer } : {}) };
  if (await repo.findSettlement(ex, outcome.value.key)) {
    return { isValid: false, invalidReason: REASONS.nonceUsed, invalidMessage: 'this authorization was settled already', payer: outcome.value.payer };
  }
  return { isValid: true, payer: outcome.value.payer };
}

/** A transaction hash for a simulated settlement: 32 bytes, unique per settlement, traceable to it. */
function simulatedTransaction(settlementId: string, key: repo.AuthorizationKey): string {
  return `0x${createHash('sha256').update(`rail-sandbox:${settlementId}:${key.network}:${key.asset}:${key.payer}:${key.nonce}`).digest('hex')}`;
}

export async function settlePayment(tx: Tx, ctx: UseCaseContext, input: FacilitatorInput, usageKeyExpiresAt: Date): Promise<SettleResult> {
  const settings = await requireSettings(tx, ctx);
  assertSettlesHere(ctx, settings);
  const outcome = await check(tx, ctx, settings, input);
  if (!outcome.ok) {
    return { success: false, errorReason: outcome.reason, errorMessage: outcome.message, transaction: '', network: settings.network, ...(outcome.payer ? { payer: outcome.payer } : {}) };
  }
  const { key, payer, route } = outcome.value;
  const id = newId();
  const transaction = simulatedTransaction(id, key);
  const claimed = await repo.claimSettlement(tx, {
    id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    ...key,
    pay_to: settings.pay_to.toLowerCase(),
    amount: route.amount,
    transaction,
    product_id: outcome.value.productId,
    meter_id: route.meterId,
    customer_id: null,
    enrollment_id: null,
    usage_event_id: null,
    invoice_id: null,
    payment_id: null,
    created_at: ctx.now,
  });
  if (!claimed) {
    // Settled before: by this seller (the answer names that settlement, and nothing is charged
    // again), or elsewhere (nothing of it is shown).
    const earlier = await repo.findSettlement(tx, key);
    const mine = earlier && earlier.account_id === ctx.tenant.accountId && earlier.environment === ctx.tenant.environment;
    return {
      success: false,
      errorReason: REASONS.nonceUsed,
      errorMessage: 'this authorization was settled already; it is not charged again',
      payer,
      transaction: mine ? earlier.transaction : '',
      network: settings.network,
      ...(mine ? { amount: earlier.amount, extra: { alreadySettled: true, paymentId: earlier.payment_id, usageEventId: earlier.usage_event_id } } : {}),
    };
  }
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
