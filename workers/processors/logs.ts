import type { Processor } from '../runtime.js';
import { insertRevealAttempt } from '../../src/reveal/reveal-log.js';
import type { Queryable } from '../../src/db/pool.js';
import type { AuditEvent, RequestLogEntry, UsageEvent } from '../../src/queues/catalog.js';

export const revealLog: Processor<'reveal-log'> = async (attempt, { db }) => {
  await insertRevealAttempt(db, attempt);
};

export const audit: Processor<'audit'> = async (event, { db }) => {
  await insertRows(db, [auditRows(event)]);
};

export const usage: Processor<'usage'> = async (event, { db }) => {
  await insertRows(db, [usageRow(event)]);
};

/** Debug bodies are kept 7 days (DESIGN 6), then the maintenance job clears them. */
export const DEBUG_BODY_DAYS = 7;

/**
 * The log row, the audit rows and the usage event of one proxy call, in one statement (so one
 * round trip and one commit, all or nothing). Every insert skips rows already there: a retried
 * job writes nothing twice.
 */
export const requestLog: Processor<'request-log'> = async (entry, { db }) => {
  await insertRows(db, [
    requestLogRow(entry),
    auditRows({
      tenant_id: entry.tenant_id,
      event_id: entry.id,
      source: 'proxy',
      at: entry.at,
      entities: entry.audit_entities,
    }),
    entry.metered
      ? usageRow({
          tenant_id: entry.tenant_id,
          event_id: entry.id,
          kind: 'proxy',
          at: entry.at,
          characters: 0,
          tokens_created: 0,
          input_tokens: entry.input_tokens,
          output_tokens: entry.output_tokens,
          stream: entry.stream,
        })
      : null,
  ]);
};

/** One INSERT, written against a shared parameter list so several can go in one statement. */
type InsertPart = ((param: (value: unknown, type: string) => string) => string) | null;

/** Runs the parts as one statement: all but the last become data-modifying CTEs. */
async function insertRows(db: Queryable, parts: InsertPart[]): Promise<void> {
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  const sql = parts.flatMap((part) => (part ? [part(param)] : []));
  if (!sql.length) return;
  const last = sql.pop()!;
  const ctes = sql.map((insert, i) => `w${i} AS (${insert})`);
  await db.query(ctes.length ? `WITH ${ctes.join(', ')} ${last}` : last, values);
}

function auditRows(event: AuditEvent): InsertPart {
  if (!event.entities.length) return null;
  return (p) => {
    const types = p(
      event.entities.map((e) => e.entity_type),
      'text[]',
    );
    const labels = p(
      event.entities.map((e) => e.label),
      'text[]',
    );
    const scores = p(
      event.entities.map((e) => e.score),
      'real[]',
    );
    return `INSERT INTO audit_entities (tenant_id, event_id, seq, source, entity_type, label, score, created_at)
     SELECT ${p(event.tenant_id, 'text')}, ${p(event.event_id, 'text')}, e.seq::int, ${p(event.source, 'text')},
            e.entity_type, e.label, e.score, ${p(event.at, 'timestamptz')}
       FROM unnest(${types}, ${labels}, ${scores}) WITH ORDINALITY AS e(entity_type, label, score, seq)
     ON CONFLICT DO NOTHING`;
  };
}

function usageRow(event: UsageEvent): InsertPart {
  return (p) =>
    `INSERT INTO usage_events (tenant_id, event_id, kind, characters, tokens_created, input_tokens, output_tokens,
                               stream, created_at)
     VALUES (${p(event.tenant_id, 'text')}, ${p(event.event_id, 'text')}, ${p(event.kind, 'text')},
             ${p(event.characters, 'bigint')}, ${p(event.tokens_created, 'int')}, ${p(event.input_tokens, 'bigint')},
             ${p(event.output_tokens, 'bigint')}, ${p(event.stream, 'boolean')}, ${p(event.at, 'timestamptz')})
     ON CONFLICT DO NOTHING`;
}

function requestLogRow(entry: RequestLogEntry): InsertPart {
  const debugRequest = entry.debug?.request ? Buffer.from(entry.debug.request, 'base64') : null;
  const debugResponse = entry.debug?.response ? Buffer.from(entry.debug.response, 'base64') : null;
  const usage =
    entry.input_tokens === null && entry.output_tokens === null
      ? null
      : JSON.stringify({ input_tokens: entry.input_tokens, output_tokens: entry.output_tokens });
  return (p) => {
    const at = p(entry.at, 'timestamptz');
    const expires =
      debugRequest || debugResponse ? `${at} + make_interval(days => ${p(DEBUG_BODY_DAYS, 'int')})` : 'NULL';
    return `INSERT INTO request_log (tenant_id, id, provider, model, status, stream, session_id, trace_id, latency_ms,
                              upstream_latency_ms, first_byte_ms, entity_counts, restored_count, usage, error_code,
                              debug_request, debug_response, debug_expires_at, created_at, debug_key_version)
     VALUES (${p(entry.tenant_id, 'text')}, ${p(entry.id, 'text')}, ${p(entry.provider, 'text')},
             ${p(entry.model, 'text')}, ${p(entry.status, 'int')}, ${p(entry.stream, 'boolean')},
             ${p(entry.session_id, 'text')}, ${p(entry.trace_id, 'text')}, ${p(entry.latency_ms, 'float8')},
             ${p(entry.upstream_latency_ms, 'float8')}, ${p(entry.first_byte_ms, 'float8')},
             ${p(JSON.stringify(entry.entity_counts), 'jsonb')}, ${p(entry.restored_count, 'int')},
             ${p(usage, 'jsonb')}, ${p(entry.error_code, 'text')}, ${p(debugRequest, 'bytea')},
             ${p(debugResponse, 'bytea')}, ${expires}, ${at}, ${p(entry.debug?.key_version ?? null, 'int')})
     ON CONFLICT DO NOTHING`;
  };
}
