import type { Queryable } from '../db/pool.js';
import { selectNewestFirst } from '../db/newest-first.js';
import { sha256 } from '../crypto/hashing.js';
import { newId } from '../crypto/random-ids.js';
import type { Cursor, PageKey } from '../http/pagination.js';
import { displayPrefix, mintCredential } from './key-format.js';
import type { KeyKind, Scope } from './scopes.js';

export interface ApiKeyRow {
  tenant_id: string;
  id: string;
  kind: KeyKind;
  name: string;
  prefix: string;
  scopes: Scope[];
  allowed_origins: string[];
  device_id: string | null;
  end_user_id: string | null;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const COLUMNS = `tenant_id, id, kind, name, prefix, scopes, allowed_origins, device_id, end_user_id,
                 created_at, revoked_at, last_used_at`;

/** Mints a key and stores only its SHA-256 and display prefix; the full key is returned once. */
export async function createApiKey(
  db: Queryable,
  input: {
    tenantId: string;
    kind: KeyKind;
    name: string;
    scopes: Scope[];
    allowedOrigins: string[];
    deviceId?: string;
    endUserId?: string;
  },
): Promise<{ row: ApiKeyRow; key: string }> {
  const key = mintCredential(input.kind);
  const { rows } = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (tenant_id, id, kind, name, prefix, key_hash, scopes, allowed_origins, device_id, end_user_id)
     VALUES ($1::text, $2::text, $3::text, $4::text, $5::text, $6::bytea, $7::text[], $8::text[], $9::text, $10::text)
     RETURNING ${COLUMNS}`,
    [
      input.tenantId,
      newId('key'),
      input.kind,
      input.name,
      displayPrefix(input.kind, key),
      sha256(key),
      input.scopes,
      input.allowedOrigins,
      input.deviceId ?? null,
      input.endUserId ?? null,
    ],
  );
  return { row: rows[0]!, key };
}

export function listApiKeys(
  db: Queryable,
  tenantId: string,
  limit: number,
  after: Cursor | null,
): Promise<(ApiKeyRow & PageKey)[]> {
  return selectNewestFirst<ApiKeyRow>(db, { table: 'api_keys', columns: COLUMNS, tenantId, limit, after });
}

/** Revokes (idempotently) and returns the key, or null when this tenant has no such key. */
export async function revokeApiKey(
  db: Queryable,
  tenantId: string,
  keyId: string,
): Promise<ApiKeyRow | null> {
  const { rows } = await db.query<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now())
      WHERE tenant_id = $1::text AND id = $2::text RETURNING ${COLUMNS}`,
    [tenantId, keyId],
  );
  return rows[0] ?? null;
}
