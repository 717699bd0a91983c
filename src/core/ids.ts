import { uuidv7 } from 'uuidv7';

/** Time-ordered UUID (v7): ids sort by creation, which keeps indexes compact and cursors simple. */
export function newId(): string {
  return uuidv7();
}

const UUID_REGEX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_REGEX.test(value);
}
