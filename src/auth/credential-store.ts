import type { Queryable } from '../db/pool.js';
import { KeyRecordCache } from '../key-record-cache.js';
import { sha256 } from '../crypto/hashing.js';
import { credentialKindOf } from '../credentials/key-format.js';
import type { CredentialKind, Scope } from '../credentials/scopes.js';
import { resolveSettings, type TenantSettings } from '../tenants/settings.js';

/** A credential as stored, before the checks that depend on the current time. */
export interface CredentialRecord {
  tenantId: string;
  kind: CredentialKind;
  /** The api key id, or the client session id. */
  credentialId: string;
  /** The api key behind the credential (for a client session, the key that minted it). */
  keyId: string;
  scopes: Scope[];
  endUserId: string | null;
  allowedOrigins: string[];
  expiresAt: Date | null;
  revoked: boolean;
  settings: TenantSettings;
}

export class CredentialStore {
  private readonly cache = new KeyRecordCache<CredentialRecord | null>();

  constructor(private readonly db: Queryable) {}

  /** Looks a presented credential up by its SHA-256 only; null when unknown. */
  async find(credential: string): Promise<CredentialRecord | null> {
    const kind = credentialKindOf(credential);
    if (!kind) return null;
    const hash = sha256(credential);
    return this.cache.get(hash.toString('base64'), () =>
      kind === 'client_session' ? this.findClientSession(hash) : this.findApiKey(hash, kind),
    );
  }

  /** Forget cached records now (this process only; other processes catch up within the TTL). */
  forgetAll(): void {
    this.cache.forget();
  }

  private async findApiKey(hash: Buffer, kind: CredentialKind): Promise<CredentialRecord | null> {
    const { rows } = await this.db.query<{
      tenant_id: string;
      id: string;
      kind: CredentialKind;
      scopes: Scope[];
      end_user_id: string | null;
      allowed_origins: string[];
      revoked_at: Date | null;
      device_revoked_at: Date | null;
      settings: unknown;
    }>(
      `SELECT k.tenant_id, k.id, k.kind, k.scopes, k.end_user_id, k.allowed_origins, k.revoked_at,
              d.revoked_at AS device_revoked_at, t.settings
         FROM api_keys k
         JOIN tenants t ON t.id = k.tenant_id
         LEFT JOIN devices d ON d.tenant_id = k.tenant_id AND d.id = k.device_id
        WHERE k.key_hash = $1::bytea`,
      [hash],
    );
    const row = rows[0];
    if (!row || row.kind !== kind) return null;
    return {
      tenantId: row.tenant_id,
      kind: row.kind,
      credentialId: row.id,
      keyId: row.id,
      scopes: row.scopes,
      endUserId: row.end_user_id,
      allowedOrigins: row.allowed_origins,
      expiresAt: null,
      revoked: row.revoked_at !== null || row.device_revoked_at !== null,
      settings: resolveSettings(row.settings),
    };
  }

  private async findClientSession(hash: Buffer): Promise<CredentialRecord | null> {
    const { rows } = await this.db.query<{
      tenant_id: string;
      id: string;
      minted_by_key_id: string;
      scopes: Scope[];
      end_user_id: string;
      expires_at: Date;
      revoked_at: Date | null;
      key_revoked_at: Date | null;
      settings: unknown;
    }>(
      `SELECT s.tenant_id, s.id, s.minted_by_key_id, s.scopes, s.end_user_id, s.expires_at, s.revoked_at,
              k.revoked_at AS key_revoked_at, t.settings
         FROM client_sessions s
         JOIN api_keys k ON k.tenant_id = s.tenant_id AND k.id = s.minted_by_key_id
         JOIN tenants t ON t.id = s.tenant_id
        WHERE s.token_hash = $1::bytea`,
      [hash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      tenantId: row.tenant_id,
      kind: 'client_session',
      credentialId: row.id,
      keyId: row.minted_by_key_id,
      scopes: row.scopes,
      endUserId: row.end_user_id,
      allowedOrigins: [],
      expiresAt: row.expires_at,
      // Revoking the minting key ends the sessions it minted.
      revoked: row.revoked_at !== null || row.key_revoked_at !== null,
      settings: resolveSettings(row.settings),
    };
  }
}
