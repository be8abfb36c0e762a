import { randomBytes } from 'node:crypto';
import type { Db } from '../db/pool.js';
import { withTransaction } from '../db/pool.js';
import { open, seal } from './envelope.js';
import { SingleFlight } from '../single-flight.js';

/** A tenant's unwrapped keys of one version: one encrypts values, the other computes value HMACs. */
export interface TenantKeys {
  version: number;
  dataKey: Buffer;
  hmacKey: Buffer;
}

// Unwrapped keys are kept in memory briefly (like key records, at most 5 s), so a rotation or a
// crypto-shred is seen by every process within that bound.
const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;

const aad = (tenantId: string, version: number, purpose: 'data' | 'hmac') =>
  `tenant-key:${tenantId}:v${version}:${purpose}`;

/**
 * Envelope encryption (DESIGN 3): per-tenant data and HMAC keys, wrapped with AES-256-GCM under the
 * master key's data-key-wrapping subkey. Rotation adds a version; old versions stay to decrypt old
 * values. Deleting a tenant's key rows makes its stored values unreadable.
 */
export class TenantKeyring {
  private readonly cache = new Map<string, { keys: TenantKeys; at: number }>();
  private readonly lookups = new SingleFlight<TenantKeys>();

  constructor(
    private readonly db: Db,
    private readonly wrappingKey: Buffer,
  ) {}

  /** The active (newest, not retired) keys, created on first use. */
  async active(tenantId: string): Promise<TenantKeys> {
    const cacheKey = `${tenantId}:active`;
    const cached = this.fromCache(cacheKey);
    if (cached) return cached;
    return this.lookups.run(cacheKey, async () => {
      const { rows } = await this.db.query<KeyRow>(
        `SELECT version, wrapped_data_key, wrapped_hmac_key FROM tenant_keys
          WHERE tenant_id = $1::text AND retired_at IS NULL ORDER BY version DESC LIMIT 1`,
        [tenantId],
      );
      const keys = rows[0] ? this.unwrap(tenantId, rows[0]) : await this.createVersion(tenantId);
      this.remember(cacheKey, keys);
      return keys;
    });
  }

  async version(tenantId: string, version: number): Promise<TenantKeys> {
    const cacheKey = `${tenantId}:v${version}`;
    const cached = this.fromCache(cacheKey);
    if (cached) return cached;
    const { rows } = await this.db.query<KeyRow>(
      `SELECT version, wrapped_data_key, wrapped_hmac_key FROM tenant_keys WHERE tenant_id = $1::text AND version = $2::int`,
      [tenantId, version],
    );
    if (!rows[0]) throw new Error(`tenant key version ${version} is gone`);
    const keys = this.unwrap(tenantId, rows[0]);
    this.remember(cacheKey, keys);
    return keys;
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
    for (const key of this.cache.keys()) if (key.startsWith(`${tenantId}:`)) this.cache.delete(key);
  }

  private async createVersion(tenantId: string): Promise<TenantKeys> {
    return withTransaction(this.db, async (client) => {
      // Two processes minting a tenant's first token at once must agree on one key.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext($1::text))`, [`tenant-keys:${tenantId}`]);
      const { rows } = await client.query<KeyRow>(
        `SELECT version, wrapped_data_key, wrapped_hmac_key FROM tenant_keys
          WHERE tenant_id = $1::text AND retired_at IS NULL ORDER BY version DESC LIMIT 1`,
        [tenantId],
      );
      if (rows[0]) return this.unwrap(tenantId, rows[0]);
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

  private fromCache(key: string): TenantKeys | null {
    const hit = this.cache.get(key);
    return hit && Date.now() - hit.at < CACHE_TTL_MS ? hit.keys : null;
  }

  private remember(key: string, keys: TenantKeys) {
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, { keys, at: Date.now() });
  }
}

interface KeyRow {
  version: number;
  wrapped_data_key: Buffer;
  wrapped_hmac_key: Buffer;
}
