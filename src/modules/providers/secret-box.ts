// Secrets at rest: AES-256-GCM envelope encryption with node:crypto. Each connection has its own
// random data key; its credentials are sealed with the data key, and the data key is wrapped by the
// master key (SECRETS_KEY). A row records the id of the master key that wrapped its data key, so a
// rotation re-wraps data keys only (`secrets rotate`) and a row names the key it needs. The row's
// id is the additional data of both seals: a blob copied onto another row does not open.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface MasterKey {
  /** First 16 hex digits of SHA-256 of the key: names it without revealing it. */
  id: string;
  key: Buffer;
}

/** The current master key and the previous ones still accepted for unwrapping (rotation). */
export interface Keyring {
  current: MasterKey;
  previous: MasterKey[];
}

export interface SealedSecrets {
  /** base64(iv | tag | ciphertext) of the credentials' JSON under the data key. */
  ciphertext: string;
  /** base64(iv | tag | wrapped data key) under the master key `keyId`. */
  dataKey: string;
  keyId: string;
}

export function masterKeyOf(key: Buffer): MasterKey {
  if (key.length !== 32) throw new Error('a master key is 32 bytes');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

function seal(key: Buffer, plain: Buffer, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function open(key: Buffer, sealed: string, aad: string): Buffer {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

function keyNamed(keyring: Keyring, id: string): MasterKey {
  const found = [keyring.current, ...keyring.previous].find((k) => k.id === id);
  if (!found) throw new Error(`no master key with id ${id} is configured (set it as SECRETS_KEY_PREVIOUS while rotating)`);
  return found;
}

export function sealSecrets(keyring: Keyring, rowId: string, secrets: Record<string, string>): SealedSecrets {
  const dataKey = randomBytes(32);
  return {
    ciphertext: seal(dataKey, Buffer.from(JSON.stringify(secrets)), `data:${rowId}`),
    dataKey: seal(keyring.current.key, dataKey, `key:${rowId}`),
    keyId: keyring.current.id,
  };
}

export function openSecrets(keyring: Keyring, rowId: string, sealed: SealedSecrets): Record<string, string> {
  const dataKey = open(keyNamed(keyring, sealed.keyId).key, sealed.dataKey, `key:${rowId}`);
  return JSON.parse(open(dataKey, sealed.ciphertext, `data:${rowId}`).toString('utf8')) as Record<string, string>;
}

/** The same data key wrapped by the current master key (rotation): the credentials' ciphertext is untouched. */
export function rewrapDataKey(keyring: Keyring, rowId: string, sealed: SealedSecrets): Pick<SealedSecrets, 'dataKey' | 'keyId'> {
  const dataKey = open(keyNamed(keyring, sealed.keyId).key, sealed.dataKey, `key:${rowId}`);
  return { dataKey: seal(keyring.current.key, dataKey, `key:${rowId}`), keyId: keyring.current.id };
}
