// Secrets handed to a browser (session cookies, sign-in links): 32 random bytes, base64url, kept
// in the database only as their SHA-256, so a copy of the database signs nobody in.
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
