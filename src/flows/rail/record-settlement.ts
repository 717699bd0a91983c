// What a settled request leaves behind, all in the settle's transaction (docs/decisions/rail.md):
// the agent (a customer per payer wallet, externalId = its CAIP-10 account id, made on first
// sight and enrolled in the product), one usage event on the route's meter (through usage
// ingestion's own call, metering_ingest), its quantity on the agent's receipt of the day
// (receipts.ts: one draft invoice per agent enrollment and UTC day, closed by a job), and its own
// confirmed crypto payment against that receipt, posted to the ledger (clearing <- receivable).
import { randomInt } from 'node:crypto';
import type { Tx } from '../../db/database.ts';
import { realNowOf, type UseCaseContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { createCustomer, createEnrollment, listCustomers, resolveEnrollment } from '../../modules/customers/index.ts';
import { ingestGroup } from '../../modules/metering/index.ts';
import { recordSettledPayment } from '../payment-confirmation/index.ts';
import { RECEIPT_CURRENCY, type RailRoute } from './config.ts';
import { TEST_NETWORKS } from './networks.ts';
import { receiptSlot } from './receipts.ts';
import * as repo from './repository.ts';
import type { RailReservedPayment, RailSettingsRow, RailSettlementRow } from './tables.ts';

/**
 * A Rail route's settlement row as it is claimed (links empty until recordSettlement fills them):
 * simulated and reported ones `settled` at once, on-chain ones reserved `submitting` with their payment.
 */
export function routeSettlementRow(
  ctx: UseCaseContext,
  settings: Pick<RailSettingsRow, 'pay_to'>,
  claimed: { key: repo.AuthorizationKey; route: RailRoute; productId: string },
  row: { id: string; transaction: string; state: RailSettlementRow['state']; payment?: RailReservedPayment },
): RailSettlementRow {
  return {
    id: row.id,
    account_id: ctx.tenant.accountId,
    environment: ctx.tenant.environment,
    ...claimed.key,
    // EVM addresses lower-cased (one spelling); Solana's base58 is case-sensitive, kept as is.
    pay_to: settings.pay_to.startsWith('0x') ? settings.pay_to.toLowerCase() : settings.pay_to,
    amount: claimed.route.amount,
    transaction: row.transaction,
    product_id: claimed.productId,
    meter_id: claimed.route.meterId,
    customer_id: null,
    enrollment_id: null,
    usage_event_id: null,
    invoice_id: null,
    payment_id: null,
    state: row.state,
    // Real time: recovery checks the authorization's window as of it (billing facts use ctx.now).
    created_at: realNowOf(ctx),
    ...(row.payment ? { payment: row.payment } : {}),
  };
}

export interface SettlementFacts {
  settlementId: string;
  network: string;
  /** Checksummed payer address. */
  payer: string;
  productId: string;
  route: RailRoute;
  transaction: string;
  nonce: string;
  /** When the stored answer of the usage write expires (the idempotency retention). */
  usageKeyExpiresAt: Date;
  /** The payment's provider (receiptProviderOf): `sandbox` in the sandbox, else the facilitator that settled it. */
  provider?: string;
}

/** Who settled, when the caller does not say: the sandbox's simulator (the interface's Payment.provider is `sandbox` there). */
const SETTLEMENT_PROVIDER = 'sandbox';

type Links = Pick<RailSettlementRow, 'customer_id' | 'enrollment_id' | 'usage_event_id' | 'invoice_id' | 'payment_id'>;

/** The agent's customer and enrollment in the product: one read once made; made on first sight (serialised per wallet). */
async function agentEnrollment(tx: Tx, ctx: UseCaseContext, externalId: string, productId: string): Promise<{ customerId: string; enrollmentId: string }> {
  const known = await resolveEnrollment(tx, ctx.tenant, externalId, productId);
  if (known) return { customerId: known.customer_id, enrollmentId: known.id };
  await repo.lockAgent(tx, ctx.tenant, externalId);
  const found = await listCustomers(tx, ctx, { externalId }, { limit: 1, afterId: null });
  const customerId = found.items[0]?.id ?? (await createCustomer(tx, ctx, { name: `Agent ${externalId}`, externalId, metadata: { rail: 'agent' } })).id;
  const enrollment = await resolveEnrollment(tx, ctx.tenant, customerId, productId);
  const enrollmentId = enrollment?.id ?? (await createEnrollment(tx, ctx, customerId, { productId })).id;
  return { customerId, enrollmentId };
}

/** One usage event through metering_ingest, in this transaction (its answer is stored under a Rail key). */
async function recordUsage(tx: Tx, ctx: UseCaseContext, facts: SettlementFacts, customerId: string): Promise<string> {
  const eventId = `rail_${facts.settlementId}`;
  const scope = `rail:${ctx.tenant.accountId}:${ctx.tenant.environment}`;
  const key = `settle:${facts.settlementId}`;
  const [outcome] = await ingestGroup(
    tx,
    [
      {
        tenant: ctx.tenant,
        events: [
          {
            index: 0,
            eventId,
            meterKey: facts.route.meter,
            productId: facts.productId,
            customerRef: customerId,
            value: '1',
            occurredAt: ctx.now,
            metadata: { rail: { network: facts.network, transaction: facts.transaction, nonce: facts.nonce } },
          },
        ],
        scope,
        key,
        lockName: `${scope}\n${key}`,
        fingerprint: 'rail-settle',
        batch: false,
        keyToConfirm: null,
      },
    ],
    ctx.now,
    facts.usageKeyExpiresAt,
    randomInt(16),
  );
  if (outcome?.kind === 'recorded') return eventId;
  if (outcome?.kind === 'busy') throw new AppError('service_unavailable', 'An invoice is reading this agent usage right now; retry the settle in a moment (the authorization was not used).', { retryAfterSeconds: 1 });
  if (outcome?.kind === 'refused') throw new AppError('conflict', 'The agent usage at this instant falls in an invoiced period; nothing was settled.');
  if (outcome?.kind === 'insufficient') throw new AppError('insufficient_balance', 'The agent enrollment is prepaid and its balance does not cover the request; nothing was settled.');
  throw new Error(`rail usage write answered ${outcome?.kind ?? 'nothing'}`);
}

/**
 * Records what a settled request leaves behind; answers the settlement's links (the caller writes
 * them). The receipt's line is written last (receipts.ts, ReceiptSlot.add): its row is the one
 * every settle of the agent's day updates, so it is held from there to the commit only.
 */
export async function recordSettlement(tx: Tx, ctx: UseCaseContext, facts: SettlementFacts): Promise<Links> {
  const externalId = `${facts.network}:${facts.payer}`;
  const { customerId, enrollmentId } = await agentEnrollment(tx, ctx, externalId, facts.productId);
  const usageEventId = await recordUsage(tx, ctx, facts, customerId);
  const receipt = await receiptSlot(tx, ctx, { enrollmentId, customerId, productId: facts.productId, route: facts.route, network: facts.network });
  // 1 USDC settles 1 USD: the route's unit price is the payment's amount, to the receipt's six decimals.
  const payment = await recordSettledPayment(
    tx,
    ctx,
    {
      invoiceId: receipt.invoiceId,
      amount: facts.route.unitPrice,
      currency: RECEIPT_CURRENCY,
      provider: facts.provider ?? SETTLEMENT_PROVIDER,
      providerId: facts.transaction,
      network: TEST_NETWORKS.has(facts.network) ? 'test' : 'main',
      settlementNetwork: facts.network.startsWith('solana:') ? 'solana' : 'base',
    },
    customerId,
  );
  await receipt.add();
  return { customer_id: customerId, enrollment_id: enrollmentId, usage_event_id: usageEventId, invoice_id: receipt.invoiceId, payment_id: payment.id };
}
