// Cursor pagination over time-ordered (UUIDv7) ids: newest first, the cursor is the last id seen.
import { AppError } from './errors.ts';
import { isUuid } from './ids.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  limit: number;
  /** Id of the last item of the previous page; items strictly older are returned. */
  afterId: string | null;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isUuid(id)) throw new AppError('bad_request', 'The cursor is not valid; use the nextCursor of a previous page.');
  return id;
}

export function pageRequest(query: { limit?: number; cursor?: string }): PageRequest {
  return {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    afterId: query.cursor ? decodeCursor(query.cursor) : null,
  };
}

/** Builds a page from rows fetched with `limit + 1`: the extra row only says that more exist. */
export function toPage<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null };
}
