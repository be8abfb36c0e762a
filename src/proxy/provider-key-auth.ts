import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/pool.js';
import { providerKeyHmac } from '../credentials/provider-key-queries.js';
import type { ProviderId } from '../providers/provider-ids.js';
import { resolveSettings, type TenantSettings } from '../tenants/settings.js';
import { ServiceError } from '../errors.js';
import { KeyRecordCache } from '../key-record-cache.js';

export interface ProxyAccount {
  tenantId: string;
  providerKeyId: string;
  provider: ProviderId;
  baseUrl: string | null;
  settings: TenantSettings;
}

/** The provider key a proxy request carries: `x-api-key` (messages) or `Authorization: Bearer`. */
export function presentedProviderKey(request: FastifyRequest, allowApiKeyHeader: boolean): string | null {
  const apiKey = request.headers['x-api-key'];
  if (allowApiKeyHeader && typeof apiKey === 'string' && apiKey.trim()) return apiKey.trim();
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return m ? m[1]! : null;
}

/** Finds the tenant by the HMAC of the provider key in the request (SPEC 5.1); the key itself is never kept. */
export class ProviderKeyAuth {
  // Provider-key records are key records: cached at most 5 s (DESIGN 1), bounded.
  private readonly cache = new KeyRecordCache<ProxyAccount | null>();

  constructor(
    private readonly db: Queryable,
    private readonly hmacKey: Buffer,
  ) {}

  async account(providerKey: string): Promise<ProxyAccount> {
    const hmac = providerKeyHmac(this.hmacKey, providerKey);
    const account = await this.cache.get(hmac.toString('base64'), () => this.load(hmac));
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
