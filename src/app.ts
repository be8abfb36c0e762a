import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import { Histogram } from 'prom-client';
import type { Services } from './services.js';
import { randomBase62 } from './crypto/random-ids.js';
import { sendClientError, toServiceError } from './http/client-errors.js';
import { ServiceError } from './errors.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoute } from './routes/metrics.js';
import { adminRoutes } from './routes/admin/index.js';
import { clientSessionRoutes } from './routes/client-sessions.js';
import { tokenizeRoutes } from './routes/client/tokenize.js';
import { detokenizeRoutes } from './routes/client/detokenize.js';
import { revealGrantRoutes } from './routes/client/reveal-grants.js';
import { erasureRoutes } from './routes/client/erasure.js';
import { deviceRoutes } from './routes/client/devices.js';
import { pretextRoutes } from './routes/client/pretext.js';
import { proxyRoutes } from './proxy/proxy-routes.js';

/** Client API body limit (DESIGN 5). The proxy routes raise theirs to 20 MiB for images. */
export const CLIENT_BODY_LIMIT = 4 * 1024 * 1024;

/** Headers browsers may read on client API responses (SPEC 4.7, 7.1). */
export const EXPOSED_HEADERS = [
  'X-Service-Session-Id',
  'X-Service-Entity-Count',
  'X-Service-Labels',
  'X-Service-Error-Code',
  'X-Request-Id',
  'Retry-After',
];

export async function buildApp(services: Services): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    genReqId: () => `req_${randomBase62(16)}`,
    requestIdHeader: false,
    bodyLimit: CLIENT_BODY_LIMIT,
    // Receiving a request body must not take forever; responses (streams) are not bounded by this.
    requestTimeout: 60_000,
    // Longer than the usual 60 s idle timeout of load balancers, so they close first.
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    trustProxy: services.config.SERVICE_TRUSTED_PROXIES.length
      ? services.config.SERVICE_TRUSTED_PROXIES
      : false,
  });

  app.decorateRequest('caller', null);
  // Every API here speaks JSON only; anything else is 415 rather than a string the schemas reject.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route pattern (no tenant, user or session labels)',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [services.metrics],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  await app.register(cors, {
    delegator: (request, callback) => {
      const browserFacing = request.url?.startsWith('/v1/');
      callback(
        null,
        browserFacing
          ? {
              // Any origin may ask; publishable keys enforce their own origin list on the real call.
              origin: true,
              methods: ['GET', 'POST', 'DELETE'],
              allowedHeaders: ['Authorization', 'Content-Type', 'X-Service-Session-Id'],
              exposedHeaders: EXPOSED_HEADERS,
              maxAge: 600,
            }
          : { origin: false },
      );
    },
  });

  app.setErrorHandler((error, request, reply) => {
    const serviceError = toServiceError(error);
    if (serviceError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return sendClientError(request, reply, serviceError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendClientError(request, reply, new ServiceError('not_found', 'no such route')),
  );

  await app.register(healthRoutes, { services });
  await app.register(metricsRoute, { services });
  await app.register(adminRoutes, { services, prefix: '/admin/api' });
  for (const routes of [
    clientSessionRoutes,
    tokenizeRoutes,
    detokenizeRoutes,
    revealGrantRoutes,
    erasureRoutes,
    deviceRoutes,
    pretextRoutes,
  ]) {
    await app.register(routes, { services });
  }
  await app.register(proxyRoutes, { services });
  return app;
}
