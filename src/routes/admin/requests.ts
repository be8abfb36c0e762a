import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { ServiceError } from '../../errors.js';
import { parseInput } from '../../http/client-errors.js';
import { decodeCursor, listQuerySchema, toPage } from '../../http/pagination.js';
import { isoOrNull, isoWithOffset } from '../../http/timestamps.js';
import { equalsFilter, selectNewestFirst } from '../../db/newest-first.js';
import { requireTenant } from '../../tenants/tenant-queries.js';
import { open } from '../../vault/envelope.js';
import { debugAad } from '../../proxy/proxy-call-log.js';
import { tenantParamsSchema } from './tenants.js';

interface RequestRow {
  id: string;
  provider: string;
  model: string | null;
  status: number;
  stream: boolean;
  session_id: string | null;
  trace_id: string | null;
  latency_ms: number | null;
  upstream_latency_ms: number | null;
  first_byte_ms: number | null;
  entity_counts: Record<string, number>;
  restored_count: number;
  usage: { input_tokens: number | null; output_tokens: number | null } | null;
  error_code: string | null;
  has_debug: boolean;
  debug_expires_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, provider, model, status, stream, session_id, trace_id, latency_ms, upstream_latency_ms, first_byte_ms,
  entity_counts, restored_count, usage, error_code, (debug_request IS NOT NULL OR debug_response IS NOT NULL) AS has_debug,
  debug_expires_at, created_at`;

const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);

const render = (r: RequestRow) => ({
  id: r.id,
  provider: r.provider,
  model: r.model,
  status: r.status,
  stream: r.stream,
  session_id: r.session_id,
  trace_id: r.trace_id,
  latency_ms: round(r.latency_ms),
  upstream_latency_ms: round(r.upstream_latency_ms),
  first_byte_ms: round(r.first_byte_ms),
  entity_counts: r.entity_counts,
  restored_count: r.restored_count,
  usage: r.usage,
  error_code: r.error_code,
  debug: r.has_debug,
  created_at: isoWithOffset(r.created_at),
});

export const requestLogRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.get('/tenants/:t/requests', async (request) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    const q = parseInput(
      listQuerySchema.extend({
        provider: z.string().max(32).optional(),
        status: z.coerce.number().int().optional(),
      }),
      request.query,
    );
    await requireTenant(db, t);
    const rows = await selectNewestFirst<RequestRow>(db, {
      table: 'request_log',
      columns: COLUMNS,
      tenantId: t,
      filters: [
        ...equalsFilter('provider', q.provider || undefined),
        ...equalsFilter('status', q.status, 'int'),
      ],
      limit: q.limit,
      after: decodeCursor(q.cursor),
    });
    return toPage(rows, q.limit, render);
  });

  /** One call, with its debug bodies decrypted when the tenant had debug mode on and they are not expired. */
  app.get('/tenants/:t/requests/:id', async (request) => {
    const { t, id } = parseInput(
      tenantParamsSchema.extend({ id: z.string().min(1).max(64) }),
      request.params,
    );
    const { rows } = await db.query<
      RequestRow & {
        debug_request: Buffer | null;
        debug_response: Buffer | null;
        debug_key_version: number | null;
      }
    >(
      `SELECT ${COLUMNS}, debug_request, debug_response, debug_key_version FROM request_log WHERE tenant_id = $1::text AND id = $2::text`,
      [t, id],
    );
    const row = rows[0];
    if (!row) throw new ServiceError('not_found', 'request not found');
    const live = row.debug_expires_at !== null && row.debug_expires_at.getTime() > Date.now();
    let debug = null;
    if (live && (row.debug_request || row.debug_response)) {
      const keys = await services.keyring.version(t, row.debug_key_version ?? 1);
      const decrypt = (sealed: Buffer | null, part: 'request' | 'response') =>
        sealed ? open(keys.dataKey, sealed, debugAad(t, id, part)).toString('utf8') : null;
      debug = {
        request_body: decrypt(row.debug_request, 'request'),
        response_body: decrypt(row.debug_response, 'response'),
        expires_at: isoOrNull(row.debug_expires_at),
      };
    }
    return { ...render(row), debug_bodies: debug };
  });
};
