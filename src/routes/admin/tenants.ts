import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { parseInput } from '../../http/client-errors.js';
import { decodeCursor, listQuerySchema, toPage } from '../../http/pagination.js';
import { isoWithOffset } from '../../http/timestamps.js';
import {
  createTenant,
  listTenants,
  requireTenant,
  saveSettings,
  type TenantRow,
} from '../../tenants/tenant-queries.js';
import { applySettingsPatch, settingsPatchSchema } from '../../tenants/settings.js';

export const tenantParamsSchema = z.object({ t: z.string().min(1).max(64) });

const createTenantSchema = z.object({ name: z.string().trim().min(1).max(200) }).strict();

const renderTenant = (t: TenantRow) => ({ id: t.id, name: t.name, created_at: isoWithOffset(t.created_at) });

export const tenantRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { db } = services;

  app.post('/tenants', async (request, reply) => {
    const body = parseInput(createTenantSchema, request.body);
    return reply.status(201).send(renderTenant(await createTenant(db, body.name)));
  });

  app.get('/tenants', async (request) => {
    const query = parseInput(listQuerySchema, request.query);
    const rows = await listTenants(db, query.limit, decodeCursor(query.cursor));
    return toPage(rows, query.limit, renderTenant);
  });

  app.get('/tenants/:t', async (request) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    return renderTenant(await requireTenant(db, t));
  });

  app.get('/tenants/:t/settings', async (request) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    return (await requireTenant(db, t)).settings;
  });

  app.patch('/tenants/:t/settings', async (request) => {
    const { t } = parseInput(tenantParamsSchema, request.params);
    const patch = parseInput(settingsPatchSchema, request.body);
    const tenant = await requireTenant(db, t);
    const settings = applySettingsPatch(tenant.settings, patch);
    await saveSettings(db, t, settings);
    return settings;
  });
};
