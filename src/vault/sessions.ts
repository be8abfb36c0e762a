import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/pool.js';
import { randomBase62 } from '../crypto/random-ids.js';
import { ServiceError } from '../errors.js';

export const SESSION_HEADER = 'x-service-session-id';
const SESSION_ID_SHAPE = /^ses_[0-9A-Za-z]{24}$/;

export interface ConversationSession {
  id: string;
  ownerEndUserId: string | null;
}

/** Session ids are minted by us and unguessable (~143 bits), since they can be the only reveal scope. */
export const mintSessionId = () => `ses_${randomBase62(24)}`;

/** The session a request names: body `session_id` or the header; both and different → 400. */
export function requestedSessionId(
  request: FastifyRequest,
  bodySessionId: string | null | undefined,
): string | null {
  const header = request.headers[SESSION_HEADER];
  const fromHeader = typeof header === 'string' && header.trim() ? header.trim() : null;
  const fromBody = bodySessionId ?? null;
  if (fromHeader && fromBody && fromHeader !== fromBody) {
    throw new ServiceError('invalid_request', 'session_id: differs from the X-Service-Session-Id header');
  }
  return fromBody ?? fromHeader;
}

/** The named session of this tenant, or 400 invalid_session_id for an id this tenant never minted. */
export async function findSession(
  db: Queryable,
  tenantId: string,
  sessionId: string,
): Promise<ConversationSession> {
  if (!SESSION_ID_SHAPE.test(sessionId)) throw new ServiceError('invalid_session_id', 'unknown session id');
  const { rows } = await db.query<{ id: string; owner_end_user_id: string | null }>(
    `SELECT id, owner_end_user_id FROM sessions WHERE tenant_id = $1::text AND id = $2::text`,
    [tenantId, sessionId],
  );
  if (!rows[0]) throw new ServiceError('invalid_session_id', 'unknown session id');
  return { id: rows[0].id, ownerEndUserId: rows[0].owner_end_user_id };
}

export async function createSession(
  db: Queryable,
  tenantId: string,
  ownerEndUserId: string | null,
  id: string = mintSessionId(),
): Promise<ConversationSession> {
  await db.query(
    `INSERT INTO sessions (tenant_id, id, owner_end_user_id) VALUES ($1::text, $2::text, $3::text)`,
    [tenantId, id, ownerEndUserId],
  );
  return { id, ownerEndUserId };
}

/**
 * Makes `endUserId` the owner of an unowned session (first to tokenize wins, race-free) and returns
 * the owner afterwards, which may be someone else.
 */
export async function claimSession(
  db: Queryable,
  tenantId: string,
  session: ConversationSession,
  endUserId: string,
): Promise<string> {
  if (session.ownerEndUserId) return session.ownerEndUserId;
  const { rows } = await db.query<{ owner_end_user_id: string }>(
    `UPDATE sessions SET owner_end_user_id = coalesce(owner_end_user_id, $3::text)
      WHERE tenant_id = $1::text AND id = $2::text RETURNING owner_end_user_id`,
    [tenantId, session.id, endUserId],
  );
  return rows[0]!.owner_end_user_id;
}
