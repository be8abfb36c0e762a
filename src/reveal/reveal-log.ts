import type { Queryable } from '../db/pool.js';
import { ServiceError } from '../errors.js';
import type { QueueProducer } from '../queues/producer.js';
import type { RevealAttempt } from '../queues/catalog.js';

/** Writes an attempt's rows; (tenant, attempt, token, created_at) is the key and the attempt carries its time, so a replay inserts nothing. */
export async function insertRevealAttempt(db: Queryable, attempt: RevealAttempt): Promise<number> {
  if (!attempt.entries.length) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO reveal_log (tenant_id, attempt_id, token_id, outcome, end_user_id, credential_kind, credential_id,
                             client_ip, grant_id, created_at)
     SELECT $1::text, $2::text, e.token_id, e.outcome, $3::text, $4::text, $5::text, $6::inet, $7::text, $8::timestamptz
       FROM unnest($9::text[], $10::text[]) AS e(token_id, outcome)
     ON CONFLICT DO NOTHING`,
    [
      attempt.tenant_id,
      attempt.attempt_id,
      attempt.end_user_id,
      attempt.credential_kind,
      attempt.credential_id,
      attempt.client_ip,
      attempt.grant_id,
      attempt.at,
      attempt.entries.map((e) => e.token_id),
      attempt.entries.map((e) => e.outcome),
    ],
  );
  return rowCount ?? 0;
}

/**
 * Makes an attempt's rows durable before any plaintext leaves: the queue add acknowledged by Redis,
 * or, when the queue is unreachable, the rows committed directly. Neither → 503, nothing revealed.
 */
export async function recordRevealAttempt(
  deps: { queues: QueueProducer; db: Queryable },
  attempt: RevealAttempt,
): Promise<'queued' | 'direct'> {
  if (!attempt.entries.length) return 'queued';
  try {
    await deps.queues.add('reveal-log', 'attempt', attempt, { jobId: attempt.attempt_id });
    return 'queued';
  } catch {
    try {
      await insertRevealAttempt(deps.db, attempt);
      return 'direct';
    } catch (error) {
      throw new ServiceError('service_unavailable', 'reveal log unavailable; nothing was revealed', {
        cause: error,
      });
    }
  }
}
