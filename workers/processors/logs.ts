import type { Processor } from '../runtime.js';
import { insertRevealAttempt } from '../../src/reveal/reveal-log.js';
import { withTransaction, type Queryable } from '../../src/db/pool.js';
import type { AuditEvent, RequestLogEntry, UsageEvent } from '../../src/queues/catalog.js';

export const revealLog: Processor<'reveal-log'> = async (attempt, { db }) => {
  await insertRevealAttempt(db, attempt);
};

export const audit: Processor<'audit'> = async (event, { db }) => {
  await insertAuditEvent(db, event);
};

export const usage: Processor<'usage'> = async (event, { db }) => {
  await insertUsageEvent(db, event);
};

async function insertAuditEvent(db: Queryable, event: AuditEvent): Promise<void> {
  if (!event.entities.length) return;
  await db.query(
    `INSERT INTO audit_entities (tenant_id, event_id, seq, source, entity_type, label, score, created_at)
     SELECT $1::text, $2::text, e.seq::int, $3::text, e.entity_type, e.label, e.score, $4::timestamptz
       FROM unnest($5::text[], $6::text[], $7::real[]) WITH ORDINALITY AS e(entity_type, label, score, seq)
     ON CONFLICT DO NOTHING`,
    [
      event.tenant_id,
      event.event_id,
      event.source,
      event.at,
      event.entities.map((e) => e.entity_type),
      event.entities.map((e) => e.label),
      event.entities.map((e) => e.score),
    ],
  );
}

async function insertUsageEvent(db: Queryable, event: UsageEvent): Promise<void> {
  await db.query(
    `INSERT INTO usage_events (tenant_id, event_id, kind, characters, tokens_created, input_tokens, output_tokens, stream,
                               created_at)
     VALUES ($1::text, $2::text, $3::text, $4::bigint, $5::int, $6::bigint, $7::bigint, $8::boolean, $9::timestamptz)
     ON CONFLICT DO NOTHING`,
    [
      event.tenant_id,
      event.event_id,
      event.kind,
      event.characters,
      event.tokens_created,
      event.input_tokens,
      event.output_tokens,
      event.stream,
      event.at,
    ],
  );
}

/** Debug bodies are kept 7 days (DESIGN 6), then the maintenance job clears them. */
export const DEBUG_BODY_DAYS = 7;

/** The log row, the audit rows and the usage event of one proxy call, in one transaction. */
export const requestLog: Processor<'request-log'> = async (entry, { db }) => {
  await withTransaction(db, async (tx) => {
    await insertRequestLog(tx, entry);
    await insertAuditEvent(tx, {
      tenant_id: entry.tenant_id,
      event_id: entry.id,
      source: 'proxy',
      at: entry.at,
      entities: entry.audit_entities,
    });
    if (entry.metered) {
      await insertUsageEvent(tx, {
        tenant_id: entry.tenant_id,
        event_id: entry.id,
        kind: 'proxy',
        at: entry.at,
        characters: 0,
        tokens_created: 0,
        input_tokens: entry.input_tokens,
        output_tokens: entry.output_tokens,
        stream: entry.stream,
      });
    }
  });
};

async function insertRequestLog(db: Queryable, entry: RequestLogEntry): Promise<void> {
  await db.query(
    `INSERT INTO request_log (tenant_id, id, provider, model, status, stream, session_id, trace_id, latency_ms,
                              upstream_latency_ms, first_byte_ms, entity_counts, restored_count, usage, error_code,
                              debug_request, debug_response, debug_expires_at, created_at, debug_key_version)
     VALUES ($1::text, $2::text, $3::text, $4::text, $5::int, $6::boolean, $7::text, $8::text, $9::float8, $10::float8,
             $11::float8, $12::jsonb, $13::int, $14::jsonb, $15::text, $16::bytea, $17::bytea,
             CASE WHEN $16::bytea IS NULL AND $17::bytea IS NULL THEN NULL
                  ELSE $19::timestamptz + make_interval(days => $18::int) END,
             $19::timestamptz, $20::int)
     ON CONFLICT DO NOTHING`,
    [
      entry.tenant_id,
      entry.id,
      entry.provider,
      entry.model,
      entry.status,
      entry.stream,
      entry.session_id,
      entry.trace_id,
      entry.latency_ms,
      entry.upstream_latency_ms,
      entry.first_byte_ms,
      JSON.stringify(entry.entity_counts),
      entry.restored_count,
      entry.input_tokens === null && entry.output_tokens === null
        ? null
        : JSON.stringify({ input_tokens: entry.input_tokens, output_tokens: entry.output_tokens }),
      entry.error_code,
      entry.debug?.request ? Buffer.from(entry.debug.request, 'base64') : null,
      entry.debug?.response ? Buffer.from(entry.debug.response, 'base64') : null,
      DEBUG_BODY_DAYS,
      entry.at,
      entry.debug?.key_version ?? null,
    ],
  );
}
