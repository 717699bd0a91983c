// Where the master key comes from (docs/providers.md, "Secrets at rest"):
//   SECRETS_KEY (base64 of 32 bytes) or SECRETS_KEY_FILE (a file holding that base64);
//   neither, on the embedded database: a development key made once in DATA_DIR/secrets.key (mode
//   0600), so `npm start` with nothing set works; an in-memory DATA_DIR gets a key per process;
//   neither, with DATABASE_URL: no keyring, and saving a connection answers 503
//   secrets_not_configured (production secrets are never sealed by a key lying beside the data).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { AppError } from '../../core/errors.ts';
import { masterKeyOf, type Keyring } from './secret-box.ts';

const resolved = new WeakMap<Config['secrets'], Keyring | null>();

function decodeKey(base64: string, where: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${where} must hold 32 bytes in base64`);
  return key;
}

function developmentKey(dataDir: string): Buffer {
  if (dataDir.startsWith('memory://')) return randomBytes(32);
  const path = join(dataDir, 'secrets.key');
  try {
    return decodeKey(readFileSync(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(path, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

/** The keyring of these settings, or null when none may be used (DATABASE_URL without a key). */
export function keyringOf(config: Pick<Config, 'secrets' | 'databaseUrl' | 'dataDir'>): Keyring | null {
  if (resolved.has(config.secrets)) return resolved.get(config.secrets)!;
  const { key, keyFile, previousKeys } = config.secrets;
  let current: Buffer | null = null;
  if (key) current = decodeKey(key, 'SECRETS_KEY');
  else if (keyFile) current = decodeKey(readFileSync(keyFile, 'utf8'), 'SECRETS_KEY_FILE');
  else if (!config.databaseUrl) current = developmentKey(config.dataDir);
  const keyring = current ? { current: masterKeyOf(current), previous: previousKeys.map((k) => masterKeyOf(decodeKey(k, 'SECRETS_KEY_PREVIOUS'))) } : null;
  resolved.set(config.secrets, keyring);
  return keyring;
}

export function requireKeyring(config: Pick<Config, 'secrets' | 'databaseUrl' | 'dataDir'>): Keyring {
  const keyring = keyringOf(config);
  if (!keyring) {
    throw new AppError('secrets_not_configured', 'Processor credentials cannot be stored: the operator has not set SECRETS_KEY (or SECRETS_KEY_FILE).');
  }
  return keyring;
}
