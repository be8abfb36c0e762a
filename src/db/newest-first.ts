import type { QueryResultRow } from 'pg';
import type { Queryable } from './pool.js';
import type { Cursor, PageKey } from '../http/pagination.js';

/** An extra WHERE condition: `sql` receives the placeholder (e.g. `$4`) its value is bound to. */
export interface Filter {
  sql: (placeholder: string) => string;
  value: unknown;
}

/** `column = value` when a value is given; nothing otherwise (an optional list filter). */
export const equalsFilter = (column: string, value: string | number | undefined, cast = 'text'): Filter[] =>
  value === undefined ? [] : [{ sql: (p) => `${column} = ${p}::${cast}`, value }];

/**
 * Keyset page of an admin list, newest first by (created_at, id), fetching limit + 1 rows so the
 * caller can tell whether there is a next page. Table and column lists are our own constants.
 */
export async function selectNewestFirst<R extends QueryResultRow>(
  db: Queryable,
  query: {
    table: string;
    columns: string;
    tenantId: string | null;
    idColumn?: string;
    filters?: Filter[];
    limit: number;
    after: Cursor | null;
  },
): Promise<(R & PageKey)[]> {
  const id = query.idColumn ?? 'id';
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (query.tenantId !== null) where.push(`tenant_id = ${bind(query.tenantId)}::text`);
  if (query.after) {
    where.push(
      // Whole microseconds, exactly (a bigint times an interval), so no row sharing the cursor's time is skipped.
      `(created_at, ${id}) < (timestamptz 'epoch' + ${bind(query.after.micros)}::bigint * interval '1 microsecond', ${bind(query.after.id)}::text)`,
    );
  }
  for (const f of query.filters ?? []) where.push(f.sql(bind(f.value)));
  const sql = `SELECT ${query.columns},
      (floor(extract(epoch FROM created_at) * 1000000))::bigint::text AS page_micros, ${id} AS page_id
    FROM ${query.table}
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY created_at DESC, ${id} DESC LIMIT ${bind(query.limit + 1)}::int`;
  const { rows } = await db.query<R & PageKey>(sql, params);
  return rows;
}
