/** The tenant every business row belongs to: an account in one environment. */
export type Environment = 'sandbox' | 'production';

export interface Tenant {
  accountId: string;
  environment: Environment;
}

/** What a use case knows about the call: whose data, and what time it is. Never HTTP objects. */
export interface UseCaseContext {
  tenant: Tenant;
  /** Billing time: the real time, or a sandbox account's test clock (POST /test/clock/advance). */
  now: Date;
  /**
   * The real time, set when `now` is a sandbox test clock. What a person or another system
   * watches runs on it, never on the clock: a payer's countdown, authorization windows, signed
   * URLs, job and webhook scheduling (docs/decisions/test-clock.md). Read it with `realNowOf`.
   */
  realNow?: Date;
  /**
   * The service's public address (BASE_URL), for links a use case hands out (hosted invoice
   * pages, emails). Set for every request by http/context.ts; a job that builds links sets it too.
   */
  baseUrl?: string;
  /**
   * The tenant's account as the caller already read it in this request (its id and slug), so that
   * invoice views need not read the account again for their links; used only while its id is the
   * tenant's. Optional: without it, views read the account.
   */
  knownAccount?: { id: string; slug: string };
  /**
   * Set by the cycle runner: an off-session charge of a saved method at a live processor is only
   * reserved in the caller's transaction and sent once it commits, with none open
   * (flows/payment-confirmation/off-session-charges.ts); without it, it is sent inside it.
   */
  offSessionAfterCommit?: boolean;
}

/** The real time of a use case: `ctx.now` unless a sandbox test clock moved it (docs/decisions/test-clock.md). */
export function realNowOf(ctx: Pick<UseCaseContext, 'now' | 'realNow'>): Date {
  return ctx.realNow ?? ctx.now;
}
