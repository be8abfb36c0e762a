import type { Queryable } from '../db/pool.js';
import { sha256 } from '../crypto/hashing.js';
import { newId } from '../crypto/random-ids.js';
import { mintCredential } from './key-format.js';
import type { Scope } from './scopes.js';

export async function createClientSession(
  db: Queryable,
  input: { tenantId: string; endUserId: string; scopes: Scope[]; ttlSeconds: number; mintedByKeyId: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = mintCredential('client_session');
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO client_sessions (tenant_id, id, token_hash, end_user_id, scopes, minted_by_key_id, expires_at)
     VALUES ($1::text, $2::text, $3::bytea, $4::text, $5::text[], $6::text, now() + make_interval(secs => $7::int))
     RETURNING expires_at`,
    [
      input.tenantId,
      newId('cs'),
      sha256(token),
      input.endUserId,
      input.scopes,
      input.mintedByKeyId,
      input.ttlSeconds,
    ],
  );
  return { token, expiresAt: rows[0]!.expires_at };
}
