// SQL for the TOTP second factor: the sealed secret of a member, its recovery codes and the
// sign-in challenges between a right password and the second step. Rows are found by member id
// or by a token's hash; none carries an account id (the member row names its account).
import type { Executor } from '../../db/database.ts';
import type { MemberTotpRow, SignInChallengeRow } from './tables.ts';

export async function findTotp(ex: Executor, memberId: string): Promise<MemberTotpRow | undefined> {
  return ex.selectFrom('member_totp').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** A new pending set-up, replacing an earlier unconfirmed one (never a confirmed one). */
export async function savePendingTotp(ex: Executor, row: MemberTotpRow): Promise<boolean> {
  const saved = await ex
    .insertInto('member_totp')
    .values(row)
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({ secret_ciphertext: row.secret_ciphertext, secret_data_key: row.secret_data_key, secret_key_id: row.secret_key_id, created_at: row.created_at, last_step: null }).where('member_totp.confirmed_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(saved.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Records a code's time step, only when it is later than the last one accepted (no replay). */
export async function acceptStep(ex: Executor, memberId: string, step: number): Promise<boolean> {
  const done = await ex
    .updateTable('member_totp')
    .set({ last_step: step })
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

export async function confirmTotp(ex: Executor, memberId: string, now: Date): Promise<void> {
  await ex.updateTable('member_totp').set({ confirmed_at: now }).where('member_id', '=', memberId).execute();
}

export async function deleteTotp(ex: Executor, memberId: string): Promise<void> {
  await ex.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
  await ex.deleteFrom('member_totp').where('member_id', '=', memberId).execute();
}

export async function replaceRecoveryCodes(ex: Executor, memberId: string, hashes: string[]): Promise<void> {
  await ex.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
  await ex.insertInto('member_recovery_codes').values(hashes.map((code_hash) => ({ member_id: memberId, code_hash, used_at: null }))).execute();
}

/** Uses an unused recovery code once; false when unknown or used. */
export async function useRecoveryCode(ex: Executor, memberId: string, hash: string, now: Date): Promise<boolean> {
  const done = await ex
    .updateTable('member_recovery_codes')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

export async function insertChallenge(ex: Executor, row: SignInChallengeRow): Promise<void> {
  await ex.insertInto('member_sign_in_challenges').values(row).execute();
}

export async function findLiveChallenge(ex: Executor, id: string, now: Date): Promise<SignInChallengeRow | undefined> {
  return ex.selectFrom('member_sign_in_challenges').selectAll().where('id', '=', id).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
}

/** Marks a live challenge used; false when it was used (or expired) meanwhile. */
export async function useChallenge(ex: Executor, id: string, now: Date): Promise<boolean> {
  const done = await ex
    .updateTable('member_sign_in_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
