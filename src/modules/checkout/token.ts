// The invoice link's token check, shared by the hosted page and its JSON actions.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison (of digests, so unequal lengths take the same path). */
export function sameToken(expected: string, presented: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(presented));
}
