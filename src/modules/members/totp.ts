// The optional TOTP second factor (issue #32): RFC 6238 codes (otpauth: SHA-1, 6 digits, 30 s, one
// step of drift either way), a secret sealed at rest as providers' credentials are, confirmed by a
// first code before it guards the sign-in, each code accepted once (the last step is stored), and
// 8 one-use recovery codes shown once and stored as SHA-256. The second step of a sign-in is a
// challenge: a random token (its hash stored), five minutes, used once, never a session.
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Executor } from '../../db/database.ts';
import { verifyPassword } from './passwords.ts';
import * as repo from './repository.ts';
import * as totpRepo from './totp-repository.ts';
import { newToken, tokenHash } from './tokens.ts';

const PERIOD_SECONDS = 30;
export const CHALLENGE_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 8;
const ISSUER = 'Billing dashboard';

/** The secret is sealed at rest; the caller brings the seal (providers' secret box and keyring). */
export interface TotpSealer {
  seal(memberId: string, secret: string): { ciphertext: string; dataKey: string; keyId: string };
  open(memberId: string, sealed: { ciphertext: string; dataKey: string; keyId: string }): string;
}

function totpOf(base32: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(base32) });
}

function secretOf(sealer: TotpSealer, row: { member_id: string; secret_ciphertext: string; secret_data_key: string; secret_key_id: string }): string {
  return sealer.open(row.member_id, { ciphertext: row.secret_ciphertext, dataKey: row.secret_data_key, keyId: row.secret_key_id });
}

/** Recovery codes are compared without case, spaces or dashes (xxxxx-xxxxx as shown). */
function recoveryHash(memberId: string, code: string): string {
  return tokenHash(`${memberId}:${code.toLowerCase().replace(/[\s-]/g, '')}`);
}

export interface TotpSetup {
  /** base32, as typed into an authenticator app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code carries. */
  uri: string;
}

export async function totpEnabled(ex: Executor, memberId: string): Promise<boolean> {
  return (await totpRepo.findTotp(ex, memberId))?.confirmed_at != null;
}

/** A new secret waiting for its first code; undefined when TOTP is already enabled. */
export async function startTotpSetup(ex: Executor, sealer: TotpSealer, member: { id: string; email: string }, now: Date): Promise<TotpSetup | undefined> {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealer.seal(member.id, secret);
  const saved = await totpRepo.savePendingTotp(ex, {
    member_id: member.id,
    secret_ciphertext: sealed.ciphertext,
    secret_data_key: sealed.dataKey,
    secret_key_id: sealed.keyId,
    confirmed_at: null,
    last_step: null,
    created_at: now,
  });
  return saved ? { secret, uri: totpOf(secret, member.email).toString() } : undefined;
}

/** The pending set-up again (a wrong first code shows the same QR); undefined when none. */
export async function pendingTotpSetup(ex: Executor, sealer: TotpSealer, member: { id: string; email: string }): Promise<TotpSetup | undefined> {
  const row = await totpRepo.findTotp(ex, member.id);
  if (!row || row.confirmed_at) return undefined;
  const secret = secretOf(sealer, row);
  return { secret, uri: totpOf(secret, member.email).toString() };
}

/**
 * Checks a code against the member's secret (pending or confirmed, as asked) and records its step:
 * true once per code. A code of a step at or before the last accepted one is refused.
 */
async function acceptCode(ex: Executor, sealer: TotpSealer, memberId: string, code: string, confirmed: boolean, now: Date): Promise<boolean> {
  const row = await totpRepo.findTotp(ex, memberId);
  if (!row || (row.confirmed_at !== null) !== confirmed) return false;
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const timestamp = now.getTime();
  const delta = totpOf(secretOf(sealer, row), '').validate({ token, timestamp, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  return totpRepo.acceptStep(ex, memberId, step);
}

/** Enables TOTP with the first code of the pending secret: the recovery codes (shown once), or undefined. */
export async function confirmTotp(ex: Executor, sealer: TotpSealer, memberId: string, code: string, now: Date): Promise<string[] | undefined> {
  if (!(await acceptCode(ex, sealer, memberId, code, false, now))) return undefined;
  await totpRepo.confirmTotp(ex, memberId, now);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(8).toString('hex').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await totpRepo.replaceRecoveryCodes(ex, memberId, codes.map((c) => recoveryHash(memberId, c)));
  return codes;
}

/** A current code (once) or an unused recovery code (once) of an enabled TOTP. */
export async function verifySecondFactor(ex: Executor, sealer: TotpSealer, memberId: string, code: string, now: Date): Promise<boolean> {
  if (/^\s*\d{6}\s*$/.test(code)) return acceptCode(ex, sealer, memberId, code, true, now);
  if (!(await totpEnabled(ex, memberId)) || code.length > 40) return false;
  return totpRepo.useRecoveryCode(ex, memberId, recoveryHash(memberId, code), now);
}

/** Disables TOTP with the password and a current code; false when either is wrong. */
export async function disableTotp(ex: Executor, sealer: TotpSealer, memberId: string, password: string, code: string, now: Date): Promise<boolean> {
  const member = await repo.findMember(ex, memberId);
  if (!member?.password_hash || !(await verifyPassword(password, member.password_hash))) return false;
  if (!(await acceptCode(ex, sealer, memberId, code, true, now))) return false;
  await totpRepo.deleteTotp(ex, memberId);
  return true;
}

/** The second step's token for a member whose password was right. */
export async function startSignInChallenge(ex: Executor, memberId: string, now: Date): Promise<string> {
  const token = newToken();
  await totpRepo.insertChallenge(ex, { id: tokenHash(token), member_id: memberId, created_at: now, expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000), used_at: null });
  return token;
}

/** The member of a live challenge (not used, not expired), without using it. */
export async function challengeMember(ex: Executor, token: string, now: Date): Promise<{ id: string; accountId: string; email: string } | undefined> {
  const challenge = await totpRepo.findLiveChallenge(ex, tokenHash(token), now);
  const member = challenge && (await repo.findMember(ex, challenge.member_id));
  return member ? { id: member.id, accountId: member.account_id, email: member.email } : undefined;
}

/** Uses a challenge once; false when it was used or expired meanwhile. */
export async function useSignInChallenge(ex: Executor, token: string, now: Date): Promise<boolean> {
  return totpRepo.useChallenge(ex, tokenHash(token), now);
}
