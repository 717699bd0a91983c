// The sandbox test clock of an account (POST /test/clock/advance): stored on the account row,
// read with each key (service.ts lookUp), moved forward only, or back to the real time by a reset
// (flows/subscriptions/test-clock.ts decides when one is allowed). docs/decisions/test-clock.md.
import type { Executor, Tx } from '../../db/database.ts';
import type { Tenant, UseCaseContext } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import * as repo from './repository.ts';

/** The sandbox test clock of the calling account (null: the real clock). */
export async function readSandboxClock(ex: Executor, accountId: string): Promise<Date | null> {
  return (await repo.findAccount(ex, accountId))?.sandbox_clock ?? null;
}

/** What a call on behalf of an account's member needs of it (flows/dashboard/api-call.ts): is it active, and its test clock. */
export async function accountCallFacts(ex: Executor, accountId: string): Promise<{ active: boolean; sandboxClock: Date | null } | undefined> {
  const row = await repo.findAccount(ex, accountId);
  return row && { active: row.status === 'active', sandboxClock: row.sandbox_clock };
}

/**
 * The context of a keyless action in a tenant (a buyer's page, a sandbox confirmation): billing
 * time as of the account's sandbox test clock when one is set, as on its API; `realNow` stays the
 * real time (countdowns, authorization windows).
 */
export async function contextAsOfClock(ex: Executor, tenant: Tenant, realNow: Date, baseUrl: string | undefined): Promise<UseCaseContext> {
  const clock = tenant.environment === 'sandbox' ? await readSandboxClock(ex, tenant.accountId) : null;
  return { tenant, now: clock ?? realNow, ...(clock ? { realNow } : {}), ...(baseUrl === undefined ? {} : { baseUrl }) };
}

/**
 * How far past the real time the clock may go: enough for years of cycles (a leap-day anchor
 * needs four), while every date the sandbox then derives (due dates, retries, periods) stays far
 * from the end of the calendar PostgreSQL and ISO 8601 can hold.
 */
export const MAX_YEARS_AHEAD = 10;

/** Moves the sandbox test clock forward to `to` (not before where it is, or the real time when unset). */
export async function advanceSandboxClock(tx: Tx, accountId: string, to: Date, realNow: Date): Promise<Date> {
  const limit = new Date(realNow);
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_YEARS_AHEAD);
  if (to > limit) throw fieldError('to', to.toISOString(), 'too_far', `must be at most ${MAX_YEARS_AHEAD} years after the real time (${limit.toISOString()})`);
  const current = (await repo.lockSandboxClock(tx, accountId)) ?? realNow;
  if (to < current) throw fieldError('to', to.toISOString(), 'forward_only', `must not be before the test clock's time, ${current.toISOString()}: the clock only moves forward`);
  await repo.setSandboxClock(tx, accountId, to);
  return to;
}

/** The clock's time, its row locked until the transaction ends (null: the real clock). */
export async function lockSandboxClockOf(tx: Tx, accountId: string): Promise<Date | null> {
  return repo.lockSandboxClock(tx, accountId);
}

/** Back to the real clock (the caller checked, under lockSandboxClockOf, that nothing is recorded ahead of it). */
export async function clearSandboxClock(tx: Tx, accountId: string): Promise<void> {
  await repo.setSandboxClock(tx, accountId, null);
}
