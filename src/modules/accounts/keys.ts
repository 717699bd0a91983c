// API key format: "<sk|pk>_<test|live>_<43 characters of base64url>" (32 random bytes).
// Only a SHA-256 hash is stored: the key is high-entropy, so a slow hash would add nothing.
import { hash, randomBytes } from 'node:crypto';
import type { Environment } from '../../core/context.ts';
import type { KeyType } from './tables.ts';

export { SCOPES, type Scope } from '../../core/auth.ts';

const KEY_PATTERN = /^(sk|pk)_(test|live)_[A-Za-z0-9_-]{43}$/;

export interface ParsedKey {
  type: KeyType;
  environment: Environment;
}

/** Reads type and environment from a key's prefix; null when it is not shaped like our keys. */
export function parseKey(key: string): ParsedKey | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  return { type: match[1] === 'sk' ? 'secret' : 'publishable', environment: match[2] === 'test' ? 'sandbox' : 'production' };
}

export function generateKey(type: KeyType, environment: Environment): string {
  const prefix = `${type === 'secret' ? 'sk' : 'pk'}_${environment === 'sandbox' ? 'test' : 'live'}_`;
  return prefix + randomBytes(32).toString('base64url');
}

export function hashKey(key: string): string {
  // One-shot hash: no Hash object per request (every authenticated request hashes its key).
  return hash('sha256', key, 'hex');
}

/** What a listing shows of a key: its prefix and last four characters. */
export function redactKey(key: string): string {
  return `${key.slice(0, 8)}...${key.slice(-4)}`;
}
