import { z } from 'zod';
import { ServiceError } from '../errors.js';

/** Admin list query: newest first, `limit` default 50, max 500, opaque `cursor` (DESIGN 4b). */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  cursor: z.string().max(200).optional(),
});

export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    if (typeof id !== 'string' || Number.isNaN(createdAt.getTime())) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw new ServiceError('invalid_request', 'cursor: invalid');
  }
}

/**
 * Turns `limit + 1` rows fetched in (created_at DESC, id DESC) order into a page and the next cursor.
 */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => Cursor,
  render: (row: R) => T,
): { data: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map(render),
    next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
  };
}
