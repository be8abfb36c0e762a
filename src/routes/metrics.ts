import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services.js';
import { adminAuth } from './admin/admin-auth.js';

export const metricsRoute: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/metrics',
    { preHandler: adminAuth(services.config.SERVICE_ADMIN_TOKEN) },
    async (_request, reply) => {
      reply.header('content-type', services.metrics.contentType);
      return services.metrics.metrics();
    },
  );
};
