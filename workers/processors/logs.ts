import { createHash } from 'node:crypto';
import type { Processor } from '../runtime.js';
import { insertRevealAttempt } from '../../src/reveal/reveal-log.js';
import type { Queryable } from '../../src/db/pool.js';
import type { AuditEvent, RequestLogEntry, UsageEvent } from '../../src/queues/catalog.js';

export const revealLog: Processor<'reveal-log'> = async (attempt, { db }) => {
  await insertRevealAttempt(db, attempt);
};

export const audit: Processor<'audit'> = async ({ items }, { db }) => {
  await insertRows(db, [auditRows(items)]);
};

export const usage: Processor<'usage'> = async ({ items }, { db }) => {
  await insertRows(db, [usageRows(items)]);
};

/** Debug bodies are kept 7 days (DESIGN 6), then the maintenance job clears them. */
export const DEBUG_BODY_DAYS = 7;

/**
 * The log rows, the audit rows and the usage events of a batch of proxy calls, in one statement
 * (so one round trip and one commit, all or nothing). Every insert skips rows already there: a
 * retried job writes nothing twice.
 */
export const requestLog: Processor<'request-log'> = async ({ items }, { db }) => {
  await insertRows(db, [
    requestLogRows(items),
    auditRows(
      items.map((entry) => ({
        tenant_id: entry.tenant_id,
        event_id: entry.id,
        source: 'proxy' as const,
        at: entry.at,
        entities: entry.audit_entities,
      })),
    ),
    usageRows(
      items
        .filter((entry) => entry.metered)
        .map((entry) => ({
          tenant_id: entry.tenant_id,
          event_id: entry.id,
          kind: 'proxy' as const,
          at: entry.at,
          characters: 0,
          tokens_created: 0,
          input_tokens: entry.input_tokens,
          output_tokens: entry.output_tokens,
          stream: entry.stream,
        })),
    ),
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
  const text = ctes.length ? `WITH ${ctes.join(', ')} ${last}` : last;
  await db.query({ name: statementName(text), text, values });
}

// A statement has one of a few shapes (which tables get rows), whatever the batch size: named, so
// each connection parses and plans each shape once.
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `log-rows-${createHash('sha256').update(text).digest('base64url').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * `INSERT INTO table (columns) SELECT * FROM unnest(one array per column)`: any number of rows in
 * one statement of a fixed shape. `computed` columns are SQL expressions over the unnested ones (`r`).
 */
function insertUnnested<Row>(
  table: string,
  rows: readonly Row[],
  columns: readonly (readonly [name: string, type: string, value: (row: Row) => unknown])[],
  computed: readonly (readonly [name: string, expression: string])[] = [],
): InsertPart {
  if (!rows.length) return null;
  return (p) => {
    const arrays = columns.map(([, type, value]) => p(rows.map(value), `${type}[]`));
    const names = columns.map(([name]) => name);
    return `INSERT INTO ${table} (${[...names, ...computed.map(([name]) => name)].join(', ')})
     SELECT ${[...names.map((n) => `r.${n}`), ...computed.map(([, expression]) => expression)].join(', ')}
       FROM unnest(${arrays.join(', ')}) AS r(${names.join(', ')})
     ON CONFLICT DO NOTHING`;
  };
}

function auditRows(events: readonly AuditEvent[]): InsertPart {
  const rows = events.flatMap((event) => event.entities.map((entity, i) => ({ event, entity, seq: i + 1 })));
  return insertUnnested('audit_entities', rows, [
    ['tenant_id', 'text', (r) => r.event.tenant_id],
    ['event_id', 'text', (r) => r.event.event_id],
    ['seq', 'int', (r) => r.seq],
    ['source', 'text', (r) => r.event.source],
    ['entity_type', 'text', (r) => r.entity.entity_type],
    ['label', 'text', (r) => r.entity.label],
    ['score', 'real', (r) => r.entity.score],
    ['created_at', 'timestamptz', (r) => r.event.at],
  ]);
}

function usageRows(events: readonly UsageEvent[]): InsertPart {
  return insertUnnested('usage_events', events, [
    ['tenant_id', 'text', (e) => e.tenant_id],
    ['event_id', 'text', (e) => e.event_id],
    ['kind', 'text', (e) => e.kind],
    ['characters', 'bigint', (e) => e.characters],
    ['tokens_created', 'int', (e) => e.tokens_created],
    ['input_tokens', 'bigint', (e) => e.input_tokens],
    ['output_tokens', 'bigint', (e) => e.output_tokens],
    ['stream', 'boolean', (e) => e.stream],
    ['created_at', 'timestamptz', (e) => e.at],
  ]);
}

const base64OrNull = (value: string | null | undefined) => (value ? Buffer.from(value, 'base64') : null);

function requestLogRows(entries: readonly RequestLogEntry[]): InsertPart {
  const usageOf = (e: RequestLogEntry) =>
    e.input_tokens === null && e.output_tokens === null
      ? null
      : JSON.stringify({ input_tokens: e.input_tokens, output_tokens: e.output_tokens });
  return insertUnnested(
    'request_log',
    entries,
    [
      ['tenant_id', 'text', (e) => e.tenant_id],
      ['id', 'text', (e) => e.id],
      ['provider', 'text', (e) => e.provider],
      ['model', 'text', (e) => e.model],
      ['status', 'int', (e) => e.status],
      ['stream', 'boolean', (e) => e.stream],
      ['session_id', 'text', (e) => e.session_id],
      ['trace_id', 'text', (e) => e.trace_id],
      ['latency_ms', 'float8', (e) => e.latency_ms],
      ['upstream_latency_ms', 'float8', (e) => e.upstream_latency_ms],
      ['first_byte_ms', 'float8', (e) => e.first_byte_ms],
      ['entity_counts', 'jsonb', (e) => JSON.stringify(e.entity_counts)],
      ['restored_count', 'int', (e) => e.restored_count],
      ['usage', 'jsonb', usageOf],
      ['error_code', 'text', (e) => e.error_code],
      ['debug_request', 'bytea', (e) => base64OrNull(e.debug?.request)],
      ['debug_response', 'bytea', (e) => base64OrNull(e.debug?.response)],
      ['debug_key_version', 'int', (e) => e.debug?.key_version ?? null],
      ['created_at', 'timestamptz', (e) => e.at],
    ],
    [
      [
        'debug_expires_at',
        `CASE WHEN r.debug_request IS NOT NULL OR r.debug_response IS NOT NULL
              THEN r.created_at + make_interval(days => ${DEBUG_BODY_DAYS}) END`,
      ],
    ],
  );
}
