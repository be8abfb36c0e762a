import type { Queryable } from '../db/pool.js';
import { newId } from '../crypto/random-ids.js';
import { ServiceError } from '../errors.js';
import type { ApplicableGrant } from './policy.js';

export interface GrantRow {
  tenant_id: string;
  id: string;
  subject_end_user_id: string | null;
  tokens: string[];
  grantee_end_user_id: string | null;
  reason: string | null;
  created_by_key_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export const GRANT_COLUMNS = `tenant_id, id, subject_end_user_id, tokens, grantee_end_user_id, reason, created_by_key_id,
  created_at, expires_at, revoked_at`;

export async function createGrant(
  db: Queryable,
  input: {
    tenantId: string;
    subjectEndUserId: string | null;
    tokens: string[];
    granteeEndUserId: string | null;
    reason: string | null;
    ttlSeconds: number;
    createdByKeyId: string;
  },
): Promise<GrantRow> {
  const { rows } = await db.query<GrantRow>(
    `INSERT INTO reveal_grants (tenant_id, id, subject_end_user_id, tokens, grantee_end_user_id, reason, created_by_key_id,
                                expires_at)
     VALUES ($1::text, $2::text, $3::text, $4::text[], $5::text, $6::text, $7::text, now() + make_interval(secs => $8::int))
     RETURNING ${GRANT_COLUMNS}`,
    [
      input.tenantId,
      newId('grt'),
      input.subjectEndUserId,
      input.tokens,
      input.granteeEndUserId,
      input.reason,
      input.createdByKeyId,
      input.ttlSeconds,
    ],
  );
  return rows[0]!;
}

/** Revokes (idempotently); null when this tenant has no such grant. */
export async function revokeGrant(
  db: Queryable,
  tenantId: string,
  grantId: string,
): Promise<GrantRow | null> {
  const { rows } = await db.query<GrantRow>(
    `UPDATE reveal_grants SET revoked_at = coalesce(revoked_at, now())
      WHERE tenant_id = $1::text AND id = $2::text RETURNING ${GRANT_COLUMNS}`,
    [tenantId, grantId],
  );
  return rows[0] ?? null;
}

/**
 * The grant a detokenize call presents, if the caller may use it; otherwise 403 invalid_grant.
 * Unusable: unknown or another tenant's, expired, revoked, issued to another end user, or issued to
 * no one (secret key only) and presented by anything else. Publishable keys never use grants.
 * Read from Postgres on every use: grants are never cached, so a revoke takes effect at once.
 */
export async function applicableGrant(
  db: Queryable,
  tenantId: string,
  grantId: string,
  caller: { kind: string; endUserId: string | null },
): Promise<ApplicableGrant> {
  const refuse = () => new ServiceError('invalid_grant', 'reveal grant is not valid for this caller');
  if (caller.kind === 'publishable') throw refuse();
  const { rows } = await db.query<GrantRow & { expired: boolean }>(
    `SELECT ${GRANT_COLUMNS}, expires_at <= now() AS expired FROM reveal_grants WHERE tenant_id = $1::text AND id = $2::text`,
    [tenantId, grantId],
  );
  const grant = rows[0];
  if (!grant || grant.expired || grant.revoked_at) throw refuse();
  if (
    grant.grantee_end_user_id === null
      ? caller.kind !== 'secret'
      : grant.grantee_end_user_id !== caller.endUserId
  ) {
    throw refuse();
  }
  return { id: grant.id, subjectEndUserId: grant.subject_end_user_id, tokens: new Set(grant.tokens) };
}
