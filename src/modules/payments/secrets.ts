// Credentials a payment hands out once (card client secret, crypto charge token) are stored as
// SHA-256 digests and compared in constant time. They are high-entropy, so a slow hash adds nothing.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function matchesDigest(secret: string, digest: string | null): boolean {
  if (!digest) return false;
  const given = Buffer.from(digestOf(secret), 'hex');
  const stored = Buffer.from(digest, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The single-use token of the crypto payment widget. */
export function newChargeToken(): string {
  return `ct_${randomBytes(24).toString('base64url')}`;
}

/** Constant-time equality of two tokens held in clear (the sandbox confirmation token). */
export function sameToken(given: string, stored: string | null): boolean {
  if (!stored) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(stored).digest();
  return timingSafeEqual(a, b);
}
