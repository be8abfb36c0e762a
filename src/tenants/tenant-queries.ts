import type { Queryable } from '../db/pool.js';
import { selectNewestFirst } from '../db/newest-first.js';
import { newId } from '../crypto/random-ids.js';
import { ServiceError } from '../errors.js';
import type { Cursor, PageKey } from '../http/pagination.js';
import { resolveSettings, type TenantSettings } from './settings.js';

export interface TenantRow {
  id: string;
  name: string;
  created_at: Date;
}

export async function createTenant(db: Queryable, name: string): Promise<TenantRow> {
  const { rows } = await db.query<TenantRow>(
    `INSERT INTO tenants (id, name) VALUES ($1::text, $2::text) RETURNING id, name, created_at`,
    [newId('ten'), name],
  );
  return rows[0]!;
}

export function listTenants(
  db: Queryable,
  limit: number,
  after: Cursor | null,
): Promise<(TenantRow & PageKey)[]> {
  return selectNewestFirst<TenantRow>(db, {
    table: 'tenants',
    columns: 'id, name, created_at',
    tenantId: null,
    limit,
    after,
  });
}

/** The tenant, or 404 not_found. */
export async function requireTenant(
  db: Queryable,
  tenantId: string,
): Promise<TenantRow & { settings: TenantSettings }> {
  const { rows } = await db.query<TenantRow & { settings: unknown }>(
    `SELECT id, name, created_at, settings FROM tenants WHERE id = $1::text`,
    [tenantId],
  );
  const row = rows[0];
  if (!row) throw new ServiceError('not_found', 'tenant not found');
  return { ...row, settings: resolveSettings(row.settings) };
}

export async function saveSettings(db: Queryable, tenantId: string, settings: TenantSettings): Promise<void> {
  await db.query(`UPDATE tenants SET settings = $2::jsonb WHERE id = $1::text`, [
    tenantId,
    JSON.stringify(settings),
  ]);
}
