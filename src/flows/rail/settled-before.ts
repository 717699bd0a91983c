// What a settle answers when the payment was settled before (a replay, a concurrent settle of the
// same authorization or transaction): success false with the scheme's reason, and, when the
// earlier settlement was this seller's, its payment and usage event (a replay by someone else
// learns nothing of it).
import type { UseCaseContext } from '../../core/context.ts';
import type { SettleResult } from './facilitator.ts';
import type { RailSettlementRow } from './tables.ts';
import { REASONS } from './verify-exact.ts';

/** The reason and message a settle of something settled before answers (the scheme's own reason). */
export interface DuplicateAnswer {
  reason: string;
  message: string;
}
const EVM_DUPLICATE: DuplicateAnswer = { reason: REASONS.nonceUsed, message: 'this authorization was settled already; it is not charged again' };

/**
 * Settled before: this call settles nothing, so it answers as a failed settlement does (x402 v2
 * §5.3.2: transaction "", no amount). When the earlier settlement was this seller's, extra names
 * it, so a seller retrying a settle whose answer it lost learns it was paid; another seller
 * replaying the authorization learns nothing of it.
 */
export function settledBefore(ctx: UseCaseContext, earlier: RailSettlementRow | undefined, payer: string, network: string, answer: DuplicateAnswer = EVM_DUPLICATE): SettleResult {
  const mine = earlier && earlier.state === 'settled' && earlier.account_id === ctx.tenant.accountId && earlier.environment === ctx.tenant.environment;
  return {
    success: false,
    errorReason: answer.reason,
    errorMessage: answer.message,
    payer,
    transaction: '',
    network,
    ...(mine ? { extra: { alreadySettled: true, paymentId: earlier.payment_id, usageEventId: earlier.usage_event_id } } : {}),
  };
}
