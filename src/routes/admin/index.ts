import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services.js';
import { adminAuth } from './admin-auth.js';
import { tenantRoutes } from './tenants.js';
import { providerKeyRoutes } from './provider-keys.js';
import { apiKeyRoutes } from './api-keys.js';
import { logRoutes } from './logs.js';
import { requestLogRoutes } from './requests.js';

export const adminRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.addHook('preHandler', adminAuth(services.config.SERVICE_ADMIN_TOKEN));
  await app.register(tenantRoutes, { services });
  await app.register(providerKeyRoutes, { services });
  await app.register(apiKeyRoutes, { services });
  await app.register(logRoutes, { services });
  await app.register(requestLogRoutes, { services });
};
