import { randomBytes } from 'node:crypto';
import type { Db } from '../db/pool.js';
import { withTransaction } from '../db/pool.js';
import { open, seal } from './envelope.js';
import { KeyRecordCache } from '../key-record-cache.js';

/** A tenant's unwrapped keys of one version: one encrypts values, the other computes value HMACs. */
export interface TenantKeys {
  version: number;
  dataKey: Buffer;
  hmacKey: Buffer;
}

const aad = (tenantId: string, version: number, purpose: 'data' | 'hmac') =>
  `tenant-key:${tenantId}:v${version}:${purpose}`;

/**
 * Envelope encryption (DESIGN 3): per-tenant data and HMAC keys, wrapped with AES-256-GCM under the
 * master key's data-key-wrapping subkey. Rotation adds a version; old versions stay to decrypt old
 * values. Deleting a tenant's key rows makes its stored values unreadable.
 */
export class TenantKeyring {
  // Unwrapped keys are key records: kept at most 5 s, so a rotation or a crypto-shred is seen by
  // every process within that bound.
  private readonly cache = new KeyRecordCache<TenantKeys>();

  constructor(
    private readonly db: Db,
    private readonly wrappingKey: Buffer,
  ) {}

  /** The active (newest, not retired) keys, created on first use. */
  active(tenantId: string): Promise<TenantKeys> {
    return this.cache.get(`${tenantId}:active`, async () => {
      const row = await selectActive(this.db, tenantId);
      return row ? this.unwrap(tenantId, row) : this.createVersion(tenantId);
    });
  }

  version(tenantId: string, version: number): Promise<TenantKeys> {
    return this.cache.get(`${tenantId}:v${version}`, async () => {
      const { rows } = await this.db.query<KeyRow>(
        `SELECT version, wrapped_data_key, wrapped_hmac_key FROM tenant_keys WHERE tenant_id = $1::text AND version = $2::int`,
        [tenantId, version],
      );
      if (!rows[0]) throw new Error(`tenant key version ${version} is gone`);
      return this.unwrap(tenantId, rows[0]);
    });
  }

  /**
   * A new active version. New values are encrypted under it; values already stored keep theirs.
   * The HMAC key carries over so same-session lookups keep matching existing tokens.
   */
  async rotate(tenantId: string): Promise<number> {
    const current = await this.active(tenantId);
    const version = await withTransaction(this.db, async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(hashtext($1::text))`, [`tenant-keys:${tenantId}`]);
      const { rows } = await client.query<{ v: number }>(
        `SELECT coalesce(max(version), 0) + 1 AS v FROM tenant_keys WHERE tenant_id = $1::text`,
        [tenantId],
      );
      const next = rows[0]!.v;
      await client.query(
        `UPDATE tenant_keys SET retired_at = now() WHERE tenant_id = $1::text AND retired_at IS NULL`,
        [tenantId],
      );
      await this.insertVersion(client, tenantId, next, randomBytes(32), current.hmacKey);
      return next;
    });
    this.forget(tenantId);
    return version;
  }

  /** Forget this tenant's cached keys in this process. */
  forget(tenantId: string): void {
    this.cache.forget((key) => key.startsWith(`${tenantId}:`));
  }

  private async createVersion(tenantId: string): Promise<TenantKeys> {
    return withTransaction(this.db, async (client) => {
      // Two processes minting a tenant's first token at once must agree on one key.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext($1::text))`, [`tenant-keys:${tenantId}`]);
      const row = await selectActive(client, tenantId);
      if (row) return this.unwrap(tenantId, row);
      return this.insertVersion(client, tenantId, 1, randomBytes(32), randomBytes(32));
    });
  }

  private async insertVersion(
    client: { query: Db['query'] },
    tenantId: string,
    version: number,
    dataKey: Buffer,
    hmacKey: Buffer,
  ): Promise<TenantKeys> {
    await client.query(
      `INSERT INTO tenant_keys (tenant_id, version, wrapped_data_key, wrapped_hmac_key)
       VALUES ($1::text, $2::int, $3::bytea, $4::bytea)`,
      [
        tenantId,
        version,
        seal(this.wrappingKey, dataKey, aad(tenantId, version, 'data')),
        seal(this.wrappingKey, hmacKey, aad(tenantId, version, 'hmac')),
      ],
    );
    return { version, dataKey, hmacKey };
  }

  private unwrap(tenantId: string, row: KeyRow): TenantKeys {
    return {
      version: row.version,
      dataKey: open(this.wrappingKey, row.wrapped_data_key, aad(tenantId, row.version, 'data')),
      hmacKey: open(this.wrappingKey, row.wrapped_hmac_key, aad(tenantId, row.version, 'hmac')),
    };
  }
}

interface KeyRow {
  version: number;
  wrapped_data_key: Buffer;
  wrapped_hmac_key: Buffer;
}

async function selectActive(db: Pick<Db, 'query'>, tenantId: string): Promise<KeyRow | undefined> {
  const { rows } = await db.query<KeyRow>(
    `SELECT version, wrapped_data_key, wrapped_hmac_key FROM tenant_keys
      WHERE tenant_id = $1::text AND retired_at IS NULL ORDER BY version DESC LIMIT 1`,
    [tenantId],
  );
  return rows[0];
}
