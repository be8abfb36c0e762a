import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { ServiceError } from '../../errors.js';
import { parseInput } from '../../http/client-errors.js';
import { decodeCursor, listQuerySchema, toPage } from '../../http/pagination.js';
import { isoOrNull, isoWithOffset } from '../../http/timestamps.js';
import { requireTenant } from '../../tenants/tenant-queries.js';
import { grantableScopes, scopeSchema } from '../../credentials/scopes.js';
import { allowedOriginSchema, normaliseOriginEntry } from '../../credentials/origins.js';
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKeyRow,
} from '../../credentials/api-key-queries.js';
import { tenantParamsSchema } from './tenants.js';

const createSchema = z
  .object({
    // Device keys come only from device enrollment (DESIGN 4).
    kind: z.enum(['secret', 'publishable']),
    name: z.string().trim().min(1).max(200),
    scopes: z.array(scopeSchema).max(20).optional(),
    allowed_origins: z.array(allowedOriginSchema).min(1).max(100).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.kind === 'publishable' && !body.allowed_origins) {
      ctx.addIssue({
        code: 'custom',
        path: ['allowed_origins'],
        message: 'is required for publishable keys',
      });
    }
    if (body.kind === 'secret' && body.allowed_origins) {
      ctx.addIssue({
        code: 'custom',
        path: ['allowed_origins'],
        message: 'is only taken for publishable keys',
      });
    }
  });

export const renderApiKey = (k: ApiKeyRow) => ({
  id: k.id,
  kind: k.kind,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes,
  allowed_origins: k.allowed_origins,
  created_at: isoWithOffset(k.created_at),
  revoked_at: isoOrNull(k.revoked_at),
});

export const apiKeyRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.post('/tenants/:t/api-keys', async (request, reply) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    const rawKind = (request.body as { kind?: unknown } | null)?.kind;
    if (rawKind === 'device') {
      throw new ServiceError(
        'invalid_request',
        'kind: device keys are issued by device enrollment (POST /v1/devices)',
      );
    }
    const body = parseInput(createSchema, request.body);
    await requireTenant(db, t);
    const { row, key } = await createApiKey(db, {
      tenantId: t,
      kind: body.kind,
      name: body.name,
      scopes: grantableScopes(body.kind, body.scopes),
      allowedOrigins: [...new Set((body.allowed_origins ?? []).map(normaliseOriginEntry))],
    });
    return reply.status(201).send({ ...renderApiKey(row), key });
  });

  app.get('/tenants/:t/api-keys', async (request) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    const query = parseInput(listQuerySchema, request.query);
    await requireTenant(db, t);
    const rows = await listApiKeys(db, t, query.limit, decodeCursor(query.cursor));
    return toPage(rows, query.limit, renderApiKey);
  });

  app.delete('/tenants/:t/api-keys/:id', async (request) => {
    const { t, id } = parseInput(
      tenantParamsSchema.extend({ id: z.string().min(1).max(64) }),
      request.params,
    );
    const row = await revokeApiKey(db, t, id);
    if (!row) throw new ServiceError('not_found', 'api key not found');
    // This process forgets at once; the others within the 5 s cache bound.
    services.credentials.forgetAll();
    return renderApiKey(row);
  });
};
