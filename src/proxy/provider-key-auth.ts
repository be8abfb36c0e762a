import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/pool.js';
import { providerKeyHmac } from '../credentials/provider-key-queries.js';
import type { ProviderId } from '../providers/provider-ids.js';
import { resolveSettings, type TenantSettings } from '../tenants/settings.js';
import { ServiceError } from '../errors.js';
import { SingleFlight } from '../single-flight.js';

export interface ProxyAccount {
  tenantId: string;
  providerKeyId: string;
  provider: ProviderId;
  baseUrl: string | null;
  settings: TenantSettings;
}

// Provider-key records are key records: cached at most 5 s (DESIGN 1), bounded.
const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;

/** The provider key a proxy request carries: `x-api-key` (messages) or `Authorization: Bearer`. */
export function presentedProviderKey(request: FastifyRequest, allowApiKeyHeader: boolean): string | null {
  const apiKey = request.headers['x-api-key'];
  if (allowApiKeyHeader && typeof apiKey === 'string' && apiKey.trim()) return apiKey.trim();
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return m ? m[1]! : null;
}

/** Finds the tenant by the HMAC of the provider key in the request (SPEC 5.1); the key itself is never kept. */
export class ProviderKeyAuth {
  private readonly cache = new Map<string, { account: ProxyAccount | null; at: number }>();
  private readonly lookups = new SingleFlight<ProxyAccount | null>();

  constructor(
    private readonly db: Queryable,
    private readonly hmacKey: Buffer,
  ) {}

  async account(providerKey: string): Promise<ProxyAccount> {
    const hmac = providerKeyHmac(this.hmacKey, providerKey);
    const cacheKey = hmac.toString('base64');
    const hit = this.cache.get(cacheKey);
    let account: ProxyAccount | null;
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) {
      account = hit.account;
    } else {
      account = await this.lookups.run(cacheKey, () => this.load(hmac));
      if (this.cache.size >= CACHE_MAX) this.cache.clear();
      this.cache.set(cacheKey, { account, at: Date.now() });
    }
    if (!account) throw new ServiceError('unauthorized', 'provider key is not registered with this service');
    return account;
  }

  private async load(hmac: Buffer): Promise<ProxyAccount | null> {
    const { rows } = await this.db.query<{
      tenant_id: string;
      id: string;
      provider: ProviderId;
      base_url: string | null;
      settings: unknown;
    }>(
      `SELECT p.tenant_id, p.id, p.provider, p.base_url, t.settings
         FROM provider_keys p JOIN tenants t ON t.id = p.tenant_id
        WHERE p.key_hmac = $1::bytea`,
      [hmac],
    );
    const row = rows[0];
    return row
      ? {
          tenantId: row.tenant_id,
          providerKeyId: row.id,
          provider: row.provider,
          baseUrl: row.base_url,
          settings: resolveSettings(row.settings),
        }
      : null;
  }
}
