import type { Queryable } from '../db/pool.js';
import { selectNewestFirst } from '../db/newest-first.js';
import { hmacSha256 } from '../crypto/hashing.js';
import { newId } from '../crypto/random-ids.js';
import { ServiceError } from '../errors.js';
import type { Cursor, PageKey } from '../http/pagination.js';
import type { ProviderId } from '../providers/provider-ids.js';

export interface ProviderKeyRow {
  tenant_id: string;
  id: string;
  provider: ProviderId;
  last4: string;
  base_url: string | null;
  created_at: Date;
}

const COLUMNS = 'tenant_id, id, provider, last4, base_url, created_at';

/** The only form in which a provider key is kept: an HMAC under a purpose subkey of the master key. */
export const providerKeyHmac = (hmacKey: Buffer, providerKey: string) => hmacSha256(hmacKey, providerKey);

export async function registerProviderKey(
  db: Queryable,
  hmacKey: Buffer,
  input: { tenantId: string; provider: ProviderId; key: string; baseUrl: string | null },
): Promise<ProviderKeyRow> {
  try {
    const { rows } = await db.query<ProviderKeyRow>(
      `INSERT INTO provider_keys (tenant_id, id, provider, key_hmac, last4, base_url)
       VALUES ($1::text, $2::text, $3::text, $4::bytea, $5::text, $6::text) RETURNING ${COLUMNS}`,
      [
        input.tenantId,
        newId('pk'),
        input.provider,
        providerKeyHmac(hmacKey, input.key),
        input.key.slice(-4),
        input.baseUrl,
      ],
    );
    return rows[0]!;
  } catch (error) {
    // Registered anywhere already (any tenant): say so without telling which tenant has it.
    if ((error as { code?: string }).code === '23505') {
      throw new ServiceError('provider_key_exists', 'this provider key is already registered');
    }
    throw error;
  }
}

export function listProviderKeys(
  db: Queryable,
  tenantId: string,
  limit: number,
  after: Cursor | null,
): Promise<(ProviderKeyRow & PageKey)[]> {
  return selectNewestFirst<ProviderKeyRow>(db, {
    table: 'provider_keys',
    columns: COLUMNS,
    tenantId,
    limit,
    after,
  });
}

export async function deleteProviderKey(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `DELETE FROM provider_keys WHERE tenant_id = $1::text AND id = $2::text`,
    [tenantId, id],
  );
  return (rowCount ?? 0) > 0;
}
