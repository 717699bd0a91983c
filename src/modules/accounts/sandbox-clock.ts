// The sandbox test clock of an account (POST /test/clock/advance): stored on the account row,
// read with each key (service.ts lookUp), moved forward only.
import type { Executor, Tx } from '../../db/database.ts';
import { fieldError } from '../../core/errors.ts';
import * as repo from './repository.ts';

/** The sandbox test clock of the calling account (null: the real clock). */
export async function readSandboxClock(ex: Executor, accountId: string): Promise<Date | null> {
  return (await repo.findAccount(ex, accountId))?.sandbox_clock ?? null;
}

/** Moves the sandbox test clock forward to `to` (not before where it is, or the real time when unset). */
export async function advanceSandboxClock(tx: Tx, accountId: string, to: Date, realNow: Date): Promise<Date> {
  const current = (await repo.lockSandboxClock(tx, accountId)) ?? realNow;
  if (to < current) throw fieldError('to', to.toISOString(), 'forward_only', `must not be before the test clock's time, ${current.toISOString()}: the clock only moves forward`);
  await repo.setSandboxClock(tx, accountId, to);
  return to;
}
