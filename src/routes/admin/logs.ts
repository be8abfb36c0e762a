import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { parseInput } from '../../http/client-errors.js';
import { decodeCursor, listQuerySchema, toPage } from '../../http/pagination.js';
import { isoOrNull, isoWithOffset } from '../../http/timestamps.js';
import { equalsFilter, selectNewestFirst, type Filter } from '../../db/newest-first.js';
import { requireTenant } from '../../tenants/tenant-queries.js';
import { GRANT_COLUMNS, type GrantRow } from '../../reveal/grants.js';
import { tenantParamsSchema } from './tenants.js';

const timeRange = {
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};

function rangeFilters(q: { from?: string | undefined; to?: string | undefined }): Filter[] {
  const filters: Filter[] = [];
  if (q.from) filters.push({ sql: (p) => `created_at >= ${p}::timestamptz`, value: q.from });
  if (q.to) filters.push({ sql: (p) => `created_at < ${p}::timestamptz`, value: q.to });
  return filters;
}

const revealsQuery = listQuerySchema.extend({
  ...timeRange,
  outcome: z.enum(['revealed', 'forbidden', 'purged', 'not_found']).optional(),
  end_user_id: z.string().min(1).max(256).optional(),
  token: z.string().min(1).max(80).optional(),
  grant_id: z.string().min(1).max(64).optional(),
});

interface RevealRow {
  attempt_id: string;
  token_id: string;
  outcome: string;
  end_user_id: string | null;
  credential_kind: string;
  credential_id: string;
  client_ip: string | null;
  grant_id: string | null;
  created_at: Date;
}

interface AuditRow {
  event_id: string;
  seq: number;
  source: string;
  entity_type: string;
  label: string;
  score: number;
  created_at: Date;
}

export const logRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get('/tenants/:t/reveals', async (request) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    const q = parseInput(revealsQuery, request.query);
    await requireTenant(db, t);
    // Keyset on (created_at, attempt_id ‖ token_id) so rows of one attempt page stably.
    const rows = await selectNewestFirst<RevealRow & { id: string }>(db, {
      table: 'reveal_log',
      columns: `attempt_id, token_id, outcome, end_user_id, credential_kind, credential_id, host(client_ip) AS client_ip,
                grant_id, created_at, attempt_id || ':' || token_id AS id`,
      idColumn: `(attempt_id || ':' || token_id)`,
      tenantId: t,
      filters: [
        ...rangeFilters(q),
        ...equalsFilter('outcome', q.outcome),
        ...equalsFilter('end_user_id', q.end_user_id),
        ...equalsFilter('token_id', q.token?.toLowerCase()),
        ...equalsFilter('grant_id', q.grant_id),
      ],
      limit: q.limit,
      after: decodeCursor(q.cursor),
    });
    return toPage(rows, q.limit, (r) => ({
      attempt_id: r.attempt_id,
      token: r.token_id,
      outcome: r.outcome,
      end_user_id: r.end_user_id,
      credential_kind: r.credential_kind,
      credential_id: r.credential_id,
      client_ip: r.client_ip,
      grant_id: r.grant_id,
      created_at: isoWithOffset(r.created_at),
    }));
  });

  app.get('/tenants/:t/reveal-grants', async (request) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    const q = parseInput(listQuerySchema, request.query);
    await requireTenant(db, t);
    const rows = await selectNewestFirst<GrantRow & { state: string }>(db, {
      table: 'reveal_grants',
      columns: `${GRANT_COLUMNS}, CASE WHEN revoked_at IS NOT NULL THEN 'revoked'
                 WHEN expires_at <= now() THEN 'expired' ELSE 'active' END AS state`,
      tenantId: t,
      limit: q.limit,
      after: decodeCursor(q.cursor),
    });
    return toPage(rows, q.limit, (g) => ({
      id: g.id,
      state: g.state,
      subject_end_user_id: g.subject_end_user_id,
      tokens: g.tokens,
      grantee_end_user_id: g.grantee_end_user_id,
      reason: g.reason,
      created_by_key_id: g.created_by_key_id,
      created_at: isoWithOffset(g.created_at),
      expires_at: isoWithOffset(g.expires_at),
      revoked_at: isoOrNull(g.revoked_at),
    }));
  });

  app.get('/tenants/:t/audit', async (request) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    const q = parseInput(
      listQuerySchema.extend({
        ...timeRange,
        entity_type: z.string().min(1).max(64).optional(),
        source: z.enum(['tokenize', 'detect', 'proxy']).optional(),
      }),
      request.query,
    );
    await requireTenant(db, t);
    const rows = await selectNewestFirst<AuditRow & { id: string }>(db, {
      table: 'audit_entities',
      columns: `event_id, seq, source, entity_type, label, score, created_at, event_id || ':' || lpad(seq::text, 6, '0') AS id`,
      idColumn: `(event_id || ':' || lpad(seq::text, 6, '0'))`,
      tenantId: t,
      filters: [
        ...rangeFilters(q),
        ...equalsFilter('entity_type', q.entity_type),
        ...equalsFilter('source', q.source),
      ],
      limit: q.limit,
      after: decodeCursor(q.cursor),
    });
    return toPage(rows, q.limit, (r) => ({
      event_id: r.event_id,
      source: r.source,
      entity_type: r.entity_type,
      label: r.label,
      score: Math.round(r.score * 1000) / 1000,
      created_at: isoWithOffset(r.created_at),
    }));
  });

  /** Usage per UTC day and kind, newest day first: what billing reads. */
  app.get('/tenants/:t/usage', async (request) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    const q = parseInput(z.object(timeRange), request.query);
    await requireTenant(db, t);
    const { rows } = await db.query<{
      day: string;
      kind: string;
      events: string;
      characters: string;
      tokens_created: string;
      input_tokens: string | null;
      output_tokens: string | null;
    }>(
      `SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, kind,
              count(*)::text AS events, sum(characters)::text AS characters, sum(tokens_created)::text AS tokens_created,
              sum(input_tokens)::text AS input_tokens, sum(output_tokens)::text AS output_tokens
         FROM usage_events
        WHERE tenant_id = $1::text AND ($2::timestamptz IS NULL OR created_at >= $2::timestamptz)
          AND ($3::timestamptz IS NULL OR created_at < $3::timestamptz)
        GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
      [t, q.from ?? null, q.to ?? null],
    );
    const num = (v: string | null) => (v === null ? 0 : Number(v));
    return {
      data: rows.map((r) => ({
        day: r.day,
        kind: r.kind,
        events: num(r.events),
        characters: num(r.characters),
        tokens_created: num(r.tokens_created),
        input_tokens: num(r.input_tokens),
        output_tokens: num(r.output_tokens),
      })),
      next_cursor: null,
    };
  });
};
