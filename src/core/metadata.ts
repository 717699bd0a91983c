// Limits of free-form `metadata` objects (the http Metadata schema checks only the shape).
import { validationError, type FieldError } from './errors.ts';

export const METADATA_MAX_KEYS = 50;
export const METADATA_MAX_KEY_LENGTH = 40;
export const METADATA_MAX_BYTES = 8 * 1024;

/** Throws a validation error when metadata has more than 50 keys, a key past 40 characters, or more than 8 KiB of JSON. */
export function assertMetadataSize(metadata: Record<string, unknown>, field = 'metadata'): void {
  const errors: FieldError[] = [];
  const keys = Object.keys(metadata);
  if (keys.length > METADATA_MAX_KEYS) {
    errors.push({ field, value: `${keys.length} keys`, constraint: 'max_keys', description: `has ${keys.length} keys; at most ${METADATA_MAX_KEYS} are allowed` });
  }
  for (const key of keys) {
    if (key.length > METADATA_MAX_KEY_LENGTH) {
      errors.push({ field: `${field}.${key}`, value: key, constraint: 'max_key_length', description: `keys are at most ${METADATA_MAX_KEY_LENGTH} characters` });
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  if (bytes > METADATA_MAX_BYTES) {
    errors.push({ field, value: `${bytes} bytes`, constraint: 'max_size', description: `is ${bytes} bytes as JSON; at most ${METADATA_MAX_BYTES} (8 KiB) are allowed` });
  }
  if (errors.length > 0) throw validationError(errors);
}
