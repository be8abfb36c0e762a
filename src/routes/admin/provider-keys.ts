import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { ServiceError } from '../../errors.js';
import { parseInput } from '../../http/client-errors.js';
import { decodeCursor, listQuerySchema, toPage } from '../../http/pagination.js';
import { isoWithOffset } from '../../http/timestamps.js';
import { PROVIDER_IDS } from '../../providers/provider-ids.js';
import { requireTenant } from '../../tenants/tenant-queries.js';
import {
  deleteProviderKey,
  listProviderKeys,
  registerProviderKey,
  type ProviderKeyRow,
} from '../../credentials/provider-key-queries.js';
import { tenantParamsSchema } from './tenants.js';

const registerSchema = z
  .object({
    provider: z.enum(PROVIDER_IDS),
    key: z.string().min(8).max(1024).regex(/^\S+$/, 'must not contain whitespace'),
    base_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.provider === 'custom' && !body.base_url) {
      ctx.addIssue({ code: 'custom', path: ['base_url'], message: 'is required for provider custom' });
    }
    if (body.provider !== 'custom' && body.base_url) {
      ctx.addIssue({ code: 'custom', path: ['base_url'], message: 'is only taken for provider custom' });
    }
  });

const render = (k: ProviderKeyRow) => ({
  id: k.id,
  provider: k.provider,
  last4: k.last4,
  base_url: k.base_url,
  created_at: isoWithOffset(k.created_at),
});

export const providerKeyRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.post('/tenants/:t/provider-keys', async (request, reply) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    const body = parseInput(registerSchema, request.body);
    await requireTenant(db, t);
    const row = await registerProviderKey(db, services.providerKeyHmacKey, {
      tenantId: t,
      provider: body.provider,
      key: body.key,
      baseUrl: body.base_url?.replace(/\/+$/, '') ?? null,
    });
    return reply.status(201).send(render(row));
  });

  app.get('/tenants/:t/provider-keys', async (request) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    const query = parseInput(listQuerySchema, request.query);
    await requireTenant(db, t);
    const rows = await listProviderKeys(db, t, query.limit, decodeCursor(query.cursor));
    return toPage(rows, query.limit, render);
  });

  app.delete('/tenants/:t/provider-keys/:id', async (request, reply) => {
    const { t, id } = parseInput(
      tenantParamsSchema.extend({ id: z.string().min(1).max(64) }),
      request.params,
    );
    if (!(await deleteProviderKey(db, t, id))) throw new ServiceError('not_found', 'provider key not found');
    return reply.status(204).send();
  });
};
