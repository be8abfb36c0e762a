import { z } from 'zod';
import { ServiceError } from '../errors.js';

/** Admin list query: newest first, `limit` default 50, max 500, opaque `cursor` (DESIGN 4b). */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z.string().max(200).optional(),
});

/**
 * Where a page ends: the row's created_at in whole microseconds since the epoch (Postgres keeps
 * microseconds; a millisecond Date would skip rows sharing the last row's millisecond) and its id.
 */
export interface Cursor {
  micros: string;
  id: string;
}

/** Columns every keyset-paged row carries (added by selectNewestFirst). */
export interface PageKey {
  page_micros: string;
  page_id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.micros, c.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const [micros, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof micros !== 'string' || !/^\d{1,19}$/.test(micros) || typeof id !== 'string')
      throw new Error('bad cursor');
    return { micros, id };
  } catch {
    throw new ServiceError('invalid_request', 'cursor: invalid');
  }
}

/** Turns `limit + 1` rows fetched newest first into a page and the next cursor. */
export function toPage<R extends PageKey, T>(
  rows: R[],
  limit: number,
  render: (row: R) => T,
): { data: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map(render),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ micros: last.page_micros, id: last.page_id }) : null,
  };
}
